// Benchmark (issue 26): WHO z-scores of a cohort of 10,000 children and adolescents (0–19 years, both sexes,
// every indicator that applies: weight-, length/height-, BMI-, head circumference-for-age and
// weight-for-length/height) through packages/domain's assessGrowth — age in days, table lookup, LMS
// interpolation, the position correction, restricted z, rounding, percentiles, flags and classification —
// and POST /api/v1/anthropometry/growth through app.inject (auth, validation, serialisation) on SQLite.
// Baselines of the same run: the assessment as it was before the 2026-11-28 optimisation (growth-before.ts,
// kept verbatim; its rounds alternate with the current path's so both see the same load, and every child's
// answer is compared), a bare loop over the LMS formula (one fixed L, M, S per indicator, no lookup, no rules)
// for the same number of z-scores, and assessGrowth of one child for the endpoint.
// The cohort is generated (seeded): ages uniform over 0 to 19 years, measurements around the WHO medians.
// Prints figures and a BENCH_RESULT line; asserts nothing.
//   npx tsx apps/server/bench/growth.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assessGrowth, growthCurve, lmsZ, type GrowthInput, type GrowthReference } from '@almendra/domain/growth';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { ManualClock } from '../src/lib/clock.js';
import { assessGrowthBefore } from './growth-before.js';

const CHILDREN = 10_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const VISIT = '2026-03-09';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1)!, n: sorted.length };
}

/** Deterministic generator (mulberry32), so every run measures the same cohort. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The WHO median of a chart at an age in months (linear between the curve's points). */
function medianAt(kind: 'heightForAge' | 'bmiForAge' | 'headCircumferenceForAge', sex: 'm' | 'f', band: GrowthReference) {
  const curve = growthCurve(kind, sex, band, [0], 7);
  return (months: number) => {
    const i = Math.max(0, curve.findIndex((p) => p.x >= months));
    const high = curve[i]!;
    const low = curve[Math.max(0, i - 1)]!;
    const fraction = high.x === low.x ? 0 : (months - low.x) / (high.x - low.x);
    return low.values[0]! + fraction * (high.values[0]! - low.values[0]!);
  };
}

function cohort(): GrowthInput[] {
  const next = random(26);
  const medians = new Map<string, (months: number) => number>();
  const median = (kind: 'heightForAge' | 'bmiForAge' | 'headCircumferenceForAge', sex: 'm' | 'f', band: GrowthReference) => {
    const key = `${kind}-${sex}-${band}`;
    if (!medians.has(key)) medians.set(key, medianAt(kind, sex, band));
    return medians.get(key)!;
  };
  const visit = Date.parse(`${VISIT}T00:00:00Z`);
  const children: GrowthInput[] = [];
  for (let i = 0; i < CHILDREN; i += 1) {
    const sex = next() < 0.5 ? 'f' : 'm';
    const ageDays = Math.floor(next() * (19 * 365.25 - 2));
    const birthDate = new Date(visit - ageDays * 86_400_000).toISOString().slice(0, 10);
    const months = ageDays / 30.4375;
    const band: GrowthReference = months < 60 ? 'who2006' : 'who2007';
    const heightCm = Number((median('heightForAge', sex, band)(months) * (1 + (next() - 0.5) * 0.12)).toFixed(1));
    const bmi = median('bmiForAge', sex, band)(months) * (1 + (next() - 0.5) * 0.3);
    const weightKg = Number((bmi * (heightCm / 100) ** 2).toFixed(1));
    const underFive = band === 'who2006';
    children.push({
      sex,
      birthDate,
      date: VISIT,
      weightKg,
      heightCm,
      measuredLying: underFive ? (next() < 0.2 ? months >= 24 : null) : null,
      headCircumferenceCm: underFive ? Number((median('headCircumferenceForAge', sex, band)(months) * (1 + (next() - 0.5) * 0.06)).toFixed(1)) : null,
    });
  }
  return children;
}

