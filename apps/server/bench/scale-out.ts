// Scale-out, measured and checked (issue 15): identical server processes (the production bundle,
// `node apps/server/dist/main.js`, as `npm start` runs it) behind Debian's nginx on loopback, sharing one
// PostgreSQL database and one Redis, with uploads on a shared local directory.
//
// 1. Load: a realistic mix of what a practice does all day (patient search, opening a record, the
//    calendar week, saving a consultation, sending a chat message) driven by autocannon from this
//    process (the servers and nginx are separate processes) at rising concurrency, against nginx with
//    one upstream and then with two; throughput and p50/p99 per step, and where each saturates.
// 2. kill -9: during a burst of writes through nginx one instance is killed with SIGKILL; every write
//    that was answered 2xx must be readable afterwards through the survivor and, once restarted, through
//    the killed one (nothing lost, one practice seen the same from both).
//
// Needs nginx (/usr/sbin/nginx), PostgreSQL (SCALE_DATABASE_URL, default the test server on
// 127.0.0.1:5432) and Redis (SCALE_REDIS_URL, default 127.0.0.1:6379). Without them it prints why and a
// BENCH_RESULT with `skipped`. Creates and drops its own database.
//   npx tsx apps/server/bench/scale-out.ts
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { Redis } from 'ioredis';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..', '..');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const ADMIN_URL = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NUTRITIONISTS = Number(process.env.SCALE_NUTRITIONISTS ?? 20);
const PATIENTS_EACH = Number(process.env.SCALE_PATIENTS_EACH ?? 30);
const STEP_SECONDS = Number(process.env.SCALE_STEP_SECONDS ?? 6);
const CONCURRENCY_STEPS = (process.env.SCALE_CONCURRENCY ?? '4,8,16,32,64').split(',').map(Number);
const BURST_WRITES = Number(process.env.SCALE_BURST_WRITES ?? 400);
const SECRET = 'scale-out-secret-that-is-long-enough-for-hs256-0123';

function skip(reason: string): never {
  console.log(`scale-out skipped: ${reason}`);
  console.log(`BENCH_RESULT ${JSON.stringify({ skipped: reason })}`);
  process.exit(0);
}

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

async function waitHealthy(base: string, child: ChildProcess | null, what: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Instance {
  port: number;
  child: ChildProcess;
}

const children = new Set<ChildProcess>();
function cleanupChildren() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
process.on('exit', cleanupChildren);

async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  await waitHealthy(`http://127.0.0.1:${port}`, child, `instance on ${port}`);
  return { port, child };
}

