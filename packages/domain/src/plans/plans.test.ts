import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUTRIENT_KEYS } from '../nutrients/nutrient-keys.js';
import { scaleNutrients } from '../nutrients/quantities.js';
import { emptyTotals, scaleTotals, sumTotals, type NutrientTotals } from '../nutrients/totals.js';
import {
  computePlanTotals,
  copyDay,
  copyMeal,
  energyDeviation,
  exchangeMealTotals,
  macroTargets,
  planTargetEnergy,
  resolveMealSlots,
  validatePlanContent,
  type DayLines,
  type PlanLine,
  type PlanTotals,
  isImplausiblePlanLine,
} from './index.js';

const zeros = (n = 24) => Array.from({ length: n }, () => 0);

describe('meal slots', () => {
  it('uses the default names and numbers the enabled slots 1..n in order', () => {
    const slots = resolveMealSlots([{ slot: 2, name: null, enabled: false }, { slot: 6, name: 'Postre', enabled: true }]);
    expect(slots.map((s) => s.name)).toEqual(['Desayuno', 'Media mañana', 'Almuerzo', 'Merienda', 'Media tarde', 'Postre']);
    expect(slots.map((s) => s.id)).toEqual([1, null, 2, 3, 4, 5]);
  });
});

describe('validatePlanContent', () => {
  it('rejects days outside 1..7, disabled meals and negative quantities', () => {
    const issues = validatePlanContent(
      2,
      { formula: [{ day: 8, meals: [{ slot: 2, items: [{ kind: 'food', id: 'usda:01077', quantity: -1, unit: 'g' }] }] }] },
      [1, 3],
    );
    expect(issues.map((i) => i.path)).toEqual(['content.formula.0.day', 'content.formula.0.meals.0.slot', 'content.formula.0.meals.0.items.0.quantity']);
  });
  it('accepts a valid exchange day and rejects a distribution that does not sum 100', () => {
    expect(validatePlanContent(3, { exchange: [{ day: 1, meals: [{ slot: 1, portions: zeros() }], discarded: zeros() }] }, [1])).toEqual([]);
    expect(validatePlanContent(1, { simple: [], distribution: { carbohydratePercent: 50, proteinPercent: 20, fatPercent: 20 } }, [1])).toHaveLength(1);
  });
});

describe('plan totals', () => {
  it('sums meals and days and averages the week over the filled days', () => {
    const milk = scaleNutrients({ energyKcal: 61, proteinG: 3.15 }, 200);
    const totals = computePlanTotals([
      { day: 1, meals: [{ slot: 1, lines: [milk, milk] }] },
      { day: 2, meals: [{ slot: 1, lines: [milk] }] },
      { day: 3, meals: [] },
    ]);
    expect(totals.days[0]!.totals.values.energyKcal).toBe(244);
    expect(totals.daysCounted).toBe(2);
    expect(totals.weeklyAverage.values.energyKcal).toBe(183);
  });
  it('targets the goal-adjusted requirement unless typed, splits macros and signs the deviation', () => {
    expect(planTargetEnergy(null, 2000, 'restriction-moderate')).toBe(1700);
    expect(planTargetEnergy(1500, 2000, 'maintenance')).toBe(1500);
    expect(planTargetEnergy(null, null, 'maintenance')).toBeNull();
    const m = macroTargets(2000, undefined, 80);
    expect(m.carbohydrate.grams).toBe(250);
    expect(m.protein.gramsPerKg).toBe(1.25);
    expect(m.fat.grams).toBeCloseTo(66.667, 3);
    expect(energyDeviation(1800, 2000)).toMatchObject({ deviationKcal: -200, deviationPercent: -10, status: 'under' });
    expect(energyDeviation(2050, 2000).status).toBe('on-target');
  });
  it('multiplies exchange portions by group values and skips discarded groups', () => {
    const groups = [{ position: 1, energyKcal: 90, carbohydrateG: 12, proteinG: 9, fatG: 0 }, { position: 2, energyKcal: 45, carbohydrateG: 0, proteinG: 0, fatG: 5 }];
    const portions = zeros();
    portions[0] = 2;
    portions[1] = 1;
    expect(exchangeMealTotals(portions, groups).values.energyKcal).toBe(225);
    const discarded = zeros();
    discarded[1] = 1;
    expect(exchangeMealTotals(portions, groups, discarded).values.energyKcal).toBe(180);
  });
});

