import { describe, expect, it } from 'vitest';
import { filterDecimalInput } from './decimal-input';

describe('filterDecimalInput', () => {
  it('keeps digits and the first separator only', () => {
    expect(filterDecimalInput('1a0')).toBe('10');
    expect(filterDecimalInput('abc1,5.2')).toBe('1,52');
    expect(filterDecimalInput('-3')).toBe('3');
    expect(filterDecimalInput('2 kg')).toBe('2');
    expect(filterDecimalInput('0.75')).toBe('0.75');
    expect(filterDecimalInput('')).toBe('');
  });
});
