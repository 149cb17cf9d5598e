import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATHLETE_PATIENT_TYPE_ID,
  computeBodyFat,
  MISSING_WEIGHT_FOR_FAT_MASS,
  SIX_SKINFOLD_SITES,
  sumSixSkinfolds,
  yuhaszBodyFatPercent,
} from './body-fat.js';

const tenEach = { triceps: 10, subscapular: 10, supraspinale: 10, abdominal: 10, thigh: 10, calf: 10 };
const skinfold = fc.double({ min: 2, max: 60, noNaN: true });
const sixSkinfolds = fc.record({
  triceps: skinfold,
  subscapular: skinfold,
  supraspinale: skinfold,
  abdominal: skinfold,
  thigh: skinfold,
  calf: skinfold,
});

describe('yuhaszBodyFatPercent', () => {
  // Worked by hand from Yuhasz (1974) with Σ6 = 60 mm:
  //   men   3.64 + 0.097 × 60 = 3.64 + 5.82 = 9.46 %
  //   women 4.56 + 0.143 × 60 = 4.56 + 8.58 = 13.14 %
  it('general equations (Yuhasz 1974), Σ6 = 60 mm', () => {
    expect(yuhaszBodyFatPercent({ sumSixSkinfoldsMm: 60, sex: 'm' })).toBeCloseTo(9.46, 10);
    expect(yuhaszBodyFatPercent({ sumSixSkinfoldsMm: 60, sex: 'f' })).toBeCloseTo(13.14, 10);
  });

  // Athlete equations (Carter 1982 modification), Σ6 = 60 mm:
  //   men   2.585 + 0.1051 × 60 = 2.585 + 6.306 = 8.891 %
  //   women 3.58 + 0.1548 × 60 = 3.58 + 9.288 = 12.868 %
  it('athlete equations (Carter 1982): male pair is the lower one', () => {
    expect(yuhaszBodyFatPercent({ sumSixSkinfoldsMm: 60, sex: 'm', athlete: true })).toBeCloseTo(8.891, 10);
    expect(yuhaszBodyFatPercent({ sumSixSkinfoldsMm: 60, sex: 'f', athlete: true })).toBeCloseTo(12.868, 10);
  });

  it('caps at 100 %', () => {
    expect(yuhaszBodyFatPercent({ sumSixSkinfoldsMm: 5000, sex: 'f' })).toBe(100);
  });

  it('property: increasing in Σ6 and bounded in (0, 100]', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 6, max: 400, noNaN: true }),
        fc.double({ min: 0.1, max: 50, noNaN: true }),
        fc.constantFrom('m' as const, 'f' as const),
        fc.boolean(),
        (sum, delta, sex, athlete) => {
          const a = yuhaszBodyFatPercent({ sumSixSkinfoldsMm: sum, sex, athlete });
          const b = yuhaszBodyFatPercent({ sumSixSkinfoldsMm: sum + delta, sex, athlete });
          expect(b).toBeGreaterThan(a);
          expect(a).toBeGreaterThan(0);
          expect(b).toBeLessThanOrEqual(100);
        },
      ),
    );
  });

  it('property: women estimate more fat than men for the same Σ6', () => {
    fc.assert(
      fc.property(fc.double({ min: 6, max: 400, noNaN: true }), fc.boolean(), (sum, athlete) => {
        expect(yuhaszBodyFatPercent({ sumSixSkinfoldsMm: sum, sex: 'f', athlete })).toBeGreaterThan(
          yuhaszBodyFatPercent({ sumSixSkinfoldsMm: sum, sex: 'm', athlete }),
        );
      }),
    );
  });
});

describe('sumSixSkinfolds', () => {
  it('sums the six ISAK sites and ignores the others', () => {
    expect(sumSixSkinfolds({ ...tenEach, biceps: 99, leg: 99, suprailiac: 99 })).toBe(60);
    expect(SIX_SKINFOLD_SITES).toEqual(['triceps', 'subscapular', 'supraspinale', 'abdominal', 'thigh', 'calf']);
  });

  it('refuses a partial sum', () => {
    expect(() => sumSixSkinfolds({ ...tenEach, calf: undefined })).toThrow(/calf/);
    expect(() => sumSixSkinfolds({ ...tenEach, thigh: 0 })).toThrow(/thigh/);
  });
});

describe('computeBodyFat', () => {
  it('derives fat and lean mass from weight (80 kg, Σ6 = 60 mm, man: 9.46 % → 7.568 kg fat)', () => {
    const r = computeBodyFat({ sex: 'm', weightKg: 80, skinfoldsMm: tenEach });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.sumSixSkinfoldsMm).toBe(60);
    expect(r.bodyFatPercent).toBeCloseTo(9.46, 10);
    expect(r.fatMassKg).toBeCloseTo(7.568, 10);
    expect(r.leanMassKg).toBeCloseTo(72.432, 10);
  });

  it(`uses athlete equations only for patient type ${ATHLETE_PATIENT_TYPE_ID} (Deportista)`, () => {
    const athlete = computeBodyFat({ sex: 'm', weightKg: 80, skinfoldsMm: tenEach, patientTypeId: 2 });
    const other = computeBodyFat({ sex: 'm', weightKg: 80, skinfoldsMm: tenEach, patientTypeId: 1 });
    expect(athlete.ok && athlete.bodyFatPercent).toBeCloseTo(8.891, 10);
    expect(other.ok && other.bodyFatPercent).toBeCloseTo(9.46, 10);
  });

  it('returns FALTA_PESO_CALCULO_MASA_GRASA without weight (absent, 0 or negative)', () => {
    for (const weightKg of [undefined, null, 0, -3]) {
      const r = computeBodyFat({ sex: 'f', weightKg, skinfoldsMm: tenEach });
      expect(r).toMatchObject({ ok: false, error: MISSING_WEIGHT_FOR_FAT_MASS, weightMissing: true });
    }
  });

  it('returns MISSING_SKINFOLDS listing absent sites', () => {
    const r = computeBodyFat({ sex: 'f', weightKg: 60, skinfoldsMm: { ...tenEach, abdominal: 0, calf: undefined } });
    expect(r).toEqual({
      ok: false,
      error: 'MISSING_SKINFOLDS',
      missingSkinfolds: ['abdominal', 'calf'],
      weightMissing: false,
    });
  });

  it('property: fat + lean = weight, and fat ≤ weight', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 20, max: 250, noNaN: true }),
        sixSkinfolds,
        fc.constantFrom('m' as const, 'f' as const),
        fc.constantFrom(1, 2, 3),
        (weightKg, skinfoldsMm, sex, patientTypeId) => {
          const r = computeBodyFat({ sex, weightKg, skinfoldsMm, patientTypeId });
          if (!r.ok) throw new Error('expected ok');
          expect(r.fatMassKg + r.leanMassKg).toBeCloseTo(weightKg, 9);
          expect(r.fatMassKg).toBeLessThanOrEqual(weightKg);
          expect(r.leanMassKg).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
