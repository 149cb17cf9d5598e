/* Almendra theme boot: runs synchronously in <head> before first paint (classic script, no modules,
   no inline code because the CSP forbids it). Reads the preferences the app stores in localStorage
   under 'almendra.preferences' ({ locale, theme, primaryColor }) and sets:
   - data-mantine-color-scheme: 'dark' for the dark theme, 'light' otherwise (semi-dark is light content);
     for the system theme (the default, also with nothing stored) the device's prefers-color-scheme;
   - data-theme: system | light | dark | semi-dark (semi-dark darkens only the side menu);
   - data-primary-color: the Mantine colour name, used by boot.css for the loading indicator;
   - <html lang>: es (default), es-AR or en; with nothing stored, es-AR for a browser from AR or UY;
   - on the portal's pages, <link rel="modulepreload"> for that language's home texts (below).
   Keep in sync with src/lib/preferences.ts. */
/* global document, window */
(function () {
  var root = document.documentElement;
  var prefs = {};
  try {
    var raw = window.localStorage.getItem('almendra.preferences');
    var parsed = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') prefs = parsed;
    // Nothing stored yet: a visitor whose browser speaks Spanish from Argentina or Uruguay reads es-AR.
    if (!raw) {
      var languages = window.navigator.languages || [window.navigator.language];
      if (/^es-(ar|uy)\b/i.test(languages[0] || '')) prefs = { locale: 'es-AR' };
    }
  } catch {
    prefs = {};
  }
  var theme = prefs.theme === 'dark' || prefs.theme === 'semi-dark' || prefs.theme === 'light' ? prefs.theme : 'system';
  var prefersDark = false;
  try {
    prefersDark = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    prefersDark = false;
  }
  var scheme = theme === 'dark' || (theme === 'system' && prefersDark) ? 'dark' : 'light';
  var colors = ['teal', 'green', 'blue', 'indigo', 'violet', 'grape', 'pink', 'red', 'orange', 'cyan'];
  var color = colors.indexOf(prefs.primaryColor) >= 0 ? prefs.primaryColor : 'teal';
  root.setAttribute('data-mantine-color-scheme', scheme);
  root.setAttribute('data-theme', theme);
  root.setAttribute('data-primary-color', color);
  root.setAttribute('lang', prefs.locale === 'en' || prefs.locale === 'es-AR' ? prefs.locale : 'es');
  // A theme chosen in the app (not the device's) colours the browser's bars too.
  if (theme !== 'system') {
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var i = 0; i < metas.length; i += 1) metas[i].setAttribute('content', scheme === 'dark' ? '#242424' : '#ffffff');
  }
  // The patient portal is installed as its own app (start_url and scope /portal): its pages link its
  // manifest. Keep in sync with src/lib/app-manifest.ts, which does the same on navigations in the app.
  if (/^\/portal(\/|$)/.test(window.location.pathname)) {
    var manifest = document.querySelector('link[rel="manifest"]');
    if (manifest) manifest.setAttribute('href', '/portal/manifest.webmanifest');
    var title = document.querySelector('meta[name="apple-mobile-web-app-title"]');
    if (title) title.setAttribute('content', 'Mi nutrición');
  }
  // The portal's home texts (issue 27): the build names, in portal.html's <meta name="almendra-portal-locales">,
  // the locale chunks of its `portal` and `payments` namespaces per language (vite.config.ts
  // `portalLocaleMeta`). They start downloading now, with the page's own code, instead of once the
  // entry has run (app/portal-start.ts asks for them: the import() takes the preloaded module). The
  // service worker's copy of portal.html has the meta too; the server's preload links name es's chunk.
  if (/^\/portal(\/aceptar)?\/?$/.test(window.location.pathname)) {
    try {
      var localeMeta = document.querySelector('meta[name="almendra-portal-locales"]');
      var localeChunks = localeMeta ? JSON.parse(localeMeta.getAttribute('content') || '{}')[root.getAttribute('lang')] : null;
      for (var c = 0; localeChunks && c < localeChunks.length; c += 1) {
        if (!/^\/assets\/[\w.-]+\.js$/.test(localeChunks[c])) continue;
        var preload = document.createElement('link');
        preload.rel = 'modulepreload';
        // As the server's links and Vite's: a preload fetched in another mode would be fetched twice.
        preload.crossOrigin = '';
        preload.href = localeChunks[c];
        document.head.appendChild(preload);
      }
    } catch {
      /* Without them the entry asks for its texts itself. */
    }
  }
})();

