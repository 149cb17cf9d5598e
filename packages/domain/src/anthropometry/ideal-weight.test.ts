import { describe, expect, it } from 'vitest';
import { idealWeightKg } from './ideal-weight.js';

describe('idealWeightKg (Lemmens, Brodsky & Bernstein 2005: 22 × height²)', () => {
  it('matches the worked examples', () => {
    expect(idealWeightKg(170)).toBeCloseTo(63.58, 10);
    expect(idealWeightKg(160)).toBeCloseTo(56.32, 10);
  });
  it('rejects a height that is not a positive number', () => {
    expect(() => idealWeightKg(0)).toThrow(RangeError);
    expect(() => idealWeightKg(Number.NaN)).toThrow(RangeError);
  });
});
