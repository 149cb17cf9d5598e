import { describe, expect, it } from 'vitest';
import { readAmount, readDisplayDate } from './payment-input';

describe('readAmount', () => {
  it('reads Argentine amounts with comma decimals and dot thousands', () => {
    expect(readAmount('15.000,50')).toEqual({ cents: 1_500_050, error: null });
    expect(readAmount('15000,5')).toEqual({ cents: 1_500_050, error: null });
    expect(readAmount('15000')).toEqual({ cents: 1_500_000, error: null });
    expect(readAmount('1.000.000')).toEqual({ cents: 100_000_000, error: null });
  });
  it('refuses empty, zero, malformed and too large amounts', () => {
    expect(readAmount('').error).toBe('amountInvalid');
    expect(readAmount('0').error).toBe('amountInvalid');
    expect(readAmount('1,2,3').error).toBe('amountInvalid');
    expect(readAmount('abc').error).toBe('amountInvalid');
    expect(readAmount('1.000.000,01').error).toBe('amountTooHigh');
  });
});

describe('readDisplayDate', () => {
  it('reads dd-mm-aaaa and refuses impossible days', () => {
    expect(readDisplayDate('10-03-2026')).toBe('2026-03-10');
    expect(readDisplayDate('1/3/2026')).toBe('2026-03-01');
    expect(readDisplayDate('30-02-2026')).toBeNull();
    expect(readDisplayDate('2026-03-10')).toBeNull();
  });
});
