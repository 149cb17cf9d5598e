// The active-plan state (seed 1 section 3: plan, activo, dias_transcurridos, vigencia, alerta, alerta_tipo,
// frecuencia, keyPlan, procesador, proximo_cobro, pago, list_token, token_predeterminado, gratis, tour,
// tour_documento), computed from a subscription record and the clock — never taken from the client.
//
// Lifecycle (docs/billing.md):
//   trialing ──(trial ends, nothing paid)──▶ expired
//   trialing / expired / past_due ──(payment approved)──▶ active (period extended from max(now, end))
//   active ──(period ends unpaid)──▶ past_due for PAST_DUE_GRACE_DAYS (still usable, red alert) ──▶ expired
//   active ──(cancel)──▶ cancelled: usable until the paid period ends, then expired; reactivate → active
// An expired account is Usu_Baneado 2 for the web guard (read-only: her screens stay readable); an
// operator's ban is the status 'suspended' and Usu_Baneado 2 whatever was paid. Changes to the record go
// through the state machine (subscription-machine.ts), which names every transition.

export type PlanPeriod = 'mensual' | 'semestral' | 'anual';
/**
 * 'suspended' is an operator's ban (Usu_Baneado 2 set in the console): whatever was paid, the account may
 * not be used until the operator lifts it, and paying does not lift it. 'expired' is the subscription's own
 * end (trial or paid period over): her data stays readable, writes are refused until she pays.
 */
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'cancelled' | 'expired' | 'suspended';
export type PaymentProcessor = 'manual' | 'mercadopago' | 'stripe';

/** Months between charges: 'Por mes', 'Cada 6 meses', 'Cada 12 meses'. The spec's seed 1 section 9 says 'Cada 7 meses' for semestral; a semester is six months and the price is six monthly fees (issue 25), so 6. */
export const PERIOD_MONTHS: Record<PlanPeriod, number> = { mensual: 1, semestral: 6, anual: 12 };

/** Days an unpaid account stays usable after its period ends, with a red alert. */
export const PAST_DUE_GRACE_DAYS = 5;
/** From this many days before the trial or a cancelled plan ends, the state carries a warning. */
export const ENDING_SOON_DAYS = 3;

const DAY_MS = 86_400_000;

export interface SubscriptionRecord {
  /** The chosen plan (the spec's keyPlan); null while on the free trial without a choice. */
  planKey: string | null;
  planName: string | null;
  period: PlanPeriod | null;
  startedAt: string;
  trialEndsAt: string;
  /** End of the paid period; null while nothing was ever paid. */
  paidUntil: string | null;
  cancelAtPeriodEnd: boolean;
  processor: PaymentProcessor | null;
  /** The last payment: approved or rejected (a rejected one shows its notice until seen). */
  lastPayment: { status: 'approved' | 'rejected'; at: string } | null;
  /** Saved card references (brand and last four digits only). */
  cards: { token: string; brand: string; last4: string; isDefault: boolean }[];
  /** The first-patient popup is due (onboarding: 'sin_tour'). */
  firstPatientTourDue: boolean;
  /** Fiscal data saved (CUIT or DNI) and whether the tax-document tour was marked seen. */
  fiscalDocumentSaved: boolean;
  fiscalTourSeen: boolean;
}

export interface PlanState {
  status: SubscriptionStatus;
  plan: string | null;
  activo: boolean;
  dias_transcurridos: number;
  /** End of the current right to use: trial end, paid period end, or grace end. */
  vigencia: string;
  alerta: boolean;
  alerta_tipo: 'info' | 'warning' | 'danger' | null;
  /** Days until vigencia (negative once past). */
  dias_restantes: number;
  frecuencia: PlanPeriod | null;
  keyPlan: string | null;
  procesador: PaymentProcessor | null;
  /** Next charge date; null on the trial, when cancelled, or when nothing renews. */
  proximo_cobro: string | null;
  /** Whether anything was ever paid. */
  pago: boolean;
  list_token: { token: string; brand: string; last4: string }[];
  token_predeterminado: string | null;
  gratis: boolean;
  tour: 'sin_tour' | null;
  tour_documento: boolean;
  /** Usu_Baneado as the web guard reads it: 2 when the account may not be used. */
  bannedStatus: 0 | 2;
}

