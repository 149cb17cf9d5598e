// Benchmark: chat message delivery with 1,000 sockets connected to the real server process — from the
// moment a nutritionist's POST /conversations/{patientId}/messages leaves the client to the moment the
// chat.message event arrives on the patient's socket (HTTP, auth, validation, the SQLite write, the event
// bus, the socket) — next to a bare `ws` relay server in the same run (socket to socket, nothing else).
// Open loop: messages are sent at a fixed rate whatever the answers do; latency is measured from the
// scheduled send time. Prints figures and a BENCH_RESULT line; asserts nothing.
//   npx tsx apps/server/bench/chat-delivery.ts
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { loadPatientTypes } from '../src/db/reference-data/patient-types.js';
import { AccessTokenIssuer } from '../src/lib/access-token.js';
import { systemClock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { searchTextOf, sortNameOf } from '../src/modules/patients/patient-text.js';
import { startServerProcess } from './child-server.js';

const NUTRITIONISTS = 20;
const PATIENTS_EACH = 49; // 20 practices + 980 patients = 1,000 sockets
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1500);
const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 100);
const WARMUP = 100;
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const here = path.dirname(fileURLToPath(import.meta.url));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Practice {
  nutritionistId: string;
  token: string;
  patients: Array<{ id: string; token: string }>;
}

async function seed(file: string): Promise<Practice[]> {
  const database = openDatabase({ sqliteFile: file });
  await migrateToLatest(database.db);
  await loadPatientTypes(database.db);
  const issuer = new AccessTokenIssuer(SECRET, 24 * 3600, systemClock);
  const now = new Date().toISOString();
  const practices: Practice[] = [];
  const user = (id: string, email: string, role: 'nutritionist' | 'patient') => ({
    id, email, password_hash: 'x', role, locale: 'es' as const, theme: 'light' as const, primary_color: 'teal', starred_pages: '[]', banned_status: 0, plan_key: null, confirmed: 1, created_at: now, updated_at: now,
  });
  await database.db.transaction().execute(async (trx) => {
    for (let n = 0; n < NUTRITIONISTS; n += 1) {
      const userId = newId();
      const nutritionistId = newId();
      await trx.insertInto('users').values(user(userId, `chat${n}@almendra.test`, 'nutritionist')).execute();
      await trx
        .insertInto('nutritionists')
        .values({ id: nutritionistId, user_id: userId, first_name: 'Bench', last_name: `${n}`, email: `chat${n}@almendra.test`, phone: null, country_code: 'AR', licence_number: null, time_zone: 'America/Argentina/Buenos_Aires', created_at: now, updated_at: now })
        .execute();
      const practice: Practice = { nutritionistId, token: (await issuer.issue({ userId, role: 'nutritionist', nutritionistId })).token, patients: [] };
      for (let p = 0; p < PATIENTS_EACH; p += 1) {
        const patientUserId = newId();
        const id = newId();
        const email = `p${n}.${p}@correo.test`;
        await trx.insertInto('users').values(user(patientUserId, email, 'patient')).execute();
        await trx
          .insertInto('patients')
          .values({
            id, nutritionist_id: nutritionistId, user_id: patientUserId, type_id: 14, first_name: 'Paciente', last_name: `${n}-${p}`, birth_date: null, sex: null,
            document_number: null, phone: null, mobile_area_code: null, mobile_number: null, address: null, province: null, city: null, email,
            health_insurance: null, member_number: null, profession: null, reason_for_consultation: null, goal: null, referred_by: null, start_date: null,
            location_id: null, height_cm: null, website: null, is_new: 0, is_test: 0, photo_path: null,
            search_text: searchTextOf({ first_name: 'Paciente', last_name: `${n}-${p}`, email }), sort_name: sortNameOf({ first_name: 'Paciente', last_name: `${n}-${p}` }),
            last_visit_at: null, version: 1, created_at: now, updated_at: now, deleted_at: null,
          })
          .execute();
        practice.patients.push({ id, token: (await issuer.issue({ userId: patientUserId, role: 'patient', nutritionistId: null })).token });
      }
      practices.push(practice);
    }
  });
  await database.close();
  return practices;
}


function open(url: string, onMessage: (data: string) => void, authToken?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('error', reject);
    socket.on('message', (raw) => {
      const text = String(raw);
      if (authToken && text.includes('"type":"ready"')) resolve(socket);
      else onMessage(text);
    });
    socket.on('open', () => {
      if (authToken) socket.send(JSON.stringify({ type: 'auth', token: authToken }));
      else resolve(socket);
    });
  });
}

/** Sends `total` messages at RATE_PER_SECOND (open loop), answers sorted delivery latencies in ms. */
async function run(total: number, send: (i: number, scheduled: number) => void, pending: Map<string, number>, latencies: number[]) {
  const interval = 1000 / RATE_PER_SECOND;
  const startAt = performance.now() + 50;
  for (let i = 0; i < total; i++) {
    const scheduled = startAt + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 2) await new Promise((r) => setTimeout(r, wait - 1));
    // Timers wake up to a millisecond early: spin the rest, so no message leaves before its time.
    while (performance.now() < scheduled) {
      /* spin */
    }
    send(i, scheduled);
  }
  const deadline = performance.now() + 30_000;
  while (pending.size > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return { sorted: [...latencies].sort((a, b) => a - b), lost: pending.size };
}

