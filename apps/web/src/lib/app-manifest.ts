// Which installable app the page belongs to: the patient portal (/portal…, its own manifest with
// start_url and scope /portal) or the professional's app (/manifest.webmanifest). public/theme-boot.js
// sets it before the first paint; this keeps it right when the app navigates between the two (a patient
// signing in on /login lands on /portal without a page load). Keep the two in sync.
const PORTAL_PATH = /^\/portal(\/|$)/;

export const APP_MANIFESTS = {
  professional: { href: '/manifest.webmanifest', title: 'Almendra' },
  portal: { href: '/portal/manifest.webmanifest', title: 'Mi nutrición' },
} as const;

export function audienceOf(pathname: string): keyof typeof APP_MANIFESTS {
  return PORTAL_PATH.test(pathname) ? 'portal' : 'professional';
}

/** Points <link rel="manifest"> and the home-screen title at the audience of `pathname`. */
export function applyAppManifest(pathname: string, doc: Document = document): void {
  const { href, title } = APP_MANIFESTS[audienceOf(pathname)];
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="apple-mobile-web-app-title"]');
  if (meta && meta.getAttribute('content') !== title) meta.setAttribute('content', title);
}
