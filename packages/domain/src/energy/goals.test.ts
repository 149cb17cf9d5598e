import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPlanGoal, getPlanGoal, isPlanGoalId, PLAN_GOAL_IDS, PLAN_GOALS } from './goals.js';

describe('plan goals (Almendra spec)', () => {
  it('lists the seven goals in order with their percentages', () => {
    expect(PLAN_GOALS.map((g) => [g.id, g.label, g.adjustmentPercent])).toEqual([
      ['restriction-severe', 'Restricción severa', -25],
      ['restriction-moderate', 'Restricción moderada', -15],
      ['restriction-mild', 'Restricción leve', -10],
      ['maintenance', 'Mantenimiento', 0],
      ['gain-mild', 'Aumento leve', 15],
      ['gain-moderate', 'Aumento moderado', 25],
      ['gain-severe', 'Aumento severo', 40],
    ]);
    expect(PLAN_GOALS.map((g) => g.id)).toEqual([...PLAN_GOAL_IDS]);
  });

  it('applies a goal by id or object (2000 kcal examples)', () => {
    expect(applyPlanGoal(2000, 'restriction-severe')).toBeCloseTo(1500, 10);
    expect(applyPlanGoal(2000, 'restriction-moderate')).toBeCloseTo(1700, 10);
    expect(applyPlanGoal(2000, 'restriction-mild')).toBeCloseTo(1800, 10);
    expect(applyPlanGoal(2000, 'maintenance')).toBe(2000);
    expect(applyPlanGoal(2000, getPlanGoal('gain-mild'))).toBeCloseTo(2300, 10);
    expect(applyPlanGoal(2000, 'gain-moderate')).toBeCloseTo(2500, 10);
    expect(applyPlanGoal(2000, 'gain-severe')).toBeCloseTo(2800, 10);
  });

  it('rejects unknown ids and invalid energy', () => {
    expect(isPlanGoalId('bulk')).toBe(false);
    expect(() => applyPlanGoal(2000, 'bulk' as never)).toThrow(RangeError);
    expect(() => applyPlanGoal(Number.NaN, 'maintenance')).toThrow(RangeError);
    expect(() => applyPlanGoal(-1, 'maintenance')).toThrow(RangeError);
  });

  it('property: goals preserve order and the sign of the adjustment', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 10_000, noNaN: true }), (kcal) => {
        const adjusted = PLAN_GOALS.map((g) => applyPlanGoal(kcal, g));
        for (let i = 1; i < adjusted.length; i++) {
          expect(adjusted[i]).toBeGreaterThan(adjusted[i - 1] as number);
        }
        for (const g of PLAN_GOALS) {
          const delta = applyPlanGoal(kcal, g) - kcal;
          expect(Math.sign(Math.round(delta * 1e6))).toBe(Math.sign(g.adjustmentPercent));
          expect(delta).toBeCloseTo((kcal * g.adjustmentPercent) / 100, 6);
        }
      }),
    );
  });
});
