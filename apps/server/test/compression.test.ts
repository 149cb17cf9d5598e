// What goes over the wire: built assets precompressed at build time, API answers compressed above 1 KB.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

let t: TestApp;
let distDir: string;
const script = `export const greeting = ${JSON.stringify('hola '.repeat(2000))};\n`;

beforeAll(async () => {
  // A miniature build, laid out as apps/web/vite.config.ts writes it: each text asset with .br and .gz.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  const write = (name: string, content: string) => {
    fs.writeFileSync(path.join(distDir, name), content);
    fs.writeFileSync(path.join(distDir, `${name}.br`), brotliCompressSync(content));
    fs.writeFileSync(path.join(distDir, `${name}.gz`), gzipSync(content));
  };
  write('index.html', `<!doctype html><html><head><title>Almendra</title></head><body>${'<p>Almendra</p>'.repeat(200)}</body></html>`);
  // The patient portal's own page (apps/web/portal.html).
  write('portal.html', `<!doctype html><html><head><title>Almendra</title></head><body>${'<p>Mi portal</p>'.repeat(200)}</body></html>`);
  // What the web build writes for the landing screens (apps/web/build/first-load-chunks.ts).
  fs.writeFileSync(
    path.join(distDir, 'route-preload.json'),
    JSON.stringify({
      '/pacientes': { scripts: ['/assets/patients-page-x1.js', '/assets/app-shell-x2.js', '/assets/"><script>alert(1)</script>.js'], styles: ['/assets/app-shell-x3.css'] },
      '/portal': { scripts: ['/assets/locales-es-portal-x4.js'], styles: [] },
    }),
  );
  write('assets/main-abc123.js', script);
  // The head's classic script (apps/web/public/theme-boot.js, minified by the build).
  write('theme-boot.js', script);
  t = await createTestApp({ WEB_DIST_DIR: distDir }, { serveWeb: true });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('built assets', () => {
  it('are sent as brotli to a browser that accepts it, keeping immutable caching and Vary', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('are sent as gzip when brotli is not accepted, and plain when nothing is', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('carry only the headers a subresource uses; the document keeps the whole set', async () => {
    for (const url of ['/assets/main-abc123.js', '/theme-boot.js']) {
      const asset = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-encoding'], url).toBe('br');
      expect(asset.headers['x-content-type-options'], url).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const documentOnly of ['content-security-policy', 'x-frame-options', 'strict-transport-security', 'referrer-policy', 'x-request-id']) {
        expect(asset.headers[documentOnly], `${url} ${documentOnly}`).toBeUndefined();
      }
    }
    const shell = await t.app.inject({ method: 'GET', url: '/portal', headers: { 'accept-encoding': 'br' } });
    expect(shell.headers['content-security-policy']).toContain("script-src 'self'");
    expect(shell.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(shell.headers['x-request-id']).toBeTruthy();
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(missing.json().error.requestId).toBeTruthy();
  });

  it('the SPA shell for a client route is compressed too and never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/pacientes', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<p>Almendra</p>');
  });
});

describe('the SPA shell of a landing screen', () => {
  it("names that screen's chunks as modulepreload links, so they download with the entry chunk", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/pacientes?orden=nombre', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(response.rawPayload).toString();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/patients-page-x1.js" />');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/app-shell-x2.js" />');
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/app-shell-x3.css" />');
    // A name that is not a plain asset file name is left out, never written into the page.
    expect(html).not.toContain('alert(1)');
  });

  it('other paths get the plain shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/estadisticas', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.payload).not.toContain('modulepreload');
    expect(response.payload).toContain('<p>Almendra</p>');
  });

  it("the patient portal's addresses get the portal's own page, with its preloads on /portal", async () => {
    const home = await t.app.inject({ method: 'GET', url: '/portal?tab=chat', headers: { 'accept-encoding': 'identity' } });
    expect(home.statusCode).toBe(200);
    expect(home.payload).toContain('<p>Mi portal</p>');
    expect(home.payload).toContain('<link rel="modulepreload" crossorigin href="/assets/locales-es-portal-x4.js" />');
    const accept = await t.app.inject({ method: 'GET', url: '/portal/aceptar?code=AB12', headers: { 'accept-encoding': 'identity' } });
    expect(accept.payload).toContain('<p>Mi portal</p>');
    expect(accept.payload).not.toContain('modulepreload');
    // Only /portal and below: an address that merely starts with the word is the professional's app.
    const other = await t.app.inject({ method: 'GET', url: '/portales', headers: { 'accept-encoding': 'identity' } });
    expect(other.payload).toContain('<p>Almendra</p>');
  });
});

describe('API answers', () => {
  it('over 1 KB are compressed for a client that accepts it; small ones are not', async () => {
    const session = await registerAndLogin(t);
    const headers = { authorization: `Bearer ${session.accessToken}`, 'accept-encoding': 'br, gzip' };
    const large = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers });
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).openapi).toBe('3.1.0');
    const small = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const gzipOnly = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
  });
});
