// Vite build of the SPA (served by the server from dist/) and the `web` vitest project.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { transformSync } from 'esbuild';
import { VitePWA } from 'vite-plugin-pwa';
import { firstLoadGroups, routePreloadManifest } from './build/first-load-chunks';
import { themeVariables } from './build/theme-variables';

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) next to every text asset over 1 KB, once
 * at build time, so the server sends compressed bytes without compressing on each request (its static
 * handler serves them with Content-Encoding and Vary: Accept-Encoding).
 */
function precompressAssets(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
  return afterBuild('almendra-precompress', (outDir, bundle) => {
    for (const fileName of Object.keys(bundle)) {
      if (!compressible.test(fileName)) continue;
      const file = path.join(outDir, fileName);
      const content = fs.readFileSync(file);
      if (content.length >= 1024) writeCompressedTwins(file, content);
    }
  });
}

/** A build step run once the bundle is written, with the output folder. */
function afterBuild(name: string, handler: (outDir: string, bundle: Record<string, unknown>) => void): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: { sequential: true, order: 'post', handler: (_options, bundle) => handler(outDir, bundle) },
  };
}

/** `file.br` (brotli, quality 11) and `file.gz` (gzip -9) next to the file. */
function writeCompressedTwins(file: string, content: Buffer | string): void {
  fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

/**
 * public/theme-boot.js (the classic script every page runs in <head> before its first paint) is copied
 * as it is written, comments and all: 7.6 KB, ~2.9 KB compressed on the fly on every first visit. The
 * build minifies the copy (~3.1 KB, 1.2 KB brotli) and writes its compressed twins like the bundle's
 * files; the source stays readable (and is what the unit tests run).
 */
function minifyThemeBoot(): Plugin {
  return afterBuild('almendra-theme-boot', (outDir) => {
    // portal-snapshot.js: the portal's other classic script (its kept first paint), minified the same way.
    for (const name of ['theme-boot.js', 'portal-snapshot.js']) {
      const file = path.join(outDir, name);
      if (!fs.existsSync(file)) continue;
      const { code } = transformSync(fs.readFileSync(file, 'utf8'), { loader: 'js', minify: true, target: 'es2019', legalComments: 'none' });
      fs.writeFileSync(file, code);
      writeCompressedTwins(file, code);
    }
  });
}

/**
 * The bundled locale namespaces: their Spanish files stay in the start-up chunks (src/lib/i18n.ts for
 * both entries, src/lib/i18n-app.ts for the professional's); every other locale file is lazy.
 */
const BUNDLED_LOCALE_FILE = /[\\/](common|auth|nav|account|features|errors)\.json$/;
/** Their English: one chunk for what both entries read (`locales-en-boot`), one for the professional app's (`locales-en-app`). */
const englishOfBundled = (kind: 'boot' | 'app') => (id: string) =>
  id.includes('/locales/en/') && (kind === 'boot' ? /[\\/](common|nav|errors)\.json$/ : /[\\/](auth|account|features)\.json$/).test(id);
/** The patient portal's home namespaces (portal-app.tsx): a chunk of their own per language. */
const PORTAL_LOCALE_FILE = /[\\/](portal|payments)\.json$/;
/** The plans namespace: the portal's plan tab and the professional's screens; a chunk per language. */
const PLANS_LOCALE_FILE = /[\\/]plans\.json$/;
const lazyLocaleOf = (language: string, kind: 'app' | 'portal' | 'plans') => (id: string) =>
  id.includes(`/locales/${language}/`) &&
  id.endsWith('.json') &&
  !BUNDLED_LOCALE_FILE.test(id) &&
  (kind === 'portal' ? PORTAL_LOCALE_FILE.test(id) : kind === 'plans' ? PLANS_LOCALE_FILE.test(id) : !PORTAL_LOCALE_FILE.test(id) && !PLANS_LOCALE_FILE.test(id));

const source = (file: string) => path.resolve(import.meta.dirname, 'src', file);
const MODULEPRELOAD_POLYFILL = /modulepreload-polyfill/;
const MAIN_LAYOUT = source('app/layouts/main-layout.tsx');
const LOGIN_SCREEN = { paths: ['/login', '/pages/login'], modules: [source('features/account/routes/login-page.tsx')] };
/** The screens a signed-in first visit most often lands on (router.tsx / route-table.ts paths). */
const MAIN_SCREENS = [
  { paths: ['/inicio'], module: 'dashboard/routes/dashboard-page.tsx' },
  { paths: ['/pacientes'], module: 'patients/routes/patients-page.tsx' },
  { paths: ['/ficha'], module: 'patients/routes/patient-record-page.tsx' },
  { paths: ['/alimentos'], module: 'foods/routes/foods-page.tsx' },
].map(({ paths, module }) => ({ paths, modules: [MAIN_LAYOUT, source(`features/${module}`)], chunkNames: ['locales-es', 'locales-es-portal', 'locales-es-plans'] }));
const CALENDAR_SCREEN = { paths: ['/citas', '/citasV2'], modules: [MAIN_LAYOUT, source('features/appointments/routes/appointment-pages.tsx')], chunkNames: ['locales-es', 'locales-es-portal', 'locales-es-plans'] };
/**
 * The patient portal (issue 27): its own page (portal.html, entry src/portal-main.tsx, which holds the
 * home screen), and only its own locale namespaces.
 */
const PORTAL_ENTRY = source('portal-main.tsx');
const PORTAL_SCREEN = { paths: ['/portal'], modules: [], chunkNames: ['locales-es-portal'], html: 'portal.html' };

const firstLoadChunk = firstLoadGroups({
  entry: source('main.tsx'),
  portal: PORTAL_ENTRY,
  login: LOGIN_SCREEN.modules[0]!,
  shell: MAIN_LAYOUT,
  screens: MAIN_SCREENS.map((screen) => screen.modules[1]!),
});

/**
 * The portal's home texts per language (issue 27): portal.html gets
 * `<meta name="almendra-portal-locales" content='{"es":["/assets/locales-es-portal-….js"],…}'>` before
 * its theme-boot.js, which preloads the chunks of the page's language (a language's chunks and its
 * fallback's: es-AR and en read es too). So they download with the page's own code on every visit,
 * the service worker's copy of the page included, instead of once the entry has run. The hashes live
 * in the page (never cached stale), not in theme-boot.js (cached a day).
 */
function portalLocaleMeta(): Plugin {
  const chunkFor: Record<string, string> = { es: 'locales-es-portal', 'es-AR': 'locales-es-portal', en: 'locales-en-portal' };
  const fallbacks: Record<string, string[]> = { es: ['es'], 'es-AR': ['es-AR'], en: ['en', 'es'] };
  return {
    name: 'almendra-portal-locale-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle || path.basename(context.filename) !== 'portal.html') return;
        const fileOf = (name: string) => {
          const chunk = Object.values(context.bundle!).find((file) => file.type === 'chunk' && file.name === name);
          if (!chunk) throw new Error(`portal-locale-meta: no chunk named ${name}`);
          return `/${chunk.fileName}`;
        };
        const byLanguage = Object.fromEntries(
          Object.entries(fallbacks).map(([language, languages]) => [language, [...new Set(languages.map((l) => fileOf(chunkFor[l]!)))]]),
        );
        const script = '<script src="/theme-boot.js"></script>';
        if (!html.includes(script)) throw new Error('portal-locale-meta: portal.html has no theme-boot.js');
        const content = JSON.stringify(byLanguage).replace(/"/g, '&quot;');
        return html.replace(script, `<meta name="almendra-portal-locales" content="${content}" />\n    ${script}`);
      },
    },
  };
}

