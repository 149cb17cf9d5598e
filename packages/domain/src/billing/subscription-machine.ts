// The subscription as a small state machine (issue 25, docs/billing.md § State machine). Every change to a
// practice's subscription goes through `transition`: one status (derived from the record and the clock),
// one event, one named transition — or a named refusal. The billing service applies the result in one
// place, after the payment processor accepted the change when the transition says the processor must know.
//
//                     payment                cancel (processor first)
//   trialing ───────────────▶ active ────────────────────────▶ cancelled_at_period_end
//      │  (trial days kept)     │ ▲  ◀──────── reactivate ─────────┘        │
//      │                 period │ │ payment                                 │ period ends
//      ▼ trial ends      ends   ▼ │                                         ▼
//   expired ◀──── grace ends ── past_due                                 expired
//      └──────────────── payment ──────────────▶ active
//   suspended: an operator's ban, over any of them (lifting it returns to what the record says).
//
// Rules the issue asks for, enforced here:
// - A payment never clears a cancellation the nutritionist made (a renewal that arrives late keeps it).
// - A processor's "ended" notice older than her last choice (reactivate, plan change) is stale: ignored.
// - Paying during the trial keeps the unused trial days: the period counts from the trial's end.
// - A payment extends by the period actually paid for: the processor's own period end when it sends one
//   (Stripe's invoice line), else the months of the plan that was charged.
import { addMonths, PAST_DUE_GRACE_DAYS } from './plan-state.js';

export type LifecycleStatus = 'trialing' | 'active' | 'past_due' | 'cancelled_at_period_end' | 'expired' | 'suspended';
export const LIFECYCLE_STATUSES: readonly LifecycleStatus[] = ['trialing', 'active', 'past_due', 'cancelled_at_period_end', 'expired', 'suspended'];

export interface LifecycleRecord {
  trialEndsAt: string;
  /** End of the paid period; null while nothing was ever paid. */
  paidUntil: string | null;
  cancelAtPeriodEnd: boolean;
  /** An operator's ban (Usu_Baneado 2 set in the console). */
  suspended: boolean;
  /** When the nutritionist last cancelled, reactivated or changed plan: later processor notices can't undo it. */
  lastChoiceAt: string | null;
}

export type LifecycleEvent =
  /** Money received (manual payment or a processor's approved charge). */
  | { type: 'payment_approved'; months: number; periodEnd?: string | null }
  | { type: 'payment_rejected' }
  /** The nutritionist's own choices (the processor is told first). */
  | { type: 'cancel' }
  | { type: 'reactivate' }
  | { type: 'change_plan' }
  /** The processor says the subscription ended (Stripe customer.subscription.deleted, a cancelled preapproval). */
  | { type: 'processor_ended'; occurredAt: string }
  /** The operator's console. */
  | { type: 'suspend' }
  | { type: 'lift_suspension' };

export type LifecycleEventType = LifecycleEvent['type'];
export const LIFECYCLE_EVENT_TYPES: readonly LifecycleEventType[] = ['payment_approved', 'payment_rejected', 'cancel', 'reactivate', 'change_plan', 'processor_ended', 'suspend', 'lift_suspension'];

/** What the processor must accept before the transition is recorded. */
export type ProcessorCall = 'cancel' | 'reactivate' | 'change_plan' | null;

export type RefusalCode =
  | 'nothing_to_cancel'
  | 'already_cancelled'
  | 'not_cancelled'
  | 'expired_pay_again'
  | 'reactivate_first'
  | 'suspended'
  | 'not_suspended';

export type Transition =
  | { ok: true; name: string; from: LifecycleStatus; to: LifecycleStatus; next: LifecycleRecord; processor: ProcessorCall }
  | { ok: false; name: string; from: LifecycleStatus; refusal: RefusalCode };

const DAY_MS = 86_400_000;
const later = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a > b ? a : b);

/** The status of a record at `now` (the same rule computePlanState applies; an operator's ban wins). */
export function lifecycleStatus(record: LifecycleRecord, now: Date): LifecycleStatus {
  if (record.suspended) return 'suspended';
  return underlyingStatus(record, now);
}

