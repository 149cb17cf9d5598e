// Property tests of the plan solvers (issue 28), over random targets that are feasible by construction —
// the totals of a random plan a nutritionist could have written — and random infeasible ones: every answer
// meets ±3 % energy and ±2 points per macro, portions are multiples of the step and never negative, fixed
// groups and locked foods keep their values; an infeasible target is a 422 INFEASIBLE naming what it
// missed, never a wrong plan. Each solve takes tens of milliseconds (relaxation, then rounding), so the
// feasible properties try 150 plans each; PROPERTY_RUNS=2000 tries thousands (docs/benchmarks.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.js';
import { exchangeGroupsFor } from '../src/modules/plans/exchange-groups.js';
import { solveExchanges } from '../src/modules/plans/solver/exchange-distribution.js';
import { solveFormulaDay, type ResolvedLine } from '../src/modules/plans/solver/formula-day.js';
import { slotCost } from '../src/modules/plans/solver/meal-patterns.js';
import { macroPercents, sumNutrition, type Nutrition } from '../src/modules/plans/solver/targets.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

const groups = exchangeGroupsFor('AR')!.groups;
const nutritionOf = (g: (typeof groups)[number]): Nutrition => ({ energyKcal: g.portion.energyKcal, proteinG: g.portion.proteinG, fatG: g.portion.fatG, carbsG: g.portion.carbohydrateG });

function expectWithinTolerances(total: Nutrition, target: { energyKcal: number; proteinPct: number; fatPct: number; carbsPct: number }) {
  const p = macroPercents(total);
  expect(Math.abs(total.energyKcal - target.energyKcal)).toBeLessThanOrEqual(target.energyKcal * 0.03 + 1e-6);
  expect(Math.abs(p.proteinPct - target.proteinPct)).toBeLessThanOrEqual(2 + 1e-6);
  expect(Math.abs(p.fatPct - target.fatPct)).toBeLessThanOrEqual(2 + 1e-6);
  expect(Math.abs(p.carbsPct - target.carbsPct)).toBeLessThanOrEqual(2 + 1e-6);
}

/** A random plan: the meals, and for each meal a few groups it allows with 1–3 portions. */
const mealSets = [
  [1, 3, 4, 6],
  [1, 2, 3, 4, 5, 6],
  [1, 3, 6],
  [1, 3, 4],
];
const randomPlan = fc
  .record({
    meals: fc.constantFrom(...mealSets),
    picks: fc.array(fc.tuple(fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 3 })), { minLength: 24, maxLength: 40 }),
    step: fc.constantFrom(0.5 as const, 1 as const),
    lockIndex: fc.integer({ min: 0, max: 14 }),
  })
  .map(({ meals, picks, step, lockIndex }) => {
    const portions = new Map<number, number[]>(meals.map((slot) => [slot, Array.from({ length: 24 }, () => 0)]));
    picks.forEach(([groupIndex, count], i) => {
      const slot = meals[i % meals.length]!;
      const group = groups[groupIndex]!;
      if (slotCost(slot, group.id) === null) return;
      portions.get(slot)![group.position - 1]! += count * step;
    });
    return { meals, portions, step, lockIndex };
  })
  .filter(({ portions }) => [...portions.values()].every((p) => p.some((x) => x > 0)));

describe('exchange distribution, property', () => {
  it('meets the targets of any plan that could be written, in steps, keeping a fixed group', { timeout: 60_000 + RUNS * 1_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(randomPlan, async ({ meals, portions, step, lockIndex }) => {
        const mealKcal = meals.map((slot) => sumNutrition(groups.map((g) => [nutritionOf(g), portions.get(slot)![g.position - 1]!] as const)).energyKcal);
        const total = sumNutrition(meals.flatMap((slot) => groups.map((g) => [nutritionOf(g), portions.get(slot)![g.position - 1]!] as const)));
        fc.pre(total.energyKcal >= 800 && total.energyKcal <= 6000);
        const p = macroPercents(total);
        const proteinPct = Math.round(p.proteinPct * 10) / 10;
        const fatPct = Math.round(p.fatPct * 10) / 10;
        const macros = { proteinPct, fatPct, carbsPct: Math.round((100 - proteinPct - fatPct) * 10) / 10 };
        const shares = mealKcal.map((k) => Math.round((k / total.energyKcal) * 1000) / 10);
        shares[0] = Math.round((shares[0]! + 100 - shares.reduce((s, x) => s + x, 0)) * 10) / 10;
        const lockGroup = groups[lockIndex]!;
        const fixed = meals.reduce((s, slot) => s + portions.get(slot)![lockGroup.position - 1]!, 0);
        const input = {
          targetEnergyKcal: Math.round(total.energyKcal),
          macros,
          distribution: meals.map((slot, i) => ({ slot, pct: shares[i]! })),
          groups: [{ group: lockGroup.position, fixed }],
          step,
        };
        const answer = await solveExchanges(input, groups);
        const answerTotal = sumNutrition(answer.meals.flatMap((m) => groups.map((g) => [nutritionOf(g), m.portions[g.position - 1]!] as const)));
        expectWithinTolerances(answerTotal, { energyKcal: input.targetEnergyKcal, ...macros });
        expect(answer.meals.map((m) => m.slot)).toEqual([...meals].sort((a, b) => a - b));
        for (const meal of answer.meals) {
          for (const [i, portion] of meal.portions.entries()) {
            expect(portion).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(portion / step)).toBe(true);
            if (portion > 0) expect(slotCost(meal.slot, groups.find((g) => g.position === i + 1)!.id)).not.toBeNull();
          }
        }
        expect(answer.meals.reduce((s, m) => s + m.portions[lockGroup.position - 1]!, 0)).toBe(fixed);
      }),
      { numRuns: RUNS, seed: 28 },
    );
  });

  it('answers 422 with the reason for protein that plant groups without legumes cannot reach', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1200, max: 3000 }), fc.integer({ min: 35, max: 45 }), fc.integer({ min: 15, max: 30 }), async (energy, protein, fat) => {
        const input = {
          targetEnergyKcal: energy,
          macros: { proteinPct: protein, fatPct: fat, carbsPct: 100 - protein - fat },
          distribution: [
            { slot: 1, pct: 25 },
            { slot: 3, pct: 40 },
            { slot: 6, pct: 35 },
          ],
          groups: [1, 2, 3, 4, 5, 6, 11, 14].map((group) => ({ group, max: 0 })),
          step: 0.5 as const,
        };
        const error = await solveExchanges(input, groups).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe('INFEASIBLE');
        expect((error as AppError).message).toContain(`llegar a ${protein - 2} % de proteínas`);
        expect((error as AppError).message).toMatch(/Lo más cerca posible: .+ kcal/);
      }),
      { numRuns: 4, seed: 28 },
    );
  });
});