/**
 * The dev server answers /portal and /portal/… with portal.html, as the server does in production
 * (apps/server/src/lib/spa-shell.ts); Vite's own fallback would answer index.html.
 */
function portalPageInDev(): Plugin {
  return {
    name: 'almendra-portal-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname = '', query] = (req.url ?? '').split('?');
        if (/^\/portal(\/[^.]*)?$/.test(pathname) && req.headers.accept?.includes('text/html')) req.url = `/portal.html${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}

/**
 * The service worker (src/sw.ts, docs/web.md "Offline and updates"): Workbox's injectManifest fills its
 * precache list with the build's files. The manifests are files of public/ (one per audience), not the
 * plugin's; the app registers the worker itself (src/lib/service-worker.ts), in production builds only.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,ico,png,svg,webmanifest}'],
    // Precompressed twins and build metadata are not files the app asks for.
    globIgnores: ['**/*.{br,gz}', '.vite/**', 'route-preload.json'],
    // The entry chunk is ~600 KB before compression.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  plugins: [react(), themeVariables(), portalPageInDev(), portalLocaleMeta(), precompressAssets(), minifyThemeBoot(), routePreloadManifest([LOGIN_SCREEN, ...MAIN_SCREENS, CALENDAR_SCREEN, PORTAL_SCREEN]), serviceWorker],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps each route module to its chunks (used to measure the login route).
    manifest: true,
    // The entry chunk (react-dom, react-router, Mantine core, i18next, TanStack Query) is ~405 KB raw /
    // ~125 KB gzip. A warning here means a heavy import leaked into it instead of a lazy route chunk;
    // the real budget (login route ≤ 200 KB gzip) is measured from dist/.vite/manifest.json (docs/web.md).
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      // Two pages: the professional's app and the patient portal (docs/web.md "The portal's entry").
      input: { main: path.resolve(import.meta.dirname, 'index.html'), portal: path.resolve(import.meta.dirname, 'portal.html') },
      output: {
        // Left to itself the bundler cuts one chunk per lazy locale file, and a screen loads every one of
        // its language (each a round trip on a phone's network): one chunk per language instead. (Grouping
        // the icons too saved ~30 more requests on /inicio but put 10 KB gzip of icons on the login route.)
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            ...['es', 'es-AR', 'en'].flatMap((language) => [
              { name: `locales-${language}`, test: lazyLocaleOf(language, 'app') },
              { name: `locales-${language}-plans`, test: lazyLocaleOf(language, 'plans') },
            ]),
            // The portal's home texts: es with the es-AR overrides in one chunk (an es-AR visit read two,
            // each a request with ~1 KB of headers; the overrides are ~1.7 KB brotli), en in its own.
            { name: 'locales-es-portal', test: (id: string) => lazyLocaleOf('es', 'portal')(id) || lazyLocaleOf('es-AR', 'portal')(id) },
            { name: 'locales-en-portal', test: lazyLocaleOf('en', 'portal') },
            { name: 'locales-en-boot', test: englishOfBundled('boot') },
            { name: 'locales-en-app', test: englishOfBundled('app') },
            {
              name: (id, ctx) =>
                // Vite's modulepreload polyfill, which both pages' HTML entries import: in `boot` rather
                // than a 0.7 KB chunk of its own (one more request, ~1 KB on the wire with its headers). It
                // only acts on preload links added later (the lazy chunks'), so it runs in time there too.
                MODULEPRELOAD_POLYFILL.test(id) ? 'boot' : firstLoadChunk(id, ctx),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The files share one jsdom and their modules instead of a fresh jsdom and a fresh import of React,
    // Mantine and the locale files for each (CPU 164 s → 26 s, docs/testing.md). setup.ts runs again
    // before each file and gives it a fresh page; a test that stubs, spies or fakes something restores it.
    isolate: false,
    // Whole screens rendered in jsdom and forms filled in key by key take 2–5 s each on a busy machine,
    // over vitest's 5 s default (they were the unit step's failures under load).
    testTimeout: 20_000,
    // The icon package's barrel has thousands of modules: pre-bundle it once instead of
    // transforming each on first use.
    deps: { optimizer: { client: { enabled: true, include: ['@tabler/icons-react'] } } },
  },
});
