import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAnthropometry, type AnthropometryInput, type DerivedKey } from './compute.js';

/*
 * Full assessment built from the hand-computed cases of the unit tests
 * (somatotype.test.ts, bone-mass.test.ts, arm-areas.test.ts):
 *   man, 30 y, 70 kg, 175 cm
 *   BMI = 70 / 1.75² = 22.857143 → normal
 *   BMR = 10·70 + 6.25·175 − 5·30 + 5 = 1648.75; VCT = 1648.75 × 1.55 = 2555.5625
 *   Σ6 = 10 + 12 + 8 + 15 + 12 + 7 = 64 mm; %BF = 3.64 + 0.097·64 = 9.848
 *   fat = 70 × 9.848 % = 6.8936 kg; lean = 63.1064 kg
 *   bone (Rocha) = 11.727965; residual = 0.241 × 70 = 16.87
 *   muscle = 70 − 6.8936 − 11.727965 − 16.87 = 34.508435 kg
 *   Lee SMM with calf girth 36.5 cm: CCG = 36.5 − 0.7π = 34.300885 → 31.274084 kg
 */
const full: AnthropometryInput = {
  sex: 'm',
  ageYears: 30,
  patientTypeId: 1,
  measurements: {
    weightKg: 70,
    heightCm: 175,
    skinfoldsMm: { triceps: 10, subscapular: 12, supraspinale: 8, abdominal: 15, thigh: 12, calf: 7, biceps: 4, leg: 9 },
    girthsCm: { armRelaxed: 30, armFlexed: 33, thigh: 55, calf: 36.5, waist: 80 },
    breadthsCm: { humerus: 7.0, femur: 9.8, wrist: 5.6 },
  },
};

const CORE_KEYS: DerivedKey[] = [
  'bmi',
  'bmiCategory',
  'bmrKcal',
  'energyRequirementKcal',
  'sumSixSkinfoldsMm',
  'bodyFatPercent',
  'fatMassKg',
  'leanMassKg',
  'somatotype',
  'skeletalMuscleMassKg',
  'boneMassKg',
  'residualMassKg',
  'muscleMassKg',
  'armMuscleAreaCm2',
  'armFatAreaCm2',
];

