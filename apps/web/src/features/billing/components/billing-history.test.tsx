// The subscription history says why a payment was rejected or a change was not confirmed in her language,
// never with the processor's English; the operator's view keeps the processor's words on a second line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { SubscriptionEvent } from '@almendra/contracts';
import { PROCESSOR_FAILURE_REASON_KEYS } from '@almendra/contracts/constants';
import { PROCESSOR_FAILURE_REASONS } from '@almendra/domain';
import { renderWithProviders } from '../../../test/render';
import { i18n } from '../../../lib/i18n';
import { SRC_ROOT } from '../../../lib/source-scan';
import { BillingHistory } from './billing-history';

const base = { planKey: 'ar-mensual', amountCents: null, currency: null, reference: null, note: null, createdAt: '2026-03-09T12:00:00.000Z' };
const events: SubscriptionEvent[] = [
  { ...base, id: 'e1', type: 'payment.rejected', amountCents: 4_500_000, currency: 'ARS', processor: 'stripe', reference: 'in_1', reasonCode: 'insufficient_funds', processorMessage: 'Your card has insufficient funds.' },
  { ...base, id: 'e2', type: 'processor.failed', processor: 'stripe', reasonCode: 'processor_unavailable', processorMessage: 'An error occurred with our connection to Stripe.' },
  { ...base, id: 'e3', type: 'payment.approved', amountCents: 4_500_000, currency: 'ARS', processor: 'manual', reference: 'TRF-1', note: 'Transferencia recibida', reasonCode: null, processorMessage: null },
];

afterEach(async () => {
  await i18n.changeLanguage('es');
});

describe('BillingHistory', () => {
  it('tells her why in Spanish and never shows the processor\'s English words', async () => {
    await i18n.changeLanguage('es');
    // Her view: the server sends no processor words at all; even if it did, they are not shown.
    renderWithProviders(<BillingHistory events={events} />);
    const reasons = screen.getAllByTestId('billing-history-reason').map((r) => r.textContent);
    expect(reasons).toEqual(['La tarjeta no tenía fondos suficientes.', 'El medio de pago no respondió a tiempo (una falla de su lado, no tuya).']);
    expect(screen.getByTestId('billing-history').textContent).not.toMatch(/insufficient funds|connection to Stripe/i);
    expect(screen.queryByTestId('billing-history-processor-message')).toBeNull();
    // The operator's own note on a manual payment stays.
    expect(screen.getByText(/TRF-1 · Transferencia recibida/)).toBeTruthy();
  });

  it('es-AR speaks vos; English reads English', async () => {
    await i18n.changeLanguage('es-AR');
    const { unmount } = renderWithProviders(<BillingHistory events={[{ ...events[0]!, reasonCode: 'call_issuer' }]} />);
    expect(screen.getByTestId('billing-history-reason').textContent).toBe('Tu banco necesita autorizar el pago: llamá al banco y volvé a intentarlo.');
    unmount();
    await i18n.changeLanguage('en');
    renderWithProviders(<BillingHistory events={events.slice(0, 1)} />);
    expect(screen.getByTestId('billing-history-reason').textContent).toBe('The card did not have enough funds.');
  });

  it('every reason the server can send has its sentence in es and en', async () => {
    expect([...PROCESSOR_FAILURE_REASON_KEYS]).toEqual([...PROCESSOR_FAILURE_REASONS]);
    for (const language of ['es', 'es-AR', 'en']) {
      await i18n.changeLanguage(language);
      for (const reason of PROCESSOR_FAILURE_REASONS) {
        const text = i18n.t(`billing:failure.${reason}`);
        expect(text, `${language} ${reason}`).not.toBe(`failure.${reason}`);
        expect(text).toMatch(/^[A-ZÁÉÍÓÚÑ].*\.$/);
      }
    }
  });

  it('every history event the server writes has its name in es and en (a raw "receipt.uploaded" showed on /cuenta)', async () => {
    // The billing service names each event with a literal on a line that sets its type.
    const service = readFileSync(join(SRC_ROOT, '../../server/src/modules/billing/billing.service.ts'), 'utf8');
    const types = new Set(
      service
        .split('\n')
        .filter((line) => /\btype\b/.test(line))
        .flatMap((line) => [...line.matchAll(/'([a-z]+\.[a-z_]+)'/g)].map((m) => m[1]!)),
    );
    expect(types.has('receipt.uploaded') && types.has('plan.chosen') && types.has('subscription.reactivated')).toBe(true);
    for (const language of ['es', 'en']) {
      await i18n.changeLanguage(language);
      for (const type of types) {
        const key = `billing:events.${type.replace('.', '_')}`;
        expect(i18n.exists(key), `${language} ${type}`).toBe(true);
      }
    }
  });

  it('the operator sees the processor\'s own words under the explanation', async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<BillingHistory events={events} operator />);
    expect(screen.getAllByTestId('billing-history-reason')[0]!.textContent).toBe('La tarjeta no tenía fondos suficientes.');
    expect(screen.getAllByTestId('billing-history-processor-message').map((m) => m.textContent)).toEqual([
      'Respuesta del medio de pago: Your card has insufficient funds.',
      'Respuesta del medio de pago: An error occurred with our connection to Stripe.',
    ]);
  });
});
