import { describe, expect, it } from 'vitest';
import { axisDomain, MINIMUM_AXIS_SPAN } from './chart-scale';

describe('axisDomain', () => {
  it('shows a 0,2 kg change on at least a 5 kg axis, centred on the data', () => {
    const [from, to] = axisDomain([70.3, 70.5], MINIMUM_AXIS_SPAN.weightKg);
    expect(to - from).toBeGreaterThanOrEqual(5);
    expect(from).toBeLessThanOrEqual(70.3);
    expect(to).toBeGreaterThanOrEqual(70.5);
    // The change takes under a tenth of the height, not all of it.
    expect((70.5 - 70.3) / (to - from)).toBeLessThan(0.1);
  });

  it('follows the data when it varies more than the minimum span', () => {
    const [from, to] = axisDomain([80, 72, 66], MINIMUM_AXIS_SPAN.weightKg);
    expect(from).toBeLessThanOrEqual(66);
    expect(to).toBeGreaterThanOrEqual(80);
    expect(to - from).toBeLessThan(20);
  });

  it('never goes below zero', () => {
    const [from] = axisDomain([1, 1.5], MINIMUM_AXIS_SPAN.sumSixSkinfoldsMm);
    expect(from).toBe(0);
  });
});
