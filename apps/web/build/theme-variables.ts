// The theme's CSS variables for the default primary colour, written by the build (issue 27). At every
// start MantineProvider computed them in the browser (MantineCssVariables: Mantine's default variables
// for the theme, our cssVariablesResolver's contrast-checked colours from src/lib/theme.ts, the diff
// against Mantine's defaults, ~25 ms of a throttled phone's first render) and rendered them in a <style>.
// The build renders that same <style> once, in Node, for the default primary colour (PREBUILT_VARIABLES_COLOR), and the entries
// import it as a style sheet (`virtual:almendra-theme-variables.css`, right after Mantine's styles.css).
// Its rules are Mantine's with `:where([data-primary-color="teal"])` on the root: the same specificity
// as Mantine's own, so they apply exactly when <html data-primary-color> (theme-boot.js, then
// applyPreferencesToDocument) names that colour; the app then tells MantineProvider not to render the
// <style> (`withCssVariables`), and any other colour is computed at runtime as before.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import type { PrimaryColor } from '@almendra/contracts';
import { createAppTheme, cssVariablesResolver, PREBUILT_VARIABLES_COLOR } from '../src/lib/theme';
import type { Plugin } from 'vite';

export const THEME_VARIABLES_MODULE = 'virtual:almendra-theme-variables.css';
/** A path-like id (not \0-prefixed) so Vite's CSS pipeline takes the module as a style sheet. */
const RESOLVED_ID = '/@almendra/theme-variables.css';

/** The CSS MantineProvider renders for the theme's variables with this primary colour (its <style>'s text). */
export function mantineVariablesCss(primaryColor: PrimaryColor): string {
  const html = renderToString(
    createElement(MantineProvider, {
      theme: createAppTheme(primaryColor),
      cssVariablesResolver,
      withGlobalClasses: false,
      // A manager without storage: Node has none, and the variables do not depend on the scheme chosen.
      colorSchemeManager: { get: (fallback) => fallback, set: () => undefined, subscribe: () => undefined, unsubscribe: () => undefined, clear: () => undefined },
      children: null,
    }),
  );
  const css = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (!css) throw new Error('theme-variables: MantineProvider rendered no variables');
  return css;
}

/** Mantine's rules, scoped to the root that names the colour, each selector's specificity unchanged. */
export function scopedVariablesCss(css: string, primaryColor: string): string {
  const root = `:root:where([data-primary-color="${primaryColor}"])`;
  let rules = 0;
  const scoped = css.replace(/:root(\[data-mantine-color-scheme="(?:dark|light)"\])?, :host(?:\(\[data-mantine-color-scheme="(?:dark|light)"\]\))?\{/g, (_match, scheme: string | undefined) => {
    rules += 1;
    return `${root}${scheme ?? ''}{`;
  });
  // Mantine's three blocks (variables, dark, light): anything else means its output changed shape.
  if (rules !== 3 || /:host/.test(scoped)) throw new Error(`theme-variables: unexpected Mantine variables CSS: ${css.slice(0, 200)}`);
  return scoped;
}

export function themeVariables(): Plugin {
  let css: string | null = null;
  return {
    name: 'almendra-theme-variables',
    resolveId: (id) => (id === THEME_VARIABLES_MODULE ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      css ??= scopedVariablesCss(mantineVariablesCss(PREBUILT_VARIABLES_COLOR), PREBUILT_VARIABLES_COLOR);
      return css;
    },
  };
}