describe('computeAnthropometry', () => {
  it('computes every result for a complete assessment (hand-computed values)', () => {
    const { derived, missing } = computeAnthropometry(full);
    expect(missing).toEqual([]);
    expect(derived.bmi).toBeCloseTo(22.857143, 6);
    expect(derived.bmiCategory).toBe('normal');
    expect(derived.bmrKcal).toBeCloseTo(1648.75, 10);
    expect(derived.energyRequirementKcal).toBeCloseTo(2555.5625, 9);
    expect(derived.sumSixSkinfoldsMm).toBe(64);
    expect(derived.bodyFatPercent).toBeCloseTo(9.848, 10);
    expect(derived.fatMassKg).toBeCloseTo(6.8936, 10);
    expect(derived.leanMassKg).toBeCloseTo(63.1064, 10);
    expect(derived.somatotype?.endomorphy).toBeCloseTo(2.970916, 6);
    expect(derived.somatotype?.mesomorphy).toBeCloseTo(5.2506, 10);
    expect(derived.somatotype?.ectomorphy).toBeCloseTo(2.502536, 6);
    expect(derived.somatotype?.x).toBeCloseTo(-0.46838, 5);
    expect(derived.somatotype?.y).toBeCloseTo(5.027748, 6);
    expect(derived.skeletalMuscleMassKg).toBeCloseTo(31.274084, 5);
    expect(derived.boneMassKg).toBeCloseTo(11.727965, 5);
    expect(derived.residualMassKg).toBeCloseTo(16.87, 10);
    expect(derived.muscleMassKg).toBeCloseTo(34.508435, 5);
    expect(derived.armMuscleAreaCm2).toBeCloseTo(57.405123, 6);
    expect(derived.armFatAreaCm2).toBeCloseTo(14.214602, 6);
    expect('suggestedGestationalGainKg' in derived).toBe(false);
  });

  it('uses athlete equations for patient type 2 and a custom activity factor', () => {
    const { derived } = computeAnthropometry({ ...full, patientTypeId: 2, activityFactor: 1.2 });
    // 2.585 + 0.1051 × 64 = 9.3114
    expect(derived.bodyFatPercent).toBeCloseTo(9.3114, 10);
    expect(derived.energyRequirementKcal).toBeCloseTo(1648.75 * 1.2, 9);
  });

  it('applies the Lee race term', () => {
    const base = computeAnthropometry(full).derived.skeletalMuscleMassKg as number;
    expect(computeAnthropometry({ ...full, raceTerm: -2 }).derived.skeletalMuscleMassKg).toBeCloseTo(base - 2, 10);
    const invalid = computeAnthropometry({ ...full, raceTerm: 3 as never });
    expect(invalid.derived.skeletalMuscleMassKg).toBeNull();
    expect(invalid.missing).toContainEqual({ result: 'skeletalMuscleMassKg', reason: 'INVALID_RACE_TERM', inputs: ['raceTerm'] });
  });

  it('reports FALTA_PESO_CALCULO_MASA_GRASA when weight is missing but skinfolds are present', () => {
    const { derived, missing } = computeAnthropometry({
      ...full,
      measurements: { ...full.measurements, weightKg: 0 },
    });
    expect(derived.sumSixSkinfoldsMm).toBe(64);
    expect(derived.bodyFatPercent).toBeNull();
    expect(derived.fatMassKg).toBeNull();
    expect(derived.leanMassKg).toBeNull();
    expect(missing).toContainEqual({
      result: 'bodyFatPercent',
      reason: 'FALTA_PESO_CALCULO_MASA_GRASA',
      inputs: ['measurements.weightKg'],
    });
    expect(missing).toContainEqual({ result: 'bmi', reason: 'MISSING_WEIGHT', inputs: ['measurements.weightKg'] });
    // Weight-free results still computed.
    expect(derived.boneMassKg).not.toBeNull();
    expect(derived.skeletalMuscleMassKg).not.toBeNull();
    expect(derived.armMuscleAreaCm2).not.toBeNull();
  });

  it('names the exact missing skinfold instead of using a partial sum', () => {
    const { derived, missing } = computeAnthropometry({
      ...full,
      measurements: { ...full.measurements, skinfoldsMm: { ...full.measurements.skinfoldsMm, calf: undefined } },
    });
    expect(derived.sumSixSkinfoldsMm).toBeNull();
    // Mesomorphy needs the calf skinfold; endomorphy and ectomorphy do not (Carter 2002).
    expect(derived.somatotype?.mesomorphy).toBeNull();
    expect(derived.somatotype?.endomorphy).toBeCloseTo(2.970916, 6);
    expect(derived.somatotype?.ectomorphy).toBeCloseTo(2.502536, 6);
    expect(derived.somatotype?.x).toBeNull();
    expect(derived.somatotype?.y).toBeNull();
    expect(derived.skeletalMuscleMassKg).toBeNull();
    expect(derived.muscleMassKg).toBeNull();
    expect(missing).toContainEqual({
      result: 'sumSixSkinfoldsMm',
      reason: 'MISSING_SKINFOLDS',
      inputs: ['measurements.skinfoldsMm.calf'],
    });
    expect(missing).toContainEqual({
      result: 'somatotype',
      reason: 'MISSING_SKINFOLDS',
      inputs: ['measurements.skinfoldsMm.calf'],
    });
  });

  it('computes each Heath-Carter component as soon as its own inputs are present', () => {
    // Weight and height only: ectomorphy (HWR = 175/∛70 = 42.586 → 0.732·HWR − 28.58 = 2.5025).
    const onlySize = computeAnthropometry({ sex: 'm', ageYears: 30, measurements: { weightKg: 70, heightCm: 175 } });
    expect(onlySize.derived.somatotype).toEqual({
      endomorphy: null,
      mesomorphy: null,
      ectomorphy: expect.closeTo(2.502536, 6),
      x: null,
      y: null,
    });
    expect(onlySize.missing).toContainEqual({
      result: 'somatotype',
      reason: 'MISSING_SKINFOLDS',
      inputs: [
        'measurements.skinfoldsMm.triceps',
        'measurements.skinfoldsMm.subscapular',
        'measurements.skinfoldsMm.supraspinale',
        'measurements.skinfoldsMm.calf',
      ],
    });
    // Without breadths: endomorphy and ectomorphy, no mesomorphy and no somatochart point.
    const noBreadths = computeAnthropometry({ ...full, measurements: { ...full.measurements, breadthsCm: {} } });
    expect(noBreadths.derived.somatotype?.endomorphy).toBeCloseTo(2.970916, 6);
    expect(noBreadths.derived.somatotype?.mesomorphy).toBeNull();
    expect(noBreadths.derived.somatotype?.x).toBeNull();
    expect(noBreadths.missing).toContainEqual({
      result: 'somatotype',
      reason: 'MISSING_BREADTHS',
      inputs: ['measurements.breadthsCm.humerus', 'measurements.breadthsCm.femur'],
    });
    // Nothing at all: no somatotype object.
    expect(computeAnthropometry({ sex: 'f', measurements: {} }).derived.somatotype).toBeNull();
  });

  it('with only sex: everything is null with reasons', () => {
    const { derived, missing } = computeAnthropometry({ sex: 'f', measurements: {} });
    for (const key of CORE_KEYS) expect(derived[key]).toBeNull();
    expect(missing).toContainEqual({
      result: 'bmrKcal',
      reason: 'MISSING_WEIGHT',
      inputs: ['measurements.weightKg'],
    });
    expect(missing).toContainEqual({ result: 'bmrKcal', reason: 'MISSING_AGE', inputs: ['ageYears'] });
    expect(missing).toContainEqual({
      result: 'boneMassKg',
      reason: 'MISSING_BREADTHS',
      inputs: ['measurements.breadthsCm.wrist', 'measurements.breadthsCm.femur'],
    });
    expect(missing).toContainEqual({
      result: 'somatotype',
      reason: 'MISSING_GIRTHS',
      inputs: ['measurements.girthsCm.armFlexed', 'measurements.girthsCm.calf'],
    });
  });

  it('an invalid activity factor is reported, not replaced by the default', () => {
    const { derived, missing } = computeAnthropometry({ ...full, activityFactor: 0 });
    expect(derived.bmrKcal).not.toBeNull();
    expect(derived.energyRequirementKcal).toBeNull();
    expect(missing).toEqual([
      { result: 'energyRequirementKcal', reason: 'INVALID_ACTIVITY_FACTOR', inputs: ['activityFactor'] },
    ]);
  });

  it('flags inconsistent inputs (skinfold too large for the girth) instead of squaring them away', () => {
    const { derived, missing } = computeAnthropometry({
      ...full,
      measurements: { ...full.measurements, girthsCm: { ...full.measurements.girthsCm, armRelaxed: 3 } },
    });
    expect(derived.armMuscleAreaCm2).toBeNull();
    expect(derived.skeletalMuscleMassKg).toBeNull();
    expect(missing).toContainEqual({
      result: 'armMuscleAreaCm2',
      reason: 'INCONSISTENT_MEASUREMENTS',
      inputs: ['measurements.girthsCm.armRelaxed', 'measurements.skinfoldsMm.triceps'],
    });
  });

  it('flags a non-positive muscle mass by difference as inconsistent', () => {
    const huge = { triceps: 80, subscapular: 80, supraspinale: 80, abdominal: 80, thigh: 80, calf: 80 };
    const { derived, missing } = computeAnthropometry({
      sex: 'f',
      ageYears: 40,
      measurements: { weightKg: 50, heightCm: 160, skinfoldsMm: huge, breadthsCm: { wrist: 5, femur: 9 } },
    });
    // 4.56 + 0.143 × 480 = 73.2 % fat → 36.6 kg; + 10.45 kg residual + ~8.4 kg bone > 50 kg.
    expect(derived.bodyFatPercent).toBeCloseTo(73.2, 10);
    expect(derived.muscleMassKg).toBeNull();
    expect(missing.find((m) => m.result === 'muscleMassKg')?.reason).toBe('INCONSISTENT_MEASUREMENTS');
  });

  describe('pregnancy', () => {
    const pregnant: AnthropometryInput = {
      sex: 'f',
      ageYears: 28,
      measurements: { weightKg: 68, heightCm: 160 },
      pregnancy: { preWeightKg: 62, lastMenstrualPeriod: '2024-01-01', today: '2024-03-01' },
    };

    it('suggests the IOM 2009 range from pre-pregnancy BMI, not current weight', () => {
      // Pre-pregnancy BMI 62 / 1.6² = 24.22 → normal → 11.5–16 kg; current weight (26.6) would say overweight.
      const { derived, missing } = computeAnthropometry(pregnant);
      expect(derived.suggestedGestationalGainKg).toEqual({ min: 11.5, max: 16 });
      expect(derived.gestationalAge).toEqual({ totalDays: 60, weeks: 8, days: 4 });
      expect(derived.dueDate).toBe('2024-10-07');
      expect(missing.filter((m) => m.result === 'suggestedGestationalGainKg')).toEqual([]);
    });

    it('reports missing pre-pregnancy weight and dates', () => {
      const { derived, missing } = computeAnthropometry({ ...pregnant, pregnancy: { today: '2024-03-01' } });
      expect(derived.suggestedGestationalGainKg).toBeNull();
      expect(derived.gestationalAge).toBeNull();
      expect(derived.dueDate).toBeNull();
      expect(missing).toContainEqual({
        result: 'suggestedGestationalGainKg',
        reason: 'MISSING_PRE_PREGNANCY_WEIGHT',
        inputs: ['pregnancy.preWeightKg'],
      });
      expect(missing).toContainEqual({
        result: 'gestationalAge',
        reason: 'MISSING_DATES',
        inputs: ['pregnancy.lastMenstrualPeriod'],
      });
    });

    it('reports invalid or reversed dates', () => {
      const bad = computeAnthropometry({ ...pregnant, pregnancy: { preWeightKg: 62, lastMenstrualPeriod: '2024-02-30', today: '2024-03-01' } });
      expect(bad.derived.dueDate).toBeNull();
      expect(bad.missing).toContainEqual({ result: 'dueDate', reason: 'INVALID_DATE', inputs: ['pregnancy.lastMenstrualPeriod'] });
      const reversed = computeAnthropometry({ ...pregnant, pregnancy: { lastMenstrualPeriod: '2024-03-01', today: '2024-01-01' } });
      expect(reversed.derived.gestationalAge).toBeNull();
      expect(reversed.derived.dueDate).toBe('2024-12-06');
      expect(reversed.missing.find((m) => m.result === 'gestationalAge')?.reason).toBe('INVALID_DATE');
    });

    it('does not apply to men', () => {
      const { derived, missing } = computeAnthropometry({ ...pregnant, sex: 'm' });
      expect(derived.suggestedGestationalGainKg).toBeNull();
      expect(missing).toContainEqual({ result: 'suggestedGestationalGainKg', reason: 'NOT_APPLICABLE_SEX', inputs: ['sex'] });
    });
  });

  it('rejects an invalid sex outright', () => {
    expect(() => computeAnthropometry({ sex: 'x' as never, measurements: {} })).toThrow(RangeError);
  });

  // Any mix of present, absent, zero, negative and non-finite inputs.
  const maybe = (arb: fc.Arbitrary<number>) =>
    fc.oneof(
      { weight: 4, arbitrary: arb },
      { weight: 1, arbitrary: fc.constantFrom<number | null | undefined>(undefined, null, 0, -5, Number.NaN, Number.POSITIVE_INFINITY) },
    );
  const skin = maybe(fc.double({ min: 1, max: 60, noNaN: true }));
  const girth = maybe(fc.double({ min: 3, max: 130, noNaN: true }));
  const arbitraryInput: fc.Arbitrary<AnthropometryInput> = fc.record({
    sex: fc.constantFrom('m' as const, 'f' as const),
    ageYears: maybe(fc.double({ min: 18, max: 95, noNaN: true })),
    patientTypeId: fc.constantFrom(1, 2, 3, null),
    activityFactor: fc.oneof(fc.constant(undefined), maybe(fc.double({ min: 1, max: 2.5, noNaN: true }))),
    raceTerm: fc.constantFrom(0 as const, -2 as const, 1.1 as const, undefined),
    measurements: fc.record({
      weightKg: maybe(fc.double({ min: 25, max: 250, noNaN: true })),
      heightCm: maybe(fc.double({ min: 120, max: 215, noNaN: true })),
      skinfoldsMm: fc.record({ triceps: skin, subscapular: skin, supraspinale: skin, abdominal: skin, thigh: skin, calf: skin }),
      girthsCm: fc.record({ armRelaxed: girth, armFlexed: girth, thigh: girth, calf: girth }),
      breadthsCm: fc.record({
        humerus: maybe(fc.double({ min: 4, max: 10, noNaN: true })),
        femur: maybe(fc.double({ min: 6, max: 13, noNaN: true })),
        wrist: maybe(fc.double({ min: 3.5, max: 7, noNaN: true })),
      }),
    }),
    pregnancy: fc.option(
      fc.record({
        preWeightKg: maybe(fc.double({ min: 35, max: 150, noNaN: true })),
        lastMenstrualPeriod: fc.constantFrom('2024-01-01', '2024-02-30', '', undefined),
        today: fc.constantFrom('2024-03-01', '2023-12-01', undefined),
      }),
      { nil: undefined },
    ),
  });

  it('property: never throws, every number is finite, and null ⇔ a missing entry', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const { derived, missing } = computeAnthropometry(input);
        const keys = Object.keys(derived) as DerivedKey[];
        for (const key of CORE_KEYS) expect(keys).toContain(key);
        for (const key of keys) {
          const value = derived[key];
          const reasons = missing.filter((m) => m.result === key);
          // A partial somatotype (some component uncomputable) is an object that still has reasons.
          const incomplete =
            value === null || (key === 'somatotype' && Object.values(value as object).some((v) => v === null));
          if (incomplete) {
            expect(reasons.length).toBeGreaterThan(0);
          } else {
            expect(reasons).toEqual([]);
          }
          const numbers =
            typeof value === 'number' ? [value] : value && typeof value === 'object' ? Object.values(value) : [];
          for (const n of numbers) if (typeof n === 'number') expect(Number.isFinite(n)).toBe(true);
        }
        for (const m of missing) expect(m.inputs.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it('property: removing an input never turns a null result into a number', () => {
    fc.assert(
      fc.property(arbitraryInput, fc.constantFrom('weightKg', 'heightCm') as fc.Arbitrary<'weightKg' | 'heightCm'>, (input, field) => {
        const before = computeAnthropometry(input).derived;
        const after = computeAnthropometry({ ...input, measurements: { ...input.measurements, [field]: undefined } }).derived;
        for (const key of CORE_KEYS) if (before[key] === null) expect(after[key]).toBeNull();
      }),
    );
  });

  it('property: results match the pure functions composed by hand (mass balance)', () => {
    fc.assert(
      fc.property(arbitraryInput, (input) => {
        const { derived } = computeAnthropometry(input);
        if (derived.fatMassKg !== null && derived.leanMassKg !== null) {
          expect(derived.fatMassKg + derived.leanMassKg).toBeCloseTo(input.measurements.weightKg as number, 9);
        }
        if (derived.muscleMassKg !== null) {
          const sum =
            (derived.muscleMassKg ?? 0) +
            (derived.fatMassKg ?? 0) +
            (derived.boneMassKg ?? 0) +
            (derived.residualMassKg ?? 0);
          expect(sum).toBeCloseTo(input.measurements.weightKg as number, 9);
          expect(derived.muscleMassKg).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('children and adolescents (WHO growth, IOM 2005 energy)', () => {
  const boy6 = {
    sex: 'm' as const,
    ageYears: 6,
    measurements: { weightKg: 20.4, heightCm: 109.5 },
    growth: { birthDate: '2019-03-01', date: '2025-03-01' },
  };
  it('a 6-year-old with BMI 17 gets the WHO indicators and no adult category ("Bajo peso" would be wrong)', () => {
    const { derived, missing } = computeAnthropometry(boy6);
    expect(derived.bmi).toBeCloseTo(17.01, 2);
    expect(derived.bmiCategory).toBeNull();
    expect(missing).toContainEqual({ result: 'bmiCategory', reason: 'PEDIATRIC_WHO', inputs: ['growth.birthDate'] });
  });
  it('energy from IOM 2005 (low active for the default factor), no adult BMR', () => {
    const { derived } = computeAnthropometry(boy6);
    expect(derived.bmrKcal).toBeNull();
    expect(derived.energyMethod).toBe('iom2005');
    const years = 2192 / 30.4375 / 12;
    expect(derived.energyRequirementKcal).toBeCloseTo(88.5 - 61.9 * years + 1.13 * (26.7 * 20.4 + 903 * 1.095) + 20, 6);
  });
  it('an adult keeps the adult table and Mifflin-St Jeor even with growth dates', () => {
    const { derived } = computeAnthropometry({ ...boy6, ageYears: 30, growth: { birthDate: '1995-03-01', date: '2025-03-01' } });
    expect(derived.bmiCategory).toBe('underweight');
    expect(derived.energyMethod).toBe('mifflinStJeor');
  });
  it('an infant: IOM 0–35 month equation (weight only)', () => {
    const { derived } = computeAnthropometry({
      sex: 'f',
      ageYears: 1,
      measurements: { weightKg: 9, heightCm: 74, girthsCm: { head: 45 } },
      growth: { birthDate: '2024-03-01', date: '2025-03-01', measuredLying: true },
    });
    // 365 days = 11.99 months: the 7–12 month deposition (22 kcal).
    expect(derived.energyRequirementKcal).toBe(89 * 9 - 100 + 22);
  });
});
