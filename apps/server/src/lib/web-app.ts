// Serves the built single-page app (apps/web/dist): its files one route each, and the app's HTML for every
// other GET that is a screen's address. A request for a file that does not exist (an old fingerprinted
// chunk under /assets/, /apple-touch-icon-precomposed.png, a .map, a .php probe) answers 404: the app's
// HTML with 200 there would be taken for the file by browsers, crawlers and the service worker alike.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { errorBody } from './error-handler.js';
import { createSpaShell } from './spa-shell.js';

/**
 * Paths that name a file, never a screen: the build's assets, and a last segment with a file extension
 * (no screen's address has one; the public profile pages /p/{slug} are the server's own routes).
 */
const FILE_PATH = /^\/assets\/|\.[a-z0-9]{1,12}$/i;

/** Files whose content changes under the same name on each deployment: always revalidated. */
const REVALIDATED = new Set(['sw.js', 'index.html', 'portal.html', 'manifest.webmanifest', 'route-preload.json']);

export function isFilePath(pathname: string): boolean {
  return FILE_PATH.test(pathname);
}

/**
 * Files every page loads in its <head> that are only ever a subresource (the theme's classic script, the
 * loading style), and the portal page's classic script that shows its kept first paint.
 */
const HEAD_SUBRESOURCES = new Set(['/theme-boot.js', '/boot.css', '/portal-snapshot.js']);

/**
 * The build's fingerprinted files (scripts, styles, images, locale chunks), and the head's classic
 * script and loading style: never a document or a worker.
 */
export function isBuildAsset(url: string): boolean {
  return url.startsWith('/assets/') || HEAD_SUBRESOURCES.has(url.split('?')[0]!);
}

/** Serves the built SPA; any non-API GET that is a screen's address answers index.html so client routes work. */
export async function serveSinglePageApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` (npm start does it for you)');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    serve: true,
    cacheControl: false,
    // The build writes a .br and a .gz next to every text asset (apps/web/vite.config.ts): sent as such
    // with Content-Encoding and Vary: Accept-Encoding when the browser accepts them.
    preCompressed: true,
    setHeaders(res, filePath) {
      // The same URL answers brotli, gzip or plain bytes, so caches must key on Accept-Encoding.
      res.setHeader('Vary', 'Accept-Encoding');
      // Vite fingerprints assets, so they never change under the same name.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      // The service worker, the manifests and the shell change under the same name: the browser asks
      // again each time (a stale sw.js would delay a new version by up to a day).
      else if (REVALIDATED.has(path.basename(filePath))) res.setHeader('Cache-Control', 'no-cache');
      else res.setHeader('Cache-Control', 'public, max-age=86400');
      if (filePath.endsWith('.webmanifest')) res.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
    },
  });
  // Static files are registered one route each; every other GET outside /api answers the SPA shell
  // (portal.html for /portal…, index.html otherwise), with the preload links of the screen it lands on
  // (lib/spa-shell.ts).
  const shellFor = createSpaShell(distDir);
  const spaShell = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || isFilePath(pathname)) {
      return reply.status(404).send(errorBody(request.id, 'NOT_FOUND', `No existe la ruta GET ${pathname}.`));
    }
    reply.header('Cache-Control', 'no-cache');
    reply.header('Vary', 'Accept-Encoding');
    const { body, encoding } = shellFor(pathname, request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(body);
  };
  app.get('/', { schema: { hide: true } }, spaShell);
  app.get('/*', { schema: { hide: true } }, spaShell);
}
