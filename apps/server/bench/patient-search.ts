// Benchmark: patient search over 50,000 patients spread over 500 nutritionists, 50 concurrent HTTP
// clients, against (a) the real server process (auth, validation, tenant scope, mapping) and (b) a bare
// Fastify process running the same repository SQL with nothing else — the baseline of the same run.
// Prints figures and a BENCH_RESULT line; asserts nothing (budgets are read, not unit-tested).
//   npx tsx apps/server/bench/patient-search.ts
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from './child-server.js';
import { percentile, seed } from './seed-patients.js';

const NUTRITIONISTS = Number(process.env.BENCH_NUTRITIONISTS ?? 500);
const PATIENTS_EACH = Number(process.env.BENCH_PATIENTS_EACH ?? 100);
const CONCURRENCY = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const WARMUP = 500;
// Open loop: each of the 50 clients searches every OPEN_INTERVAL_MS whether or not its last answer has
// come (a person typing with the 500 ms debounce sends at most two searches a second; we send four).
const OPEN_INTERVAL_MS = Number(process.env.BENCH_OPEN_INTERVAL_MS ?? 250);
const OPEN_PER_CLIENT = Number(process.env.BENCH_OPEN_PER_CLIENT ?? 60);
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const here = path.dirname(fileURLToPath(import.meta.url));
const serverMain = path.join(here, '..', 'src', 'main.ts');
const bareServer = path.join(here, 'bare-patient-search-server.ts');

const QUERIES = ['jose', 'José', 'pe', 'perez', 'PÉREZ', 'maria gonz', 'lu', 'sofia', 'a', 'gomez', 'martin', 'nunez', 'ibanez', '@correo', 'camila di', 'xyz', '', 'ramon fl'];




/** 50 keep-alive clients issue `total` GETs; answers the sorted latencies in ms and the wall time. */
async function load(port: number, urlFor: (i: number) => { path: string; headers: Record<string, string> }, total: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let next = 0;
  const one = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const { path: p, headers } = urlFor(i);
      const started = performance.now();
      const request = http.get({ host: '127.0.0.1', port, path: p, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${p}: ${res.statusCode}`));
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      request.on('error', reject);
    });
  const wallStart = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) await one(next++);
    }),
  );
  const wallMs = performance.now() - wallStart;
  agent.destroy();
  return { sorted: latencies.sort((a, b) => a - b), wallMs };
}

/**
 * Open-loop load: client c sends its k-th request at start + k·interval + c·interval/50, independent of
 * earlier answers. Latency is measured from the scheduled time, so a server that falls behind pays for
 * the wait (no coordinated omission).
 */
async function openLoad(port: number, urlFor: (i: number) => { path: string; headers: Record<string, string> }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  const start = performance.now() + 50;
  const sends: Promise<void>[] = [];
  for (let c = 0; c < CONCURRENCY; c += 1) {
    for (let k = 0; k < OPEN_PER_CLIENT; k += 1) {
      const i = c * OPEN_PER_CLIENT + k;
      const due = start + k * OPEN_INTERVAL_MS + (c * OPEN_INTERVAL_MS) / CONCURRENCY;
      sends.push(
        new Promise<void>((resolve, reject) => {
          setTimeout(() => {
            const { path: p, headers } = urlFor(i);
            const request = http.get({ host: '127.0.0.1', port, path: p, headers, agent }, (res) => {
              res.resume();
              res.on('end', () => {
                if (res.statusCode !== 200) return reject(new Error(`${p}: ${res.statusCode}`));
                latencies.push(performance.now() - due);
                resolve();
              });
            });
            request.on('error', reject);
          }, Math.max(0, due - performance.now()));
        }),
      );
    }
  }
  const wallStart = performance.now();
  await Promise.all(sends);
  const wallMs = performance.now() - wallStart;
  agent.destroy();
  return { sorted: latencies.sort((a, b) => a - b), wallMs };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-patient-bench-'));
  const file = path.join(dir, 'almendra.db');
  const seedStart = performance.now();
  const tokens = await seed(file, NUTRITIONISTS, PATIENTS_EACH, SECRET);
  const nutritionistIds = JSON.parse(fs.readFileSync(path.join(dir, 'ids.json'), 'utf8')) as string[];
  console.log(`seeded ${NUTRITIONISTS * PATIENTS_EACH} patients over ${NUTRITIONISTS} nutritionists in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const query = (i: number) => QUERIES[(i * 7) % QUERIES.length]!;
  const results: Record<string, { p50: number; p95: number; p99: number; rps: number }> = {};
  const run = async (label: string, port: number, urlFor: (i: number) => { path: string; headers: Record<string, string> }) => {
    await load(port, urlFor, WARMUP);
    const { sorted, wallMs } = await load(port, urlFor, REQUESTS);
    results[label] = { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), rps: (REQUESTS / wallMs) * 1000 };
    const r = results[label]!;
    console.log(`${label}: p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.rps.toFixed(0)} req/s`);
  };
  const openResults: Record<string, { p50: number; p95: number; p99: number; rps: number }> = {};
  const runOpen = async (label: string, port: number, urlFor: (i: number) => { path: string; headers: Record<string, string> }) => {
    const { sorted, wallMs } = await openLoad(port, urlFor);
    openResults[label] = { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), rps: (sorted.length / wallMs) * 1000 };
    const r = openResults[label]!;
    console.log(`${label} (open loop): p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.rps.toFixed(0)} req/s`);
  };

  const apiPort = 3901;
  const api = await startServerProcess(serverMain, {
    PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: dir, JWT_SECRET: SECRET, LOG_LEVEL: 'warn', NODE_ENV: 'production',
    // The benchmark's server never sends reminders; the food table loads as on a real start.
  });
  try {
    const apiRequest = (i: number) => ({
      path: `/api/v1/patients?q=${encodeURIComponent(query(i))}&limit=20`,
      headers: { authorization: `Bearer ${tokens[(i * 31) % tokens.length]!}` },
    });
    await run('endpoint GET /api/v1/patients', apiPort, apiRequest);
    await runOpen('endpoint GET /api/v1/patients', apiPort, apiRequest);
  } finally {
    api.kill('SIGTERM');
  }

  const barePort = 3902;
  const bare = await startServerProcess(bareServer, { PORT: String(barePort), BENCH_DB: file });
  try {
    const bareRequest = (i: number) => ({
      path: `/search?n=${nutritionistIds[(i * 31) % nutritionistIds.length]!}&q=${encodeURIComponent(query(i))}`,
      headers: {},
    });
    await run('baseline: bare Fastify + same SQL', barePort, bareRequest);
    await runOpen('baseline: bare Fastify + same SQL', barePort, bareRequest);
  } finally {
    bare.kill('SIGTERM');
  }
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`BENCH_RESULT ${JSON.stringify({ name: 'patient-search', patients: NUTRITIONISTS * PATIENTS_EACH, nutritionists: NUTRITIONISTS, concurrency: CONCURRENCY, requests: REQUESTS, results, open: { intervalMs: OPEN_INTERVAL_MS, perClient: OPEN_PER_CLIENT, results: openResults } })}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
