import { describe, expect, it } from 'vitest';
import {
  LIFECYCLE_EVENT_TYPES,
  LIFECYCLE_STATUSES,
  lifecycleStatus,
  transition,
  type LifecycleEvent,
  type LifecycleEventType,
  type LifecycleRecord,
  type LifecycleStatus,
} from './subscription-machine.js';

const NOW = new Date('2026-05-10T12:00:00.000Z');
const iso = (s: string) => new Date(s).toISOString();

/** One record in each status at NOW. */
const RECORDS: Record<LifecycleStatus, LifecycleRecord> = {
  trialing: { trialEndsAt: iso('2026-05-20T12:00:00Z'), paidUntil: null, cancelAtPeriodEnd: false, suspended: false, lastChoiceAt: null },
  active: { trialEndsAt: iso('2026-03-16T12:00:00Z'), paidUntil: iso('2026-06-01T00:00:00Z'), cancelAtPeriodEnd: false, suspended: false, lastChoiceAt: null },
  past_due: { trialEndsAt: iso('2026-03-16T12:00:00Z'), paidUntil: iso('2026-05-08T00:00:00Z'), cancelAtPeriodEnd: false, suspended: false, lastChoiceAt: null },
  cancelled_at_period_end: { trialEndsAt: iso('2026-03-16T12:00:00Z'), paidUntil: iso('2026-06-01T00:00:00Z'), cancelAtPeriodEnd: true, suspended: false, lastChoiceAt: iso('2026-05-01T00:00:00Z') },
  expired: { trialEndsAt: iso('2026-03-16T12:00:00Z'), paidUntil: iso('2026-04-01T00:00:00Z'), cancelAtPeriodEnd: false, suspended: false, lastChoiceAt: null },
  suspended: { trialEndsAt: iso('2026-03-16T12:00:00Z'), paidUntil: iso('2026-06-01T00:00:00Z'), cancelAtPeriodEnd: false, suspended: true, lastChoiceAt: null },
};

const EVENTS: Record<LifecycleEventType, LifecycleEvent> = {
  payment_approved: { type: 'payment_approved', months: 1 },
  payment_rejected: { type: 'payment_rejected' },
  cancel: { type: 'cancel' },
  reactivate: { type: 'reactivate' },
  change_plan: { type: 'change_plan' },
  processor_ended: { type: 'processor_ended', occurredAt: NOW.toISOString() },
  suspend: { type: 'suspend' },
  lift_suspension: { type: 'lift_suspension' },
};

// Every status × event: the transition's name and the status it leads to, or the refusal. Read a row as
// "from this status, this event does that".
type Expected = { name: string; to: LifecycleStatus; processor?: 'cancel' | 'reactivate' | 'change_plan' } | { refused: string };
const TABLE: Record<LifecycleStatus, Record<LifecycleEventType, Expected>> = {
  trialing: {
    payment_approved: { name: 'trialing.paid_in_trial', to: 'active' },
    payment_rejected: { name: 'trialing.payment_rejected', to: 'trialing' },
    cancel: { refused: 'nothing_to_cancel' },
    reactivate: { refused: 'not_cancelled' },
    change_plan: { name: 'trialing.plan_chosen', to: 'trialing' },
    processor_ended: { name: 'trialing.processor_ended_ignored', to: 'trialing' },
    suspend: { name: 'trialing.suspended', to: 'suspended' },
    lift_suspension: { refused: 'not_suspended' },
  },
  active: {
    payment_approved: { name: 'active.renewed', to: 'active' },
    payment_rejected: { name: 'active.payment_rejected', to: 'active' },
    cancel: { name: 'active.cancelled', to: 'cancelled_at_period_end', processor: 'cancel' },
    reactivate: { refused: 'not_cancelled' },
    change_plan: { name: 'active.plan_changed', to: 'active', processor: 'change_plan' },
    processor_ended: { name: 'active.ended_by_processor', to: 'cancelled_at_period_end' },
    suspend: { name: 'active.suspended', to: 'suspended' },
    lift_suspension: { refused: 'not_suspended' },
  },
  past_due: {
    payment_approved: { name: 'past_due.recovered', to: 'active' },
    payment_rejected: { name: 'past_due.payment_rejected', to: 'past_due' },
    cancel: { name: 'past_due.cancelled', to: 'expired', processor: 'cancel' },
    reactivate: { refused: 'not_cancelled' },
    change_plan: { name: 'past_due.plan_changed', to: 'past_due', processor: 'change_plan' },
    processor_ended: { name: 'past_due.ended_by_processor', to: 'expired' },
    suspend: { name: 'past_due.suspended', to: 'suspended' },
    lift_suspension: { refused: 'not_suspended' },
  },
  cancelled_at_period_end: {
    payment_approved: { name: 'cancelled_at_period_end.paid_while_cancelled', to: 'cancelled_at_period_end' },
    payment_rejected: { name: 'cancelled_at_period_end.payment_rejected', to: 'cancelled_at_period_end' },
    cancel: { refused: 'already_cancelled' },
    reactivate: { name: 'cancelled_at_period_end.reactivated', to: 'active', processor: 'reactivate' },
    change_plan: { refused: 'reactivate_first' },
    processor_ended: { name: 'cancelled_at_period_end.ended_by_processor', to: 'cancelled_at_period_end' },
    suspend: { name: 'cancelled_at_period_end.suspended', to: 'suspended' },
    lift_suspension: { refused: 'not_suspended' },
  },
  expired: {
    payment_approved: { name: 'expired.paid_again', to: 'active' },
    payment_rejected: { name: 'expired.payment_rejected', to: 'expired' },
    cancel: { refused: 'nothing_to_cancel' },
    reactivate: { refused: 'expired_pay_again' },
    change_plan: { name: 'expired.plan_chosen', to: 'expired' },
    processor_ended: { name: 'expired.processor_ended_ignored', to: 'expired' },
    suspend: { name: 'expired.suspended', to: 'suspended' },
    lift_suspension: { refused: 'not_suspended' },
  },
  suspended: {
    payment_approved: { name: 'suspended.paid_while_suspended', to: 'suspended' },
    payment_rejected: { name: 'suspended.payment_rejected', to: 'suspended' },
    cancel: { refused: 'suspended' },
    reactivate: { refused: 'suspended' },
    change_plan: { refused: 'suspended' },
    processor_ended: { name: 'suspended.ended_by_processor', to: 'suspended' },
    suspend: { refused: 'suspended' },
    lift_suspension: { name: 'suspended.suspension_lifted', to: 'active' },
  },
};

