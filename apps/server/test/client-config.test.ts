// The map tiles' origin is configuration (MAP_TILE_URL): the CSP allows exactly it, and the web app reads
// it from GET /client-config, so the place form never asks for tiles its own CSP would block.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const imgSrc = (csp: string | undefined) => (csp ?? '').split(';').map((d) => d.trim()).find((d) => d.startsWith('img-src')) ?? '';

describe('map tiles', () => {
  it('by default: OpenStreetMap tiles, allowed by the CSP and told to the web app', async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', errorReporting: null, sso: null });
    expect(imgSrc(response.headers['content-security-policy'] as string)).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
  });

  it('a clinic\'s own tile server replaces it in both places; "off" turns tiles off', async () => {
    t = await createTestApp({ MAP_TILE_URL: 'https://tiles.clinica.example:8443/osm/{z}/{x}/{y}.png' });
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(own.json()).toEqual({ mapTileUrl: 'https://tiles.clinica.example:8443/osm/{z}/{x}/{y}.png', errorReporting: null, sso: null });
    expect(imgSrc(own.headers['content-security-policy'] as string)).toBe("img-src 'self' data: blob: https://tiles.clinica.example:8443");
    await t.close();
    t = await createTestApp({ MAP_TILE_URL: 'off' });
    const off = await t.app.inject({ method: 'GET', url: '/api/v1/client-config' });
    expect(off.json()).toEqual({ mapTileUrl: null, errorReporting: null, sso: null });
    expect(imgSrc(off.headers['content-security-policy'] as string)).toBe("img-src 'self' data: blob:");
  });

  it('refuses a template without {z}/{x}/{y} or with another scheme, naming the variable', () => {
    for (const value of ['https://tiles.example.org/tile.png', 'ftp://tiles.example.org/{z}/{x}/{y}.png']) {
      expect(() => loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: value })).toThrow(/MAP_TILE_URL/);
    }
  });
});
