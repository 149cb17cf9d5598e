import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ectomorphy,
  ectomorphyFromHwr,
  endomorphy,
  endomorphyX,
  heathCarterSomatotype,
  heightWeightRatio,
  mesomorphy,
  somatochartCoordinates,
} from './somatotype.js';

/*
 * Hand-computed example (Carter 2002 equations). The manual contains a worked
 * rating-form example, but its figures could not be verified from a primary
 * copy while writing this, so the case below is worked step by step instead.
 *
 * Man: height 175.0 cm, weight 70.0 kg; skinfolds triceps 10, subscapular 12,
 * supraspinale 8, medial calf 7 mm; humerus 7.0 cm, femur 9.8 cm; flexed arm
 * girth 33.0 cm, calf girth 36.5 cm.
 *
 * Endomorphy: Σ3 = 30 mm; X = 30 × 170.18 / 175 = 29.173714
 *   −0.7182 + 0.1451·29.173714 − 0.00068·29.173714² + 0.0000014·29.173714³
 *   = −0.7182 + 4.233106 − 0.578752 + 0.034762 = 2.970916
 * Mesomorphy: CAG = 33.0 − 10/10 = 32.0; CCG = 36.5 − 7/10 = 35.8
 *   0.858·7.0 + 0.601·9.8 + 0.188·32.0 + 0.161·35.8 − 0.131·175 + 4.5
 *   = 6.006 + 5.8898 + 6.016 + 5.7638 − 22.925 + 4.5 = 5.2506
 * Ectomorphy: ∛70 = 4.121285; HWR = 175 / 4.121285 = 42.462481 (≥ 40.75)
 *   0.732·42.462481 − 28.58 = 2.502536
 * Somatochart: X = 2.502536 − 2.970916 = −0.468380
 *              Y = 2·5.2506 − (2.970916 + 2.502536) = 5.027748
 * Rounded rating: 3.0 – 5.3 – 2.5 (balanced mesomorph).
 */
const example = {
  heightCm: 175,
  weightKg: 70,
  tricepsSkinfoldMm: 10,
  subscapularSkinfoldMm: 12,
  supraspinaleSkinfoldMm: 8,
  calfSkinfoldMm: 7,
  humerusBreadthCm: 7.0,
  femurBreadthCm: 9.8,
  flexedArmGirthCm: 33.0,
  calfGirthCm: 36.5,
};

describe('Heath-Carter somatotype (Carter & Heath 1990; Carter 2002)', () => {
  it('hand-computed example: components', () => {
    expect(endomorphyX(example)).toBeCloseTo(29.173714, 6);
    expect(endomorphy(example)).toBeCloseTo(2.970916, 6);
    expect(mesomorphy(example)).toBeCloseTo(5.2506, 10);
    expect(heightWeightRatio(175, 70)).toBeCloseTo(42.462481, 6);
    expect(ectomorphy(175, 70)).toBeCloseTo(2.502536, 6);
  });

  it('hand-computed example: full somatotype and somatochart point', () => {
    const s = heathCarterSomatotype(example);
    expect(s.endomorphy).toBeCloseTo(2.970916, 6);
    expect(s.mesomorphy).toBeCloseTo(5.2506, 10);
    expect(s.ectomorphy).toBeCloseTo(2.502536, 6);
    expect(s.x).toBeCloseTo(-0.46838, 5);
    expect(s.y).toBeCloseTo(5.027748, 6);
  });

  it('ectomorphy uses the three HWR bands of the manual', () => {
    // HWR 42 ≥ 40.75: 0.732·42 − 28.58 = 2.164
    expect(ectomorphyFromHwr(42)).toBeCloseTo(2.164, 10);
    // HWR exactly 40.75 belongs to the upper band: 0.732·40.75 − 28.58 = 1.249
    expect(ectomorphyFromHwr(40.75)).toBeCloseTo(1.249, 10);
    // HWR 39.5 in (38.25, 40.75): 0.463·39.5 − 17.63 = 0.6585
    expect(ectomorphyFromHwr(39.5)).toBeCloseTo(0.6585, 10);
    // HWR ≤ 38.25 → 0.1
    expect(ectomorphyFromHwr(38.25)).toBe(0.1);
    expect(ectomorphyFromHwr(35)).toBe(0.1);
  });

  it('somatochart coordinates: X = ecto − endo, Y = 2·meso − (endo + ecto)', () => {
    expect(somatochartCoordinates(3, 5, 2)).toEqual({ x: -1, y: 5 });
    expect(somatochartCoordinates(1, 1, 1)).toEqual({ x: 0, y: 0 });
  });

  it('rejects missing (zero) inputs instead of computing', () => {
    expect(() => endomorphy({ ...example, supraspinaleSkinfoldMm: 0 })).toThrow(RangeError);
    expect(() => mesomorphy({ ...example, humerusBreadthCm: 0 })).toThrow(RangeError);
    expect(() => ectomorphy(175, 0)).toThrow(RangeError);
  });

  it('property: endomorphy strictly increases with the skinfold sum', () => {
    // The cubic's derivative 0.1451 − 0.00136X + 0.0000042X² has a negative
    // discriminant, so it is positive for every X.
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 150, noNaN: true }),
        fc.double({ min: 0.5, max: 50, noNaN: true }),
        fc.double({ min: 100, max: 220, noNaN: true }),
        (skin, delta, heightCm) => {
          const base = { tricepsSkinfoldMm: skin, subscapularSkinfoldMm: skin, supraspinaleSkinfoldMm: skin, heightCm };
          expect(endomorphy({ ...base, tricepsSkinfoldMm: skin + delta })).toBeGreaterThan(endomorphy(base));
        },
      ),
    );
  });

  it('property: ectomorphy is always ≥ 0.0797 and rises with HWR within each band', () => {
    fc.assert(
      fc.property(fc.double({ min: 30, max: 55, noNaN: true }), fc.double({ min: 0.01, max: 2, noNaN: true }), (hwr, d) => {
        const e = ectomorphyFromHwr(hwr);
        expect(e).toBeGreaterThan(0.0797);
        const sameBand =
          (hwr >= 40.75 && hwr + d >= 40.75) ||
          (hwr > 38.25 && hwr + d < 40.75) ||
          hwr + d <= 38.25;
        if (sameBand) expect(ectomorphyFromHwr(hwr + d)).toBeGreaterThanOrEqual(e);
      }),
    );
  });

  it('property: somatochart X + Y relation holds for any ratings', () => {
    const rating = fc.double({ min: 0.1, max: 12, noNaN: true });
    fc.assert(
      fc.property(rating, rating, rating, (endo, meso, ecto) => {
        const { x, y } = somatochartCoordinates(endo, meso, ecto);
        // Y + X + 2·endo = 2·meso by construction.
        expect(y + x + 2 * endo).toBeCloseTo(2 * meso, 9);
      }),
    );
  });
});
