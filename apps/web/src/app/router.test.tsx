import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocked } from '../lib/lock';
import { queryClient } from '../lib/query-client';
import { readSession, writeSession } from '../lib/session';
import { jsonResponse, me, routeFetch, session } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { buildRoutes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, queryClient);
  return router;
}

const here = (router: ReturnType<typeof renderAt>) => `${router.state.location.pathname}${router.state.location.search}`;

function storeValidSession() {
  writeSession({ accessToken: 'valid', expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() });
}

describe('app routes', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('sends a signed-out visitor of a product page to the login screen with the page in `to`', async () => {
    const router = renderAt('/pacientes?lugar=1');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(here(router)).toBe('/login?to=%2Fpacientes%3Flugar%3D1');
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
  });

  it('redirects unknown paths to the 404 screen', async () => {
    const router = renderAt('/no-existe');
    expect(await screen.findByRole('heading', { name: 'Esta página no existe' })).toBeInTheDocument();
    expect(here(router)).toBe('/pages/error-404');
  });

  it('shows a signed-out visitor of the root what Almendra is, with sign-up and sign-in; sends someone signed in to /inicio', async () => {
    const visitor = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu consultorio de nutrición, en orden' })).toBeInTheDocument();
    expect(here(visitor)).toBe('/');
    expect(screen.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute('href', '/comenzar');
    expect(screen.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('heading', { level: 2, name: 'Consultas con antropometría' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('button', { name: 'Crear cuenta' })).toBeInTheDocument();
    expect(here(visitor)).toBe('/comenzar');
    visitor.dispose();

    storeValidSession();
    queryClient.setQueryData(['me'], me());
    vi.stubGlobal('fetch', vi.fn(routeFetch({ 'GET /api/v1/marketing/unseen-count': () => jsonResponse(200, { count: 0 }) }).fetch));
    const signedIn = renderAt('/');
    await waitFor(() => expect(here(signedIn)).toBe('/inicio'));
    expect(await screen.findByTestId('dashboard-greeting')).toBeInTheDocument();
  });

  it('resumes an expired session with one refresh before deciding, then shows the dashboard', async () => {
    writeSession({ accessToken: 'expired', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const api = routeFetch({
      'POST /api/v1/auth/refresh': () => jsonResponse(200, session('renewed')),
      'GET /api/v1/marketing/unseen-count': () => jsonResponse(200, { count: 3 }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));

    const router = renderAt('/inicio');
    expect(await screen.findByRole('heading', { name: 'Hola, Ana' })).toBeInTheDocument();
    expect(here(router)).toBe('/inicio');
    expect(api.calls.filter((c) => c.key === 'POST /api/v1/auth/refresh')).toHaveLength(1);
    expect(readSession()?.accessToken).toBe('renewed');
    // Shell: user menu, menu entries in the spec's order, marketing badge with the unseen count.
    expect(screen.getByRole('button', { name: 'Menú de usuario' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Menú principal' });
    const labels = Array.from(menu.querySelectorAll('a')).map((a) => a.querySelector('.mantine-NavLink-label')?.textContent);
    expect(labels).toEqual(['Inicio', 'Pacientes', 'Citas', 'Plantillas', 'Alimentos', 'Platos', 'Estadísticas', 'Marketing', 'Chat', 'Configuración']);
    expect(await screen.findByTestId('marketing-badge')).toHaveTextContent('3');
    // Honest empty states, no sample data.
    expect(screen.getByTestId('dashboard-appointments-empty')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-patients-empty')).toBeInTheDocument();
  });

  it('sends the user to sign in when the start-up refresh fails, and forgets the session', async () => {
    writeSession({ accessToken: 'expired', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    vi.stubGlobal(
      'fetch',
      vi.fn(routeFetch({ 'POST /api/v1/auth/refresh': () => jsonResponse(401, { error: { code: 'INVALID_REFRESH_TOKEN', message: 'Sesión vencida.' } }) }).fetch),
    );
    const router = renderAt('/citas');
    await waitFor(() => expect(here(router)).toBe('/login?to=%2Fcitas'));
    expect(readSession()).toBeNull();
  });

  it('sends suspended accounts to /activar-cuenta (which says so), nutritionists away from /admin, and locked sessions to the lock screen', async () => {
    storeValidSession();
    queryClient.setQueryData(['me'], me({ bannedStatus: 2, planKey: null }));
    const banned = renderAt('/pacientes');
    await waitFor(() => expect(here(banned)).toBe('/activar-cuenta'));
    expect(await screen.findByTestId('suspended-screen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tu cuenta está suspendida' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ir al inicio' })).toBeNull();

    queryClient.setQueryData(['me'], me());
    const nutritionist = renderAt('/admin');
    await waitFor(() => expect(here(nutritionist)).toBe('/pages/not-authorized'));

    setLocked(true);
    const locked = renderAt('/citas');
    await waitFor(() => expect(here(locked)).toBe('/pages/lock-screen?to=%2Fcitas'));
  });

  it('resumes an expired session on screens without access checks too (/planes offers the way out)', async () => {
    writeSession({ accessToken: 'expired', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const api = routeFetch({ 'POST /api/v1/auth/refresh': () => jsonResponse(200, session('renewed', { bannedStatus: 2 })) });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderAt('/planes');
    expect(await screen.findByTestId('plans-screen-plans')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Menú de usuario' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key === 'POST /api/v1/auth/refresh')).toHaveLength(1);
  });

  it('shows admins the platform summary', async () => {
    storeValidSession();
    queryClient.setQueryData(['me'], me({ role: 'admin' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        routeFetch({
          'GET /api/v1/admin/summary': () => jsonResponse(200, { users: 1200, nutritionists: 1100, admins: 2, pendingEmails: 0 }),
          'GET /api/v1/marketing/unseen-count': () => jsonResponse(200, { count: 0 }),
        }).fetch,
      ),
    );
    renderAt('/admin');
    expect(await screen.findByTestId('admin-users')).toHaveTextContent('1.200');
    expect(screen.getByRole('link', { name: 'Administración' })).toBeInTheDocument();
    expect(screen.queryByTestId('marketing-badge')).not.toBeInTheDocument();
  });

  it('opens the billing tab of the account from ?tab=facturacion', async () => {
    storeValidSession();
    queryClient.setQueryData(['me'], me());
    vi.stubGlobal('fetch', vi.fn(routeFetch({ 'GET /api/v1/marketing/unseen-count': () => jsonResponse(200, { count: 0 }) }).fetch));
    renderAt('/cuenta?tab=facturacion');
    expect(await screen.findByTestId('billing-disabled')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Facturación' })).toHaveAttribute('aria-selected', 'true');
  });

  it('signs in and goes to the `to` address', async () => {
    const api = routeFetch({
      'POST /api/v1/auth/login': () => jsonResponse(200, session('fresh')),
      'GET /api/v1/marketing/unseen-count': () => jsonResponse(200, { count: 0 }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const router = renderAt('/login?to=%2Fcitas');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana.perez@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto-largo');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    await waitFor(() => expect(here(router)).toBe('/citas'));
    const login = api.calls.find((c) => c.key === 'POST /api/v1/auth/login')!;
    expect(JSON.parse(String(login.init.body))).toEqual({ email: 'ana.perez@example.com', password: 'secreto-largo' });
    expect(new Headers(login.init.headers).get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(readSession()).toMatchObject({ accessToken: 'fresh', loggedIn: 'true' });
  });

  it('shows the server message when the credentials are wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        routeFetch({
          'POST /api/v1/auth/login': () =>
            jsonResponse(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Correo electrónico o contraseña incorrectos.' } }),
        }).fetch,
      ),
    );
    renderAt('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'mal');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Correo electrónico o contraseña incorrectos.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('refuses to sign in again while signed in, without calling the server', async () => {
    storeValidSession();
    const api = routeFetch({ 'GET /api/v1/me': () => jsonResponse(200, me()) });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    renderAt('/login');
    // Opening the screen warns once…
    expect(await screen.findByText('¡Ya iniciaste sesión!')).toBeInTheDocument();
    expect(screen.getByText('Intento de inicio de sesión')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'x');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    // …and submitting warns again instead of calling the server.
    await waitFor(() => expect(screen.getAllByText('¡Ya iniciaste sesión!')).toHaveLength(2));
    expect(api.calls.map((c) => c.key)).not.toContain('POST /api/v1/auth/login');
    // The signed-in visitor also gets the user menu on full-page screens.
    expect(await screen.findByRole('button', { name: 'Menú de usuario' })).toBeInTheDocument();
  });

  it('does not register when the passwords differ', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAt('/comenzar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellido'), 'Pérez');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'una-clave-larga');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'otra-clave-larga');
    expect(screen.getByRole('combobox', { name: 'País' })).toHaveValue('Argentina');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Las contraseñas no coinciden. Intenta de nuevo.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('registers, greets with the success toast and opens the dashboard', async () => {
    const api = routeFetch({
      'POST /api/v1/auth/register': () => jsonResponse(201, session('new-account')),
      'GET /api/v1/marketing/unseen-count': () => jsonResponse(200, { count: 0 }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const router = renderAt('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Apellido'), 'Pérez');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'una-clave-larga');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'una-clave-larga');
    await user.click(screen.getByRole('combobox', { name: 'País' }));
    await user.click(await screen.findByRole('option', { name: 'Uruguay' }));
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    expect(await screen.findByText('¡Te registraste con éxito!')).toBeInTheDocument();
    await waitFor(() => expect(here(router)).toBe('/inicio'));
    const body = JSON.parse(String(api.calls.find((c) => c.key === 'POST /api/v1/auth/register')!.init.body));
    expect(body).toEqual({ firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.com', password: 'una-clave-larga', countryCode: 'UY', locale: 'es' });
  });
  it.each(['/pagar', '/planes', '/activar-cuenta'])('on an install with billing off (the default), %s says the account is active and leads home', async (path) => {
    storeValidSession();
    queryClient.setQueryData(['me'], me());
    vi.stubGlobal('fetch', vi.fn(routeFetch({ 'GET /api/v1/marketing/unseen-count': () => jsonResponse(200, { count: 0 }), 'GET /api/v1/subscription-plans': () => jsonResponse(200, { items: [] }) }).fetch));
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Tu cuenta está activa' })).toBeInTheDocument();
    expect(screen.getByText('La facturación está desactivada en este servidor: tu cuenta está siempre activa.')).toBeInTheDocument();
    const screenOf = screen.getByTestId(/^(payment|plans)-screen-/);
    expect(within(screenOf).getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/inicio');
  });
});