async function main(): Promise<void> {
  const children = cohort();
  // Warm up (JIT) and count the z-scores the domain computes for the cohort.
  let zScores = 0;
  for (const child of children) zScores += Object.keys(assessGrowth(child).indicators).length;
  const bands = children.reduce((n, c) => n + (assessGrowth(c).reference === 'who2006' ? 1 : 0), 0);
  console.log(`cohort: ${CHILDREN} children (${bands} under 5), ${zScores} z-scores`);

  // The path before the optimisation gives the same answer, child for child (z, percentile, class, flag).
  for (const child of children) assessGrowthBefore(child); // its warm-up
  const identical = children.every((child) => JSON.stringify(assessGrowth(child)) === JSON.stringify(assessGrowthBefore(child)));

  // The whole cohort through the domain, ROUNDS times, alternating with the path before the optimisation.
  const domainCohort: number[] = [];
  const beforeCohort: number[] = [];
  let sink = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    let start = performance.now();
    for (const child of children) sink += assessGrowthBefore(child).ageDays;
    beforeCohort.push(performance.now() - start);
    start = performance.now();
    for (const child of children) sink += assessGrowth(child).ageDays;
    domainCohort.push(performance.now() - start);
  }

  // Baseline: the bare LMS formula, the same number of z-scores, one fixed L, M, S (a 4-year-old boy's BMI row).
  const values = children.flatMap((c) => [c.weightKg!, c.heightCm!, c.weightKg! / (c.heightCm! / 100) ** 2]);
  const bareCohort: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = performance.now();
    for (let i = 0; i < zScores; i += 1) sink += lmsZ(values[i % values.length]!, -0.5969, 15.7797, 0.08064);
    bareCohort.push(performance.now() - start);
  }

  // One child at a time through the domain (the endpoint's baseline).
  const domainOne: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const start = performance.now();
    sink += assessGrowth(children[i % CHILDREN]!).ageDays;
    domainOne.push(performance.now() - start);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-growth-bench-'));
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'bench.db') });
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123' });
  const { app } = await buildApp({ config, database, clock: new ManualClock(`${VISIT}T15:00:00.000Z`), serveWeb: false, backgroundJobs: false, foodReferenceFile: null });
  const endpoint: number[] = [];
  try {
    const register = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { firstName: 'Ana', lastName: 'Bench', email: `growth.${Date.now()}@almendra.test`, password: 'clave-segura-1' },
    });
    const headers = { authorization: `Bearer ${register.json().accessToken}` };
    for (let i = 0; i < REQUESTS + 50; i += 1) {
      const child = children[i % CHILDREN]!;
      const start = performance.now();
      const response = await app.inject({ method: 'POST', url: '/api/v1/anthropometry/growth', headers, payload: child });
      const elapsed = performance.now() - start;
      if (response.statusCode !== 200) throw new Error(`growth: ${response.statusCode} ${response.body}`);
      if (i >= 50) endpoint.push(elapsed); // the first 50 warm the route up
    }
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const result = {
    name: 'growth',
    database: 'sqlite',
    children: CHILDREN,
    underFive: bands,
    zScores,
    rounds: ROUNDS,
    requests: REQUESTS,
    domainCohort: summary(domainCohort),
    beforeCohort: summary(beforeCohort),
    identical,
    bareCohort: summary(bareCohort),
    domainOne: summary(domainOne),
    endpoint: summary(endpoint),
    sink: sink > 0,
  };
  console.log(`domain, 10,000 children: p50 ${result.domainCohort.p50.toFixed(1)} ms, p95 ${result.domainCohort.p95.toFixed(1)} ms`);
  console.log(`before the optimisation, 10,000 children: p50 ${result.beforeCohort.p50.toFixed(1)} ms, p95 ${result.beforeCohort.p95.toFixed(1)} ms; same answers: ${identical}`);
  console.log(`bare LMS loop, ${zScores} z: p50 ${result.bareCohort.p50.toFixed(2)} ms`);
  console.log(`POST /anthropometry/growth: p50 ${result.endpoint.p50.toFixed(2)} ms, p95 ${result.endpoint.p95.toFixed(2)} ms`);
  console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
}

await main();
