// Benchmark (issue 11): GET /api/v1/statistics over 50,000 patients — 450 practices of 100 patients and
// one large practice of 5,000 — each patient with 4 consultations (weighed) and 4 appointments (3 of them
// completed with a priced service), seeded by direct inserts. Measured through app.inject (auth,
// validation, the eight series' SQL, mapping) for a March in the middle of the data; baseline of the same
// run: GET /api/v1/marketing/unseen-count (the same HTTP, auth and one tenant-scoped count). SQLite by
// default; BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL in a throwaway schema.
// Prints figures and a BENCH_RESULT line; asserts nothing.
//   npx tsx apps/server/bench/statistics.ts
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Insertable, Kysely } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { loadPatientTypes } from '../src/db/reference-data/patient-types.js';
import type { DB } from '../src/db/schema.js';
import { AccessTokenIssuer } from '../src/lib/access-token.js';
import { ManualClock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { searchTextOf, sortNameOf } from '../src/modules/patients/patient-text.js';

const SMALL_PRACTICES = Number(process.env.BENCH_SMALL_PRACTICES ?? 450);
const SMALL_SIZE = 100;
const LARGE_SIZE = Number(process.env.BENCH_LARGE_PRACTICE ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16];
const pgUrl = process.env.BENCH_DATABASE_URL;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1)!, n: sorted.length };
}
const pad = (n: number) => String(n).padStart(2, '0');

async function insertAll<T extends keyof DB>(db: Kysely<DB>, table: T, rows: Insertable<DB[T]>[]) {
  for (let i = 0; i < rows.length; i += 300) await db.insertInto(table).values(rows.slice(i, i + 300) as never).execute();
}

