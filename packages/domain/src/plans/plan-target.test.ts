// Target energy of a plan from the latest consultation's energy requirement (VCT) and the plan's goal: each
// of the spec's seven goals (seed 1 §3: −25 %, −15 %, −10 %, 0, +15 %, +25 %, +40 %), and the typed override.
import { describe, expect, it } from 'vitest';
import { planTargetEnergy } from './index.js';

// Requirement of the consultations suite's generic man: Mifflin–St Jeor 84.2 kg, 178 cm, 45 y, × 1.55.
const requirement = (10 * 84.2 + 6.25 * 178 - 5 * 45 + 5) * 1.55;

describe('planTargetEnergy from a consultation', () => {
  it.each([
    ['restriction-severe', -25],
    ['restriction-moderate', -15],
    ['restriction-mild', -10],
    ['maintenance', 0],
    ['gain-mild', 15],
    ['gain-moderate', 25],
    ['gain-severe', 40],
  ] as const)('%s adjusts the requirement by %d %%', (goal, percent) => {
    expect(planTargetEnergy(null, requirement, goal)).toBeCloseTo(requirement * (1 + percent / 100), 9);
    expect(planTargetEnergy(undefined, 2000, goal)).toBeCloseTo(2000 + 20 * percent, 9);
  });

  it('prefers a typed target and gives none without a requirement', () => {
    expect(planTargetEnergy(1800, requirement, 'gain-severe')).toBe(1800);
    expect(planTargetEnergy(0, 2000, 'restriction-severe')).toBe(1500);
    expect(planTargetEnergy(null, null, 'gain-mild')).toBeNull();
    expect(planTargetEnergy(null, 0, 'gain-mild')).toBeNull();
  });
});