const summarise = (sorted: number[]) => ({ p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1]! });

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-chat-bench-'));
  const seedStart = performance.now();
  const practices = await seed(path.join(dir, 'almendra.db'));
  const seedMs = Math.round(performance.now() - seedStart);
  const appPort = 3400 + Math.floor(Math.random() * 200);
  const barePort = appPort + 1;
  const app = await startServerProcess(path.join(here, '..', 'src', 'main.ts'), {
    PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent', NODE_ENV: 'production',
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
  });
  const bare = await startServerProcess(path.join(here, 'bare-ws-relay-server.ts'), { PORT: String(barePort) });
  const sockets: WebSocket[] = [];
  try {
    // --- The real server: 1,000 authenticated sockets.
    const appPending = new Map<string, number>();
    const appLatencies: number[] = [];
    const onPatientEvent = (text: string) => {
      if (!text.includes('"chat.message"')) return;
      const event = JSON.parse(text) as { message: { clientId: string } };
      const scheduled = appPending.get(event.message.clientId);
      if (scheduled === undefined) return;
      appPending.delete(event.message.clientId);
      appLatencies.push(performance.now() - scheduled);
    };
    const wsUrl = `ws://127.0.0.1:${appPort}/api/v1/ws`;
    for (const practice of practices) {
      sockets.push(await open(wsUrl, () => undefined, practice.token));
      for (const patient of practice.patients) sockets.push(await open(wsUrl, onPatientEvent, patient.token));
    }
    const connected = sockets.length;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const post = (i: number, scheduled: number, label: string) => {
      const practice = practices[i % practices.length]!;
      const patient = practice.patients[Math.floor(i / practices.length) % practice.patients.length]!;
      const clientId = `${label}-${i}`;
      appPending.set(clientId, scheduled);
      const body = JSON.stringify({ text: `Mensaje ${i}: ¿cómo venís con el plan?`, clientId });
      const request = http.request(
        { host: '127.0.0.1', port: appPort, method: 'POST', path: `/api/v1/conversations/${patient.id}/messages`, agent, headers: { 'content-type': 'application/json', authorization: `Bearer ${practice.token}`, 'content-length': Buffer.byteLength(body) } },
        (res) => res.resume(),
      );
      request.on('error', () => undefined);
      request.end(body);
    };
    await run(WARMUP, (i, s) => post(i, s, 'warm'), appPending, []);
    appLatencies.length = 0;
    const appRun = await run(MESSAGES, (i, s) => post(i, s, 'm'), appPending, appLatencies);
    agent.destroy();

    // --- Baseline: the bare relay, also with 1,000 sockets.
    const barePending = new Map<string, number>();
    const bareLatencies: number[] = [];
    const bareSockets: WebSocket[] = [];
    const onBare = (text: string) => {
      const message = JSON.parse(text) as { id: string };
      const scheduled = barePending.get(message.id);
      if (scheduled === undefined) return;
      barePending.delete(message.id);
      bareLatencies.push(performance.now() - scheduled);
    };
    for (let s = 0; s < connected; s++) bareSockets.push(await open(`ws://127.0.0.1:${barePort}/ws?name=s${s}`, onBare));
    sockets.push(...bareSockets);
    const relay = (i: number, scheduled: number, label: string) => {
      const id = `${label}-${i}`;
      barePending.set(id, scheduled);
      bareSockets[i % NUTRITIONISTS]!.send(JSON.stringify({ to: `s${NUTRITIONISTS + (i % (connected - NUTRITIONISTS))}`, id, text: `Mensaje ${i}: ¿cómo venís con el plan?` }));
    };
    await run(WARMUP, (i, s) => relay(i, s, 'warm'), barePending, []);
    bareLatencies.length = 0;
    const bareRun = await run(MESSAGES, (i, s) => relay(i, s, 'm'), barePending, bareLatencies);

    const result = {
      name: 'chat-delivery',
      database: 'sqlite',
      sockets: connected,
      messages: MESSAGES,
      ratePerSecond: RATE_PER_SECOND,
      seedMs,
      app: { ...summarise(appRun.sorted), delivered: appRun.sorted.length, lost: appRun.lost },
      bare: { ...summarise(bareRun.sorted), delivered: bareRun.sorted.length, lost: bareRun.lost },
    };
    console.log(`chat delivery, ${connected} sockets, ${MESSAGES} messages at ${RATE_PER_SECOND}/s`);
    console.log(`  app : p50 ${result.app.p50.toFixed(2)} ms, p99 ${result.app.p99.toFixed(2)} ms, lost ${result.app.lost}`);
    console.log(`  bare: p50 ${result.bare.p50.toFixed(2)} ms, p99 ${result.bare.p99.toFixed(2)} ms, lost ${result.bare.lost}`);
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    for (const socket of sockets) socket.terminate();
    app.kill('SIGTERM');
    bare.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
