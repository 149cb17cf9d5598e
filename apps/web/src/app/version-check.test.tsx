import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, routeFetch } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { deployedVersionQuery, resetRunningVersion, VersionCheck } from './version-check';

describe('VersionCheck', () => {
  let deployed = '0.1.0+web.aaaaaaaaaaaa';
  beforeEach(() => {
    resetRunningVersion();
    deployed = '0.1.0+web.aaaaaaaaaaaa';
    vi.stubGlobal('fetch', vi.fn(routeFetch({ 'GET /api/v1/health': () => jsonResponse(200, { status: 'ok', database: 'sqlite', version: deployed }) }).fetch));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stays quiet while the deployed version is the one the tab started with, and offers a reload when it changes', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(<VersionCheck />, queryClient);
    await waitFor(() => expect(queryClient.getQueryData(deployedVersionQuery().queryKey)).toBe('0.1.0+web.aaaaaaaaaaaa'));
    expect(screen.queryByTestId('new-version')).not.toBeInTheDocument();

    await act(() => queryClient.refetchQueries({ queryKey: deployedVersionQuery().queryKey }));
    expect(screen.queryByTestId('new-version')).not.toBeInTheDocument();

    deployed = '0.1.0+web.bbbbbbbbbbbb';
    await act(() => queryClient.refetchQueries({ queryKey: deployedVersionQuery().queryKey }));
    const notice = await screen.findByTestId('new-version');
    expect(notice).toHaveTextContent('Hay una versión nueva de Almendra');
    expect(screen.getByRole('button', { name: 'Recargar ahora' })).toBeInTheDocument();

    // 'Más tarde' hides it for this version; a still newer one shows it again.
    await userEvent.click(screen.getByRole('button', { name: 'Más tarde' }));
    expect(screen.queryByTestId('new-version')).not.toBeInTheDocument();
    deployed = '0.1.0+web.cccccccccccc';
    await act(() => queryClient.refetchQueries({ queryKey: deployedVersionQuery().queryKey }));
    expect(await screen.findByTestId('new-version')).toBeInTheDocument();
  });
});
