import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { writeSession } from '../../lib/session';
import { jsonResponse, me, routeFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PageSearchSpotlight } from './page-search-spotlight';
import { pageSearch } from './page-search-store';

const TEN = ['/inicio', '/pacientes', '/citas', '/plantillas', '/alimentos', '/platos', '/estadisticas', '/marketing', '/chat', '/configuracion'];

function renderSearch(starredPages: string[]) {
  const data = me({ starredPages });
  queryClient.setQueryData(['me'], data);
  const router = createMemoryRouter([{ path: '*', element: <PageSearchSpotlight me={data} /> }]);
  renderWithProviders(<RouterProvider router={router} />, queryClient);
  act(() => pageSearch.open());
  return router;
}

describe('navbar page search', () => {
  afterEach(() => {
    act(() => pageSearch.close());
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('finds pages by their English name too and lists starred pages first', async () => {
    renderSearch(['/platos']);
    const user = userEvent.setup();
    const actions = () => document.querySelectorAll('[data-action]');
    expect(actions()[0]).toHaveTextContent('Platos');
    await user.type(screen.getByPlaceholderText('Buscar páginas…'), 'statistics');
    expect(actions()).toHaveLength(1);
    expect(actions()[0]).toHaveTextContent('Estadísticas');
  });

  it('refuses an eleventh star with a message and saves nothing', async () => {
    writeSession({ accessToken: 't', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    const api = routeFetch({ 'PATCH /api/v1/me/preferences': () => jsonResponse(200, me()) });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderSearch(TEN);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Destacar «Nueva nota»' }));
    const message = await screen.findByTestId('starred-limit');
    expect(within(message).getByText('Puedes destacar hasta 10 páginas. Quita una para destacar otra.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    // Unstarring still works at the limit and is saved to the account.
    await user.click(screen.getByRole('button', { name: 'Quitar «Chat» de destacadas' }));
    expect(api.calls).toHaveLength(1);
    expect(JSON.parse(String(api.calls[0]!.init.body))).toEqual({ starredPages: TEN.filter((p) => p !== '/chat') });
  });
});
