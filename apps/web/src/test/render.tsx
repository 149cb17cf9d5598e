// Test helper: renders UI inside the app's providers (Mantine in test mode, i18n, a fresh query client).
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { createAppTheme } from '../lib/theme';

export function renderWithProviders(ui: ReactElement, queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={createAppTheme('teal')} env="test">
      <Notifications />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
  return render(ui, { wrapper });
}
