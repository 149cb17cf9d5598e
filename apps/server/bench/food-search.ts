// Benchmark of the food reference load and of food search over the whole shipped table. Prints figures;
// it asserts nothing (budgets are read, not unit-tested). SQLite file database by default; PostgreSQL with
// TEST_DATABASE_URL (a throwaway schema).
//   npx tsx apps/server/bench/food-search.ts
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx apps/server/bench/food-search.ts
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { loadFoodReferenceData } from '../src/db/reference-data/foods-loader.js';
import { systemClock } from '../src/lib/clock.js';
import { createFoodsService } from '../src/modules/foods/foods.service.js';

const QUERIES = [
  'p', 'pa', 'pal', 'palt', 'palta', 'pollo', 'pollo pe', 'pollo pechuga', 'le', 'leche', 'leche desc', 'arroz', 'arroz integral',
  'manzana', 'avocado', 'chicken breast', 'queso', 'carne picada', 'zapallo', 'a', 'e', 'tomate', 'lentejas', 'pan', 'yogur',
  'huevo', 'banana', 'aceite de oliva', 'batata', 'choclo', 'merluza', 'bife', 'azucar', 'dulce de leche', 'xyz',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-foods-bench-'));
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const database = url ? openDatabase({ databaseUrl: url, postgresSchema: schema }) : openDatabase({ sqliteFile: path.join(dataDir, 'bench.db') });
  const log = { info: () => undefined };
  try {
    await migrateToLatest(database.db);
    const first = await loadFoodReferenceData(database.db, systemClock, log);
    const again = await loadFoodReferenceData(database.db, systemClock, log);
    console.log(`database: ${database.kind}`);
    console.log(`loader, first start: ${first.milliseconds} ms (${first.foods} foods, ${first.measures} measures, ${first.skipped} skipped)`);
    console.log(`loader, unchanged file: ${again.milliseconds} ms (loaded: ${again.loaded})`);

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123' });
    const { app } = await buildApp({ config, database, serveWeb: false });
    const register = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { firstName: 'Ana', lastName: 'Bench', email: `bench.${Date.now()}@almendra.test`, password: 'clave-segura-1' },
    });
    const headers = { authorization: `Bearer ${register.json().accessToken}` };
    for (let i = 0; i < 20; i += 1) {
      await app.inject({ method: 'POST', url: '/api/v1/foods', headers, payload: { nameEs: `Yogur casero ${i}`, nutrients: { energyKcal: 60 + i } } });
    }
    const warm = performance.now();
    await app.inject({ method: 'GET', url: '/api/v1/foods?q=palta', headers });
    console.log(`first search (builds the in-memory index): ${(performance.now() - warm).toFixed(1)} ms`);

    const timings: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      for (const q of QUERIES) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: `/api/v1/foods?q=${encodeURIComponent(q)}&limit=20`, headers });
        timings.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`search ${q}: ${response.statusCode} ${response.body}`);
      }
    }
    timings.sort((a, b) => a - b);
    console.log(
      `search over the whole table via app.inject (${timings.length} requests, ${QUERIES.length} queries, 20 own foods): ` +
        `p50 ${percentile(timings, 50).toFixed(2)} ms, p95 ${percentile(timings, 95).toFixed(2)} ms, max ${timings.at(-1)!.toFixed(2)} ms`,
    );

    // The same searches without HTTP, auth and serialization: the service alone (index + own-food query).
    const service = createFoodsService({ db: database.db, clock: systemClock });
    const scope = { nutritionistId: register.json().nutritionist.id as string };
    await service.warmUp();
    const serviceTimings: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      for (const q of QUERIES) {
        const started = performance.now();
        await service.search(scope, { q, limit: 20 });
        serviceTimings.push(performance.now() - started);
      }
    }
    serviceTimings.sort((a, b) => a - b);
    console.log(`search, service only: p50 ${percentile(serviceTimings, 50).toFixed(2)} ms, p95 ${percentile(serviceTimings, 95).toFixed(2)} ms`);
    // Read by scripts/bench.mjs to write docs/benchmarks.md.
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        name: 'food-search',
        database: database.kind,
        foods: first.foods,
        requests: timings.length,
        loaderFirstMs: first.milliseconds,
        loaderUnchangedMs: again.milliseconds,
        endpoint: { p50: percentile(timings, 50), p95: percentile(timings, 95), max: timings.at(-1) },
        serviceOnly: { p50: percentile(serviceTimings, 50), p95: percentile(serviceTimings, 95) },
      })}`,
    );

    const catalogStart = performance.now();
    const catalog = await app.inject({ method: 'GET', url: '/api/v1/foods/catalog', headers: { ...headers, 'accept-encoding': 'gzip' } });
    console.log(
      `catalogue dump: ${(performance.now() - catalogStart).toFixed(1)} ms first time, ${catalog.rawPayload.length} bytes gzip ` +
        `(etag ${catalog.headers.etag})`,
    );
    await app.close();
  } finally {
    await database.close();
    if (url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
