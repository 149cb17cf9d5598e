import { describe, expect, it } from 'vitest';
import { centsToInput, displayDate, filterPriceInput, formatMoney, parsePriceToCents } from './money';

describe('prices typed the Argentine way', () => {
  it('reads comma decimals and thousands dots into integer cents', () => {
    expect(parsePriceToCents('1.500,50')).toBe(150050);
    expect(parsePriceToCents('4500,5')).toBe(450050);
    expect(parsePriceToCents('12000')).toBe(1200000);
    expect(parsePriceToCents('')).toBe(0);
  });
  it('accepts a dot as decimal separator and dots as thousands', () => {
    expect(parsePriceToCents('1500.5')).toBe(150050);
    expect(parsePriceToCents('1.500')).toBe(150000);
    expect(parsePriceToCents('1.500.000')).toBe(150000000);
  });
  it('rejects what is not a price', () => {
    expect(parsePriceToCents('1,2,3')).toBeNull();
    expect(parsePriceToCents('10,555')).toBeNull();
    expect(parsePriceToCents('abc')).toBeNull();
  });
  it('filters letters while typing and shows cents back with a comma', () => {
    expect(filterPriceInput('$ 1.500,50 ars')).toBe('1.500,50');
    expect(centsToInput(150050)).toBe('1500,50');
    expect(centsToInput(150000)).toBe('1500');
  });
  it('formats pesos in es-AR and dates as dd-mm-yyyy', () => {
    expect(formatMoney(150050, 'ARS', 'es-AR').replace(/\s/g, ' ')).toBe('$ 1.500,50');
    expect(displayDate('2026-03-09')).toBe('09-03-2026');
  });
});
