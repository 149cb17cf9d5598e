// The nutritionist's general data (issue 12, "Account"): the currency (the country's by default, then
// her choice) and the profile photo (re-encoded WebP, per practice, removable).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { practice } from './consultations-helpers.js';
import { multipart, upload } from './patients-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('account general data', () => {
  it('defaults the currency to the country and keeps the one she chooses', async () => {
    const p = await practice(t);
    expect((await p.call('GET', '/api/v1/me')).json().nutritionist).toMatchObject({ countryCode: 'AR', currency: 'ARS', photoUpdatedAt: null });
    const saved = await p.call('PATCH', '/api/v1/me/profile', { currency: 'usd' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().nutritionist.currency).toBe('USD');
    const bad = await p.call('PATCH', '/api/v1/me/profile', { currency: 'dólares' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({ path: 'currency', message: 'La moneda debe ser un código ISO 4217 de 3 letras (ARS, USD…).' });
    expect((await p.call('GET', '/api/v1/me')).json().nutritionist.currency).toBe('USD');
  });

  it('stores the profile photo as a WebP of at most 400×400, per practice, and removes it', async () => {
    const a = await practice(t);
    const b = await practice(t);
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 140, b: 60 } } }).jpeg().toBuffer();
    const put = await upload(t, a.auth, 'PUT', '/api/v1/me/photo', multipart('photo', 'yo.jpg', 'image/jpeg', jpeg));
    expect(put.statusCode).toBe(200);
    expect(put.json().photoUpdatedAt).toBe(t.clock.now().toISOString());
    expect((await a.call('GET', '/api/v1/me')).json().nutritionist.photoUpdatedAt).toBe(t.clock.now().toISOString());
    const got = await a.call('GET', '/api/v1/me/photo');
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
    expect((await b.call('GET', '/api/v1/me/photo')).statusCode).toBe(404);
    const fake = await upload(t, a.auth, 'PUT', '/api/v1/me/photo', multipart('photo', 'yo.jpg', 'image/jpeg', Buffer.from('not an image at all')));
    expect(fake.statusCode).toBe(415);
    expect((await a.call('GET', '/api/v1/me/photo')).statusCode).toBe(200);
    expect((await a.call('DELETE', '/api/v1/me/photo')).statusCode).toBe(204);
    expect((await a.call('GET', '/api/v1/me/photo')).statusCode).toBe(404);
    expect((await a.call('GET', '/api/v1/me')).json().nutritionist.photoUpdatedAt).toBeNull();
  });
});
