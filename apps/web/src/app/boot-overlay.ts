// The loading overlay in index.html (#boot-overlay) covers the page until the first route renders.

export function hideBootOverlay(doc: Document = document): void {
  doc.getElementById('boot-overlay')?.setAttribute('data-hidden', '');
}
