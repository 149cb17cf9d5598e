// /planes keeps offering the plans to a signed-in nutritionist whose short-lived access token has just
// expired (her next request renews it): rendered at that moment, the screen used to show her as a
// visitor ("Ingresar", no "Elegir este plan") and never changed back. Found by the browser tests with
// two workers on a busy machine, where the plans answered after the 4-second token had expired.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { MeSubscription, SubscriptionPlan } from '@almendra/contracts';
import { clearSession, writeSession } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { billingKeys } from '../api/billing-api';
import { PlansPage } from './billing-pages';

const plan: SubscriptionPlan = { key: 'uy-mensual', countryCode: 'UY', name: 'Mensual Uruguay', period: 'mensual', priceCents: 150_000, currency: 'UYU', patientLimit: null, trialDays: 0, active: true };

const expired: MeSubscription = {
  billingEnabled: true,
  plan,
  history: [],
  rejectedNotice: null,
  manualPaymentInstructions: null,
  checkoutProcessors: [],
  state: {
    status: 'expired', plan: 'Mensual Uruguay', activo: false, dias_transcurridos: 0, vigencia: '2026-03-10T12:00:00.000Z', alerta: true, alerta_tipo: null, dias_restantes: 0,
    frecuencia: 'mensual', keyPlan: 'uy-mensual', procesador: 'manual', proximo_cobro: null, pago: false, list_token: [], token_predeterminado: null, gratis: false, tour: null, tour_documento: false, bannedStatus: 0,
  },
};

function renderPlans() {
  // The answers are at hand (as after a first render): nothing is fetched.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const country = navigator.language.split('-')[1]?.toUpperCase() ?? null;
  queryClient.setQueryData(billingKeys.plans(country), { items: [plan] });
  queryClient.setQueryData(billingKeys.mine, expired);
  const router = createMemoryRouter([{ path: '/planes', element: <PlansPage /> }], { initialEntries: ['/planes'] });
  return renderWithProviders(<RouterProvider router={router} />, queryClient);
}

describe('/planes and the session', () => {
  afterEach(() => clearSession());

  it('a signed-in nutritionist whose access token just expired still chooses a plan and is not offered to sign in', async () => {
    writeSession({ accessToken: 'stale', expiresAt: new Date(Date.now() - 1000).toISOString() });
    renderPlans();
    // Text queries, not role queries: the role of each node is costly to compute in jsdom.
    expect((await screen.findByText('Elegir este plan')).closest('button')).toBeInTheDocument();
    expect(screen.getByText(/Tu suscripción venció/)).toBeInTheDocument();
    expect(screen.queryByText('Ingresar')).toBeNull();
    expect(screen.getByText('Cerrar sesión').closest('button')).toBeInTheDocument();
  });

  it('a visitor sees the plans and a way to sign in, and nothing to choose', async () => {
    renderPlans();
    expect(await screen.findByText('Mensual Uruguay')).toBeInTheDocument();
    expect(screen.queryByText('Elegir este plan')).toBeNull();
    expect(screen.getByText('Ingresar').closest('a')).toHaveAttribute('href', '/login');
  });
});
