// Benchmark (issue 28): solve time of the plan solvers (HiGHS, WebAssembly) — an exchange distribution and a
// formula day — over fixed sets of feasible targets (the totals of plans a nutritionist could write, built
// from a seeded generator so every run measures the same inputs). Baseline of the same run: recomputing
// the totals of a hand-made plan of the same size with the domain's functions (what the editor does on
// every keystroke). Budget (issue 28): p95 < 200 ms. Prints figures and a BENCH_RESULT line; asserts nothing.
//   npx tsx apps/server/bench/plan-solver.ts
import os from 'node:os';
import { exchangeMealTotals, sumTotals } from '@almendra/domain';
import { exchangeGroupsFor, groupValues } from '../src/modules/plans/exchange-groups.js';
import { solveExchanges } from '../src/modules/plans/solver/exchange-distribution.js';
import { solveFormulaDay, type ResolvedLine } from '../src/modules/plans/solver/formula-day.js';
import { slotCost } from '../src/modules/plans/solver/meal-patterns.js';
import { warmUpPlanSolver } from '../src/modules/plans/solver/warm-up.js';
import { macroPercents, sumNutrition, type Nutrition } from '../src/modules/plans/solver/targets.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const file = exchangeGroupsFor('AR')!;
const groups = file.groups;
const values = groupValues(file);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)!, n: samples.length };
};

/** Mulberry32: a small seeded generator, so each run solves the same plans. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nutritionOf = (g: (typeof groups)[number]): Nutrition => ({ energyKcal: g.portion.energyKcal, proteinG: g.portion.proteinG, fatG: g.portion.fatG, carbsG: g.portion.carbohydrateG });
const MEALS = [1, 2, 3, 4, 5, 6];

/** A hand-made exchange day (usual groups in each meal, 1–3 portions) and the targets it meets. */
function exchangeCase(next: () => number) {
  const portions = new Map(MEALS.map((slot) => [slot, Array.from({ length: 24 }, () => 0)]));
  for (const slot of MEALS) {
    for (const g of groups) if (slotCost(slot, g.id) === 0 && next() < 0.6) portions.get(slot)![g.position - 1] = 0.5 * (1 + Math.floor(next() * 5));
  }
  const parts = MEALS.flatMap((slot) => groups.map((g) => [nutritionOf(g), portions.get(slot)![g.position - 1]!] as const));
  const total = sumNutrition(parts);
  const p = macroPercents(total);
  const proteinPct = Math.round(p.proteinPct);
  const fatPct = Math.round(p.fatPct);
  const meal = MEALS.map((slot) => sumNutrition(groups.map((g) => [nutritionOf(g), portions.get(slot)![g.position - 1]!] as const)).energyKcal);
  const shares = meal.map((k) => Math.round((k / total.energyKcal) * 100));
  shares[2] = shares[2]! + 100 - shares.reduce((a, b) => a + b, 0);
  return {
    portions,
    input: {
      targetEnergyKcal: Math.min(6000, Math.max(800, Math.round(total.energyKcal))),
      macros: { proteinPct, fatPct, carbsPct: 100 - proteinPct - fatPct },
      distribution: MEALS.map((slot, i) => ({ slot, pct: shares[i]! })),
      step: 0.5 as const,
    },
  };
}

// A formula day of 12 lines (milk, meat, cereal, oil, fruit, vegetables…), per gram.
const FOODS: Nutrition[] = [
  { energyKcal: 0.61, proteinG: 0.032, fatG: 0.033, carbsG: 0.048 },
  { energyKcal: 1.65, proteinG: 0.31, fatG: 0.036, carbsG: 0 },
  { energyKcal: 1.3, proteinG: 0.027, fatG: 0.003, carbsG: 0.28 },
  { energyKcal: 8.84, proteinG: 0, fatG: 1, carbsG: 0 },
  { energyKcal: 0.52, proteinG: 0.003, fatG: 0.002, carbsG: 0.14 },
  { energyKcal: 0.18, proteinG: 0.009, fatG: 0.002, carbsG: 0.039 },
  { energyKcal: 2.65, proteinG: 0.09, fatG: 0.032, carbsG: 0.49 },
  { energyKcal: 1.43, proteinG: 0.126, fatG: 0.095, carbsG: 0.007 },
];
function formulaCase(next: () => number) {
  const target = Array.from({ length: 12 }, (_, i) => ({ food: i % FOODS.length, grams: 10 * (3 + Math.floor(next() * 20)) }));
  const total = sumNutrition(target.map((l) => [FOODS[l.food]!, l.grams] as const));
  const p = macroPercents(total);
  const proteinPct = Math.round(p.proteinPct);
  const fatPct = Math.round(p.fatPct);
  const lines: ResolvedLine[] = target.map((l, i) => ({
    item: { foodId: `f${i}`, slot: 1 + (i % 6), grams: Math.max(0, l.grams + 10 * Math.round((next() - 0.5) * 8)), ...(i === 0 ? { locked: true, grams: l.grams } : {}) },
    perGram: FOODS[l.food]!,
    stepGrams: 10,
    household: () => null,
  }));
  return { energy: Math.min(6000, Math.max(800, Math.round(total.energyKcal))), macros: { proteinPct, fatPct, carbsPct: 100 - proteinPct - fatPct }, lines, target };
}