function underlyingStatus(record: LifecycleRecord, now: Date): Exclude<LifecycleStatus, 'suspended'> {
  const nowMs = now.getTime();
  const paidEnd = record.paidUntil ? Date.parse(record.paidUntil) : null;
  if (paidEnd !== null && nowMs < paidEnd) return record.cancelAtPeriodEnd ? 'cancelled_at_period_end' : 'active';
  if (paidEnd !== null && !record.cancelAtPeriodEnd && nowMs < paidEnd + PAST_DUE_GRACE_DAYS * DAY_MS) return 'past_due';
  if (paidEnd === null && nowMs < Date.parse(record.trialEndsAt)) return 'trialing';
  return 'expired';
}

/** The new end of the paid period after a payment (see the rules above). */
function paidPeriodEnd(record: LifecycleRecord, status: LifecycleStatus, now: Date, event: { months: number; periodEnd?: string | null }): string {
  if (event.periodEnd) return later(record.paidUntil, event.periodEnd)!;
  const nowIso = now.toISOString();
  // Unused trial days are kept: the first paid period starts when the trial ends.
  const trialEnd = status === 'trialing' ? record.trialEndsAt : null;
  const from = later(later(nowIso, record.paidUntil), trialEnd)!;
  return addMonths(from, event.months);
}

export function transition(record: LifecycleRecord, event: LifecycleEvent, now: Date): Transition {
  const from = lifecycleStatus(record, now);
  const nowIso = now.toISOString();
  const ok = (name: string, next: LifecycleRecord, processor: ProcessorCall = null): Transition => ({
    ok: true,
    name: `${from}.${name}`,
    from,
    to: lifecycleStatus(next, now),
    next,
    processor,
  });
  const refuse = (refusal: RefusalCode): Transition => ({ ok: false, name: `${from}.${event.type}.refused`, from, refusal });

  switch (event.type) {
    case 'payment_approved': {
      const underlying = underlyingStatus(record, now);
      const paidUntil = paidPeriodEnd(record, underlying, now, event);
      // A new subscription after the old one ended starts without the old cancellation; a running
      // cancellation is the nutritionist's choice and a (late) renewal never clears it.
      const cancelAtPeriodEnd = underlying === 'expired' ? false : record.cancelAtPeriodEnd;
      const name = { trialing: 'paid_in_trial', active: 'renewed', past_due: 'recovered', cancelled_at_period_end: 'paid_while_cancelled', expired: 'paid_again', suspended: 'paid_while_suspended' }[from];
      return ok(name, { ...record, paidUntil, cancelAtPeriodEnd });
    }
    case 'payment_rejected':
      return ok('payment_rejected', record);
    case 'cancel':
      if (from === 'suspended') return refuse('suspended');
      if (from === 'cancelled_at_period_end') return refuse('already_cancelled');
      // Past due too: the processor is still retrying the charge, and she can stop it (access ends now).
      if (from !== 'active' && from !== 'past_due') return refuse('nothing_to_cancel');
      return ok('cancelled', { ...record, cancelAtPeriodEnd: true, lastChoiceAt: nowIso }, 'cancel');
    case 'reactivate':
      if (from === 'suspended') return refuse('suspended');
      if (from === 'expired') return refuse('expired_pay_again');
      if (from !== 'cancelled_at_period_end') return refuse('not_cancelled');
      return ok('reactivated', { ...record, cancelAtPeriodEnd: false, lastChoiceAt: nowIso }, 'reactivate');
    case 'change_plan':
      if (from === 'suspended') return refuse('suspended');
      if (from === 'cancelled_at_period_end') return refuse('reactivate_first');
      // Running subscriptions: the processor changes what it charges. Trial or expired: only the choice.
      return ok(
        from === 'active' || from === 'past_due' ? 'plan_changed' : 'plan_chosen',
        { ...record, lastChoiceAt: nowIso },
        from === 'active' || from === 'past_due' ? 'change_plan' : null,
      );
    case 'processor_ended':
      // Older than her last choice (she reactivated after it): stale, and her choice stands.
      if (record.lastChoiceAt !== null && event.occurredAt < record.lastChoiceAt) return ok('processor_ended_stale_ignored', record);
      if (from === 'trialing' || from === 'expired') return ok('processor_ended_ignored', record);
      return ok('ended_by_processor', { ...record, cancelAtPeriodEnd: true });
    case 'suspend':
      if (from === 'suspended') return refuse('suspended');
      return ok('suspended', { ...record, suspended: true });
    case 'lift_suspension':
      if (from !== 'suspended') return refuse('not_suspended');
      return ok('suspension_lifted', { ...record, suspended: false });
  }
}
