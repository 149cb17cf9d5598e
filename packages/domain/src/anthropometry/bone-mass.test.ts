import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rochaBoneMass, WURCH_RESIDUAL_FRACTION, wurchResidualMass } from './bone-mass.js';

describe('rochaBoneMass (von Döbeln 1964, modified by Rocha 1975)', () => {
  /*
   * Hand-computed: height 175 cm, wrist (bistyloid) 5.6 cm, femur 9.8 cm.
   *   H²·R·F·400 = 1.75² × 0.056 × 0.098 × 400 = 6.7228
   *   6.7228^0.712 = e^(0.712 × ln 6.7228) = e^1.356719 = 3.883432
   *   3.02 × 3.883432 = 11.727965 kg
   */
  it('hand-computed example: 11.7280 kg', () => {
    expect(rochaBoneMass({ heightCm: 175, wristBreadthCm: 5.6, femurBreadthCm: 9.8 })).toBeCloseTo(11.727965, 5);
  });

  /*
   * Second hand-computed case (smaller frame): 160 cm, wrist 5.0 cm, femur 8.8 cm.
   *   1.60² × 0.050 × 0.088 × 400 = 4.5056; 3.02 × 4.5056^0.712 = 8.820208 kg
   */
  it('hand-computed example: 8.8202 kg', () => {
    expect(rochaBoneMass({ heightCm: 160, wristBreadthCm: 5.0, femurBreadthCm: 8.8 })).toBeCloseTo(8.820208, 5);
  });

  it('rejects missing breadths', () => {
    expect(() => rochaBoneMass({ heightCm: 175, wristBreadthCm: 0, femurBreadthCm: 9.8 })).toThrow(RangeError);
  });

  it('property: doubling a breadth multiplies bone mass by 2^0.712', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 120, max: 210, noNaN: true }),
        fc.double({ min: 4, max: 7, noNaN: true }),
        fc.double({ min: 7, max: 12, noNaN: true }),
        (heightCm, wristBreadthCm, femurBreadthCm) => {
          const base = rochaBoneMass({ heightCm, wristBreadthCm, femurBreadthCm });
          const doubled = rochaBoneMass({ heightCm, wristBreadthCm: wristBreadthCm * 2, femurBreadthCm });
          expect(doubled / base).toBeCloseTo(2 ** 0.712, 9);
          expect(base).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('wurchResidualMass (Würch 1974)', () => {
  it('24.1 % of weight in men, 20.9 % in women', () => {
    expect(wurchResidualMass(70, 'm')).toBeCloseTo(16.87, 10);
    expect(wurchResidualMass(60, 'f')).toBeCloseTo(12.54, 10);
    expect(WURCH_RESIDUAL_FRACTION).toEqual({ m: 0.241, f: 0.209 });
  });

  it('property: proportional to weight', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 300, noNaN: true }), fc.constantFrom('m' as const, 'f' as const), (w, sex) => {
        expect(wurchResidualMass(w, sex) / w).toBeCloseTo(WURCH_RESIDUAL_FRACTION[sex], 12);
      }),
    );
  });
});