describe('copy day / meal', () => {
  it('copies a day onto other days and a meal onto other days', () => {
    const days = [{ day: 1, meals: [{ slot: 1, text: 'Té' }, { slot: 3, text: 'Pollo' }] }, { day: 2, meals: [{ slot: 1, text: 'Mate' }] }];
    const copied = copyDay(days, 1, [2, 3]);
    expect(copied.map((d) => [d.day, d.meals.length])).toEqual([[1, 2], [2, 2], [3, 2]]);
    const meal = copyMeal(days, 1, 3, [2, 4], (day) => ({ day, meals: [] }));
    expect(meal.find((d) => d.day === 2)!.meals.map((m) => m.text)).toEqual(['Mate', 'Pollo']);
    expect(meal.find((d) => d.day === 4)!.meals.map((m) => m.text)).toEqual(['Pollo']);
  });
});

describe('micronutrient adequacy', () => {
  it('picks the sex and age group and reports % of the reference', async () => {
    const { nutrientAdequacy, referenceGroupFor } = await import('./adequacy.js');
    const groups: import('./adequacy.js').ReferenceIntakeGroup[] = [
      { sex: 'f' as const, ageFrom: 19, ageTo: 30, values: { ironMg: 18 } },
      { sex: 'f' as const, ageFrom: 31, ageTo: 50, values: { ironMg: 18, calciumMg: 1000 } },
    ];
    expect(referenceGroupFor(groups, 'f', 30.9)!.ageTo).toBe(30);
    expect(referenceGroupFor(groups, 'm', 30)).toBeNull();
    expect(referenceGroupFor(groups, 'f', null)).toBeNull();
    const result = nutrientAdequacy({ ironMg: 9, calciumMg: 1200 }, groups[1]!, { ironMg: 'RDA', calciumMg: 'RDA' });
    expect(result).toEqual([
      { key: 'ironMg', kind: 'RDA', reference: 18, planned: 9, percent: 50 },
      { key: 'calciumMg', kind: 'RDA', reference: 1000, planned: 1200, percent: 120 },
    ]);
  });
});

