// Opens the database the configuration asks for: an embedded SQLite file in DATA_DIR by default, or
// PostgreSQL when DATABASE_URL is set. Callers only ever see Kysely<DB>.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
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
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/** Statements kept prepared, by SQL text (least recently used dropped beyond this). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query again; preparing (parsing and planning the SQL) was ~11 % of
 * the server's CPU under load (issue 15's profile). The SQL text of a query builder call is the same on
 * every request (values are bound parameters), so a prepared statement is reused. Safe because the driver
 * runs each statement to completion synchronously (all/run); nothing here streams rows with iterate().
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
