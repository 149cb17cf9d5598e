/* Almendra portal snapshot (issue 27, "kept first paint"): on a repeat visit of /portal the patient sees
   her home as she last saw it as soon as the HTML is parsed, and the live home replaces it when React has
   rendered it (~0.5 s later on a phone), like an app that shows its last screen. A classic, external,
   synchronous script right after <div id="root"> in portal.html (the CSP forbids inline scripts; a module
   would run after the first paint). The app stores the snapshot and takes over from it:
   src/features/portal/lib/home-snapshot.ts (keep the key and the fields in sync; docs/web.md "The kept
   first paint", docs/portal.md "What the portal keeps on the phone").

   The snapshot ('almendra.portal-snapshot' in localStorage: { v, user, lang, build, theme, color, at,
   html, styles }) is shown only when all of these hold, else nothing is shown:
   - a signed-in session is stored ('almendra.session', loggedIn 'true') and the screen is not locked;
   - its user is the session's (the access token's subject), its language the page's <html lang> (set by
     theme-boot.js before this runs), its theme and primary colour the page's, and its build this page's
     (the entry script's address, which changes with every deployment);
   - it was taken today (local calendar day) and less than 12 hours ago;
   - the address is exactly /portal (no query, no hash: a notification's /portal?tab=chat opens elsewhere).
   A snapshot that fails any check but the address or the lock is deleted (signed out: always).
   While it shows: the loading overlay is hidden, the snapshot is inert and hidden from assistive
   technology (the live home is what can be used and read), and #root stays invisible (laid out, not
   painted) so a partial first render never replaces it. The app calls window.__almendraSnapshot.reveal()
   once the live home has rendered; after 8 s without that (the app slow or failed to start), this script
   reveals #root itself, with the loading overlay back until the app shows a screen. */
/* global document, window */
(function () {
  var KEY = 'almendra.portal-snapshot';
  var MAX_AGE_MS = 12 * 60 * 60 * 1000;
  /** A clock a little behind the one that took it is still "before": at most a minute. */
  var CLOCK_SKEW_MS = 60 * 1000;
  var TAKEOVER_MS = 8000;
  var doc = document;
  var store;
  try {
    store = window.localStorage;
    if (!store) return;
  } catch {
    return;
  }

  /** The JWT subject of an access token (not verified: it only says whose the snapshot is). */
  function subjectOf(token) {
    try {
      var payload = String(token).split('.')[1];
      if (!payload) return null;
      payload = payload.replace(/-/g, '+').replace(/_/g, '/');
      while (payload.length % 4) payload += '=';
      var sub = JSON.parse(window.atob(payload)).sub;
      return typeof sub === 'string' && sub !== '' ? sub : null;
    } catch {
      return null;
    }
  }

  /** This page's build: its module entry's address (in <head>, before this script). */
  function buildOf() {
    var entry = doc.querySelector('script[type="module"][src]');
    return entry ? entry.getAttribute('src') : null;
  }

  function sameDay(a, b) {
    return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
  }

  function drop() {
    try {
      store.removeItem(KEY);
    } catch {
      /* Nothing to do. */
    }
  }

  var snapshot;
  var session;
  try {
    var raw = store.getItem(KEY);
    if (!raw) return;
    snapshot = JSON.parse(raw);
    session = JSON.parse(store.getItem('almendra.session') || 'null');
  } catch {
    drop();
    return;
  }
  // Signed out (or never signed in here): whatever was kept is nobody's to show.
  if (!session || session.loggedIn !== 'true' || typeof session.accessToken !== 'string') return drop();
  // Locked behind the lock screen, or another address of the portal: not now, maybe on a later visit.
  if (store.getItem('almendra.locked') === 'true') return;
  var location = window.location;
  if (location.pathname !== '/portal' || location.search !== '' || location.hash !== '') return;
  var html = doc.documentElement;
  var now = new Date();
  var at = snapshot ? Number(snapshot.at) : NaN;
  var valid =
    snapshot !== null &&
    typeof snapshot === 'object' &&
    snapshot.v === 1 &&
    typeof snapshot.html === 'string' &&
    snapshot.html !== '' &&
    Array.isArray(snapshot.styles) &&
    snapshot.user === subjectOf(session.accessToken) &&
    snapshot.lang === html.getAttribute('lang') &&
    snapshot.theme === html.getAttribute('data-theme') &&
    snapshot.color === html.getAttribute('data-primary-color') &&
    buildOf() !== null &&
    snapshot.build === buildOf() &&
    at > now.getTime() - MAX_AGE_MS &&
    at <= now.getTime() + CLOCK_SKEW_MS &&
    sameDay(new Date(at), now);
  if (!valid) return drop();

  var root = doc.getElementById('root');
  if (!root || root.firstChild || !root.parentNode) return;
  var box = doc.createElement('div');
  box.id = 'portal-snapshot';
  box.setAttribute('inert', '');
  box.setAttribute('aria-hidden', 'true');
  // Over #root, which keeps its place in the layout (the live home is laid out while it renders).
  box.style.position = 'absolute';
  box.style.top = '0';
  box.style.left = '0';
  box.style.right = '0';
  box.style.zIndex = '1';
  for (var i = 0; i < snapshot.styles.length; i += 1) {
    if (typeof snapshot.styles[i] !== 'string') continue;
    var style = doc.createElement('style');
    style.textContent = snapshot.styles[i];
    box.appendChild(style);
  }
  var content = doc.createElement('div');
  content.innerHTML = snapshot.html;
  box.appendChild(content);
  root.parentNode.insertBefore(box, root);
  root.style.visibility = 'hidden';
  var overlay = doc.getElementById('boot-overlay');
  if (overlay) overlay.setAttribute('data-hidden', '');

  var shown = true;
  var timer;
  /** Removes the snapshot and shows #root, in the same frame; once. */
  function reveal() {
    if (!shown) return;
    shown = false;
    window.clearTimeout(timer);
    if (box.parentNode) box.parentNode.removeChild(box);
    root.style.visibility = '';
  }
  // The app has not taken over (slow or failed to start): its own screen, and the loading overlay until
  // it shows one (the app hides the overlay when it does).
  timer = window.setTimeout(function () {
    reveal();
    if (overlay) overlay.removeAttribute('data-hidden');
  }, TAKEOVER_MS);
  window.__almendraSnapshot = { at: at, reveal: reveal, isShown: function () { return shown; } };
})();
