// The default primary colour's CSS variables, written by the build (build/theme-variables.ts): the same
// declarations MantineProvider renders, scoped to the root that names the colour without changing any
// selector's specificity.
import { describe, expect, it } from 'vitest';
import { mantineVariablesCss, scopedVariablesCss } from '../../build/theme-variables';
import { PREBUILT_VARIABLES_COLOR } from './theme';

/** selector → its declarations, in order. */
const rules = (css: string) => [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map(([, selector, body]) => [selector!.trim(), body!.trim()]);

describe('the prebuilt theme variables', () => {
  it("are Mantine's own rules for the default colour, each under the root that names it", () => {
    const mantine = mantineVariablesCss(PREBUILT_VARIABLES_COLOR);
    const scoped = rules(scopedVariablesCss(mantine, PREBUILT_VARIABLES_COLOR));
    const root = ':root:where([data-primary-color="teal"])';
    expect(scoped.map(([selector]) => selector)).toEqual([root, `${root}[data-mantine-color-scheme="dark"]`, `${root}[data-mantine-color-scheme="light"]`]);
    expect(scoped.map(([, body]) => body)).toEqual(rules(mantine).map(([, body]) => body));
    // The theme's own choices are in them (so they are not Mantine's defaults only).
    expect(scoped[0]![1]).toContain('--mantine-primary-color-filled: var(--mantine-color-teal-filled)');
    expect(scoped[2]![1]).toContain('--mantine-color-teal-filled: ');
  });

  it('refuses output of another shape than the three blocks it knows', () => {
    expect(() => scopedVariablesCss(':root, :host{--a: 1;}', 'teal')).toThrow(/unexpected/);
  });
});
