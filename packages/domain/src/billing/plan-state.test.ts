import { describe, expect, it } from 'vitest';
import { addMonths, computePlanState, extendPaidPeriod, PAST_DUE_GRACE_DAYS, type SubscriptionRecord } from './plan-state.js';

const base: SubscriptionRecord = {
  planKey: null,
  planName: null,
  period: null,
  startedAt: '2026-03-01T12:00:00.000Z',
  trialEndsAt: '2026-03-16T12:00:00.000Z',
  paidUntil: null,
  cancelAtPeriodEnd: false,
  processor: null,
  lastPayment: null,
  cards: [],
  firstPatientTourDue: false,
  fiscalDocumentSaved: false,
  fiscalTourSeen: false,
};
const at = (iso: string) => new Date(iso);

describe('plan state transitions (injected clock)', () => {
  it('trial: active and free, a warning in its last three days, then expired (Usu_Baneado 2)', () => {
    const early = computePlanState(base, at('2026-03-05T12:00:00.000Z'));
    expect(early).toMatchObject({ status: 'trialing', activo: true, gratis: true, alerta: false, dias_transcurridos: 4, dias_restantes: 11, bannedStatus: 0, proximo_cobro: null, pago: false });
    const late = computePlanState(base, at('2026-03-14T12:00:00.000Z'));
    expect(late).toMatchObject({ status: 'trialing', alerta: true, alerta_tipo: 'warning', dias_restantes: 2 });
    const over = computePlanState(base, at('2026-03-16T12:00:00.000Z'));
    expect(over).toMatchObject({ status: 'expired', activo: false, gratis: false, alerta_tipo: 'danger', bannedStatus: 2, vigencia: base.trialEndsAt });
  });

  it('active after a payment: next charge at the end of the paid period; past due for the grace days; then expired', () => {
    const paid: SubscriptionRecord = { ...base, planKey: 'ar-mensual', planName: 'Mensual', period: 'mensual', processor: 'manual', paidUntil: '2026-04-16T12:00:00.000Z', lastPayment: { status: 'approved', at: '2026-03-16T12:00:00.000Z' } };
    expect(computePlanState(paid, at('2026-03-20T00:00:00.000Z'))).toMatchObject({ status: 'active', activo: true, proximo_cobro: '2026-04-16T12:00:00.000Z', pago: true, frecuencia: 'mensual', keyPlan: 'ar-mensual', procesador: 'manual', alerta: false });
    const pastDue = computePlanState(paid, at('2026-04-18T12:00:00.000Z'));
    expect(pastDue).toMatchObject({ status: 'past_due', activo: true, alerta_tipo: 'danger', bannedStatus: 0, proximo_cobro: null });
    expect(pastDue.vigencia).toBe(new Date(Date.parse('2026-04-16T12:00:00.000Z') + PAST_DUE_GRACE_DAYS * 86_400_000).toISOString());
    expect(computePlanState(paid, at('2026-04-21T12:00:00.000Z'))).toMatchObject({ status: 'expired', activo: false, bannedStatus: 2 });
  });

  it('cancelled: usable until the paid period ends with an info alert, no next charge, then expired with no grace', () => {
    const cancelled: SubscriptionRecord = { ...base, planKey: 'ar-anual', planName: 'Anual', period: 'anual', paidUntil: '2027-03-16T12:00:00.000Z', cancelAtPeriodEnd: true, lastPayment: { status: 'approved', at: '2026-03-16T12:00:00.000Z' } };
    expect(computePlanState(cancelled, at('2026-06-01T00:00:00.000Z'))).toMatchObject({ status: 'cancelled', activo: true, proximo_cobro: null, alerta_tipo: 'info' });
    expect(computePlanState(cancelled, at('2027-03-14T12:00:00.000Z'))).toMatchObject({ status: 'cancelled', alerta_tipo: 'warning' });
    expect(computePlanState(cancelled, at('2027-03-17T12:00:00.000Z'))).toMatchObject({ status: 'expired', activo: false });
    // Reactivated before the end: active again with its next charge.
    expect(computePlanState({ ...cancelled, cancelAtPeriodEnd: false }, at('2026-06-01T00:00:00.000Z'))).toMatchObject({ status: 'active', proximo_cobro: '2027-03-16T12:00:00.000Z' });
  });

  it('a rejected payment raises a danger alert; an operator ban wins over any state', () => {
    const rejected: SubscriptionRecord = { ...base, lastPayment: { status: 'rejected', at: '2026-03-05T00:00:00.000Z' } };
    expect(computePlanState(rejected, at('2026-03-06T00:00:00.000Z'))).toMatchObject({ status: 'trialing', alerta_tipo: 'danger' });
    // Suspended, not "active": the screens must say so (issue 25), even with a paid period running.
    expect(computePlanState(base, at('2026-03-05T00:00:00.000Z'), { operatorBanned: true })).toMatchObject({ status: 'suspended', activo: false, bannedStatus: 2, gratis: false, alerta_tipo: 'danger' });
    const paid: SubscriptionRecord = { ...base, planKey: 'ar-mensual', period: 'mensual', paidUntil: '2026-04-16T12:00:00.000Z' };
    expect(computePlanState(paid, at('2026-03-20T00:00:00.000Z'), { operatorBanned: true })).toMatchObject({ status: 'suspended', activo: false, proximo_cobro: null });
  });

  it('tour_documento once the account has chosen or paid a plan, until the fiscal data is saved or its tour seen; tour while the first-patient popup is due', () => {
    const chosen = { ...base, planKey: 'ar-mensual' };
    expect(computePlanState(base, at('2026-03-05T00:00:00.000Z')).tour_documento).toBe(false);
    expect(computePlanState(chosen, at('2026-03-05T00:00:00.000Z')).tour_documento).toBe(true);
    expect(computePlanState({ ...chosen, fiscalDocumentSaved: true }, at('2026-03-05T00:00:00.000Z')).tour_documento).toBe(false);
    expect(computePlanState({ ...chosen, fiscalTourSeen: true }, at('2026-03-05T00:00:00.000Z')).tour_documento).toBe(false);
    expect(computePlanState({ ...base, firstPatientTourDue: true }, at('2026-03-05T00:00:00.000Z')).tour).toBe('sin_tour');
  });

  it('lists saved cards and the default one', () => {
    const withCards = { ...base, cards: [{ token: 'card_1', brand: 'visa', last4: '4242', isDefault: false }, { token: 'card_2', brand: 'master', last4: '5100', isDefault: true }] };
    const state = computePlanState(withCards, at('2026-03-05T00:00:00.000Z'));
    expect(state.list_token).toEqual([{ token: 'card_1', brand: 'visa', last4: '4242' }, { token: 'card_2', brand: 'master', last4: '5100' }]);
    expect(state.token_predeterminado).toBe('card_2');
  });
});

describe('periods', () => {
  it('adds calendar months, clamping to the end of shorter months', () => {
    expect(addMonths('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths('2026-01-15T10:00:00.000Z', 7)).toBe('2026-08-15T10:00:00.000Z');
    expect(addMonths('2026-03-01T00:00:00.000Z', 12)).toBe('2027-03-01T00:00:00.000Z');
  });

  it('extends from the later of the payment date and the current end (early renewals are not lost)', () => {
    expect(extendPaidPeriod(null, '2026-03-20T00:00:00.000Z', 'mensual')).toBe('2026-04-20T00:00:00.000Z');
    expect(extendPaidPeriod('2026-04-20T00:00:00.000Z', '2026-04-10T00:00:00.000Z', 'mensual')).toBe('2026-05-20T00:00:00.000Z');
    expect(extendPaidPeriod('2026-01-01T00:00:00.000Z', '2026-04-10T00:00:00.000Z', 'semestral')).toBe('2026-10-10T00:00:00.000Z');
  });
});
