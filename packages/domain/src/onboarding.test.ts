import { describe, expect, it } from 'vitest';
import { patientCountBand } from './onboarding.js';

describe('patientCountBand (bands 6 and 15)', () => {
  it.each([
    [0, 'under-6'],
    [5, 'under-6'],
    [6, '6-to-14'],
    [14, '6-to-14'],
    [15, '15-or-more'],
    [500, '15-or-more'],
  ] as const)('%i patients → %s', (count, band) => {
    expect(patientCountBand(count)).toBe(band);
  });
});
