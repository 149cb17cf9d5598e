// Benchmark: what our stack costs per request (issue 15). Five endpoints — patient search, food search,
// opening a record, the calendar week and saving a consultation — each measured on the real server (the
// production bundle, as `npm start` runs it: auth, validation, compiled serialisation, hooks, compression)
// and on a bare Fastify handler calling the same repository or service function over the same SQLite
// file (bare-endpoints-server.ts, bundled the same way). Load from autocannon in this process; both
// servers are separate processes. Closed loop, 50 connections. Prints figures and a BENCH_RESULT line.
//   npx tsx apps/server/bench/request-overhead.ts
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { build } from 'esbuild';
import { seed } from './seed-patients.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..', '..');
const NUTRITIONISTS = Number(process.env.BENCH_NUTRITIONISTS ?? 500);
const PATIENTS_EACH = Number(process.env.BENCH_PATIENTS_EACH ?? 100);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CALENDAR_PRACTICES = 20;
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const QUERIES = ['jose', 'pe', 'perez', 'maria gonz', 'lu', 'sofia', 'gomez', 'martin'];
const FOOD_QUERIES = ['manzana', 'leche', 'pan', 'arroz', 'carne', 'yogur', 'queso', 'pollo'];
/** BENCH_ENDPOINTS='save a consultation,open a record' measures only those (e.g. with BENCH_CPU_PROF). */
const measured = (label: string) => !process.env.BENCH_ENDPOINTS || process.env.BENCH_ENDPOINTS.split(',').includes(label);
const WEEK = { from: '2026-11-23T03:00:00.000Z', to: '2026-11-30T03:00:00.000Z' };

async function bundle(entry: string, outfile: string) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-dependencies-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@almendra/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
}

async function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of each server process, written there when it exits.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited`);
    try {
      if ((await fetch(`http://127.0.0.1:${env.PORT}/api/v1/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${script} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

