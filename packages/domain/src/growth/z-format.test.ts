// The one z-score formatter the record's panel, its charts and the PDF report share: true minus sign, always signed.
import { describe, expect, it } from 'vitest';
import { formatZScore, MINUS_SIGN } from './growth-age.js';

describe('formatZScore', () => {
  it('writes negatives with the true minus sign (U+2212), never a hyphen', () => {
    expect(formatZScore(-1.2)).toBe('\u22121,20');
    expect(formatZScore(-1.2)).not.toContain('-');
    expect(formatZScore(-1.2, { locale: 'en-US' })).toBe('\u22121.20');
    expect(formatZScore(-3, { decimals: 0 })).toBe(`${MINUS_SIGN}3`);
  });

  it('signs positives with + and leaves a zero (also one that rounds to zero) unsigned', () => {
    expect(formatZScore(1.234)).toBe('+1,23');
    expect(formatZScore(3, { decimals: 0 })).toBe('+3');
    expect(formatZScore(0)).toBe('0,00');
    expect(formatZScore(-0.001)).toBe('0,00');
    expect(formatZScore(0.004)).toBe('0,00');
  });
});
