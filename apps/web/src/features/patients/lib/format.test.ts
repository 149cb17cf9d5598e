import { describe, expect, it } from 'vitest';
import { ageFrom, filterDecimal, formatDate, parseDateInput, parseDecimal } from './format';

describe('patients format helpers', () => {
  it('shows ISO dates as dd-mm-yyyy and reads them back', () => {
    expect(formatDate('1990-03-15')).toBe('15-03-1990');
    expect(parseDateInput('15-03-1990')).toBe('1990-03-15');
    expect(parseDateInput('5/3/1990')).toBe('1990-03-05');
    expect(parseDateInput('')).toBeNull();
    expect(parseDateInput('ayer')).toBe('ayer');
  });

  it('accepts comma or dot as the decimal separator and drops other characters', () => {
    expect(filterDecimal('16a5,5.2')).toBe('165,52');
    expect(parseDecimal('22,5')).toBe(22.5);
    expect(parseDecimal('22.5')).toBe(22.5);
    expect(parseDecimal(' ')).toBeNull();
  });

  it('computes whole years, counting the birthday itself', () => {
    expect(ageFrom('1990-03-15', '2026-03-14')).toBe(35);
    expect(ageFrom('1990-03-15', '2026-03-15')).toBe(36);
    expect(ageFrom(null, '2026-03-15')).toBeNull();
  });
});
