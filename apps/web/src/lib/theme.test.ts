import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrastRatio } from './contrast';
import { PRIMARY_COLORS } from './preferences';
import { createAppTheme, cssVariablesResolver } from './theme';

const DARK_BODY = DEFAULT_THEME.colors.dark[7];

describe('theme colours', () => {
  for (const primary of PRIMARY_COLORS) {
    it(`${primary}: primary buttons, links and active menu entries reach 4.5:1`, () => {
      const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(primary));
      const result = cssVariablesResolver(theme);
      const light = result.light as Record<string, string>;
      const dark = result.dark as Record<string, string>;
      const palette = theme.colors[primary];
      for (const key of [`--mantine-color-${primary}-filled`, `--mantine-color-${primary}-filled-hover`]) {
        expect(contrastRatio(light[key]!, '#ffffff'), key).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(dark[key]!, '#ffffff'), key).toBeGreaterThanOrEqual(4.5);
      }
      const lightText = light[`--mantine-color-${primary}-light-color`]!;
      expect(contrastRatio(lightText, palette[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(lightText, palette[2])).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light['--mantine-color-anchor']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(light['--mantine-primary-color-contrast']).toBe('#ffffff');
    });
  }

  it('keeps error text readable in both schemes and the spec breakpoints', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme('teal'));
    const light = cssVariablesResolver(theme).light as Record<string, string>;
    expect(contrastRatio(light['--mantine-color-error']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(DEFAULT_THEME.colors.red[4], DARK_BODY)).toBeGreaterThanOrEqual(4.5);
    expect(theme.breakpoints).toMatchObject({ xs: '36em', sm: '48em', md: '62em', lg: '75em' });
  });
});
