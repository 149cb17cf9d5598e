// The Mantine provider both entries start with (the professional's app.tsx and the portal's
// portal-app.tsx): the theme of the stored primary colour, the colour scheme kept in the preferences,
// and the theme's contrast-checked variables. The default colour's variables are a style sheet of the
// build (build/theme-variables.ts), so Mantine computes them at start only for another colour.
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { preferencesColorSchemeManager, preferencesStore } from '../lib/preferences';
import { createAppTheme, cssVariablesResolver, PREBUILT_VARIABLES_COLOR } from '../lib/theme';

const colorSchemeManager = preferencesColorSchemeManager();

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const preferences = useSyncExternalStore(preferencesStore.subscribe, preferencesStore.get);
  const theme = useMemo(() => createAppTheme(preferences.primaryColor), [preferences.primaryColor]);
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      withCssVariables={preferences.primaryColor !== PREBUILT_VARIABLES_COLOR}
    >
      {children}
    </MantineProvider>
  );
}
