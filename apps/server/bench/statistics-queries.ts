// Query-by-query timing of the statistics series on one practice of 5,000 patients among 50 practices
// (SQLite), the figures behind "Statistics: queries and indexes" in docs/front-desk.md. EXTRA='create
// index …;…' adds indexes after seeding, to measure a candidate before putting it in a migration.
// Prints the median of 15 runs per query; asserts nothing.
//   npx tsx apps/server/bench/statistics-queries.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { loadPatientTypes } from '../src/db/reference-data/patient-types.js';
import { statisticsRepository as repo } from '../src/modules/statistics/statistics.repository.js';
import { statisticsPeriod } from '../src/modules/statistics/statistics.service.js';
import { seedPractice } from './statistics.js';

const SERIES = ['achievements', 'newPatientsByMonth', 'consultationsByMonth', 'ageBands', 'sexes', 'patientTypes', 'billingByMonth', 'consultationsPerPatient'] as const;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-stats-queries-'));
const database = openDatabase({ sqliteFile: path.join(dir, 'bench.db') });
try {
  await migrateToLatest(database.db);
  await loadPatientTypes(database.db);
  let large: { nutritionistId: string } | undefined;
  await database.db.transaction().execute(async (trx) => {
    large = await seedPractice(trx, 0, 5000);
    for (let i = 1; i < 50; i += 1) await seedPractice(trx, i, 100);
  });
  for (const statement of (process.env.EXTRA ?? '').split(';').filter((s) => s.trim())) await sql.raw(statement).execute(database.db);
  const scope = { nutritionistId: large!.nutritionistId };
  const period = statisticsPeriod(2026, 3, 'America/Argentina/Buenos_Aires');
  for (const name of SERIES) {
    const times: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const started = performance.now();
      await (repo[name] as (...args: unknown[]) => Promise<unknown>).call(repo, database.db, scope, period);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${name}: median ${times[7]!.toFixed(2)} ms`);
  }
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
