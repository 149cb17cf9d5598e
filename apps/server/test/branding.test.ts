// The nutritionist's logo (/api/v1/me/logo) through app.inject(): PNG/JPEG only (sniffed and re-encoded by
// sharp), a 2 MB limit, stored per tenant, read back as a PNG no bigger than 600×300, and removed.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { practice } from './consultations-helpers.js';
import { multipart, upload } from './patients-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const image = (format: 'png' | 'jpeg' | 'webp', width = 1200, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })[format]().toBuffer();

describe('nutritionist logo', () => {
  it('stores a JPEG as a PNG of at most 600×300, per nutritionist, and removes it', async () => {
    const a = await practice(t);
    const b = await practice(t);
    expect((await a.call('GET', '/api/v1/me/logo')).statusCode).toBe(404);
    const put = await upload(t, a.auth, 'PUT', '/api/v1/me/logo', multipart('logo', 'logo.jpg', 'image/jpeg', await image('jpeg')));
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ hasLogo: true, updatedAt: t.clock.now().toISOString() });
    const got = await a.call('GET', '/api/v1/me/logo');
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 600, height: 200 });
    // Another nutritionist has no logo and cannot reach this one.
    expect((await b.call('GET', '/api/v1/me/logo')).statusCode).toBe(404);
    expect((await a.call('DELETE', '/api/v1/me/logo')).statusCode).toBe(204);
    expect((await a.call('GET', '/api/v1/me/logo')).statusCode).toBe(404);
  });

  it('rejects what is not a PNG or JPEG (415), a file over 2 MB (413) and a missing file (400)', async () => {
    const p = await practice(t);
    const webp = await upload(t, p.auth, 'PUT', '/api/v1/me/logo', multipart('logo', 'logo.webp', 'image/webp', await image('webp')));
    expect(webp.statusCode).toBe(415);
    const fake = await upload(t, p.auth, 'PUT', '/api/v1/me/logo', multipart('logo', 'logo.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe('El logo debe ser una imagen PNG o JPEG.');
    const big = await upload(t, p.auth, 'PUT', '/api/v1/me/logo', multipart('logo', 'logo.png', 'image/png', Buffer.alloc(2 * 1024 * 1024 + 10, 1)));
    expect(big.statusCode).toBe(413);
    const wrongField = await upload(t, p.auth, 'PUT', '/api/v1/me/logo', multipart('photo', 'logo.png', 'image/png', await image('png')));
    expect(wrongField.statusCode).toBe(400);
    expect((await p.call('GET', '/api/v1/me/logo')).statusCode).toBe(404);
  });
});
