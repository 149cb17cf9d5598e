// Benchmark (issue 15): the server time of a sign-in answer, POST /api/v1/auth/login through app.inject
// (routing, validation, rate-limit counters, the user lookup, argon2id verification, tokens, the refresh
// cookie and its row) on SQLite, one request at a time. Also an unknown email (checked against a dummy
// hash, so it must take about as long) and a wrong password. Baselines of the same run: argon2id
// verification alone (the deliberate cost), and the scrypt verification at N = 2^17 that earlier versions
// paid per attempt (a hash written as they wrote it). Prints figures and a BENCH_RESULT line.
//   npx tsx apps/server/bench/sign-in.ts
import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { hashPassword, verifyPassword } from '../src/lib/password.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PASSWORD = 'Clave-segura-2026';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1)!, n: samples.length };
}

async function timed(rounds: number, run: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** A password hash as versions before argon2id wrote it: scrypt, N = 2^17, r = 8, p = 1. */
function legacyScryptHash(password: string): string {
  const N = 2 ** 17;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-signin-bench-'));
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'bench.db') });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123',
    LOGIN_RATE_LIMIT_PER_EMAIL: '100000',
    LOGIN_RATE_LIMIT_PER_IP: '100000',
  });
  const { app } = await buildApp({ config, database, serveWeb: false, backgroundJobs: false, foodReferenceFile: null });
  try {
    const email = `signin.${Date.now()}@almendra.test`;
    const registered = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { firstName: 'Ana', lastName: 'Paz', email, password: PASSWORD } });
    if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
    const login = (as: string, password: string, expected: number) => async () => {
      const answer = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: as, password } });
      if (answer.statusCode !== expected) throw new Error(`login answered ${answer.statusCode}, expected ${expected}: ${answer.body}`);
    };
    await timed(3, login(email, PASSWORD, 200)); // warm-up: JIT, statement cache, the dummy hash
    await timed(3, login('nadie@almendra.test', PASSWORD, 401));
    const known = summary(await timed(ROUNDS, login(email, PASSWORD, 200)));
    const unknown = summary(await timed(ROUNDS, login(`nadie.${Date.now()}@almendra.test`, PASSWORD, 401)));
    const wrong = summary(await timed(ROUNDS, login(email, 'otra-clave-2026', 401)));

    const argonHash = await hashPassword(PASSWORD);
    const argon2Verify = summary(await timed(ROUNDS, async () => void (await verifyPassword(PASSWORD, argonHash))));
    const scryptHash = legacyScryptHash(PASSWORD);
    const scryptVerify = summary(await timed(Math.min(ROUNDS, 10), async () => void (await verifyPassword(PASSWORD, scryptHash))));

    const ms = (s: { p50: number; p95: number }) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms`;
    console.log(`sign-in (known email, right password): ${ms(known)}`);
    console.log(`unknown email: ${ms(unknown)}; wrong password: ${ms(wrong)}`);
    console.log(`baseline argon2id verify alone: ${ms(argon2Verify)}; scrypt N=2^17 verify (earlier versions): ${ms(scryptVerify)}`);
    console.log(`BENCH_RESULT ${JSON.stringify({ name: 'sign-in', database: 'sqlite', rounds: ROUNDS, known, unknown, wrong, argon2Verify, scryptVerify })}`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