describe('subscription state machine: every status × every event', () => {
  it('the fixtures are in the status they are named after', () => {
    for (const status of LIFECYCLE_STATUSES) expect(lifecycleStatus(RECORDS[status], NOW)).toBe(status);
  });

  for (const status of LIFECYCLE_STATUSES) {
    for (const type of LIFECYCLE_EVENT_TYPES) {
      const expected = TABLE[status][type];
      it(`${status} × ${type} → ${'refused' in expected ? `refused (${expected.refused})` : `${expected.name} → ${expected.to}`}`, () => {
        const result = transition(RECORDS[status], EVENTS[type], NOW);
        expect(result.from).toBe(status);
        if ('refused' in expected) {
          expect(result).toMatchObject({ ok: false, refusal: expected.refused, name: `${status}.${type}.refused` });
        } else {
          expect(result).toMatchObject({ ok: true, name: expected.name, to: expected.to, processor: expected.processor ?? null });
          if (result.ok) expect(lifecycleStatus(result.next, NOW)).toBe(expected.to);
        }
      });
    }
  }

  it('names every transition uniquely', () => {
    const names = LIFECYCLE_STATUSES.flatMap((s) => LIFECYCLE_EVENT_TYPES.map((e) => transition(RECORDS[s], EVENTS[e], NOW).name));
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('the rules behind the table', () => {
  it('paying during the trial keeps the unused trial days (day 5 of 15 pays a month from the trial end)', () => {
    const result = transition(RECORDS.trialing, { type: 'payment_approved', months: 1 }, NOW);
    expect(result.ok && result.next.paidUntil).toBe(iso('2026-06-20T12:00:00Z'));
  });

  it('a renewal extends from the end of the paid period; a late payment from now', () => {
    const renewed = transition(RECORDS.active, { type: 'payment_approved', months: 1 }, NOW);
    expect(renewed.ok && renewed.next.paidUntil).toBe(iso('2026-07-01T00:00:00Z'));
    const recovered = transition(RECORDS.past_due, { type: 'payment_approved', months: 6 }, NOW);
    expect(recovered.ok && recovered.next.paidUntil).toBe(iso('2026-11-10T12:00:00Z'));
  });

  it("a payment extends by the period the processor says it paid for, not the new plan's months", () => {
    // A monthly Stripe charge after a change to the annual plan: the invoice says one month.
    const paid = transition(RECORDS.active, { type: 'payment_approved', months: 12, periodEnd: iso('2026-07-01T00:00:00Z') }, NOW);
    expect(paid.ok && paid.next.paidUntil).toBe(iso('2026-07-01T00:00:00Z'));
    // A proration invoice inside the current period does not move its end.
    const proration = transition(RECORDS.active, { type: 'payment_approved', months: 12, periodEnd: iso('2026-06-01T00:00:00Z') }, NOW);
    expect(proration.ok && proration.next.paidUntil).toBe(iso('2026-06-01T00:00:00Z'));
  });

  it('a renewal never clears a cancellation she made; paying after expiry starts afresh', () => {
    const late = transition(RECORDS.cancelled_at_period_end, { type: 'payment_approved', months: 1 }, NOW);
    expect(late.ok && late.next.cancelAtPeriodEnd).toBe(true);
    const cancelledAndExpired = { ...RECORDS.expired, cancelAtPeriodEnd: true };
    const again = transition(cancelledAndExpired, { type: 'payment_approved', months: 1 }, NOW);
    expect(again.ok && again.next).toMatchObject({ cancelAtPeriodEnd: false });
    expect(again.ok && again.to).toBe('active');
  });

  it("a processor's ended notice older than her reactivation is stale and changes nothing", () => {
    const reactivated = transition(RECORDS.cancelled_at_period_end, { type: 'reactivate' }, NOW);
    expect(reactivated.ok).toBe(true);
    if (!reactivated.ok) return;
    const stale = transition(reactivated.next, { type: 'processor_ended', occurredAt: iso('2026-05-09T00:00:00Z') }, NOW);
    expect(stale).toMatchObject({ ok: true, name: 'active.processor_ended_stale_ignored', to: 'active' });
    const fresh = transition(reactivated.next, { type: 'processor_ended', occurredAt: iso('2026-05-10T13:00:00Z') }, NOW);
    expect(fresh).toMatchObject({ ok: true, name: 'active.ended_by_processor', to: 'cancelled_at_period_end' });
  });

  it('replaying the same event gives the same record (no double effect for choices and notices)', () => {
    for (const type of ['cancel', 'processor_ended', 'payment_rejected'] as const) {
      const once = transition(RECORDS.active, EVENTS[type], NOW);
      if (!once.ok) throw new Error('expected ok');
      const twice = transition(once.next, EVENTS[type], NOW);
      if (twice.ok) expect(twice.next).toEqual(once.next);
    }
  });
});
