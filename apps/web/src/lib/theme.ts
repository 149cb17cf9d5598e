// Mantine theme: primary colour from the preferences, the spec's breakpoints (xs 576, sm 768,
// md 992, lg 1200 px) and colour variables adjusted so every text on a coloured surface passes WCAG
// AA (4.5:1) whatever colour the nutritionist picks.
import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import type { PrimaryColor } from '@almendra/contracts';
import { darken, readableOn } from './contrast';

export const BREAKPOINTS = { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' } as const;

const WHITE = '#ffffff';

/**
 * The primary colour (the default one) whose CSS variables the build writes as a style sheet
 * (build/theme-variables.ts, imported by both entries): MantineProvider renders its <style> of variables
 * only for another colour (`withCssVariables`), instead of computing them at every start.
 */
export const PREBUILT_VARIABLES_COLOR: PrimaryColor = 'teal';

export function createAppTheme(primaryColor: PrimaryColor): MantineThemeOverride {
  return createTheme({
    primaryColor,
    primaryShade: { light: 6, dark: 8 },
    // Filled surfaces always carry white text; cssVariablesResolver darkens them until it reads.
    autoContrast: false,
    breakpoints: BREAKPOINTS,
    defaultRadius: 'md',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    headings: { fontWeight: '650' },
    cursorType: 'pointer',
    // People who ask their system for less motion get no transitions (and the browser tests, which
    // emulate that setting, never read a half-faded dialog or menu).
    respectReducedMotion: true,
    // Required fields carry `required`/aria-required but no visual asterisk inside the label, so a
    // label's text is exactly the field's name ("Correo electrónico", not "Correo electrónico *").
    // Plain objects rather than Component.extend() so the theme does not pull the input
    // components into the entry chunk.
    components: {
      TextInput: { defaultProps: { withAsterisk: false } },
      PasswordInput: { defaultProps: { withAsterisk: false } },
      NativeSelect: { defaultProps: { withAsterisk: false } },
      // A closed Select keeps no hidden listbox in the DOM (that listbox shares the field's label).
      Select: { defaultProps: { withAsterisk: false, comboboxProps: { keepMounted: false } } },
      Textarea: { defaultProps: { withAsterisk: false } },
      // Mantine paints toast descriptions gray-6 (3.3:1 on white); the theme's dimmed text reads at AA.
      Notification: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
      // Mantine's focus placeholder (role=presentation) is not a valid child of role=menu.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // A table that scrolls sideways on a phone must be reachable by keyboard (axe
      // scrollable-region-focusable): its viewport takes focus, and arrow keys scroll it.
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    },
  });
}

type Palette = readonly string[];

/** Per-colour variables: filled surfaces dark enough for white text, "light" variant text readable on its background. */
export function accessibleColorVariables(palette: Palette): {
  light: Record<string, string>;
  dark: Record<string, string>;
} | null {
  const [s1, s2, s6, s8, s9] = [palette[1], palette[2], palette[6], palette[8], palette[9]];
  if (!s1 || !s2 || !s6 || !s8 || !s9 || ![s1, s2, s6, s8, s9].every((c) => /^#[0-9a-f]{6}$/i.test(c))) return null;
  const lightFilled = readableOn(s6, WHITE);
  const darkFilled = readableOn(s8, WHITE);
  return {
    light: {
      filled: lightFilled,
      'filled-hover': darken(lightFilled, 0.1),
      // Checked against the hover background (shade 2), the darker of the two "light" backgrounds.
      'light-color': readableOn(s9, s2),
    },
    dark: { filled: darkFilled, 'filled-hover': darken(darkFilled, 0.1) },
  };
}

export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    // Mantine's gray-6 "dimmed" text is 3.3:1 on white; gray-7 reads at 7:1.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-primary-color-contrast': WHITE,
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-primary-color-contrast': WHITE,
  };
  for (const [name, palette] of Object.entries(theme.colors)) {
    const vars = accessibleColorVariables(palette);
    if (!vars) continue;
    for (const [suffix, value] of Object.entries(vars.light)) light[`--mantine-color-${name}-${suffix}`] = value;
    for (const [suffix, value] of Object.entries(vars.dark)) dark[`--mantine-color-${name}-${suffix}`] = value;
    if (name === theme.primaryColor) light['--mantine-color-anchor'] = readableOn(palette[7] ?? palette[6]!, WHITE);
    if (name === 'red') light['--mantine-color-error'] = readableOn(palette[7]!, WHITE);
  }
  return { variables: {}, light, dark };
};