describe('formula day, property', () => {
  // Five synthetic foods (per gram): a milk, a meat, a cereal, an oil, a fruit.
  const foods: Nutrition[] = [
    { energyKcal: 0.61, proteinG: 0.032, fatG: 0.033, carbsG: 0.048 },
    { energyKcal: 1.65, proteinG: 0.31, fatG: 0.036, carbsG: 0 },
    { energyKcal: 1.3, proteinG: 0.027, fatG: 0.003, carbsG: 0.28 },
    { energyKcal: 8.84, proteinG: 0, fatG: 1, carbsG: 0 },
    { energyKcal: 0.52, proteinG: 0.003, fatG: 0.002, carbsG: 0.14 },
  ];
  const line = (food: number, grams: number, extra: Partial<ResolvedLine['item']> = {}): ResolvedLine => ({
    item: { foodId: `f${food}`, slot: 1 + (food % 3) * 2, grams, ...extra },
    perGram: foods[food]!,
    stepGrams: 10,
    household: () => null,
  });

  it('fits any reachable day, in 10 g steps, within limits, keeping the locked lines', { timeout: 60_000 + RUNS * 1_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 5, maxLength: 5 }),
        fc.array(fc.integer({ min: -10, max: 10 }), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 0, max: 4 }),
        async (reachable, moves, locked) => {
          // The day that meets the targets exactly (10 g steps), and hers: each line moved, one locked at its reachable grams.
          const target = reachable.map((n) => n * 10);
          const total = sumNutrition(target.map((g, i) => [foods[i]!, g] as const));
          fc.pre(total.energyKcal >= 800 && total.energyKcal <= 6000);
          const p = macroPercents(total);
          const proteinPct = Math.round(p.proteinPct * 10) / 10;
          const fatPct = Math.round(p.fatPct * 10) / 10;
          const macros = { proteinPct, fatPct, carbsPct: Math.round((100 - proteinPct - fatPct) * 10) / 10 };
          const lines = target.map((g, i) =>
            i === locked ? line(i, g, { locked: true }) : line(i, Math.max(0, g + moves[i]! * 10), { minGrams: Math.max(0, g - 100), maxGrams: g + 100 }),
          );
          const answer = await solveFormulaDay(Math.round(total.energyKcal), macros, lines);
          const grams = answer.items.map((item) => item.grams);
          expectWithinTolerances(sumNutrition(grams.map((g, i) => [foods[i]!, g] as const)), { energyKcal: Math.round(total.energyKcal), ...macros });
          grams.forEach((g, i) => {
            expect(g).toBeGreaterThanOrEqual(0);
            if (i === locked) expect(g).toBe(target[i]);
            else {
              expect(g % 10).toBe(0);
              expect(g).toBeGreaterThanOrEqual(lines[i]!.item.minGrams!);
              expect(g).toBeLessThanOrEqual(lines[i]!.item.maxGrams!);
            }
          });
        },
      ),
      { numRuns: RUNS, seed: 28 },
    );
  });

  it('answers 422 when the locked lines alone are over the energy', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 800, max: 2000 }), async (energy) => {
        const oil = Math.ceil((energy * 1.2) / foods[3]!.energyKcal / 10) * 10;
        const error = await solveFormulaDay(energy, { proteinPct: 20, fatPct: 30, carbsPct: 50 }, [line(3, oil, { locked: true }), line(2, 100)]).then(
          () => null,
          (e: unknown) => e,
        );
        expect((error as AppError).code).toBe('INFEASIBLE');
        expect((error as AppError).message).toMatch(/^Con estos alimentos y límites no se puede .*bajar de/);
      }),
      { numRuns: 3, seed: 28 },
    );
  });
});
