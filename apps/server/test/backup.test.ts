// `npm run backup` / `npm run restore` round trip: a practice with data, backed up while the server runs,
// restored into an empty place, has every row of every table, its uploaded files and its signing secret.
// On SQLite always; on PostgreSQL (pg_dump/pg_restore) when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { ManualClock } from '../src/lib/clock.js';
import { backup, restore } from '../src/ops/backup.js';
import { createThrowawayPostgresDatabase, newRegistration } from './helpers.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `almendra-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A practice with a patient, a consultation, a place, an appointment and an uploaded file. */
async function practiceIn(database: Database, dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://almendra.test' });
  const built = await buildApp({ config, database, clock: new ManualClock('2026-03-10T13:00:00.000Z'), serveWeb: false, backgroundJobs: false, foodReferenceFile: null });
  cleanups.push(() => built.app.close());
  const registered = await built.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: newRegistration() });
  const headers = { authorization: `Bearer ${registered.json().accessToken}` };
  const call = (method: 'POST' | 'PUT', url: string, payload: unknown) => built.app.inject({ method, url, headers, payload: payload as never });
  const patient = (await call('POST', '/api/v1/patients', { firstName: 'Lucía', lastName: 'Benítez', sex: 'f', birthDate: '1990-02-01' })).json();
  expect((await call('POST', `/api/v1/patients/${patient.id}/consultations`, { date: '2026-03-01', time: '10:00', measurements: { weightKg: 61.5, heightCm: 164 } })).statusCode).toBe(201);
  const place = (await call('POST', '/api/v1/locations', { name: 'Consultorio Centro' })).json();
  expect((await call('POST', '/api/v1/appointments', { locationId: place.id, start: '2026-03-12T13:00:00.000Z', end: '2026-03-12T13:30:00.000Z' })).statusCode).toBe(201);
  const upload = path.join(dataDir, 'uploads', 'photos', 'n1', 'photo.webp');
  fs.mkdirSync(path.dirname(upload), { recursive: true });
  fs.writeFileSync(upload, randomBytes(2048));
  return built;
}

type Rows = Record<string, string[]>;

/** Every row of every table, as sorted JSON lines per table. */
async function sqliteRows(file: string): Promise<Rows> {
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[];
    return Object.fromEntries(tables.map(({ name }) => [name, (db.prepare(`select * from "${name}"`).all() as unknown[]).map((r) => JSON.stringify(r)).sort()]));
  } finally {
    db.close();
  }
}

async function postgresRows(url: string): Promise<Rows> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (await client.query("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name")).rows as { table_name: string }[];
    const rows: Rows = {};
    for (const { table_name: name } of tables) rows[name] = (await client.query(`select * from "${name}"`)).rows.map((r) => JSON.stringify(r)).sort();
    return rows;
  } finally {
    await client.end();
  }
}

function expectSameFiles(fromDir: string, toDir: string) {
  const file = path.join('uploads', 'photos', 'n1', 'photo.webp');
  expect(fs.readFileSync(path.join(toDir, file)).equals(fs.readFileSync(path.join(fromDir, file)))).toBe(true);
  expect(fs.readFileSync(path.join(toDir, 'secret.key'), 'utf8')).toBe(fs.readFileSync(path.join(fromDir, 'secret.key'), 'utf8'));
}

describe('backup and restore', () => {
  it('round-trips an embedded SQLite practice: every row of every table, the uploads and the secret', async () => {
    const dataDir = tempDir('live');
    const database = openDatabase({ sqliteFile: path.join(dataDir, 'almendra.db') });
    cleanups.push(() => database.close());
    await practiceIn(database, dataDir);

    // Online: taken while the server holds the database open.
    const destination = path.join(tempDir('backups'), 'nightly');
    const manifest = await backup({ dataDir }, destination, new Date('2026-03-10T03:00:00Z'));
    expect(manifest).toMatchObject({ format: 'almendra-backup/1', database: 'sqlite', createdAt: '2026-03-10T03:00:00.000Z' });
    expect(manifest.files).toEqual(['almendra.db', 'secret.key', path.join('uploads', 'photos', 'n1', 'photo.webp')]);
    await expect(backup({ dataDir }, destination)).rejects.toThrow(/already exists/);

    const restoredDir = tempDir('restored');
    restore(destination, { dataDir: restoredDir });
    const before = await sqliteRows(path.join(dataDir, 'almendra.db'));
    const after = await sqliteRows(path.join(restoredDir, 'almendra.db'));
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(before.patients).toHaveLength(1);
    expect(before.consultations).toHaveLength(1);
    expect(after).toEqual(before);
    const check = new SQLite(path.join(restoredDir, 'almendra.db'), { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    expectSameFiles(dataDir, restoredDir);

    // A PostgreSQL server cannot take a SQLite backup.
    expect(() => restore(destination, { dataDir: restoredDir, databaseUrl: 'postgres://127.0.0.1/x' })).toThrow(/sqlite database/);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('round-trips a PostgreSQL practice through pg_dump and pg_restore', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const createDatabase = async () => {
      const created = await createThrowawayPostgresDatabase(adminUrl, 'almendra_backup');
      cleanups.push(created.drop);
      return created.url;
    };
    const liveUrl = await createDatabase();
    const dataDir = tempDir('pg-live');
    const database = openDatabase({ databaseUrl: liveUrl });
    cleanups.push(() => database.close());
    await practiceIn(database, dataDir);

    const destination = path.join(tempDir('pg-backups'), 'nightly');
    const manifest = await backup({ dataDir, databaseUrl: liveUrl }, destination);
    expect(manifest.database).toBe('postgres');
    expect(manifest.files).toContain('database.dump');

    const restoredUrl = await createDatabase();
    const restoredDir = tempDir('pg-restored');
    restore(destination, { dataDir: restoredDir, databaseUrl: restoredUrl });
    const before = await postgresRows(liveUrl);
    const after = await postgresRows(restoredUrl);
    expect(before.patients).toHaveLength(1);
    expect(after).toEqual(before);
    expectSameFiles(dataDir, restoredDir);
  });
});
