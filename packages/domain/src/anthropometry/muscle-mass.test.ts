import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  correctedGirthCm,
  LEE_RACE_TERMS,
  leeSkeletalMuscleMass,
  muscleMassByDifference,
  type LeeInput,
} from './muscle-mass.js';

/*
 * Hand-computed example for Lee et al. (2000); the paper publishes the model
 * but no individual worked case.
 * Man, 175 cm, 30 y, white: arm girth 30.0 cm / triceps 10 mm, thigh girth
 * 55.0 cm / front thigh 12 mm, calf girth 37.0 cm / medial calf 7 mm.
 *   CAG = 30 − π·1.0 = 26.858407; CTG = 55 − π·1.2 = 51.230089;
 *   CCG = 37 − π·0.7 = 34.800885
 *   1.75 · (0.00744·26.858407² + 0.00088·51.230089² + 0.00441·34.800885²)
 *   = 1.75 · (5.367023 + 2.309579 + 5.340958) = 1.75 · 13.017560 = 22.780731
 *   + 2.4·1 − 0.048·30 + 0 + 7.8 = 22.780731 + 2.4 − 1.44 + 7.8 = 31.540731 kg
 */
const man: LeeInput = {
  heightCm: 175,
  ageYears: 30,
  sex: 'm',
  armGirthCm: 30,
  thighGirthCm: 55,
  calfGirthCm: 37,
  tricepsSkinfoldMm: 10,
  thighSkinfoldMm: 12,
  calfSkinfoldMm: 7,
};

describe('leeSkeletalMuscleMass (Lee et al. 2000, Am J Clin Nutr 72:796)', () => {
  it('hand-computed example: 31.5407 kg', () => {
    expect(correctedGirthCm(30, 10)).toBeCloseTo(26.858407, 6);
    expect(leeSkeletalMuscleMass(man)).toBeCloseTo(31.540731, 5);
  });

  it('sex term is 2.4 kg and race terms are 0 / −2.0 / +1.1', () => {
    const base = leeSkeletalMuscleMass(man);
    expect(leeSkeletalMuscleMass({ ...man, sex: 'f' })).toBeCloseTo(base - 2.4, 10);
    expect(leeSkeletalMuscleMass({ ...man, raceTerm: LEE_RACE_TERMS.asian })).toBeCloseTo(base - 2.0, 10);
    expect(leeSkeletalMuscleMass({ ...man, raceTerm: LEE_RACE_TERMS.africanAmerican })).toBeCloseTo(base + 1.1, 10);
    expect(leeSkeletalMuscleMass({ ...man, raceTerm: LEE_RACE_TERMS.whiteOrHispanic })).toBe(base);
  });

  it('rejects an unknown race term and skinfolds that exceed the girth', () => {
    expect(() => leeSkeletalMuscleMass({ ...man, raceTerm: 5 as never })).toThrow(RangeError);
    expect(() => leeSkeletalMuscleMass({ ...man, tricepsSkinfoldMm: 100 })).toThrow(/corrected girth/);
    expect(() => leeSkeletalMuscleMass({ ...man, ageYears: 0 })).toThrow(RangeError);
  });

  it('property: each year of age subtracts 0.048 kg', () => {
    fc.assert(
      fc.property(fc.double({ min: 18, max: 90, noNaN: true }), fc.double({ min: 0.1, max: 10, noNaN: true }), (age, d) => {
        const diff = leeSkeletalMuscleMass({ ...man, ageYears: age }) - leeSkeletalMuscleMass({ ...man, ageYears: age + d });
        expect(diff).toBeCloseTo(0.048 * d, 9);
      }),
    );
  });

  it('property: increases with each corrected girth', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 50, noNaN: true }),
        fc.double({ min: 40, max: 80, noNaN: true }),
        fc.double({ min: 28, max: 50, noNaN: true }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        (arm, thigh, calf, d) => {
          const input = { ...man, armGirthCm: arm, thighGirthCm: thigh, calfGirthCm: calf };
          const base = leeSkeletalMuscleMass(input);
          expect(leeSkeletalMuscleMass({ ...input, armGirthCm: arm + d })).toBeGreaterThan(base);
          expect(leeSkeletalMuscleMass({ ...input, thighGirthCm: thigh + d })).toBeGreaterThan(base);
          expect(leeSkeletalMuscleMass({ ...input, calfGirthCm: calf + d })).toBeGreaterThan(base);
        },
      ),
    );
  });
});

describe('muscleMassByDifference (De Rose & Guimarães 1980 four-component model)', () => {
  it('weight − fat − bone − residual', () => {
    // 70 − 7 − 11 − 16.87 = 35.13
    expect(muscleMassByDifference({ weightKg: 70, fatMassKg: 7, boneMassKg: 11, residualMassKg: 16.87 })).toBeCloseTo(
      35.13,
      10,
    );
  });

  it('refuses a non-positive remainder', () => {
    expect(() => muscleMassByDifference({ weightKg: 40, fatMassKg: 20, boneMassKg: 12, residualMassKg: 9.64 })).toThrow(
      RangeError,
    );
  });

  it('property: the four components add back to the weight', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 40, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 0.4, noNaN: true }),
        fc.double({ min: 0.05, max: 0.2, noNaN: true }),
        fc.double({ min: 0.2, max: 0.25, noNaN: true }),
        (w, fatFrac, boneFrac, resFrac) => {
          const parts = { fatMassKg: w * fatFrac, boneMassKg: w * boneFrac, residualMassKg: w * resFrac };
          const muscle = muscleMassByDifference({ weightKg: w, ...parts });
          expect(muscle + parts.fatMassKg + parts.boneMassKg + parts.residualMassKg).toBeCloseTo(w, 9);
        },
      ),
    );
  });
});