/** An nginx of its own (prefix in a temp dir, not daemonised) proxying HTTP and WebSockets to `upstreams`. */
async function startNginx(dir: string, port: number, upstreams: number[]): Promise<ChildProcess> {
  fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream almendra {
    least_conn;
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://almendra;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 3600s;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  await waitHealthy(`http://127.0.0.1:${port}`, child, `nginx on ${port}`);
  return child;
}

interface Practice {
  token: string;
  patientIds: string[];
  /** Patients who accepted a portal invitation: the ones a nutritionist can chat with. */
  portalPatientIds: string[];
  locationId: string;
}

async function api(base: string, method: string, url: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const FIRST = ['José', 'María', 'Lucía', 'Juan', 'Sofía', 'Martín', 'Valentina', 'Mateo', 'Camila', 'Benjamín'];
const LAST = ['Pérez', 'González', 'Rodríguez', 'Fernández', 'López', 'Martínez', 'García', 'Gómez', 'Díaz', 'Sánchez'];
const QUERIES = ['jose', 'pe', 'gonz', 'maría', 'lu', 'a', 'sanchez', 'mat'];

/** Everything through the API (registration, patients, a place, a week of appointments), as a person would. */
async function seed(base: string): Promise<Practice[]> {
  const practices: Practice[] = [];
  for (let n = 0; n < NUTRITIONISTS; n += 1) {
    const registered = await api(base, 'POST', '/api/v1/auth/register', null, {
      firstName: 'Escala',
      lastName: `${n}`,
      email: `escala${n}.${Date.now().toString(36)}@almendra.test`,
      password: 'clave-segura-1',
      countryCode: 'AR',
    });
    if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered.body)}`);
    const token = registered.body.accessToken as string;
    const location = await api(base, 'POST', '/api/v1/locations', token, { name: 'Consultorio' });
    if (location.status !== 201) throw new Error(`location: ${JSON.stringify(location.body)}`);
    const patientIds: string[] = [];
    for (let p = 0; p < PATIENTS_EACH; p += 1) {
      const created = await api(base, 'POST', '/api/v1/patients', token, {
        firstName: FIRST[(n + p) % FIRST.length],
        lastName: LAST[(n * 3 + p) % LAST.length],
        email: `paciente${n}.${p}.${Date.now().toString(36)}@correo.test`,
      });
      if (created.status !== 201) throw new Error(`patient: ${JSON.stringify(created.body)}`);
      patientIds.push(created.body.id as string);
    }
    const portalPatientIds: string[] = [];
    for (const patientId of patientIds.slice(0, 5)) {
      const invite = await api(base, 'POST', `/api/v1/patients/${patientId}/portal-invite`, token);
      if (invite.status !== 201) throw new Error(`portal invite: ${JSON.stringify(invite.body)}`);
      const accepted = await api(base, 'POST', '/api/v1/portal/accept', null, { code: invite.body.code, password: 'clave-paciente-1' });
      if (accepted.status !== 200 && accepted.status !== 201) throw new Error(`portal accept: ${JSON.stringify(accepted.body)}`);
      portalPatientIds.push(patientId);
    }
    for (let a = 0; a < 20; a += 1) {
      const start = new Date(Date.UTC(2026, 10, 23 + (a % 5), 12 + Math.floor(a / 5), 0));
      const created = await api(base, 'POST', '/api/v1/appointments', token, {
        patientId: patientIds[a]!,
        locationId: location.body.id,
        start: start.toISOString(),
        end: new Date(start.getTime() + 45 * 60_000).toISOString(),
        allowOutsideSchedule: true,
      });
      if (created.status !== 201) throw new Error(`appointment: ${JSON.stringify(created.body)}`);
    }
    practices.push({ token, patientIds, portalPatientIds, locationId: location.body.id as string });
  }
  return practices;
}

/**
 * The mix, per 10 requests: 4 searches, 3 record openings, 1 calendar week, 1 consultation saved, 1 chat
 * message sent. Each request picks a practice and a patient of that practice.
 */
function mixRequests(practices: Practice[]) {
  let counter = 0;
  const pick = () => {
    counter += 1;
    const practice = practices[counter % practices.length]!;
    const patientId = practice.patientIds[(counter * 7) % practice.patientIds.length]!;
    return { practice, patientId, n: counter };
  };
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const search = {
    method: 'GET' as const,
    setupRequest: (req: Record<string, unknown>) => {
      const { practice, n } = pick();
      return { ...req, path: `/api/v1/patients?q=${encodeURIComponent(QUERIES[n % QUERIES.length]!)}&page=1&pageSize=20`, headers: auth(practice.token) };
    },
  };
  const record = {
    method: 'GET' as const,
    setupRequest: (req: Record<string, unknown>) => {
      const { practice, patientId } = pick();
      return { ...req, path: `/api/v1/patients/${patientId}`, headers: auth(practice.token) };
    },
  };
  const week = {
    method: 'GET' as const,
    setupRequest: (req: Record<string, unknown>) => {
      const { practice } = pick();
      return { ...req, path: '/api/v1/appointments?from=2026-11-23T03:00:00.000Z&to=2026-11-30T03:00:00.000Z', headers: auth(practice.token) };
    },
  };
  const consultation = {
    method: 'POST' as const,
    setupRequest: (req: Record<string, unknown>) => {
      const { practice, patientId, n } = pick();
      const body = { date: '2026-11-20', time: '10:00', locationId: practice.locationId, measurements: { weightKg: 60 + (n % 30), heightCm: 165 } };
      return { ...req, path: `/api/v1/patients/${patientId}/consultations`, headers: auth(practice.token), body: JSON.stringify(body) };
    },
  };
  const chat = {
    method: 'POST' as const,
    setupRequest: (req: Record<string, unknown>) => {
      const { practice, n } = pick();
      const patientId = practice.portalPatientIds[n % practice.portalPatientIds.length]!;
      return { ...req, path: `/api/v1/conversations/${patientId}/messages`, headers: auth(practice.token), body: JSON.stringify({ text: `Hola, ¿cómo va la semana? (${n})`, clientId: `scale-${process.pid}-${n}` }) };
    },
  };
  return [search, record, search, week, record, search, consultation, search, record, chat];
}

interface Step {
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function drive(base: string, practices: Practice[], connections: number, seconds: number): Promise<Step> {
  const result = await autocannon({ url: base, connections, duration: seconds, requests: mixRequests(practices) as never });
  return {
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The first step after which throughput grows by less than 10 %: where the setup saturates. */
function saturation(steps: Step[]): number | null {
  for (let i = 1; i < steps.length; i += 1) if (steps[i]!.rps < steps[i - 1]!.rps * 1.1) return steps[i - 1]!.connections;
  return null;
}

async function main() {
  if (!fs.existsSync(NGINX)) skip(`nginx not found at ${NGINX} (apt-get install nginx-light)`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    skip(`PostgreSQL not reachable at ${ADMIN_URL}`);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.quit();
  } catch {
    skip(`Redis not reachable at ${REDIS_URL}`);
  }

  console.log('building the server bundle…');
  const built = spawnSync(process.execPath, ['-e', "import('./scripts/build-server.mjs').then((m) => m.buildServer())"], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');

  const dbName = `almendra_scale_${process.pid}`;
  await admin.query(`create database ${dbName}`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-scale-'));
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    DATA_DIR: path.join(workDir, 'data'),
    JWT_SECRET: SECRET,
    PUBLIC_URL: 'http://127.0.0.1',
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '100000',
    TRUST_PROXY: 'true',
  };
  try {
    const [portA, portB, nginxOne, nginxTwo] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const a = await startInstance(portA, env);
    let b = await startInstance(portB, env);
    const one = await startNginx(path.join(workDir, 'nginx-one'), nginxOne, [portA]);
    const two = await startNginx(path.join(workDir, 'nginx-two'), nginxTwo, [portA, portB]);
    const baseOne = `http://127.0.0.1:${nginxOne}`;
    const baseTwo = `http://127.0.0.1:${nginxTwo}`;

    console.log(`seeding ${NUTRITIONISTS} practices × ${PATIENTS_EACH} patients through nginx…`);
    const practices = await seed(baseTwo);

    // Every kind of request in the mix must succeed before its throughput means anything.
    for (const request of new Set(mixRequests(practices))) {
      const prepared = request.setupRequest({}) as { path: string; headers: Record<string, string>; body?: string };
      const response = await fetch(`${baseTwo}${prepared.path}`, { method: request.method, headers: prepared.headers, ...(prepared.body ? { body: prepared.body } : {}) });
      if (!response.ok) throw new Error(`${request.method} ${prepared.path} answered ${response.status}: ${await response.text()}`);
    }

    // Warm both instances (JIT, statement caches, connection pools) before measuring.
    await drive(baseTwo, practices, 8, 2);
    const load: Record<'one' | 'two', Step[]> = { one: [], two: [] };
    for (const [label, base] of [['one', baseOne], ['two', baseTwo]] as const) {
      for (const connections of CONCURRENCY_STEPS) {
        const step = await drive(base, practices, connections, STEP_SECONDS);
        load[label].push(step);
        console.log(`${label === 'one' ? '1 instance ' : '2 instances'} ${String(connections).padStart(3)} connections: ${step.rps.toFixed(0)} req/s, p50 ${step.p50} ms, p99 ${step.p99} ms, non-2xx ${step.non2xx}, errors ${step.errors}`);
      }
    }

    // kill -9 of instance B during a burst of writes through nginx (16 writers).
    const practice = practices[0]!;
    const acknowledged: string[] = [];
    let failed = 0;
    let sent = 0;
    let killedAfter = -1;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < BURST_WRITES) {
          const n = sent++;
          if (n === Math.floor(BURST_WRITES / 3) && killedAfter < 0) {
            killedAfter = acknowledged.length;
            b.child.kill('SIGKILL');
          }
          try {
            const created = await api(baseTwo, 'POST', '/api/v1/patients', practice.token, { firstName: 'Ráfaga', lastName: `N${n}` });
            if (created.status === 201) acknowledged.push(created.body.id as string);
            else failed += 1;
          } catch {
            failed += 1;
          }
        }
      }),
    );
    const missingVia = async (base: string) => {
      let missing = 0;
      for (const id of acknowledged) if ((await api(base, 'GET', `/api/v1/patients/${id}`, practice.token)).status !== 200) missing += 1;
      return missing;
    };
    const missingOnSurvivor = await missingVia(`http://127.0.0.1:${a.port}`);
    b = await startInstance(portB, env);
    const missingOnRestarted = await missingVia(`http://127.0.0.1:${b.port}`);
    console.log(`kill -9 during ${BURST_WRITES} writes: ${acknowledged.length} answered 201, ${failed} failed, missing afterwards ${missingOnSurvivor} (survivor) / ${missingOnRestarted} (restarted)`);

    one.kill('SIGTERM');
    two.kill('SIGTERM');
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    const result = {
      nginx: spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', ''),
      cores: os.cpus().length,
      practices: NUTRITIONISTS,
      patientsEach: PATIENTS_EACH,
      stepSeconds: STEP_SECONDS,
      load,
      saturation: { one: saturation(load.one), two: saturation(load.two) },
      crash: { writes: BURST_WRITES, acknowledged: acknowledged.length, failed, killedAfterAcknowledged: killedAfter, missingOnSurvivor, missingOnRestarted },
    };
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    cleanupChildren();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  cleanupChildren();
  process.exit(1);
});
