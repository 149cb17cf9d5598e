// /novedades marks news seen and clears the topbar badge; /comenzar?ref= sends the referral code.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../app/router';
import { queryClient } from '../../lib/query-client';
import { writeSession } from '../../lib/session';
import { jsonResponse, me, routeFetch, session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, queryClient);
  return router;
}

const newsItem = (id: string, title: string, seen: boolean) => ({
  id,
  title,
  bodyHtml: `<p>Texto de <strong>${title}</strong></p>`,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
  seen,
});

describe('news and referral screens', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('shows the unseen count in the topbar, marks everything seen on /novedades and clears the badge', { timeout: 30_000 }, async () => {
    writeSession({ accessToken: 'valid', expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() });
    queryClient.setQueryData(['me'], me());
    let unseen = 2;
    const api = routeFetch({
      'GET /api/v1/marketing/unseen-count': () => jsonResponse(200, { count: 0 }),
      'GET /api/v1/news/unseen-count': () => jsonResponse(200, { count: unseen }),
      'GET /api/v1/news': () => jsonResponse(200, { items: [newsItem('n2', 'Agenda nueva', false), newsItem('n1', 'Exportar pacientes', false)], unseenCount: 2 }),
      'POST /api/v1/news/seen': () => {
        unseen = 0;
        return jsonResponse(200, { count: 0 });
      },
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderAt('/novedades');

    const items = await screen.findAllByTestId('news-item', {}, { timeout: 15_000 });
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Agenda nueva', 'Exportar pacientes']);
    // The ones that were new keep their badge on this visit; the rich text is rendered.
    expect(within(items[0]!).getByTestId('news-new')).toHaveTextContent('Nueva');
    expect(items[0]!.querySelector('strong')?.textContent).toBe('Agenda nueva');
    await waitFor(() => expect(api.calls.filter((c) => c.key === 'POST /api/v1/news/seen')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('news-bell')).toHaveAccessibleName('Novedades'));
    expect(screen.queryByTestId('news-badge')).toBeNull();
  });

  it('registers with the referral code of the link', { timeout: 30_000 }, async () => {
    const api = routeFetch({
      'POST /api/v1/auth/register': () => jsonResponse(201, session('new-account')),
      'GET /api/v1/marketing/unseen-count': () => jsonResponse(200, { count: 0 }),
      'GET /api/v1/news/unseen-count': () => jsonResponse(200, { count: 0 }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const router = renderAt('/comenzar?ref=K7PQ2MZX');
    expect(await screen.findByTestId('register-referral', {}, { timeout: 15_000 })).toHaveTextContent('K7PQ2MZX');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Carla');
    await user.type(screen.getByLabelText('Apellido'), 'Gómez');
    await user.type(screen.getByLabelText('Correo electrónico'), 'carla@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'una-clave-larga');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'una-clave-larga');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'));
    const body = JSON.parse(String(api.calls.find((c) => c.key === 'POST /api/v1/auth/register')!.init.body));
    expect(body).toMatchObject({ firstName: 'Carla', referralCode: 'K7PQ2MZX' });
  });
});