async function main(): Promise<void> {
  const next = random(28);
  const exchangeCases = Array.from({ length: RUNS }, () => exchangeCase(next));
  const formulaCases = Array.from({ length: RUNS }, () => formulaCase(next));
  // What the server does as soon as it listens (loads HiGHS and solves one plan of each kind); before it did, the
  // first nutritionist's request paid this.
  const warmUpMs = await warmUpPlanSolver();
  const firstStart = performance.now();
  await solveExchanges(exchangeCases[0]!.input, groups).catch(() => undefined);
  const firstSolveMs = performance.now() - firstStart;
  for (const c of exchangeCases.slice(1, 4)) await solveExchanges(c.input, groups).catch(() => undefined);
  for (const c of formulaCases.slice(0, 3)) await solveFormulaDay(c.energy, c.macros, c.lines).catch(() => undefined);

  // Three ways, alternating case by case so all see the same machine load: "after" (the server as it runs now:
  // the relaxation, then rounding it in a box — milp.ts), "before" (the whole model searched within the same
  // time budget, as the solver was until this change) and "best" (the whole model searched until the best
  // answer is proved, the quality reference).
  const MODES = { after: {}, before: { method: 'search' }, best: { budgetSeconds: null } } as const;
  type Mode = keyof typeof MODES;
  const blank = () => ({ ms: [] as number[], infeasible: 0, shareMiss: 0 });
  const exchange: Record<Mode, ReturnType<typeof blank>> = { after: blank(), before: blank(), best: blank() };
  const formula: Record<Mode, ReturnType<typeof blank>> = { after: blank(), before: blank(), best: blank() };
  for (const c of exchangeCases) {
    for (const mode of Object.keys(MODES) as Mode[]) {
      const start = performance.now();
      await solveExchanges(c.input, groups, MODES[mode])
        .then((answer) => {
          exchange[mode].shareMiss += shareMiss(answer, c.input);
        })
        .catch(() => {
          exchange[mode].infeasible += 1;
        });
      exchange[mode].ms.push(performance.now() - start);
    }
  }
  for (const c of formulaCases) {
    for (const mode of Object.keys(MODES) as Mode[]) {
      const start = performance.now();
      await solveFormulaDay(c.energy, c.macros, c.lines, MODES[mode]).catch(() => {
        formula[mode].infeasible += 1;
      });
      formula[mode].ms.push(performance.now() - start);
    }
  }
  // Baseline: the totals of the same hand-made exchange day recomputed (six meals, fifteen groups).
  const recomputeMs: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    for (const c of exchangeCases) {
      const start = performance.now();
      sumTotals(MEALS.map((slot) => exchangeMealTotals(c.portions.get(slot)!, values)));
      recomputeMs.push(performance.now() - start);
    }
  }
  const result = {
    runs: RUNS,
    loadAverage: os.loadavg()[0],
    cpus: os.cpus().length,
    warmUpMs,
    firstSolveMs,
    wasmLiftoff: process.env.ALMENDRA_WASM_LIFTOFF === '1',
    exchange: { ...summary(exchange.after.ms), infeasible: exchange.after.infeasible, shareMissPts: exchange.after.shareMiss / RUNS },
    formula: { ...summary(formula.after.ms), infeasible: formula.after.infeasible },
    before: {
      exchange: { ...summary(exchange.before.ms), infeasible: exchange.before.infeasible, shareMissPts: exchange.before.shareMiss / RUNS },
      formula: { ...summary(formula.before.ms), infeasible: formula.before.infeasible },
    },
    best: {
      exchange: { ...summary(exchange.best.ms), infeasible: exchange.best.infeasible, shareMissPts: exchange.best.shareMiss / RUNS },
      formula: { ...summary(formula.best.ms), infeasible: formula.best.infeasible },
    },
    recompute: summary(recomputeMs),
  };
  const line = (name: string, r: { p50: number; p95: number; max: number; infeasible: number }) =>
    `${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${r.infeasible} of ${RUNS} answered 422)`;
  console.log(line('after: exchange distribution (6 meals × 15 groups), relaxation then rounding', result.exchange));
  console.log(line('after: formula day (12 lines, one locked)', result.formula));
  console.log(line('before: exchange distribution, whole model searched within the budget', result.before.exchange));
  console.log(line('before: formula day, whole model searched within the budget', result.before.formula));
  console.log(line('best: exchange distribution, search to the proved best', result.best.exchange));
  console.log(line('best: formula day, search to the proved best', result.best.formula));
  console.log(`meals' mean distance from their shares (points of the day's energy, summed over meals): after ${result.exchange.shareMissPts.toFixed(2)}, before ${result.before.exchange.shareMissPts.toFixed(2)}, best ${result.best.exchange.shareMissPts.toFixed(2)}`);
  console.log(`baseline, recomputing the hand-made day's totals: p50 ${result.recompute.p50.toFixed(3)} ms, p95 ${result.recompute.p95.toFixed(3)} ms`);
  console.log(`server start warm-up ${warmUpMs.toFixed(0)} ms; first request after it ${firstSolveMs.toFixed(0)} ms; load average ${result.loadAverage.toFixed(1)} on ${result.cpus} cores`);
  console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
}

/** How far the meals are from their energy shares: Σ |meal kcal − share| in points of the day's target. */
function shareMiss(answer: { meals: { slot: number; portions: number[] }[] }, input: { targetEnergyKcal: number; distribution: { slot: number; pct: number }[] }): number {
  return input.distribution.reduce((sum, d) => {
    const meal = answer.meals.find((m) => m.slot === d.slot);
    const kcal = meal ? sumNutrition(groups.map((g) => [nutritionOf(g), meal.portions[g.position - 1] ?? 0] as const)).energyKcal : 0;
    return sum + Math.abs(kcal - (d.pct / 100) * input.targetEnergyKcal) / input.targetEnergyKcal * 100;
  }, 0);
}

await main();