const daysBetween = (from: number, to: number) => Math.floor((to - from) / DAY_MS);

/** Adds calendar months in UTC, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

/** The new end of the paid period after a payment of one period at `paidAt`: counted from the later of now and the current end. */
export function extendPaidPeriod(paidUntil: string | null, paidAt: string, period: PlanPeriod): string {
  const from = paidUntil && paidUntil > paidAt ? paidUntil : paidAt;
  return addMonths(from, PERIOD_MONTHS[period]);
}

export function computePlanState(record: SubscriptionRecord, now: Date, options: { operatorBanned?: boolean } = {}): PlanState {
  const nowMs = now.getTime();
  const trialEnd = Date.parse(record.trialEndsAt);
  const paidEnd = record.paidUntil ? Date.parse(record.paidUntil) : null;
  let status: SubscriptionStatus;
  let vigencia: number;
  if (paidEnd !== null && nowMs < paidEnd) {
    status = record.cancelAtPeriodEnd ? 'cancelled' : 'active';
    vigencia = paidEnd;
  } else if (paidEnd !== null && !record.cancelAtPeriodEnd && nowMs < paidEnd + PAST_DUE_GRACE_DAYS * DAY_MS) {
    status = 'past_due';
    vigencia = paidEnd + PAST_DUE_GRACE_DAYS * DAY_MS;
  } else if (paidEnd === null && nowMs < trialEnd) {
    status = 'trialing';
    vigencia = trialEnd;
  } else {
    status = 'expired';
    vigencia = paidEnd !== null ? Math.max(paidEnd, trialEnd) : trialEnd;
  }
  if (options.operatorBanned) status = 'suspended';
  const activo = status !== 'expired' && status !== 'suspended';
  const remaining = Math.ceil((vigencia - nowMs) / DAY_MS);
  const rejected = record.lastPayment?.status === 'rejected';
  let alerta_tipo: PlanState['alerta_tipo'] = null;
  if (status === 'expired' || status === 'suspended' || status === 'past_due' || rejected) alerta_tipo = 'danger';
  else if ((status === 'trialing' || status === 'cancelled') && remaining <= ENDING_SOON_DAYS) alerta_tipo = 'warning';
  else if (status === 'cancelled') alerta_tipo = 'info';
  const defaultCard = record.cards.find((c) => c.isDefault) ?? null;
  return {
    status,
    plan: record.planName,
    activo,
    dias_transcurridos: Math.max(0, daysBetween(Date.parse(record.startedAt), nowMs)),
    vigencia: new Date(vigencia).toISOString(),
    alerta: alerta_tipo !== null,
    alerta_tipo,
    dias_restantes: remaining,
    frecuencia: record.period,
    keyPlan: record.planKey,
    procesador: record.processor,
    proximo_cobro: status === 'active' && paidEnd !== null ? new Date(paidEnd).toISOString() : null,
    pago: record.paidUntil !== null,
    list_token: record.cards.map(({ token, brand, last4 }) => ({ token, brand, last4 })),
    token_predeterminado: defaultCard?.token ?? null,
    gratis: status === 'trialing',
    tour: record.firstPatientTourDue ? 'sin_tour' : null,
    // The billing popup asks for fiscal data once the account pays (or has chosen to pay), until saved
    // or its tour is marked seen.
    tour_documento: (record.paidUntil !== null || record.planKey !== null) && !record.fiscalDocumentSaved && !record.fiscalTourSeen,
    bannedStatus: !activo ? 2 : 0,
  };
}
