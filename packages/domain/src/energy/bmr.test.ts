import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACTIVITY_FACTOR, energyRequirement, mifflinStJeorBmr } from './bmr.js';

describe('mifflinStJeorBmr (Mifflin et al. 1990, Am J Clin Nutr 51:241)', () => {
  // Hand-computed (the paper gives the equation, not an individual case):
  //   man   80 kg, 180 cm, 30 y: 800 + 1125 − 150 + 5   = 1780 kcal/d
  //   woman 60 kg, 165 cm, 30 y: 600 + 1031.25 − 150 − 161 = 1320.25 kcal/d
  it('hand-computed examples', () => {
    expect(mifflinStJeorBmr({ weightKg: 80, heightCm: 180, ageYears: 30, sex: 'm' })).toBeCloseTo(1780, 10);
    expect(mifflinStJeorBmr({ weightKg: 60, heightCm: 165, ageYears: 30, sex: 'f' })).toBeCloseTo(1320.25, 10);
  });

  it('rejects missing age, weight or height', () => {
    expect(() => mifflinStJeorBmr({ weightKg: 80, heightCm: 180, ageYears: 0, sex: 'm' })).toThrow(RangeError);
    expect(() => mifflinStJeorBmr({ weightKg: -1, heightCm: 180, ageYears: 30, sex: 'm' })).toThrow(RangeError);
  });

  it('property: coefficients are 10/kg, 6.25/cm, −5/year and men − women = 166', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 30, max: 200, noNaN: true }),
        fc.double({ min: 120, max: 210, noNaN: true }),
        fc.double({ min: 18, max: 90, noNaN: true }),
        (weightKg, heightCm, ageYears) => {
          const m = mifflinStJeorBmr({ weightKg, heightCm, ageYears, sex: 'm' });
          const f = mifflinStJeorBmr({ weightKg, heightCm, ageYears, sex: 'f' });
          expect(m - f).toBeCloseTo(166, 9);
          expect(mifflinStJeorBmr({ weightKg: weightKg + 1, heightCm, ageYears, sex: 'm' }) - m).toBeCloseTo(10, 9);
          expect(mifflinStJeorBmr({ weightKg, heightCm: heightCm + 1, ageYears, sex: 'm' }) - m).toBeCloseTo(6.25, 9);
          expect(mifflinStJeorBmr({ weightKg, heightCm, ageYears: ageYears + 1, sex: 'm' }) - m).toBeCloseTo(-5, 9);
        },
      ),
    );
  });
});

describe('energyRequirement (VCT = BMR × activity factor)', () => {
  it('defaults: 1.55 men, 1.56 women (Almendra spec)', () => {
    expect(DEFAULT_ACTIVITY_FACTOR).toEqual({ m: 1.55, f: 1.56 });
    // 1780 × 1.55 = 2759; 1320.25 × 1.56 = 2059.59
    expect(energyRequirement(1780, 'm')).toBeCloseTo(2759, 10);
    expect(energyRequirement(1320.25, 'f')).toBeCloseTo(2059.59, 10);
  });

  it('custom factor overrides the default', () => {
    expect(energyRequirement(1780, 'm', 1.2)).toBeCloseTo(2136, 10);
  });

  it('rejects a non-positive factor', () => {
    expect(() => energyRequirement(1780, 'm', 0)).toThrow(RangeError);
    expect(() => energyRequirement(1780, 'm', -1.5)).toThrow(RangeError);
  });

  it('property: linear in BMR and in the factor', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 500, max: 4000, noNaN: true }),
        fc.double({ min: 1, max: 2.5, noNaN: true }),
        (bmr, factor) => {
          expect(energyRequirement(bmr, 'f', factor)).toBeCloseTo(bmr * factor, 9);
          expect(energyRequirement(2 * bmr, 'm', factor)).toBeCloseTo(2 * energyRequirement(bmr, 'm', factor), 9);
        },
      ),
    );
  });
});
