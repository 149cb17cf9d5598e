import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, darken, readableOn, relativeLuminance } from './contrast';
import { PRIMARY_COLORS } from './preferences';

describe('contrast helpers', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#fff')).toBeCloseTo(1, 5);
  });

  it('darkens towards black', () => {
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(darken('#123456', 0)).toBe('#123456');
  });

  it('keeps a colour that already passes and darkens one that does not', () => {
    expect(readableOn('#1864ab', '#ffffff')).toBe('#1864ab');
    const fixed = readableOn('#12b886', '#ffffff');
    expect(fixed).not.toBe('#12b886');
    expect(contrastRatio(fixed, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every offered primary colour a readable link and light-variant text colour', () => {
    for (const color of PRIMARY_COLORS) {
      const palette = DEFAULT_THEME.colors[color];
      expect(contrastRatio(readableOn(palette[7], '#ffffff'), '#ffffff'), color).toBeGreaterThanOrEqual(4.5);
      const lightText = readableOn(palette[9], palette[2]);
      expect(contrastRatio(lightText, palette[1]), color).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(lightText, palette[2]), color).toBeGreaterThanOrEqual(4.5);
    }
  });
});