/** One practice: its user, patients, two priced services, consultations with weights and appointments. */
export async function seedPractice(db: Kysely<DB>, index: number, size: number): Promise<{ userId: string; nutritionistId: string }> {
  const now = '2026-01-01T12:00:00.000Z';
  const userId = newId();
  const nutritionistId = newId();
  await db.insertInto('users').values({ id: userId, email: `stats${index}@almendra.test`, password_hash: 'x', role: 'nutritionist', locale: 'es', theme: 'light', primary_color: 'teal', starred_pages: '[]', banned_status: 0, plan_key: null, confirmed: 1, created_at: now, updated_at: now }).execute();
  await db.insertInto('nutritionists').values({ id: nutritionistId, user_id: userId, first_name: 'Bench', last_name: `${index}`, email: `stats${index}@almendra.test`, phone: null, country_code: 'AR', licence_number: null, time_zone: 'America/Argentina/Buenos_Aires', created_at: now, updated_at: now }).execute();
  const locationId = newId();
  await db.insertInto('locations').values({ id: locationId, nutritionist_id: nutritionistId, name: 'Consultorio', detail: null, street: null, street_number: null, phone1: null, phone2: null, mobile_area_code: null, mobile_number: null, color: '#2b6cd4', slot_interval_minutes: 30, visible: 1, disabled: 0, latitude: null, longitude: null, reminder_emails_enabled: 0, created_at: now, updated_at: now, deleted_at: null }).execute();
  const services = [1_500_000, 2_000_000].map((price, i) => ({ id: newId(), nutritionist_id: nutritionistId, location_id: locationId, name: `Servicio ${i}`, duration_minutes: 30, price_cents: price, currency: 'ARS', visible: 1, own_schedule: 0, created_at: now, updated_at: now, deleted_at: null }));
  await insertAll(db, 'services', services);

  const patients: Insertable<DB['patients']>[] = [];
  const consultations: Insertable<DB['consultations']>[] = [];
  const anthropometry: Insertable<DB['anthropometry']>[] = [];
  const appointments: Insertable<DB['appointments']>[] = [];
  for (let p = 0; p < size; p += 1) {
    const id = newId();
    const first_name = `Paciente${p}`;
    const last_name = `Practica${index}`;
    // Starts spread over 2024–2026; a few without start date (their sign-up counts instead).
    const startMonth = p % 36;
    patients.push({
      id, nutritionist_id: nutritionistId, user_id: null, type_id: TYPES[p % TYPES.length]!, first_name, last_name,
      birth_date: p % 17 === 0 ? null : `19${50 + (p % 60 > 49 ? 49 : p % 60)}-${pad(1 + (p % 12))}-${pad(1 + (p % 28))}`,
      sex: p % 11 === 0 ? null : p % 3 ? 'f' : 'm', document_number: null, phone: null, mobile_area_code: null, mobile_number: null,
      address: null, province: null, city: null, email: `p${p}@correo.test`, health_insurance: null, member_number: null, profession: null,
      reason_for_consultation: null, goal: null, referred_by: null,
      start_date: p % 23 === 0 ? null : `${2024 + Math.floor(startMonth / 12)}-${pad(1 + (startMonth % 12))}-${pad(1 + (p % 28))}`,
      location_id: null, height_cm: null, website: null, is_new: p % 40 === 0 ? 1 : 0, is_test: 0, reminders_opt_out: 0, news_consent: p % 2,
      photo_path: null, search_text: searchTextOf({ first_name, last_name, email: null }), sort_name: sortNameOf({ first_name, last_name }),
      last_visit_at: null, version: 1, created_at: `2025-${pad(1 + (p % 12))}-10T15:00:00.000Z`, updated_at: now, deleted_at: p % 60 === 0 ? now : null,
    });
    // 4 consultations a patient, 3 to 5 weeks apart, across 2025 and 2026.
    const firstDay = Date.UTC(2025, 0, 5) + ((p * 7919) % 420) * 86_400_000;
    for (let c = 0; c < 4; c += 1) {
      const date = new Date(firstDay + c * (21 + (p % 3) * 7) * 86_400_000).toISOString().slice(0, 10);
      const consultationId = newId();
      consultations.push({ id: consultationId, nutritionist_id: nutritionistId, patient_id: id, appointment_id: null, location_id: locationId, service_id: null, date, time: `${pad(9 + (c % 8))}:00`, note: null, summary_note: null, activity_factor: null, race_term: null, send_summary_email: 0, pregnancy_last_menstrual_period: null, pregnancy_pre_weight_kg: null, version: 1, created_at: now, updated_at: now });
      anthropometry.push({ id: newId(), nutritionist_id: nutritionistId, patient_id: id, consultation_id: consultationId, weight_kg: 80 - c * (p % 4) * 0.7, height_cm: 165, usual_weight_kg: null, target_weight_kg: c === 0 ? 72 : null, bio_fat_percent: null, bio_visceral_fat: null, bio_total_water_percent: null, bio_muscle_mass_kg: null, bio_device_bmr_kcal: null, snapshot_bmi: null, snapshot_bmi_category: null, snapshot_body_fat_percent: null, snapshot_bmr_kcal: null, snapshot_energy_requirement_kcal: null, snapshot_muscle_mass_kg: null, created_at: now, updated_at: now });
      const start = new Date(firstDay + c * (21 + (p % 3) * 7) * 86_400_000 + (12 + (p % 8)) * 3_600_000);
      appointments.push({ id: newId(), nutritionist_id: nutritionistId, location_id: locationId, service_id: c === 2 && p % 5 === 0 ? null : services[c % 2]!.id, patient_id: id, start_at: start.toISOString(), end_at: new Date(start.getTime() + 1_800_000).toISOString(), color: null, notes: null, status: c === 3 ? 'scheduled' : 'completed', consultation_id: null, reminder_claimed_at: null, reminder_sent_at: null, created_at: now, updated_at: now });
    }
  }
  await insertAll(db, 'patients', patients);
  await insertAll(db, 'consultations', consultations);
  await insertAll(db, 'anthropometry', anthropometry);
  await insertAll(db, 'appointments', appointments);
  return { userId, nutritionistId };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-stats-bench-'));
  const schema = pgUrl ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  if (pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const database = pgUrl ? openDatabase({ databaseUrl: pgUrl, postgresSchema: schema }) : openDatabase({ sqliteFile: path.join(dataDir, 'bench.db') });
  try {
    await migrateToLatest(database.db);
    await loadPatientTypes(database.db);
    const seedStart = performance.now();
    const practices: Array<{ userId: string; nutritionistId: string }> = [];
    await database.db.transaction().execute(async (trx) => {
      practices.push(await seedPractice(trx, 0, LARGE_SIZE));
      for (let i = 1; i <= SMALL_PRACTICES; i += 1) practices.push(await seedPractice(trx, i, SMALL_SIZE));
    });
    const patients = LARGE_SIZE + SMALL_PRACTICES * SMALL_SIZE;
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`seeded ${patients} patients (${patients * 4} consultations and appointments) over ${practices.length} practices in ${seedSeconds.toFixed(1)} s (${database.kind})`);

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: SECRET });
    const clock = new ManualClock('2026-06-15T12:00:00.000Z');
    const { app } = await buildApp({ config, database, clock, serveWeb: false, backgroundJobs: false, foodReferenceFile: null });
    const issuer = new AccessTokenIssuer(SECRET, 24 * 3600, clock);
    const headersOf = async (p: { userId: string; nutritionistId: string }) => ({
      authorization: `Bearer ${(await issuer.issue({ userId: p.userId, role: 'nutritionist', nutritionistId: p.nutritionistId })).token}`,
    });
    const large = await headersOf(practices[0]!);
    const small = await Promise.all(practices.slice(1, 101).map(headersOf));
    const url = '/api/v1/statistics?year=2026&month=3';
    const time = async (headers: Record<string, string>, target: string) => {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: target, headers });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${target}: ${response.statusCode} ${response.body}`);
      return { ms, body: response.json() };
    };
    for (let i = 0; i < 20; i += 1) await time(small[i % small.length]!, url);
    const sample = (await time(large, url)).body;
    console.log(`large practice, March 2026: ${sample.completedConsultations.total} consultations, ${sample.newPatients.total} new patients, billing ${JSON.stringify(sample.billing.totals)}`);

    const smallMs: number[] = [];
    const smallBase: number[] = [];
    const largeMs: number[] = [];
    const largeBase: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const headers = small[i % small.length]!;
      smallMs.push((await time(headers, url)).ms);
      smallBase.push((await time(headers, '/api/v1/marketing/unseen-count')).ms);
      if (i % 4 === 0) {
        largeMs.push((await time(large, url)).ms);
        largeBase.push((await time(large, '/api/v1/marketing/unseen-count')).ms);
      }
    }
    await app.close();
    const result = {
      name: 'statistics',
      database: database.kind,
      patients,
      practices: practices.length,
      largePractice: LARGE_SIZE,
      smallPractice: SMALL_SIZE,
      seedSeconds,
      small: summary(smallMs),
      smallBaseline: summary(smallBase),
      large: summary(largeMs),
      largeBaseline: summary(largeBase),
    };
    console.log(`GET /statistics, practice of ${SMALL_SIZE}: p50 ${result.small.p50.toFixed(2)} ms, p95 ${result.small.p95.toFixed(2)} ms, p99 ${result.small.p99.toFixed(2)} ms`);
    console.log(`GET /statistics, practice of ${LARGE_SIZE}: p50 ${result.large.p50.toFixed(2)} ms, p95 ${result.large.p95.toFixed(2)} ms, p99 ${result.large.p99.toFixed(2)} ms`);
    console.log(`baseline GET /marketing/unseen-count: p50 ${result.smallBaseline.p50.toFixed(2)} ms / ${result.largeBaseline.p50.toFixed(2)} ms`);
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgUrl) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }
}

// Run as a script (statistics-queries.ts imports seedPractice without running the bench).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main().catch((error) => {
  console.error(error);
  process.exit(1);
});
