import { describe, expect, it } from 'vitest';
import { filterDecimalInput, formatDate, formatNumber, formatSigned, parseDecimal } from './format';

describe('consultation formatting', () => {
  it('writes numbers the Argentine way', () => {
    expect(formatNumber(22.456, 1)).toBe('22,5');
    expect(formatNumber(1401.5, 1)).toBe('1.401,5');
    expect(formatSigned(-0.01, 1, 'kg')).toBe('0,0 kg');
    expect(formatSigned(1.25, 1, 'kg')).toBe('+1,3 kg');
  });
  it('shows calendar dates as dd-mm-yyyy', () => {
    expect(formatDate('2026-03-09')).toBe('09-03-2026');
  });
  it('accepts comma or dot and filters other characters', () => {
    expect(filterDecimalInput('72a,5.3')).toBe('72,53');
    expect(parseDecimal('72,5')).toBe(72.5);
    expect(parseDecimal('72.5')).toBe(72.5);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('7,2,1')).toBeNaN();
  });
});