/* Early requests: with a stored session whose access token is still valid, GET /api/v1/me and the first
   data of the screen being opened start now, while the app's code downloads, instead of after it has run
   (on a phone's network each was a round trip after ~1 s of downloading and running code, on every
   signed-in first load). The app's API client takes each answer once, for the same token and path, and
   asks again itself when one is missing or not a success (src/lib/early-answers.ts). The paths must be
   exactly those the screens ask for first (src/app/screen-prefetch.ts; a test compares them). Keep the
   session key and fields in sync with src/lib/session.ts. */
(function () {
  /** API paths (under /api/v1) a screen asks for first, by its address. */
  function screenPaths(location) {
    var params = new URLSearchParams(location.search);
    switch (location.pathname.replace(/\/+$/, '')) {
      case '/inicio':
        return [
          '/me/onboarding',
          '/appointments/today',
          '/patients?sort=lastVisit&limit=5',
          '/patients?sort=name&limit=100',
          '/plans?draft=1&template=false',
          '/marketing/unseen-count',
          '/news/unseen-count',
        ];
      case '/pacientes':
        return ['/patients?status=active&sort=name&page=1&limit=20', '/locations'];
      case '/ficha': {
        var id = params.get('id') || params.get('paciente');
        return id ? ['/patients/' + encodeURIComponent(id)] : [];
      }
      case '/alimentos':
        return ['/foods/groups', '/foods?source=database'];
      case '/portal':
        return ['/portal/me'];
      default:
        return [];
    }
  }
  try {
    var session = JSON.parse(window.localStorage.getItem('almendra.session') || 'null');
    if (!session || session.loggedIn !== 'true' || typeof session.accessToken !== 'string') return;
    // A token about to expire would only earn a 401: the app refreshes it first.
    if (!(Date.parse(session.expiresAt) > Date.now() + 10000)) return;
    var token = session.accessToken;
    var get = function (path) {
      return window
        .fetch('/api/v1' + path, {
          headers: { Authorization: 'Bearer ' + token, 'X-Requested-With': 'XMLHttpRequest' },
          credentials: 'same-origin',
        })
        .then(function (response) {
          return response.ok ? response.json() : null;
        })
        .catch(function () {
          return null;
        });
    };
    var paths = ['/me'].concat(screenPaths(window.location));
    var answers = {};
    for (var i = 0; i < paths.length; i++) answers[paths[i]] = get(paths[i]);
    window.__almendraEarly = { token: token, answers: answers };
  } catch {
    /* No storage or no fetch: the app asks for everything itself. */
  }
})();

/* Kept answers (issue 27): on a repeat visit the page paints from the API answers the service worker kept
   for the signed-in account (src/lib/offline-data.ts). Cache Storage answers a page's first read slowly
   (~0.7 s on the throttled phone, while the app's code is being run), so with a service worker in control
   and a stored session (valid or expired) the reads start here: the account the cache names and the
   kept user (and the portal's home on /portal). The app takes each result once, for the same token.
   Keep the cache name and keys in sync with src/lib/offline-routes.ts. */
(function () {
  try {
    if (!window.caches || !window.navigator.serviceWorker || !window.navigator.serviceWorker.controller) return;
    var session = JSON.parse(window.localStorage.getItem('almendra.session') || 'null');
    if (!session || session.loggedIn !== 'true' || typeof session.accessToken !== 'string') return;
    var read = function (key) {
      return window.caches
        .match(key, { cacheName: 'almendra-api', ignoreVary: true })
        .then(function (response) {
          return response ? response.text() : null;
        })
        .catch(function () {
          return null;
        });
    };
    var paths = ['/me'];
    if (/^\/portal\/?$/.test(window.location.pathname)) paths.push('/portal/me');
    var answers = {};
    for (var i = 0; i < paths.length; i++) answers[paths[i]] = read('/api/v1' + paths[i]);
    window.__almendraKept = { token: session.accessToken, owner: read('/__almendra/offline-owner'), answers: answers };
  } catch {
    /* No storage: the app reads what was kept itself. */
  }
})();
