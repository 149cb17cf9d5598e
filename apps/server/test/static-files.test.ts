// What browsers and crawlers ask for outside the app's screens: the favicon, the two web app manifests and
// their icons, the service worker, /robots.txt and /sitemap.xml. Each exists with its own content type, or
// answers 404: never the app's HTML with 200 (issue 27).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

let t: TestApp;
let distDir: string;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

beforeAll(async () => {
  // A miniature build with the files apps/web/public ships (icons, manifests) and the service worker.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-static-'));
  const write = (name: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(distDir, name)), { recursive: true });
    fs.writeFileSync(path.join(distDir, name), content);
  };
  write('index.html', '<!doctype html><html><head><title>Almendra</title></head><body><div id="root"></div></body></html>');
  write('favicon.ico', Buffer.from('0000010001001010000001002000', 'hex'));
  write('manifest.webmanifest', JSON.stringify({ name: 'Almendra', start_url: '/inicio', scope: '/' }));
  write('portal/manifest.webmanifest', JSON.stringify({ name: 'Almendra · Mi portal', start_url: '/portal', scope: '/portal' }));
  write('icons/icon-192.png', PNG);
  write('apple-touch-icon.png', PNG);
  write('sw.js', 'self.addEventListener("fetch", () => {});');
  write('assets/main-abc123.js', 'export {};');
  t = await createTestApp({ WEB_DIST_DIR: distDir }, { serveWeb: true });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('files of the installable app', () => {
  it('/favicon.ico is the icon, not the app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  });

  it('each audience has its manifest, served as application/manifest+json', async () => {
    const professional = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(professional.statusCode).toBe(200);
    expect(professional.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(professional.headers['cache-control']).toBe('no-cache');
    expect(professional.json()).toMatchObject({ start_url: '/inicio' });
    const portal = await t.app.inject({ method: 'GET', url: '/portal/manifest.webmanifest' });
    expect(portal.statusCode).toBe(200);
    expect(portal.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(portal.json()).toMatchObject({ start_url: '/portal', scope: '/portal' });
  });

  it('icons are PNG images', async () => {
    for (const url of ['/icons/icon-192.png', '/apple-touch-icon.png']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/png');
    }
  });

  it('the service worker is always revalidated, so a new deployment is found on the next visit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('a file that does not exist answers 404, never the app HTML', async () => {
    for (const url of ['/assets/main-old999.js', '/assets/nothing', '/apple-touch-icon-precomposed.png', '/icons/icon-1024.png', '/favicon.png', '/wp-login.php', '/portal/manifest.json', '/main.js.map']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.body, url).not.toContain('<!doctype html>');
    }
  });

  it("screens' addresses still answer the app", async () => {
    for (const url of ['/', '/portal', '/portal/aceptar?codigo=abc', '/inicio', '/detalle-comida/123']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });
});

describe('/robots.txt', () => {
  it('is plain text that allows the public profiles and disallows the app and the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /p/');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /');
    expect(lines).toContain('Sitemap: http://almendra.test/sitemap.xml');
  });
});

describe('/sitemap.xml', () => {
  const sitemap = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    return response.body;
  };

  it('lists the published profiles at the time of the request: one published appears, hidden disappears', async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const slug = `consultorio-${Date.now().toString(36)}`;
    const draftSlug = `${slug}-borrador`;
    const save = async (auth: Record<string, string>, body: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'PATCH', url: '/api/v1/me/public-profile', headers: auth, payload: body });
      expect(response.statusCode, response.body).toBe(200);
    };
    await save(owner.auth, { slug, published: false });
    await save(other.auth, { slug: draftSlug, published: false });
    expect(await sitemap()).not.toContain(`/p/${slug}<`);

    await save(owner.auth, { published: true });
    const listed = await sitemap();
    expect(listed).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(listed).toContain(`<url><loc>http://almendra.test/p/${slug}</loc><lastmod>2026-03-10</lastmod></url>`);
    // An unpublished profile is never listed.
    expect(listed).not.toContain(draftSlug);

    await save(owner.auth, { published: false });
    expect(await sitemap()).not.toContain(`/p/${slug}<`);
  });
});
