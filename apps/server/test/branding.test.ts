// The nutritionist's logo (/api/v1/me/logo) through app.inject(): PNG/JPEG only (sniffed and re-encoded by
// sharp), a 2 MB limit, stored per tenant, read back as a PNG no bigger than 600×300, and removed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  it('brands every PDF a patient receives: plan, consultation report and record summary carry the logo and contact', async () => {
    const p = await practice(t);
    const email = (await p.call('GET', '/api/v1/me')).json().user.email as string;
    expect((await upload(t, p.auth, 'PUT', '/api/v1/me/logo', multipart('logo', 'logo.png', 'image/png', await image('png')))).statusCode).toBe(200);
    const patient = await p.createPatient({ firstName: 'Ana', lastName: 'Paz', sex: 'f', birthDate: '1990-02-02' });
    const consultation = await p.createConsultation(patient.id, { date: '2026-03-09', time: '10:00', measurements: { weightKg: 60, heightCm: 165 } });
    const plan = await p.call('POST', '/api/v1/plans', { type: 1, title: 'Plan de Ana', goal: 'maintenance', patientId: patient.id, draft: 0, content: { simple: [] } });
    expect(plan.statusCode).toBe(201);

    const pdfs = {
      plan: await p.call('GET', `/api/v1/plans/${plan.json().id}/pdf`),
      report: await p.call('GET', `/api/v1/consultations/${consultation.id}/report.pdf`),
      summary: await p.call('GET', `/api/v1/patients/${patient.id}/export.pdf`),
    };
    for (const [name, response] of Object.entries(pdfs)) {
      expect(response.statusCode, name).toBe(200);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letterhead-'));
      const file = path.join(dir, `${name}.pdf`);
      fs.writeFileSync(file, response.rawPayload);
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-']).toString('utf8');
      const images = execFileSync('/usr/bin/pdfimages', ['-list', file]).toString('utf8').trim().split('\n').slice(2);
      fs.rmSync(dir, { recursive: true, force: true });
      expect(text, name).toContain(email);
      expect(images.filter((line) => line.trim().split(/\s+/)[2] === 'image'), name).toHaveLength(1);
    }
  });
});
