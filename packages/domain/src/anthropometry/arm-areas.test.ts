import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { armAreaCm2, armAreas, BONE_FREE_AMA_CORRECTION_CM2 } from './arm-areas.js';

describe('arm areas (Frisancho 1981; bone-free correction Heymsfield et al. 1982)', () => {
  /*
   * Hand-computed: MAC 30.0 cm, TSF 10 mm (1.0 cm).
   *   arm area = 30² / (4π) = 900 / 12.566371 = 71.619724 cm²
   *   AMA = (30 − π·1.0)² / (4π) = 26.858407² / 12.566371 = 721.374045 / 12.566371 = 57.405123 cm²
   *   AFA = 71.619724 − 57.405123 = 14.214602 cm²
   *   bone-free AMA: men 57.405123 − 10 = 47.405123; women 57.405123 − 6.5 = 50.905123
   */
  it('hand-computed example: MAC 30 cm, TSF 10 mm', () => {
    const r = armAreas({ armGirthCm: 30, tricepsSkinfoldMm: 10 });
    expect(r.armAreaCm2).toBeCloseTo(71.619724, 6);
    expect(r.armMuscleAreaCm2).toBeCloseTo(57.405123, 6);
    expect(r.armFatAreaCm2).toBeCloseTo(14.214602, 6);
  });

  it('bone-free option subtracts 10 cm² (men) / 6.5 cm² (women) from AMA only', () => {
    const men = armAreas({ armGirthCm: 30, tricepsSkinfoldMm: 10, boneFreeForSex: 'm' });
    const women = armAreas({ armGirthCm: 30, tricepsSkinfoldMm: 10, boneFreeForSex: 'f' });
    expect(men.armMuscleAreaCm2).toBeCloseTo(47.405123, 6);
    expect(women.armMuscleAreaCm2).toBeCloseTo(50.905123, 6);
    // The fat area is unchanged: bone is removed from muscle, it does not become fat.
    expect(men.armFatAreaCm2).toBeCloseTo(14.214602, 6);
    expect(BONE_FREE_AMA_CORRECTION_CM2).toEqual({ m: 10, f: 6.5 });
  });

  it('refuses a triceps skinfold too large for the girth', () => {
    // π · 10 cm > 30 cm: squaring would hide the inconsistency.
    expect(() => armAreas({ armGirthCm: 30, tricepsSkinfoldMm: 100 })).toThrow(RangeError);
    expect(() => armAreas({ armGirthCm: 0, tricepsSkinfoldMm: 10 })).toThrow(RangeError);
  });

  it('property: AMA + AFA = arm area, all positive, AMA decreases as TSF grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 15, max: 55, noNaN: true }),
        fc.double({ min: 0.05, max: 0.9, noNaN: true }),
        (mac, ratio) => {
          // Choose TSF so that π·TSF < MAC.
          const tsfMm = ((ratio * mac) / Math.PI) * 10;
          const r = armAreas({ armGirthCm: mac, tricepsSkinfoldMm: tsfMm });
          expect(r.armMuscleAreaCm2 + r.armFatAreaCm2).toBeCloseTo(r.armAreaCm2, 9);
          expect(r.armAreaCm2).toBeCloseTo(armAreaCm2(mac), 12);
          expect(r.armMuscleAreaCm2).toBeGreaterThan(0);
          expect(r.armFatAreaCm2).toBeGreaterThan(0);
          const thicker = armAreas({ armGirthCm: mac, tricepsSkinfoldMm: tsfMm * 1.05 });
          expect(thicker.armMuscleAreaCm2).toBeLessThan(r.armMuscleAreaCm2);
        },
      ),
    );
  });
});
