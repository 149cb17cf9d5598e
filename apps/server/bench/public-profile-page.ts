// Benchmark (issue 11): the public profile page /p/{slug}, server-rendered HTML. A full profile (cover,
// 8 items in each of the four lists, 2 places with hours and 3 services each) on SQLite. Measured
// through app.inject (routing, the profile and places queries, free slots, HTML rendering, compression):
// the page as a first visit (no choice made: one place preselected is not the case here, 2 places) and
// the page with a place and a date chosen (the free slots rendered). Baseline of the same run: the JSON
// of GET /api/v1/public/profiles/{slug} (the same lookups, no HTML, no slots). Sizes are read from the
// real answers: raw, gzip and brotli as the server sends them. Prints figures and a BENCH_RESULT line.
//   npx tsx apps/server/bench/public-profile-page.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { ManualClock } from '../src/lib/clock.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-profile-bench-'));
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'bench.db') });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123', PUBLIC_URL: 'https://almendra.example' });
  const clock = new ManualClock('2027-03-01T12:00:00.000Z');
  const { app } = await buildApp({ config, database, clock, serveWeb: false, backgroundJobs: false, foodReferenceFile: null });
  try {
    const register = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { firstName: 'Ana María', lastName: 'Pérez', email: `profile.${Date.now()}@almendra.test`, password: 'clave-segura-1' },
    });
    const headers = { authorization: `Bearer ${register.json().accessToken}` };
    const placeIds: string[] = [];
    for (const [i, name] of ['Consultorio Palermo', 'Consultorio Belgrano'].entries()) {
      const place = await app.inject({ method: 'POST', url: '/api/v1/locations', headers, payload: { name, street: 'Av. Cabildo', streetNumber: String(1000 + i), latitude: -34.56, longitude: -58.45, slotIntervalMinutes: 30 } });
      const id = place.json().id as string;
      placeIds.push(id);
      await app.inject({ method: 'PUT', url: `/api/v1/locations/${id}/schedule`, headers, payload: { days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: '08:00', end: '13:00' }, { start: '15:00', end: '20:00' }] })) } });
      for (const service of ['Primera consulta', 'Control', 'Plan deportivo']) {
        await app.inject({ method: 'POST', url: `/api/v1/locations/${id}/services`, headers, payload: { name: service, durationMinutes: 30, priceCents: 1800000 } });
      }
    }
    const items = (label: string) => Array.from({ length: 8 }, (_, i) => ({ title: `${label} ${i + 1}: una línea de texto realista sobre la formación`, detail: 'Universidad de Buenos Aires, 2015–2019' }));
    const saved = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me/public-profile',
      headers,
      payload: {
        slug: 'lic-ana-maria-perez',
        published: true,
        headline: 'Nutrición clínica, deportiva y vegetariana. Atención presencial y online.',
        about: 'Soy licenciada en Nutrición. '.repeat(30),
        titles: items('Título'),
        studies: items('Estudio'),
        experiences: items('Experiencia'),
        services: items('Servicio'),
        locationIds: placeIds,
      },
    });
    if (saved.statusCode !== 200) throw new Error(`profile: ${saved.statusCode} ${saved.body}`);
    const cover = await sharp({ create: { width: 1600, height: 600, channels: 3, background: { r: 40, g: 120, b: 90 } } }).jpeg().toBuffer();
    const boundary = '----bench';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      cover,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await app.inject({ method: 'PUT', url: '/api/v1/me/public-profile/cover', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    if (uploaded.statusCode !== 200) throw new Error(`cover: ${uploaded.statusCode} ${uploaded.body}`);

    const pageUrl = '/p/lic-ana-maria-perez';
    const slotsUrl = `${pageUrl}?lugar=${placeIds[0]}&fecha=2027-03-02`;
    const jsonUrl = '/api/v1/public/profiles/lic-ana-maria-perez';
    const sizes = async (url: string) => {
      const raw = await app.inject({ method: 'GET', url });
      if (raw.statusCode !== 200) throw new Error(`${url}: ${raw.statusCode}`);
      const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      return { raw: raw.rawPayload.length, gzip: gzip.rawPayload.length, brotli: br.rawPayload.length, gzipEncoding: gzip.headers['content-encoding'] ?? 'none', brEncoding: br.headers['content-encoding'] ?? 'none', body: raw.body };
    };
    const page = await sizes(pageUrl);
    const withSlots = await sizes(slotsUrl);
    const json = await sizes(jsonUrl);
    const externalRequests = (page.body.match(/<(img|script|link|iframe)[^>]+(src|href)="https?:\/\//g) ?? []).filter((tag) => !tag.includes('rel="canonical"')).length;

    const time = async (url: string) => {
      for (let i = 0; i < 20; i += 1) await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const started = performance.now();
        await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        samples.push(performance.now() - started);
      }
      return summary(samples);
    };
    const result = {
      name: 'public-profile-page',
      database: database.kind,
      rounds: ROUNDS,
      listItems: 32,
      places: placeIds.length,
      sizes: {
        page: { raw: page.raw, gzip: page.gzip, brotli: page.brotli },
        pageWithSlots: { raw: withSlots.raw, gzip: withSlots.gzip, brotli: withSlots.brotli },
        json: { raw: json.raw, gzip: json.gzip, brotli: json.brotli },
      },
      encodings: { gzip: page.gzipEncoding, br: page.brEncoding },
      externalRequests,
      freeSlotsRendered: (withSlots.body.match(/name="inicio" value="20/g) ?? []).length,
      page: await time(pageUrl),
      pageWithSlots: await time(slotsUrl),
      json: await time(jsonUrl),
    };
    console.log(`HTML ${result.sizes.page.raw} B raw, ${result.sizes.page.brotli} B br (${result.sizes.pageWithSlots.raw} B with ${result.freeSlotsRendered} slots); ${externalRequests} requests to other origins`);
    console.log(`GET /p/{slug}: p50 ${result.page.p50.toFixed(2)} ms, p95 ${result.page.p95.toFixed(2)} ms; with slots p50 ${result.pageWithSlots.p50.toFixed(2)} ms; JSON p50 ${result.json.p50.toFixed(2)} ms`);
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
