// Uploads in an S3-compatible bucket (S3_BUCKET …): tested against a real S3 server implementation
// started inside the test (s3rver, on loopback), through the official AWS SDK the app uses. A logo and a
// patient photo go in, come back through the API, land in the bucket under the same keys the disk
// backend uses (nothing under DATA_DIR/uploads), and are removed from the bucket when deleted.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { practice } from './consultations-helpers.js';
import { multipart, upload } from './patients-helpers.js';

const BUCKET = 'almendra-test';
let server: S3rver;
let storageDir: string;
let t: TestApp;
let s3: S3Client;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-s3rver-'));
  const port = await freePort();
  server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: storageDir });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts its documented default credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  t = await createTestApp({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_PREFIX: 'instalacion-1/',
  });
});
afterAll(async () => {
  await t?.close();
  s3?.destroy();
  await server?.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const image = (format: 'png' | 'jpeg', width = 900, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })[format]().toBuffer();

async function bucketKeys(): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

describe('uploads in an S3-compatible bucket', () => {
  it('stores the logo in the bucket under the install prefix, serves it back and deletes it from the bucket', async () => {
    const p = await practice(t);
    const put = await upload(t, p.auth, 'PUT', '/api/v1/me/logo', multipart('logo', 'logo.jpg', 'image/jpeg', await image('jpeg')));
    expect(put.statusCode).toBe(200);

    const keys = await bucketKeys();
    const logoKey = keys.find((k) => k.startsWith(`instalacion-1/uploads/logos/${p.nutritionistId}/`));
    expect(logoKey).toMatch(/\.png$/);
    const head = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: logoKey! }));
    expect(head.ContentType).toBe('image/png');
    // Nothing went to local disk.
    expect(fs.existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);

    const got = await p.call('GET', '/api/v1/me/logo');
    expect(got.statusCode).toBe(200);
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: 'png', width: 600 });

    expect((await p.call('DELETE', '/api/v1/me/logo')).statusCode).toBe(204);
    expect(await bucketKeys()).not.toContain(logoKey);
    expect((await p.call('GET', '/api/v1/me/logo')).statusCode).toBe(404);
  });

  it('keeps a patient photo per practice: the owner reads it back, another practice cannot', async () => {
    const a = await practice(t);
    const b = await practice(t);
    const patient = await a.createPatient();
    const put = await upload(t, a.auth, 'PUT', `/api/v1/patients/${patient.id}/photo`, multipart('photo', 'foto.jpg', 'image/jpeg', await image('jpeg', 1600, 1200)));
    expect(put.statusCode).toBe(200);
    expect((await bucketKeys()).some((k) => k.startsWith(`instalacion-1/uploads/patients/${a.nutritionistId}/`))).toBe(true);

    const record = (await a.call('GET', `/api/v1/patients/${patient.id}`)).json() as { photoUrl: string | null };
    expect(record.photoUrl).toBeTruthy();
    const photo = await t.app.inject({ method: 'GET', url: record.photoUrl! });
    expect(photo.statusCode).toBe(200);
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('webp');
    expect((await b.call('GET', `/api/v1/patients/${patient.id}`)).statusCode).toBe(404);
  });
});
