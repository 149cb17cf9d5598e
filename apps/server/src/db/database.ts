// Opens the database the configuration asks for: an embedded SQLite file in DATA_DIR by default, or
// PostgreSQL when DATABASE_URL is set. Callers only ever see Kysely<DB>.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** PostgreSQL only: connections of the pool by state (for /metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** SQLite file path; ':memory:' for throwaway databases. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests create one per run); defaults to the server's search_path. */
  postgresSchema?: string;
}

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const schema = options.postgresSchema;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Each pooled connection works inside the test's own schema when one is given.
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      close: () => db.destroy(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers proceed while a write is in progress; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}
