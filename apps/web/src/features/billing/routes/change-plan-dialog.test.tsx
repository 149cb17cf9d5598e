// The change-plan dialog says what each processor really does now (issue 25): Stripe charges the prorated
// difference now, Mercado Pago the new amount from its next debit (and cannot change the frequency), the
// manual processor from the next payment — and offers to confirm only what the server will do.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { MeSubscription, SubscriptionPlan } from '@almendra/contracts';
import { renderWithProviders } from '../../../test/render';
import { ChangePlanDialog } from './billing-pages';

const monthly: SubscriptionPlan = { key: 'ar-mensual', countryCode: 'AR', name: 'Mensual', period: 'mensual', priceCents: 4_500_000, currency: 'ARS', patientLimit: null, trialDays: 15, active: true };
const plus: SubscriptionPlan = { ...monthly, key: 'ar-mensual-plus', name: 'Mensual Plus', priceCents: 6_000_000 };
const semester: SubscriptionPlan = { ...monthly, key: 'ar-semestral', name: 'Semestral', period: 'semestral', priceCents: 27_000_000 };

function subscription(procesador: 'manual' | 'mercadopago' | 'stripe'): MeSubscription {
  return {
    billingEnabled: true,
    plan: monthly,
    history: [],
    rejectedNotice: null,
    manualPaymentInstructions: null,
    checkoutProcessors: [],
    state: {
      status: 'active', plan: 'Mensual', activo: true, dias_transcurridos: 20, vigencia: '2026-06-01T12:00:00.000Z', alerta: false, alerta_tipo: null, dias_restantes: 12,
      frecuencia: 'mensual', keyPlan: 'ar-mensual', procesador, proximo_cobro: '2026-06-01T12:00:00.000Z', pago: true, list_token: [], token_predeterminado: null, gratis: false, tour: null, tour_documento: false, bannedStatus: 0,
    },
  };
}

describe('change-plan dialog', () => {
  it('Stripe: the prorated difference is charged now', () => {
    const onConfirm = vi.fn();
    renderWithProviders(<ChangePlanDialog plan={semester} data={subscription('stripe')} busy={false} onConfirm={onConfirm} onClose={() => undefined} />);
    expect(screen.getByTestId('change-plan-dialog')).toHaveTextContent(/Stripe te cobra ahora la diferencia proporcional .* \(hasta el 01-06-2026\); desde entonces, \$\s?270\.000,00 Cada 6 meses/);
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar de plan' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('Mercado Pago: the new amount from the next debit; another frequency is refused with the way out', () => {
    const { unmount } = renderWithProviders(<ChangePlanDialog plan={plus} data={subscription('mercadopago')} busy={false} onConfirm={() => undefined} onClose={() => undefined} />);
    expect(screen.getByTestId('change-plan-dialog')).toHaveTextContent(/el próximo débito de Mercado Pago, el 01-06-2026, ya es de \$\s?60\.000,00/);
    unmount();
    renderWithProviders(<ChangePlanDialog plan={semester} data={subscription('mercadopago')} busy={false} onConfirm={() => undefined} onClose={() => undefined} />);
    expect(screen.getByTestId('change-plan-dialog')).toHaveTextContent('Mercado Pago no permite cambiar cada cuánto se cobra');
    expect(screen.queryByRole('button', { name: 'Cambiar de plan' })).toBeNull();
  });

  it('manual: from the next payment', () => {
    renderWithProviders(<ChangePlanDialog plan={plus} data={subscription('manual')} busy={false} onConfirm={() => undefined} onClose={() => undefined} />);
    expect(screen.getByTestId('change-plan-dialog')).toHaveTextContent(/desde tu próximo pago, el 01-06-2026, pagas \$\s?60\.000,00 Por mes/);
  });
});
