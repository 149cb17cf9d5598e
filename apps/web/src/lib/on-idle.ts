// Runs work the screen does not need when the browser next has an idle moment, at the latest after
// `timeoutMs` (a page that never goes idle: an animation, a busy tab). Browsers without
// requestIdleCallback (Safari) run it after `fallbackMs`. Returns a function that cancels it.
export function onIdle(callback: () => void, timeoutMs: number, fallbackMs = 1): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, fallbackMs);
  return () => clearTimeout(handle);
}
