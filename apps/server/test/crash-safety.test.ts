// Crash safety, tested rather than claimed: the real server process is killed with SIGKILL in the
// middle of a burst of writes; after a restart every write that was answered 2xx is there and the
// database is intact (SQLite's integrity_check). On SQLite always, on PostgreSQL with TEST_DATABASE_URL.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayPostgresDatabase, newRegistration } from './helpers.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The server as production runs it (`npm start`): src/main.ts bundled into plain JavaScript by
// scripts/build-server.mjs, once for this file (about a second), so each start below loads no
// TypeScript. A directory of its own: two runs of this file (SQLite, PostgreSQL) may overlap.
const bundleDir = path.join(serverDir, 'dist', `crash-safety-${process.pid}-${Date.now().toString(36)}`);
const bundle = path.join(bundleDir, 'main.js');
beforeAll(() => {
  const built = spawnSync(process.execPath, [path.join(serverDir, '..', '..', 'scripts', 'build-server.mjs'), `--outfile=${bundle}`], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`server build failed: ${built.stderr}`);
});
afterAll(() => fs.rmSync(bundleDir, { recursive: true, force: true }));
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts the built server and resolves once /api/v1/health answers (polled every 50 ms). */
async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    // Not setImmediate: polling without a pause kept a core busy refusing connections while the server,
    // on the other core at best, was starting.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function burstThenKill(env: Record<string, string>) {
  const first = await startServer(env);
  const registered = await fetch(`${first.base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(newRegistration()),
  });
  expect(registered.status).toBe(201);
  const { accessToken } = (await registered.json()) as { accessToken: string };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${accessToken}`, 'x-requested-with': 'XMLHttpRequest' };

  // 16 writers keep creating patients; the process is killed once 40 answers have come back.
  const answered: string[] = [];
  let killed = false;
  const writer = async (w: number) => {
    for (let i = 0; !killed; i += 1) {
      try {
        const response = await fetch(`${first.base}/api/v1/patients`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ firstName: `Escritora ${w}`, lastName: `Número ${i}`, sex: 'f' }),
        });
        if (response.status === 201) answered.push(((await response.json()) as { id: string }).id);
        if (answered.length >= 40 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      } catch {
        return; // the connection died with the process: this write was never answered
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, w) => writer(w)));
  await exited(first.child);
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(answered.length).toBeGreaterThanOrEqual(40);

  // Restarted on the same data: every answered write is there.
  const second = await startServer(env);
  for (const id of answered) {
    const response = await fetch(`${second.base}/api/v1/patients/${id}`, { headers });
    expect(response.status, id).toBe(200);
  }
  second.child.kill('SIGTERM');
  await exited(second.child);
  return answered;
}

describe('kill -9 during a burst of writes', () => {
  it('keeps every answered write on SQLite, and the file passes integrity_check', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const answered = await burstThenKill({ DATA_DIR: dataDir });
    const db = new SQLite(path.join(dataDir, 'almendra.db'));
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = db.prepare('select count(*) as n from patients').get() as { n: number };
      expect(stored.n).toBeGreaterThanOrEqual(answered.length);
    } finally {
      db.close();
    }
  }, 300_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('keeps every answered write on PostgreSQL', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const created = await createThrowawayPostgresDatabase(adminUrl, 'almendra_crash');
    cleanups.push(created.drop);
    const url = new URL(created.url);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-crash-pg-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const answered = await burstThenKill({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from patients');
    await client.end();
    expect(rows[0].n).toBeGreaterThanOrEqual(answered.length);
  }, 300_000);
});