type RequestMaker = () => { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

async function measure(port: number, make: RequestMaker): Promise<Figures> {
  const requests = [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, ...make() }) }];
  await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: 1, requests: requests as never });
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: SECONDS, requests: requests as never });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-overhead-'));
  const file = path.join(dir, 'almendra.db');
  const tokens = await seed(file, NUTRITIONISTS, PATIENTS_EACH, SECRET);
  const nutritionistIds = JSON.parse(fs.readFileSync(path.join(dir, 'ids.json'), 'utf8')) as string[];
  const sqlite = new SQLite(file, { readonly: true });
  const patientsOf = new Map<string, string[]>();
  for (const row of sqlite.prepare('select id, nutritionist_id from patients where deleted_at is null').all() as Array<{ id: string; nutritionist_id: string }>) {
    const list = patientsOf.get(row.nutritionist_id) ?? [];
    list.push(row.id);
    patientsOf.set(row.nutritionist_id, list);
  }
  sqlite.close();
  console.log(`seeded ${NUTRITIONISTS * PATIENTS_EACH} patients over ${NUTRITIONISTS} practices`);

  const { buildServer, serverBundle } = (await import(path.join(root, 'scripts/build-server.mjs'))) as { buildServer: () => Promise<void>; serverBundle: string };
  await buildServer();
  const bareBundle = path.join(root, 'apps/server/dist/bench-bare-endpoints.mjs');
  await bundle(path.join(here, 'bare-endpoints-server.ts'), bareBundle);

  const env = { HOST: '127.0.0.1', DATA_DIR: dir, JWT_SECRET: SECRET, BENCH_SECRET: SECRET, BENCH_DB: file, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  let counter = 0;
  const pickPractice = (limit = NUTRITIONISTS) => {
    counter += 1;
    const i = (counter * 31) % limit;
    const nutritionistId = nutritionistIds[i]!;
    const patients = patientsOf.get(nutritionistId)!;
    return { i, nutritionistId, token: tokens[i]!, patientId: patients[(counter * 7) % patients.length]! };
  };
  const consultationBody = () => JSON.stringify({ date: '2026-11-20', time: '10:00', measurements: { weightKg: 60 + (counter % 30), heightCm: 165 } });

  // Real server first: it loads the food table and, through the API, a week of appointments for the
  // calendar practices (both stay in the file for the baseline).
  const realPort = 3911;
  const real = await start(serverBundle, { ...env, PORT: String(realPort) });
  const results: Record<string, { real: Figures; bare: Figures }> = {};
  const realFigures: Record<string, Figures> = {};
  try {
    for (let p = 0; p < CALENDAR_PRACTICES; p += 1) {
      const auth = { authorization: `Bearer ${tokens[p]!}`, 'content-type': 'application/json' };
      const location = await fetch(`http://127.0.0.1:${realPort}/api/v1/locations`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Consultorio' }) });
      const locationId = ((await location.json()) as { id: string }).id;
      const patients = patientsOf.get(nutritionistIds[p]!)!;
      for (let a = 0; a < 25; a += 1) {
        const startAt = new Date(Date.UTC(2026, 10, 23 + (a % 5), 12 + Math.floor(a / 5)));
        const created = await fetch(`http://127.0.0.1:${realPort}/api/v1/appointments`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ patientId: patients[a]!, locationId, start: startAt.toISOString(), end: new Date(startAt.getTime() + 45 * 60_000).toISOString(), allowOutsideSchedule: true }),
        });
        if (created.status !== 201) throw new Error(`appointment: ${await created.text()}`);
      }
    }
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const realRequests: Record<string, RequestMaker> = {
      'patient search': () => {
        const { token } = pickPractice();
        return { method: 'GET', path: `/api/v1/patients?q=${encodeURIComponent(QUERIES[counter % QUERIES.length]!)}&limit=20`, headers: bearer(token) };
      },
      'food search': () => {
        const { token } = pickPractice();
        return { method: 'GET', path: `/api/v1/foods?q=${encodeURIComponent(FOOD_QUERIES[counter % FOOD_QUERIES.length]!)}&limit=20`, headers: bearer(token) };
      },
      'open a record': () => {
        const { token, patientId } = pickPractice();
        return { method: 'GET', path: `/api/v1/patients/${patientId}`, headers: bearer(token) };
      },
      'calendar week': () => {
        const { token } = pickPractice(CALENDAR_PRACTICES);
        return { method: 'GET', path: `/api/v1/appointments?from=${WEEK.from}&to=${WEEK.to}`, headers: bearer(token) };
      },
      'save a consultation': () => {
        const { token, patientId } = pickPractice();
        return { method: 'POST', path: `/api/v1/patients/${patientId}/consultations`, headers: { ...bearer(token), 'content-type': 'application/json' }, body: consultationBody() };
      },
    };
    for (const [label, make] of Object.entries(realRequests).filter(([label]) => measured(label))) {
      realFigures[label] = await measure(realPort, make);
      console.log(`real ${label}: ${realFigures[label]!.rps.toFixed(0)} req/s, p50 ${realFigures[label]!.p50} ms, p99 ${realFigures[label]!.p99} ms, non-2xx ${realFigures[label]!.non2xx}`);
    }
  } finally {
    real.kill('SIGTERM');
    await new Promise((resolve) => real.once('exit', resolve));
  }

  const barePort = 3912;
  const bare = await start(bareBundle, { ...env, PORT: String(barePort) });
  try {
    const bareRequests: Record<string, RequestMaker> = {
      'patient search': () => {
        const { nutritionistId } = pickPractice();
        return { method: 'GET', path: `/patients?n=${nutritionistId}&q=${encodeURIComponent(QUERIES[counter % QUERIES.length]!)}`, headers: {} };
      },
      'food search': () => {
        const { nutritionistId } = pickPractice();
        return { method: 'GET', path: `/foods?n=${nutritionistId}&q=${encodeURIComponent(FOOD_QUERIES[counter % FOOD_QUERIES.length]!)}`, headers: {} };
      },
      'open a record': () => {
        const { nutritionistId, patientId } = pickPractice();
        return { method: 'GET', path: `/record?n=${nutritionistId}&id=${patientId}`, headers: {} };
      },
      'calendar week': () => {
        const { nutritionistId } = pickPractice(CALENDAR_PRACTICES);
        return { method: 'GET', path: `/week?n=${nutritionistId}&from=${WEEK.from}&to=${WEEK.to}`, headers: {} };
      },
      'save a consultation': () => {
        const { nutritionistId, patientId } = pickPractice();
        return { method: 'POST', path: `/consultation?n=${nutritionistId}&id=${patientId}`, headers: { 'content-type': 'application/json' }, body: consultationBody() };
      },
    };
    for (const [label, make] of Object.entries(bareRequests).filter(([label]) => measured(label))) {
      const figures = await measure(barePort, make);
      results[label] = { real: realFigures[label]!, bare: figures };
      console.log(`bare ${label}: ${figures.rps.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, non-2xx ${figures.non2xx}`);
    }
  } finally {
    bare.kill('SIGTERM');
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(bareBundle, { force: true });
  console.log(`BENCH_RESULT ${JSON.stringify({ patients: NUTRITIONISTS * PATIENTS_EACH, nutritionists: NUTRITIONISTS, connections: CONNECTIONS, seconds: SECONDS, results })}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