describe('formula plan totals (properties)', () => {
  /** A few foods with any subset of the nutrient keys; lines pick among them so food objects repeat. */
  const foodsArbitrary = fc.array(
    fc.dictionary(fc.constantFrom(...NUTRIENT_KEYS), fc.oneof(fc.integer({ min: 0, max: 90_000 }).map((v) => v / 100), fc.constantFrom('3,45', '', null)), { maxKeys: 40 }),
    { minLength: 1, maxLength: 6 },
  );
  const lineArbitrary = fc.record({ food: fc.nat(), grams: fc.integer({ min: 0, max: 5000 }).map((v) => v / 10), asObject: fc.boolean(), dish: fc.boolean() });
  const planArbitrary = fc.record({
    foods: foodsArbitrary,
    days: fc.uniqueArray(
      fc.record({
        day: fc.integer({ min: 1, max: 7 }),
        meals: fc.uniqueArray(fc.record({ slot: fc.integer({ min: 1, max: 6 }), lines: fc.array(lineArbitrary, { maxLength: 8 }) }), { selector: (m) => m.slot, maxLength: 6 }),
      }),
      { selector: (d) => d.day, maxLength: 7 },
    ),
  });
  type PlanSpec = typeof planArbitrary extends fc.Arbitrary<infer T> ? T : never;

  /** Lines in every shape the callers use: food line by reference, scaleNutrients object, dish share. */
  function toDays(plan: PlanSpec): DayLines[] {
    return plan.days.map((d) => ({
      day: d.day,
      meals: d.meals.map((m) => ({
        slot: m.slot,
        lines: m.lines.map((line): PlanLine => {
          const per100g = plan.foods[line.food % plan.foods.length]!;
          if (line.dish) return scaleTotals(scaleNutrients(per100g, 100), line.grams / 37);
          return line.asObject ? scaleNutrients(per100g, line.grams) : { per100g, grams: line.grams };
        }),
      })),
    }));
  }

  /** computePlanTotals as it was written before it was optimised: sumTotals at every level. */
  function referenceTotals(days: readonly DayLines[]): PlanTotals {
    const asTotals = (line: PlanLine): NutrientTotals => ('values' in line ? line : scaleNutrients(line.per100g, line.grams));
    const out = days
      .slice()
      .sort((a, b) => a.day - b.day)
      .map((day) => {
        const meals = day.meals.slice().sort((a, b) => a.slot - b.slot).map((m) => ({ slot: m.slot, totals: sumTotals(m.lines.map(asTotals)) }));
        return { day: day.day, meals, totals: sumTotals(meals.map((m) => m.totals)), filled: day.meals.some((m) => m.lines.length > 0) };
      });
    const counted = out.filter((d) => d.filled);
    const weeklyAverage = counted.length === 0 ? emptyTotals() : scaleTotals(sumTotals(counted.map((d) => d.totals)), 1 / counted.length);
    return { days: out.map(({ day, meals, totals }) => ({ day, meals, totals })), weeklyAverage, daysCounted: counted.length };
  }

  function expectIdentical(actual: NutrientTotals, expected: NutrientTotals): void {
    for (const key of NUTRIENT_KEYS) if (!Object.is(actual.values[key], expected.values[key])) expect.fail(`${key}: ${actual.values[key]} ≠ ${expected.values[key]}`);
    expect(Object.keys(actual.values)).toEqual(Object.keys(expected.values));
    expect(actual.missing).toEqual(expected.missing);
  }

  it("property: the weekly average equals the mean of the counted days, for every nutrient", () => {
    fc.assert(
      fc.property(planArbitrary, (plan) => {
        const totals = computePlanTotals(toDays(plan));
        const counted = plan.days.filter((d) => d.meals.some((m) => m.lines.length > 0)).map((d) => totals.days.find((t) => t.day === d.day)!);
        expect(totals.daysCounted).toBe(counted.length);
        for (const key of NUTRIENT_KEYS) {
          const mean = counted.length === 0 ? 0 : counted.reduce((sum, d) => sum + d.totals.values[key], 0) / counted.length;
          const average = totals.weeklyAverage.values[key];
          if (Math.abs(average - mean) > 1e-9 * Math.max(1, Math.abs(mean))) expect.fail(`${key}: average ${average} ≠ mean ${mean}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: identical, bit for bit, to summing scaleNutrients objects with sumTotals (the editor and server paths agree)', () => {
    fc.assert(
      fc.property(planArbitrary, (plan) => {
        const days = toDays(plan);
        const actual = computePlanTotals(days);
        const expected = referenceTotals(days);
        expect(actual.daysCounted).toBe(expected.daysCounted);
        expect(actual.days.map((d) => [d.day, d.meals.map((m) => m.slot)])).toEqual(expected.days.map((d) => [d.day, d.meals.map((m) => m.slot)]));
        expectIdentical(actual.weeklyAverage, expected.weeklyAverage);
        actual.days.forEach((day, i) => {
          expectIdentical(day.totals, expected.days[i]!.totals);
          day.meals.forEach((meal, j) => expectIdentical(meal.totals, expected.days[i]!.meals[j]!.totals));
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('isImplausiblePlanLine', () => {
  it('flags a line over 2 kg or over 2,000 kcal, and nothing at the bounds', () => {
    // 5 kg of sunflower oil (884 kcal/100 g): both bounds.
    expect(isImplausiblePlanLine(5000, 44_200)).toBe(true);
    // 250 g of oil: under 2 kg but 2,210 kcal.
    expect(isImplausiblePlanLine(250, 2210)).toBe(true);
    // 2.5 kg of lettuce: few kcal, but no one eats it in one meal.
    expect(isImplausiblePlanLine(2500, 375)).toBe(true);
    expect(isImplausiblePlanLine(2000, 2000)).toBe(false);
    expect(isImplausiblePlanLine(200, 122)).toBe(false);
  });
});
