// Builds an app on a fresh database for one test file: in-memory SQLite by default, or a throwaway
// PostgreSQL schema when TEST_DATABASE_URL is set (CI runs the suite both ways).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type AlmendraApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { ManualClock } from '../src/lib/clock.js';
import type { EventBus } from '../src/lib/event-bus.js';

export interface TestApp extends AlmendraApp {
  clock: ManualClock;
  /** The app's DATA_DIR (a fresh temporary directory). */
  dataDir: string;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { database: openDatabase({ sqliteFile: ':memory:' }), drop: async () => {} };
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ databaseUrl: url, postgresSchema: schema });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

export interface TestAppOptions {
  bus?: EventBus;
  /** Food table to load: absent → none (fast); a path → that file; explicitly undefined → the shipped table. */
  foodReferenceFile?: string | null;
  /** Serve the built web app from WEB_DIST_DIR (off by default: API tests need no SPA). */
  serveWeb?: boolean;
  /** Payment webhooks: the sink verified events go to and the processor adapters (payments tests). */
  billingEventSink?: import('../src/modules/billing/payment-provider.js').BillingEventSink;
  paymentProviders?: import('../src/app.js').BuildAppOptions['paymentProviders'];
}

export async function createTestApp(env: Record<string, string> = {}, extra: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    PUBLIC_URL: 'http://almendra.test',
    // Billing is on in the product; tests move the clock freely, so it is on only where a test asks.
    BILLING_ENABLED: 'false',
    ...env,
  });
  const clock = new ManualClock('2026-03-10T13:00:00.000Z');
  const { database, drop } = await openTestDatabase();
  const built = await buildApp({ config, database, clock, serveWeb: extra.serveWeb ?? false, backgroundJobs: false,
    foodReferenceFile: 'foodReferenceFile' in extra ? extra.foodReferenceFile : null,
    ...(extra.bus ? { bus: extra.bus } : {}),
    ...(extra.billingEventSink ? { billingEventSink: extra.billingEventSink } : {}),
    ...(extra.paymentProviders ? { paymentProviders: extra.paymentProviders } : {}),
  });
  return {
    ...built,
    clock,
    dataDir,
    async close() {
      await built.app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique, valid registration body for each call (tests never share accounts). */
export function newRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Lucía',
    lastName: 'Fernández',
    email: `lucia.${Date.now().toString(36)}.${counter}@consultorio.test`,
    password: 'clave-segura-1',
    countryCode: 'AR',
    ...overrides,
  };
}

export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'almendra_refresh');
  return cookie?.value || undefined;
}

export async function registerAndLogin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = newRegistration(overrides);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const session = response.json();
  return {
    body,
    session,
    accessToken: session.accessToken as string,
    refreshToken: refreshCookieOf(response)!,
    auth: { authorization: `Bearer ${session.accessToken}` },
  };
}

/**
 * A whole PostgreSQL database of its own (backups and crash tests need one, not a schema): created on
 * the TEST_DATABASE_URL server, dropped by the returned function. Answers its connection string.
 */
export async function createThrowawayPostgresDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
