// Benchmark (issue 5): available slots for every day of a month at a busy place — Monday to Saturday,
// 08:00–12:00 and 14:00–20:00, a 15-minute interval (40 slots a day), 20 appointments a day. Measured
// through the domain's computeSlots (time-zone aware, in the nutritionist's zone) and through
// GET /api/v1/locations/{id}/slots via app.inject (auth, validation, the place, schedule and busy
// queries, serialisation) on SQLite. Baselines of the same run: GET /api/v1/locations/{id} (the same
// HTTP, auth and place lookup, no slots) and a plain slot loop over fixed UTC offsets with no time zone.
// Prints figures and a BENCH_RESULT line; asserts nothing.
//   npx tsx apps/server/bench/slots.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { computeSlots, type WeeklyRange } from '@almendra/domain';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { ManualClock } from '../src/lib/clock.js';

const MONTH = '2027-03';
const DAYS_IN_MONTH = 31;
const TIME_ZONE = 'America/Argentina/Buenos_Aires'; // the default zone of a new nutritionist (UTC−3)
const INTERVAL = 15;
const PER_DAY = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const RANGES = [
  { start: '08:00', end: '12:00' },
  { start: '14:00', end: '20:00' },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}
const dates = Array.from({ length: DAYS_IN_MONTH }, (_, i) => `${MONTH}-${String(i + 1).padStart(2, '0')}`);
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The baseline: the same starts and overlap test with a fixed −03:00 offset, no time-zone handling. */
function plainSlots(date: string, busy: { start: number; end: number }[]): number {
  if (isoWeekday(date) === 7) return 0;
  const midnight = Date.parse(`${date}T03:00:00Z`);
  let available = 0;
  for (const [from, to] of [[8 * 60, 12 * 60], [14 * 60, 20 * 60]] as const) {
    for (let m = from; m + INTERVAL <= to; m += INTERVAL) {
      const start = midnight + m * 60_000;
      const end = start + INTERVAL * 60_000;
      if (!busy.some((b) => b.start < end && start < b.end)) available += 1;
    }
  }
  return available;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-slots-bench-'));
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'bench.db') });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123' });
  // The month lies ahead of "now", so no slot is unavailable just for being in the past.
  const clock = new ManualClock(`2027-02-25T12:00:00.000Z`);
  const { app } = await buildApp({ config, database, clock, serveWeb: false, backgroundJobs: false, foodReferenceFile: null });
  try {
    const register = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { firstName: 'Ana', lastName: 'Bench', email: `slots.${Date.now()}@almendra.test`, password: 'clave-segura-1' },
    });
    const headers = { authorization: `Bearer ${register.json().accessToken}` };
    const place = await app.inject({ method: 'POST', url: '/api/v1/locations', headers, payload: { name: 'Consultorio Centro', slotIntervalMinutes: INTERVAL } });
    const placeId = place.json().id as string;
    const days = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, ranges: RANGES }));
    const schedule = await app.inject({ method: 'PUT', url: `/api/v1/locations/${placeId}/schedule`, headers, payload: { days } });
    if (schedule.statusCode !== 200) throw new Error(`schedule: ${schedule.statusCode} ${schedule.body}`);

    const patientIds: string[] = [];
    for (let i = 0; i < PER_DAY; i += 1) {
      const patient = await app.inject({ method: 'POST', url: '/api/v1/patients', headers, payload: { firstName: `Paciente ${i + 1}`, lastName: 'Bench' } });
      if (patient.statusCode !== 201) throw new Error(`patient: ${patient.statusCode} ${patient.body}`);
      patientIds.push(patient.json().id as string);
    }

    // 20 appointments on every working day: 15 of 15 minutes and 5 of 30; the first a free-time block.
    const busyByDate = new Map<string, { start: number; end: number }[]>();
    const seedStart = performance.now();
    let booked = 0;
    for (const date of dates) {
      const busy: { start: number; end: number }[] = [];
      busyByDate.set(date, busy);
      if (isoWeekday(date) === 7) continue;
      const midnight = Date.parse(`${date}T03:00:00Z`);
      for (let n = 0, minute = 8 * 60; n < PER_DAY; n += 1) {
        const length = n % 4 === 3 ? 30 : 15;
        if (minute >= 12 * 60 && minute < 14 * 60) minute = 14 * 60;
        const start = midnight + minute * 60_000;
        const end = start + length * 60_000;
        const response = await app.inject({ method: 'POST', url: '/api/v1/appointments', headers, payload: { locationId: placeId, patientId: n === 0 ? null : patientIds[n], start: new Date(start).toISOString(), end: new Date(end).toISOString() } });
        if (response.statusCode !== 201) throw new Error(`appointment ${date}: ${response.statusCode} ${response.body}`);
        busy.push({ start, end });
        booked += 1;
        minute += length + (n % 3 === 0 ? 15 : 0); // leave some gaps between appointments
      }
    }
    console.log(`seeded ${booked} appointments over ${DAYS_IN_MONTH} days in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    // The domain function alone, with the schedule and busy intervals already in memory.
    const weekly: WeeklyRange[] = days.flatMap((d) => d.ranges.map((r) => ({ weekday: d.weekday, start: r.start, end: r.end })));
    const domainMonth: number[] = [];
    const domainDay: number[] = [];
    const plainMonth: number[] = [];
    let slotsPerMonth = 0;
    let availablePerMonth = 0;
    for (let round = 0; round < ROUNDS * 5; round += 1) {
      let total = 0;
      let available = 0;
      const monthStart = performance.now();
      for (const date of dates) {
        const dayStart = performance.now();
        const slots = computeSlots({ date, timeZone: TIME_ZONE, ranges: weekly, intervalMinutes: INTERVAL, busy: busyByDate.get(date)!, now: clock.now() });
        domainDay.push(performance.now() - dayStart);
        total += slots.length;
        for (const s of slots) if (s.available) available += 1;
      }
      domainMonth.push(performance.now() - monthStart);
      slotsPerMonth = total;
      availablePerMonth = available;
      const plainStart = performance.now();
      let plainAvailable = 0;
      for (const date of dates) plainAvailable += plainSlots(date, busyByDate.get(date)!);
      plainMonth.push(performance.now() - plainStart);
      if (plainAvailable !== availablePerMonth) throw new Error(`baseline disagrees: ${plainAvailable} vs ${availablePerMonth} available slots`);
    }

    // The endpoint, one request per day, and the baseline endpoint with the same overhead.
    for (const date of dates.slice(0, 5)) await app.inject({ method: 'GET', url: `/api/v1/locations/${placeId}/slots?date=${date}&interval=${INTERVAL}`, headers });
    const endpointDay: number[] = [];
    const endpointMonth: number[] = [];
    const baselineDay: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const monthStart = performance.now();
      for (const date of dates) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: `/api/v1/locations/${placeId}/slots?date=${date}&interval=${INTERVAL}`, headers });
        endpointDay.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`slots ${date}: ${response.statusCode} ${response.body}`);
      }
      endpointMonth.push(performance.now() - monthStart);
      for (let i = 0; i < dates.length; i += 1) {
        const started = performance.now();
        await app.inject({ method: 'GET', url: `/api/v1/locations/${placeId}`, headers });
        baselineDay.push(performance.now() - started);
      }
    }
    const result = {
      name: 'slots',
      database: database.kind,
      month: MONTH,
      days: DAYS_IN_MONTH,
      appointments: booked,
      intervalMinutes: INTERVAL,
      slotsPerMonth,
      availablePerMonth,
      domainMonth: summary(domainMonth),
      domainDay: summary(domainDay),
      plainMonth: summary(plainMonth),
      endpointDay: summary(endpointDay),
      endpointMonth: summary(endpointMonth),
      baselineDay: summary(baselineDay),
    };
    console.log(`${slotsPerMonth} slots a month (${availablePerMonth} available), ${booked} appointments`);
    console.log(`computeSlots, whole month: p50 ${result.domainMonth.p50.toFixed(2)} ms (one day p50 ${result.domainDay.p50.toFixed(3)} ms, p95 ${result.domainDay.p95.toFixed(3)} ms)`);
    console.log(`baseline, plain loop without time zones, whole month: p50 ${result.plainMonth.p50.toFixed(3)} ms`);
    console.log(`GET /locations/{id}/slots, one day: p50 ${result.endpointDay.p50.toFixed(2)} ms, p95 ${result.endpointDay.p95.toFixed(2)} ms; whole month p50 ${result.endpointMonth.p50.toFixed(1)} ms`);
    console.log(`baseline GET /locations/{id}: p50 ${result.baselineDay.p50.toFixed(2)} ms, p95 ${result.baselineDay.p95.toFixed(2)} ms`);
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
