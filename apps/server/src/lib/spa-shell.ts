// The HTML of the single-page app, per landing path (issue 15, first visit on a phone). The web build
// writes route-preload.json (apps/web/build/first-load-chunks.ts): for the screens a first visit most
// often lands on, the chunks and style sheets the screen needs beyond the entry chunk. Their
// <link rel="modulepreload"> go into that path's HTML so the browser fetches them alongside the entry
// chunk, instead of only after the entry has run and the router has asked for them. Every variant is
// compressed once here, at start, like the built assets are at build time.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export interface SpaShellBody {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

interface Variant {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

interface RoutePreload {
  scripts: string[];
  styles: string[];
}

const SAFE_ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

function compressed(html: string): Variant {
  const plain = Buffer.from(html);
  return {
    plain,
    br: brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(plain, { level: 9 }),
  };
}

/**
 * Inserts the preload links of one screen before </head>; asset names are checked, never echoed raw.
 * `crossorigin` as on the links Vite writes: a preload fetched in another mode would be fetched twice.
 */
export function withPreloadLinks(html: string, preload: RoutePreload): string {
  const links = [
    ...preload.styles.filter((href) => SAFE_ASSET.test(href)).map((href) => `<link rel="preload" as="style" crossorigin href="${href}" />`),
    ...preload.scripts.filter((href) => SAFE_ASSET.test(href)).map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
  ];
  return links.length ? html.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : html;
}

/** The patient portal's addresses: its own page, portal.html (apps/web/src/portal-main.tsx; issue 27). */
const PORTAL_PATH = /^\/portal(\/|$)/;

export function isPortalPath(pathname: string): boolean {
  return PORTAL_PATH.test(pathname);
}

/**
 * Reads index.html, portal.html and route-preload.json from the built app; answers the HTML for a path:
 * the portal's page for /portal and /portal/…, the professional's app for every other screen.
 */
export function createSpaShell(distDir: string) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const portalFile = path.join(distDir, 'portal.html');
  // A build from before the portal had its own page: index.html serves it too.
  const portalHtml = fs.existsSync(portalFile) ? fs.readFileSync(portalFile, 'utf8') : html;
  let preloads: Record<string, RoutePreload> = {};
  const preloadFile = path.join(distDir, 'route-preload.json');
  if (fs.existsSync(preloadFile)) preloads = JSON.parse(fs.readFileSync(preloadFile, 'utf8')) as Record<string, RoutePreload>;
  const fallback = compressed(html);
  const portalFallback = compressed(portalHtml);
  const variants = new Map(
    Object.entries(preloads).map(([pathname, preload]) => [pathname, compressed(withPreloadLinks(isPortalPath(pathname) ? portalHtml : html, preload))]),
  );
  return (pathname: string, acceptEncoding: string | undefined): SpaShellBody => {
    const variant = variants.get(pathname) ?? (isPortalPath(pathname) ? portalFallback : fallback);
    const accepted = acceptEncoding ?? '';
    if (/\bbr\b/.test(accepted)) return { body: variant.br, encoding: 'br' };
    if (/\bgzip\b/.test(accepted)) return { body: variant.gzip, encoding: 'gzip' };
    return { body: variant.plain, encoding: null };
  };
}
