// Subscriptions (issue 12, docs/billing.md): the plan catalogue, each practice's subscription record and
// its append-only events, the active-plan state computed from them (packages/domain), the write rule for
// expired accounts, and the BillingEventSink the payment processors' webhooks feed. Operator actions
// (manual payments, plan edits) are audited in the same transaction.
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import {
  computePlanState,
  PERIOD_MONTHS,
  processorFailureReason,
  transition,
  type LifecycleEvent,
  type LifecycleRecord,
  type PlanState,
  type RefusalCode,
  type SubscriptionRecord,
  type Transition,
} from '@almendra/domain';
import type {
  AdminJob,
  MeSubscription,
  RecordPaymentRequest,
  SubscriptionEvent,
  SubscriptionPlan,
  UpsertSubscriptionPlanRequest,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { recordOperatorAction } from '../audit/operator-audit.js';
import { isTransientProcessorError, processorErrorFacts, processorErrorText, type BillingEvent, type BillingEventSink, type PaymentProvider, type PaymentProviderKey, type ProviderPlan } from './payment-provider.js';
import type { LinkOrigins } from '../../lib/link-origin.js';
import { PermanentJobError, type JobOutbox } from '../../lib/job-outbox.js';

type PlanRow = Selectable<DB['subscription_plans']>;
type SubscriptionRow = Selectable<DB['subscriptions']>;
type Executor = Kysely<DB> | Transaction<DB>;

/** Trial length when a country's catalogue is empty. */
const DEFAULT_TRIAL_DAYS = 15;

export interface BillingServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  enabled: boolean;
  manualInstructions: string | null;
  /** Mercado Pago / Stripe, when configured: /pagar offers their checkout. */
  processors?: Partial<Record<'mercadopago' | 'stripe', PaymentProvider>>;
  /** Where the processor sends the browser back (/exitoso, /pagar): the address she is using, or PUBLIC_URL. */
  links?: LinkOrigins;
  /** The job outbox: a change the processor failed to confirm transiently is retried as a job. */
  jobs?: JobOutbox;
}

/** The outbox job that retries a subscription change the processor has not confirmed yet. */
export const PROCESSOR_SYNC_JOB = 'billing.processor-sync';
/** Tries of one pending change (30 s, 1, 2, 4, 8 min between them: about a quarter of an hour in all). */
export const PROCESSOR_SYNC_MAX_ATTEMPTS = 6;

type UserChoice = 'cancel' | 'reactivate' | 'change_plan';

/** subscriptions.pending_change (migration 0041): a change waiting for the processor, or its final failure. */
interface PendingChange {
  id: string;
  transition: UserChoice;
  planKey: string | null;
  userId: string;
  processor: 'mercadopago' | 'stripe';
  requestedAt: string;
  status: 'pending' | 'failed';
  /** Why it failed for good, in her words (status failed). */
  message: string | null;
}

const parsePending = (text: string | null): PendingChange | null => {
  if (!text) return null;
  try {
    return JSON.parse(text) as PendingChange;
  } catch {
    return null;
  }
};

const toPlan = (row: PlanRow): SubscriptionPlan => ({
  key: row.key,
  countryCode: row.country_code,
  name: row.name,
  period: row.period,
  priceCents: Number(row.price_cents),
  currency: row.currency,
  patientLimit: row.patient_limit === null ? null : Number(row.patient_limit),
  trialDays: Number(row.trial_days),
  active: Number(row.active) === 1,
});

const inactive = () =>
  new AppError(
    'SUBSCRIPTION_INACTIVE',
    'Tu cuenta no tiene una suscripción activa: podés ver y exportar tus datos, pero no modificarlos. Elegí un plan en /planes para reactivarla.',
  );

/** What each refusal of the state machine says to her (422). */
const REFUSALS: Record<RefusalCode, string> = {
  nothing_to_cancel: 'No hay un período pago que cancelar.',
  already_cancelled: 'Tu suscripción ya está cancelada: sigue vigente hasta el fin del período pago.',
  not_cancelled: 'Solo se puede reactivar un plan cancelado que todavía está vigente.',
  expired_pay_again: 'Tu suscripción ya terminó: para volver, elegí un plan y pagalo.',
  reactivate_first: 'Tu suscripción está cancelada: reactivala antes de cambiar de plan.',
  suspended: 'Tu cuenta está suspendida por quien administra este servidor.',
  not_suspended: 'La cuenta no está suspendida.',
};

/** History entries whose words are a processor's (a rejected payment, a change it did not confirm). */
const PROCESSOR_FAILURE_EVENTS = new Set(['payment.rejected', 'processor.pending', 'processor.failed']);

const PROCESSOR_NAMES: Record<'mercadopago' | 'stripe', string> = { mercadopago: 'Mercado Pago', stripe: 'Stripe' };

const toProviderPlan = (plan: PlanRow): ProviderPlan => ({
  key: plan.key,
  name: plan.name,
  period: plan.period,
  intervalMonths: PERIOD_MONTHS[plan.period],
  priceCents: Number(plan.price_cents),
  currency: plan.currency,
});

export function createBillingService(deps: BillingServiceDeps) {
  const { db, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  async function catalogueFor(executor: Executor, countryCode: string | null, includeInactive = false): Promise<PlanRow[]> {
    let query = executor.selectFrom('subscription_plans').selectAll();
    if (!includeInactive) query = query.where('active', '=', 1);
    const rows = await query.orderBy('sort').orderBy('key').execute();
    const own = rows.filter((r) => countryCode !== null && r.country_code === countryCode);
    return own.length > 0 ? own : rows.filter((r) => r.country_code === null);
  }

  async function findPlan(executor: Executor, key: string | null): Promise<PlanRow | undefined> {
    if (!key) return undefined;
    return executor.selectFrom('subscription_plans').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** The practice's record, created on first use with a trial counted from the account's creation. */
  async function ensureSubscription(executor: Executor, nutritionistId: string): Promise<SubscriptionRow> {
    const existing = await executor.selectFrom('subscriptions').selectAll().where('nutritionist_id', '=', nutritionistId).executeTakeFirst();
    if (existing) return existing;
    const practice = await executor.selectFrom('nutritionists').select(['created_at', 'country_code']).where('id', '=', nutritionistId).executeTakeFirst();
    if (!practice) throw notFound('No existe ese consultorio.');
    const [firstPlan] = await catalogueFor(executor, practice.country_code);
    const trialDays = firstPlan ? Number(firstPlan.trial_days) : DEFAULT_TRIAL_DAYS;
    const now = nowIso();
    const row = {
      nutritionist_id: nutritionistId,
      plan_key: null,
      started_at: practice.created_at,
      trial_ends_at: new Date(Date.parse(practice.created_at) + trialDays * 86_400_000).toISOString(),
      paid_until: null,
      processor: null,
      external_id: null,
      last_payment_status: null,
      last_payment_at: null,
      rejected_notice_seen_event_id: null,
      created_at: now,
      updated_at: now,
    };
    await executor.insertInto('subscriptions').values(row).onConflict((oc) => oc.column('nutritionist_id').doNothing()).execute();
    await addEvent(executor, nutritionistId, { type: 'trial.started', details: { trialDays } });
    return (await executor.selectFrom('subscriptions').selectAll().where('nutritionist_id', '=', nutritionistId).executeTakeFirstOrThrow());
  }

  async function addEvent(
    executor: Executor,
    nutritionistId: string,
    event: { id?: string; type: string; planKey?: string | null; amountCents?: number | null; currency?: string | null; processor?: string | null; reference?: string | null; actorUserId?: string | null; details?: unknown },
  ): Promise<string> {
    const id = event.id ?? newId();
    await executor
      .insertInto('subscription_events')
      .values({
        id,
        nutritionist_id: nutritionistId,
        type: event.type,
        plan_key: event.planKey ?? null,
        amount_cents: event.amountCents ?? null,
        currency: event.currency ?? null,
        processor: event.processor ?? null,
        processor_ref: event.reference ?? null,
        actor_user_id: event.actorUserId ?? null,
        details: event.details === undefined ? null : JSON.stringify(event.details),
        created_at: nowIso(),
      })
      .execute();
    return id;
  }

  /**
   * The plan state of practices in one joined query (practice, user, subscription, plan). A practice
   * without a subscription row yet gets the trial ensureSubscription would give it (same dates), without
   * writing: this runs on every write request (assertCanWrite), every session (effectiveBannedStatus) and
   * over every practice for the operator's figures.
   */
  async function statesOf(
    executor: Executor,
    which: { nutritionistIds: string[] } | { userId: string } | 'all',
  ): Promise<Map<string, { state: PlanState; userId: string }>> {
    let query = executor
      .selectFrom('nutritionists')
      .innerJoin('users', 'users.id', 'nutritionists.user_id')
      .leftJoin('subscriptions', 'subscriptions.nutritionist_id', 'nutritionists.id')
      .leftJoin('subscription_plans', 'subscription_plans.key', 'subscriptions.plan_key')
      .select([
        'nutritionists.id',
        'nutritionists.user_id',
        'nutritionists.created_at',
        'nutritionists.country_code',
        'nutritionists.first_patient_tour',
        'nutritionists.fiscal_document_number',
        'nutritionists.fiscal_tour_seen',
        'users.banned_status',
        'subscriptions.nutritionist_id as subscribed',
        'subscriptions.plan_key',
        'subscriptions.started_at',
        'subscriptions.trial_ends_at',
        'subscriptions.paid_until',
        'subscriptions.cancel_at_period_end',
        'subscriptions.processor',
        'subscriptions.last_payment_status',
        'subscriptions.last_payment_at',
        'subscription_plans.name as plan_name',
        'subscription_plans.period as plan_period',
      ]);
    if (which !== 'all') {
      if ('userId' in which) query = query.where('nutritionists.user_id', '=', which.userId);
      else if (which.nutritionistIds.length === 0) return new Map();
      else query = query.where('nutritionists.id', 'in', which.nutritionistIds);
    }
    const rows = await query.execute();
    // The catalogue (a handful of rows) only when some practice has no subscription row yet.
    const catalogue = rows.some((r) => r.subscribed === null) ? await executor.selectFrom('subscription_plans').selectAll().where('active', '=', 1).orderBy('sort').orderBy('key').execute() : [];
    const trialDaysFor = (country: string) => {
      const own = catalogue.filter((p) => p.country_code === country);
      const first = (own.length > 0 ? own : catalogue.filter((p) => p.country_code === null))[0];
      return first ? Number(first.trial_days) : DEFAULT_TRIAL_DAYS;
    };
    const now = clock.now();
    const states = new Map<string, { state: PlanState; userId: string }>();
    for (const r of rows) {
      const record: SubscriptionRecord = {
        planKey: r.plan_key ?? null,
        planName: r.plan_name ?? null,
        period: r.plan_period ?? null,
        startedAt: r.started_at ?? r.created_at,
        trialEndsAt: r.trial_ends_at ?? new Date(Date.parse(r.created_at) + trialDaysFor(r.country_code) * 86_400_000).toISOString(),
        paidUntil: r.paid_until ?? null,
        cancelAtPeriodEnd: Number(r.cancel_at_period_end ?? 0) === 1,
        processor: r.processor ?? null,
        lastPayment: r.last_payment_status && r.last_payment_at ? { status: r.last_payment_status, at: r.last_payment_at } : null,
        cards: [],
        firstPatientTourDue: r.first_patient_tour === 'sin_tour',
        fiscalDocumentSaved: r.fiscal_document_number !== null,
        fiscalTourSeen: Number(r.fiscal_tour_seen) === 1,
      };
      states.set(r.id, { state: computePlanState(record, now, { operatorBanned: Number(r.banned_status) === 2 }), userId: r.user_id });
    }
    return states;
  }

  /** One practice's state with its (created if missing) subscription row and plan, for the actions on it. */
  async function stateOf(executor: Executor, nutritionistId: string): Promise<{ state: PlanState; row: SubscriptionRow; plan: PlanRow | undefined }> {
    const row = await ensureSubscription(executor, nutritionistId);
    const [plan, states] = await Promise.all([findPlan(executor, row.plan_key), statesOf(executor, { nutritionistIds: [nutritionistId] })]);
    return { state: states.get(nutritionistId)!.state, row, plan };
  }

  /**
   * One history entry. A rejected payment or a processor's failure carries its reason code (the screens say
   * it in her language); the processor's own words go only to the operator (`forOperator`).
   */
  /** The code and status of a processor's error, kept with its words so the screens can say why in Spanish. */
  const failureFacts = (error: unknown) => {
    const facts = processorErrorFacts(error);
    return { failureCode: facts.code, failureStatus: facts.status };
  };

  const toEvent = (row: Selectable<DB['subscription_events']>, forOperator = false): SubscriptionEvent => {
    const details = row.details ? (JSON.parse(row.details) as { note?: string; reason?: string; failureCode?: string | null; failureStatus?: number | null; ours?: boolean }) : null;
    const event = {
      id: row.id,
      type: row.type,
      planKey: row.plan_key,
      amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
      currency: row.currency,
      processor: row.processor,
      reference: row.processor_ref,
      createdAt: row.created_at,
    };
    // `ours`: the refusal was the app's own (Spanish) rule, not the processor's words.
    if (PROCESSOR_FAILURE_EVENTS.has(row.type) && !details?.ours) {
      const words = details?.reason ?? details?.note ?? null;
      return {
        ...event,
        note: null,
        reasonCode: processorFailureReason({ code: details?.failureCode, status: details?.failureStatus, text: words }),
        processorMessage: forOperator ? words : null,
      };
    }
    return { ...event, note: details?.note ?? null, reasonCode: null, processorMessage: null };
  };

  async function history(nutritionistId: string, forOperator = false): Promise<SubscriptionEvent[]> {
    const rows = await db
      .selectFrom('subscription_events')
      .selectAll()
      .where('nutritionist_id', '=', nutritionistId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return rows.map((row) => toEvent(row, forOperator));
  }

  /** The state machine's view of a practice: its subscription row, the operator's ban, her last choice. */
  async function lifecycleOf(executor: Executor, nutritionistId: string): Promise<{ row: SubscriptionRow; record: LifecycleRecord }> {
    const row = await ensureSubscription(executor, nutritionistId);
    const user = await executor
      .selectFrom('nutritionists')
      .innerJoin('users', 'users.id', 'nutritionists.user_id')
      .select('users.banned_status')
      .where('nutritionists.id', '=', nutritionistId)
      .executeTakeFirst();
    const choice = await executor
      .selectFrom('subscription_events')
      .select('created_at')
      .where('nutritionist_id', '=', nutritionistId)
      .where('actor_user_id', 'is not', null)
      .where('type', 'in', ['subscription.cancelled', 'subscription.reactivated', 'plan.changed', 'plan.chosen'])
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      row,
      record: {
        trialEndsAt: row.trial_ends_at,
        paidUntil: row.paid_until,
        cancelAtPeriodEnd: Number(row.cancel_at_period_end) === 1,
        suspended: Number(user?.banned_status ?? 0) === 2,
        lastChoiceAt: choice?.created_at ?? null,
      },
    };
  }

  /**
   * The one place a subscription changes: the state machine decides (or refuses, 422); when the
   * transition needs the processor (cancel, reactivate, change plan of a processor-billed subscription)
   * the processor is called FIRST and nothing is recorded unless it accepted — a failure is written to
   * the history as processor.failed (the operator sees it) and answered 502. Then, in one transaction,
   * the new period and flags, any extra columns, and the event carrying the transition's name.
   */
  async function applyTransition(
    nutritionistId: string,
    event: LifecycleEvent,
    options: {
      executor?: Executor;
      /** The processor's side of the change (called only when the transition says the processor must know). */
      processorCall?: (processor: PaymentProvider, externalId: string) => Promise<void>;
      /** The history entry written with the change. */
      history: (result: Extract<Transition, { ok: true }>) => Parameters<typeof addEvent>[2];
      /** Other columns to set with the change (plan key, last payment…). */
      columns?: Partial<Pick<Updateable<DB['subscriptions']>, 'plan_key' | 'processor' | 'external_id' | 'last_payment_status' | 'last_payment_at'>>;
      /**
       * Her choice, for a transient processor failure: with it (and the outbox) the change is kept pending and
       * retried as a job instead of refused. Absent when the job itself is retrying (the failure is thrown).
       */
      queue?: { transition: UserChoice; planKey: string | null; userId: string };
    },
  ): Promise<Extract<Transition, { ok: true }> & { pending?: true }> {
    const run = async (executor: Executor) => {
      const { row, record } = await lifecycleOf(executor, nutritionistId);
      const result = transition(record, event, clock.now());
      if (!result.ok) throw new AppError('DOMAIN_RULE', REFUSALS[result.refusal]);
      const processorKey = row.processor === 'mercadopago' || row.processor === 'stripe' ? row.processor : null;
      const processor = processorKey ? deps.processors?.[processorKey] : undefined;
      if (result.processor && options.processorCall && processorKey && row.external_id) {
        if (!processor) {
          throw new AppError('PAYMENT_PROVIDER_ERROR', `Tu suscripción se cobra con ${PROCESSOR_NAMES[processorKey]}, que no está configurado en este servidor: no cambiamos nada. Avisá a quien lo administra.`);
        }
        try {
          await options.processorCall(processor, row.external_id);
        } catch (error) {
          if (options.queue && deps.jobs && isTransientProcessorError(error)) {
            await queueChange(nutritionistId, { ...options.queue, processor: processorKey }, result.name, error);
            return { ...result, pending: true as const };
          }
          if (!options.queue) throw error;
          await addEvent(executor, nutritionistId, {
            type: 'processor.failed',
            planKey: row.plan_key,
            processor: processorKey,
            reference: row.external_id,
            details: { transition: result.name, note: processorErrorText(error).slice(0, 300), ...failureFacts(error) },
          });
          throw new AppError('PAYMENT_PROVIDER_ERROR', `${PROCESSOR_NAMES[processorKey]} no confirmó el cambio, así que no cambiamos nada. Probá de nuevo en unos minutos.`);
        }
      }
      const now = nowIso();
      const write = async (trx: Executor) => {
        await trx
          .updateTable('subscriptions')
          // A choice of hers that is recorded settles any change of hers still waiting for (or refused by) the processor.
          .set({ paid_until: result.next.paidUntil, cancel_at_period_end: result.next.cancelAtPeriodEnd ? 1 : 0, ...(options.columns ?? {}), ...(options.processorCall ? { pending_change: null } : {}), updated_at: now })
          .where('nutritionist_id', '=', nutritionistId)
          .execute();
        const entry = options.history(result);
        await addEvent(trx, nutritionistId, { ...entry, details: { ...((entry.details as object | undefined) ?? {}), transition: result.name } });
      };
      if (options.executor) await write(executor);
      else await db.transaction().execute(write);
      return result;
    };
    return run(options.executor ?? db);
  }

  /**
   * Keeps her change pending after a transient processor failure: nothing about the subscription changes,
   * the history says it is being confirmed, and one 'billing.processor-sync' job (enqueued in the same
   * transaction) retries the processor call until it answers.
   */
  async function queueChange(nutritionistId: string, change: { transition: UserChoice; planKey: string | null; userId: string; processor: 'mercadopago' | 'stripe' }, transitionName: string, error: unknown): Promise<void> {
    const pending: PendingChange = { id: newId(), ...change, requestedAt: nowIso(), status: 'pending', message: null };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('subscriptions').set({ pending_change: JSON.stringify(pending), updated_at: nowIso() }).where('nutritionist_id', '=', nutritionistId).execute();
      await addEvent(trx, nutritionistId, {
        type: 'processor.pending',
        planKey: change.planKey,
        processor: change.processor,
        actorUserId: null,
        details: { transition: transitionName, note: processorErrorText(error).slice(0, 300), ...failureFacts(error) },
      });
      await deps.jobs!.enqueue(PROCESSOR_SYNC_JOB, { nutritionistId, changeId: pending.id }, { maxAttempts: PROCESSOR_SYNC_MAX_ATTEMPTS, dedupeKey: `billing-sync:${pending.id}` }, trx);
    });
  }

  /** Her pending change fails for good: she reads why, the history and the operator's job say so. */
  async function failChange(nutritionistId: string, pending: PendingChange, message: string, cause: string, facts: Record<string, unknown>): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('subscriptions')
        .set({ pending_change: JSON.stringify({ ...pending, status: 'failed', message }), updated_at: nowIso() })
        .where('nutritionist_id', '=', nutritionistId)
        .execute();
      await addEvent(trx, nutritionistId, { type: 'processor.failed', planKey: pending.planKey, processor: pending.processor, details: { transition: pending.transition, note: cause.slice(0, 300), ...facts } });
    });
  }

  /** The processor call and the record of one of her choices, shared by the request and the retry job. */
  async function choiceSteps(nutritionistId: string, choice: UserChoice, planKey: string | null, userId: string) {
    const row = await ensureSubscription(db, nutritionistId);
    if (choice === 'change_plan') {
      const plan = await findPlan(db, planKey);
      if (!plan) throw new AppError('DOMAIN_RULE', 'Ese plan ya no existe.');
      return {
        event: { type: 'change_plan' } as const,
        processorCall: (processor: PaymentProvider, externalId: string) => processor.changePlan(externalId, toProviderPlan(plan)),
        columns: { plan_key: plan.key },
        history: (result: Extract<Transition, { ok: true }>) => ({
          type: row.plan_key && row.plan_key !== plan.key ? 'plan.changed' : 'plan.chosen',
          planKey: plan.key,
          actorUserId: userId,
          processor: result.processor ? row.processor : null,
          details: row.plan_key ? { from: row.plan_key } : undefined,
        }),
        after: async () => {
          await db.updateTable('users').set({ plan_key: plan.key, updated_at: nowIso() }).where('id', '=', userId).execute();
        },
      };
    }
    return {
      event: { type: choice } as const,
      processorCall: (processor: PaymentProvider, externalId: string) => (choice === 'cancel' ? processor.cancel(externalId) : processor.reactivate(externalId)),
      columns: undefined,
      history: () => ({ type: choice === 'cancel' ? 'subscription.cancelled' : 'subscription.reactivated', actorUserId: userId }),
      after: async () => {},
    };
  }

  /** One of her choices, from the request: refused (422), recorded, or pending on the processor. */
  async function applyChoice(nutritionistId: string, userId: string, choice: UserChoice, planKey: string | null): Promise<void> {
    const row = await ensureSubscription(db, nutritionistId);
    const waiting = parsePending(row.pending_change);
    if (waiting?.status === 'pending') {
      throw new AppError('CONFLICT', `Todavía estamos confirmando tu cambio anterior con ${PROCESSOR_NAMES[waiting.processor]}. Cuando termine vas a poder hacer otro.`);
    }
    const steps = await choiceSteps(nutritionistId, choice, planKey, userId);
    const result = await applyTransition(nutritionistId, steps.event, { processorCall: steps.processorCall, columns: steps.columns, history: steps.history, queue: { transition: choice, planKey, userId } });
    if (!result.pending) await steps.after();
  }

  /**
   * The 'billing.processor-sync' job: tries her pending change at the processor again. Recorded when the
   * processor accepts; thrown back to the outbox (retry with backoff) on another transient failure; failed
   * for good — she reads why, nothing changed — when the processor refuses (4xx), the state machine no
   * longer allows it (her period ended meanwhile), or the last attempt fails too.
   */
  async function runPendingChange(payload: { nutritionistId: string; changeId: string }, job: { attempts: number }): Promise<void> {
    const row = await db.selectFrom('subscriptions').select('pending_change').where('nutritionist_id', '=', payload.nutritionistId).executeTakeFirst();
    const pending = parsePending(row?.pending_change ?? null);
    // Replaced by a later choice of hers, or dismissed: nothing left to do.
    if (!pending || pending.id !== payload.changeId) return;
    const name = PROCESSOR_NAMES[pending.processor];
    let steps: Awaited<ReturnType<typeof choiceSteps>>;
    try {
      steps = await choiceSteps(payload.nutritionistId, pending.transition, pending.planKey, pending.userId);
      await applyTransition(payload.nutritionistId, steps.event, { processorCall: steps.processorCall, columns: steps.columns, history: steps.history });
    } catch (error) {
      if (error instanceof AppError) {
        await failChange(payload.nutritionistId, pending, `${error.message} No cambiamos nada.`, error.message, { ours: true });
        throw new PermanentJobError(error.message);
      }
      const text = processorErrorText(error);
      if (!isTransientProcessorError(error)) {
        await failChange(payload.nutritionistId, pending, `${name} rechazó el cambio, así que no cambiamos nada. Probá de nuevo; si vuelve a pasar, escribí a quien administra este servidor.`, text, failureFacts(error));
        throw new PermanentJobError(`${name} refused: ${text}`);
      }
      if (job.attempts >= PROCESSOR_SYNC_MAX_ATTEMPTS) {
        await failChange(payload.nutritionistId, pending, `${name} no respondió después de varios intentos, así que no cambiamos nada. Probá de nuevo más tarde.`, text, failureFacts(error));
        throw new PermanentJobError(`${name} did not answer after ${job.attempts} attempts: ${text}`);
      }
      throw error instanceof Error ? error : new Error(text);
    }
    await steps.after();
  }

  deps.jobs?.registerHandler(PROCESSOR_SYNC_JOB, (payload, job) => runPendingChange(payload as { nutritionistId: string; changeId: string }, job));

  /** Applies an approved payment through the state machine; the period is the one actually paid for. */
  async function approvePayment(
    executor: Executor,
    nutritionistId: string,
    payment: { planKey: string; amountCents: number; currency: string; processor: PaymentProviderKey; reference: string; actorUserId?: string | null; note?: string; periodEnd?: string | null; at?: string },
  ): Promise<string> {
    const plan = await findPlan(executor, payment.planKey);
    if (!plan) throw new AppError('VALIDATION_ERROR', 'No existe ese plan.', [{ path: 'planKey', message: 'No existe ese plan.' }]);
    const duplicate = await executor
      .selectFrom('subscription_events')
      .select('id')
      .where('processor', '=', payment.processor)
      .where('processor_ref', '=', payment.reference)
      .where('type', '=', 'payment.approved')
      .executeTakeFirst();
    if (duplicate) throw new AppError('CONFLICT', 'Ya hay un pago registrado con esa referencia.');
    const now = nowIso();
    let eventId = '';
    await applyTransition(nutritionistId, { type: 'payment_approved', months: PERIOD_MONTHS[plan.period], periodEnd: payment.periodEnd ?? null }, {
      executor,
      columns: { plan_key: plan.key, processor: payment.processor, last_payment_status: 'approved', last_payment_at: payment.at ?? now },
      history: (result) => {
        eventId = newId();
        return {
          id: eventId,
          type: 'payment.approved',
          planKey: plan.key,
          amountCents: payment.amountCents,
          currency: payment.currency,
          processor: payment.processor,
          reference: payment.reference,
          actorUserId: payment.actorUserId ?? null,
          details: { paidUntil: result.next.paidUntil, ...(payment.note ? { note: payment.note } : {}) },
        };
      },
    });
    await executor
      .updateTable('users')
      .set({ plan_key: plan.key, updated_at: now })
      .where('id', '=', (eb) => eb.selectFrom('nutritionists').select('user_id').where('id', '=', nutritionistId))
      .execute();
    return eventId;
  }

  /**
   * The processors' verified webhooks. Each webhook delivery is stored once per processor event id by the
   * route (a replay changes nothing); here each event is also idempotent on its own (a payment once per
   * processor payment id) and goes through the state machine, so a late or out-of-order notice never
   * undoes what the nutritionist chose later (a renewal keeps her cancellation; an old "ended" notice
   * after she reactivated is ignored).
   */
  const sink: BillingEventSink = {
    async apply(provider: PaymentProviderKey, event: BillingEvent): Promise<void> {
      const practice = await db.selectFrom('subscriptions').select(['nutritionist_id', 'plan_key']).where('nutritionist_id', '=', event.subscriptionId).executeTakeFirst();
      if (!practice) return;
      await db.transaction().execute(async (trx) => {
        if (event.type === 'payment.approved') {
          const done = await trx
            .selectFrom('subscription_events')
            .select('id')
            .where('processor', '=', provider)
            .where('processor_ref', '=', event.providerPaymentId)
            .where('type', '=', 'payment.approved')
            .executeTakeFirst();
          if (done || !practice.plan_key) return;
          await approvePayment(trx, practice.nutritionist_id, {
            planKey: practice.plan_key,
            amountCents: event.amountCents,
            currency: event.currency,
            processor: provider,
            reference: event.providerPaymentId,
            periodEnd: event.periodEnd ?? null,
            at: event.occurredAt,
          });
        } else if (event.type === 'payment.rejected') {
          const done = await trx
            .selectFrom('subscription_events')
            .select('id')
            .where('processor', '=', provider)
            .where('processor_ref', '=', event.providerPaymentId)
            .where('type', '=', 'payment.rejected')
            .executeTakeFirst();
          if (done) return;
          await applyTransition(practice.nutritionist_id, { type: 'payment_rejected' }, {
            executor: trx,
            columns: { last_payment_status: 'rejected', last_payment_at: event.occurredAt },
            history: () => ({ type: 'payment.rejected', planKey: practice.plan_key, amountCents: event.amountCents, currency: event.currency, processor: provider, reference: event.providerPaymentId, details: { reason: event.reason, ...(event.reasonCode ? { failureCode: event.reasonCode } : {}) } }),
          });
        } else if (event.type === 'subscription.activated') {
          await trx.updateTable('subscriptions').set({ processor: provider, external_id: event.externalSubscriptionId, updated_at: nowIso() }).where('nutritionist_id', '=', practice.nutritionist_id).execute();
          await addEvent(trx, practice.nutritionist_id, {
            type: 'subscription.activated',
            processor: provider,
            reference: event.externalSubscriptionId,
            details: event.externalCustomerId ? { customerId: event.externalCustomerId } : undefined,
          });
        } else if (event.type === 'subscription.cancelled') {
          await applyTransition(practice.nutritionist_id, { type: 'processor_ended', occurredAt: event.occurredAt }, {
            executor: trx,
            history: () => ({ type: 'subscription.ended', planKey: practice.plan_key, processor: provider }),
          });
        }
      });
    },
  };

  async function pendingChangeOf(text: string | null): Promise<MeSubscription['pendingChange']> {
    const pending = parsePending(text);
    if (!pending) return null;
    const plan = pending.planKey ? await findPlan(db, pending.planKey) : undefined;
    return { transition: pending.transition, planKey: pending.planKey, planName: plan?.name ?? null, processor: pending.processor, status: pending.status, requestedAt: pending.requestedAt, message: pending.message };
  }

  async function receiptsOf(nutritionistId: string) {
    const rows = await db
      .selectFrom('subscription_events')
      .select(['id', 'created_at', 'details'])
      .where('nutritionist_id', '=', nutritionistId)
      .where('type', '=', 'receipt.uploaded')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return rows.map((r) => ({ id: r.id, uploadedAt: r.created_at, contentType: (JSON.parse(r.details ?? '{}') as { contentType: 'application/pdf' | 'image/webp' }).contentType }));
  }

  return {
    enabled: deps.enabled,
    sink,

    /** Whether she can send a receipt: billing on and the operator's manual instructions configured. */
    acceptsReceipts(): boolean {
      return deps.enabled && deps.manualInstructions !== null;
    },

    /** Records a payment receipt she uploaded (stored by the route) for the operator to check. */
    async addReceipt(nutritionistId: string, userId: string, file: { path: string; contentType: 'application/pdf' | 'image/webp' }) {
      const row = await ensureSubscription(db, nutritionistId);
      const id = await addEvent(db, nutritionistId, { type: 'receipt.uploaded', planKey: row.plan_key, processor: 'manual', actorUserId: userId, details: file });
      return { id, uploadedAt: nowIso(), contentType: file.contentType };
    },

    /** The stored file of one receipt of the practice (another practice's id: not found). */
    async receiptFile(nutritionistId: string, receiptId: string): Promise<{ path: string; contentType: string }> {
      const row = await db
        .selectFrom('subscription_events')
        .select('details')
        .where('id', '=', receiptId)
        .where('nutritionist_id', '=', nutritionistId)
        .where('type', '=', 'receipt.uploaded')
        .executeTakeFirst();
      if (!row?.details) throw notFound('No existe ese comprobante.');
      return JSON.parse(row.details) as { path: string; contentType: string };
    },

    async practiceOfUser(userId: string): Promise<string> {
      const practice = await db.selectFrom('nutritionists').select('id').where('user_id', '=', userId).executeTakeFirst();
      if (!practice) throw notFound('Esa cuenta no tiene un consultorio.');
      return practice.id;
    },

    async plans(countryCode: string | null): Promise<SubscriptionPlan[]> {
      return (await catalogueFor(db, countryCode)).map(toPlan);
    },

    /** `forOperator`: the console's view, with the processors' own words beside the reasons. */
    async mine(nutritionistId: string, forOperator = false): Promise<MeSubscription> {
      if (!deps.enabled) return { billingEnabled: false, state: null, plan: null, history: [], rejectedNotice: null, manualPaymentInstructions: null, checkoutProcessors: [] };
      const { state, row, plan } = await stateOf(db, nutritionistId);
      const events = await history(nutritionistId, forOperator);
      const lastRejected = events.find((e) => e.type === 'payment.rejected');
      const fiscal = await db.selectFrom('nutritionists').select(['fiscal_document_type', 'fiscal_document_number']).where('id', '=', nutritionistId).executeTakeFirst();
      const rejectedNotice =
        lastRejected && row.last_payment_status === 'rejected' && row.rejected_notice_seen_event_id !== lastRejected.id
          ? { eventId: lastRejected.id, at: lastRejected.createdAt, reasonCode: lastRejected.reasonCode }
          : null;
      return {
        billingEnabled: true,
        state,
        plan: plan ? toPlan(plan) : null,
        history: events,
        rejectedNotice,
        manualPaymentInstructions: deps.manualInstructions,
        checkoutProcessors: (['mercadopago', 'stripe'] as const).filter((key) => deps.processors?.[key]),
        receipts: await receiptsOf(nutritionistId),
        fiscalDocument: fiscal?.fiscal_document_type && fiscal.fiscal_document_number ? { type: fiscal.fiscal_document_type, number: fiscal.fiscal_document_number } : null,
        pendingChange: await pendingChangeOf(row.pending_change),
      };
    },

    /** She read why her change failed: the notice goes away (a change still being confirmed stays: 409). */
    async dismissPendingChange(nutritionistId: string): Promise<MeSubscription> {
      const row = await ensureSubscription(db, nutritionistId);
      const pending = parsePending(row.pending_change);
      if (pending?.status === 'pending') throw new AppError('CONFLICT', `Todavía estamos confirmando tu cambio con ${PROCESSOR_NAMES[pending.processor]}.`);
      await db.updateTable('subscriptions').set({ pending_change: null, updated_at: nowIso() }).where('nutritionist_id', '=', nutritionistId).execute();
      return this.mine(nutritionistId);
    },

    /** The outbox's pending, running and failed jobs (newest first), with the practice each is about. */
    async adminJobs(): Promise<AdminJob[]> {
      if (!deps.jobs) return [];
      const lists = await Promise.all((['pending', 'running', 'failed'] as const).map((status) => deps.jobs!.list({ status })));
      const jobs = lists.flat().sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)));
      const practiceIds = [...new Set(jobs.flatMap((j) => (j.payload && typeof j.payload === 'object' && typeof (j.payload as { nutritionistId?: unknown }).nutritionistId === 'string' ? [(j.payload as { nutritionistId: string }).nutritionistId] : [])))];
      const practices = practiceIds.length
        ? await db
            .selectFrom('nutritionists')
            .innerJoin('users', 'users.id', 'nutritionists.user_id')
            .select(['nutritionists.id', 'nutritionists.first_name', 'nutritionists.last_name', 'users.email'])
            .where('nutritionists.id', 'in', practiceIds)
            .execute()
        : [];
      const byId = new Map(practices.map((p) => [p.id, { nutritionistId: p.id, name: `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() || p.email, email: p.email }]));
      return jobs.map((j) => ({
        id: j.id,
        kind: j.kind,
        status: j.status,
        attempts: j.attempts,
        maxAttempts: j.maxAttempts,
        lastError: j.lastError,
        runAt: j.runAt,
        createdAt: j.createdAt,
        finishedAt: j.finishedAt,
        practice: byId.get((j.payload as { nutritionistId?: string } | null)?.nutritionistId ?? '') ?? null,
      }));
    },

    /**
     * The operator's "Reintentar": the job is due now (a failed one gets one more attempt). A subscription
     * change that had failed for good is shown to her as being confirmed again. Audited.
     */
    async retryJob(actor: { actorUserId: string; requestId: string }, jobId: string): Promise<void> {
      if (!deps.jobs) throw notFound('No existe ese trabajo.');
      const [job] = (await db.selectFrom('outbox_jobs').select(['kind', 'payload']).where('id', '=', jobId).execute()) as { kind: string; payload: string }[];
      await deps.jobs.retryNow(jobId);
      if (job?.kind === PROCESSOR_SYNC_JOB) {
        const payload = JSON.parse(job.payload) as { nutritionistId: string; changeId: string };
        const row = await db.selectFrom('subscriptions').select('pending_change').where('nutritionist_id', '=', payload.nutritionistId).executeTakeFirst();
        const pending = parsePending(row?.pending_change ?? null);
        if (pending && pending.id === payload.changeId && pending.status === 'failed') {
          await db.updateTable('subscriptions').set({ pending_change: JSON.stringify({ ...pending, status: 'pending', message: null }), updated_at: nowIso() }).where('nutritionist_id', '=', payload.nutritionistId).execute();
        }
      }
      await recordOperatorAction(db, { ...actor, action: 'job.retry', targetType: 'job', targetId: jobId, details: { kind: job?.kind ?? null } }, nowIso());
    },

    /** Starts the processor's hosted checkout for the chosen plan; answers where to send the browser. */
    async startCheckout(nutritionistId: string, userId: string, processorKey: 'mercadopago' | 'stripe'): Promise<{ redirectUrl: string }> {
      const processor = deps.processors?.[processorKey];
      if (!deps.enabled || !processor) throw new AppError('DOMAIN_RULE', 'Ese medio de pago no está disponible en este servidor.');
      const { row, plan, state } = await stateOf(db, nutritionistId);
      if (!plan) throw new AppError('DOMAIN_RULE', 'Elegí un plan antes de pagar.');
      const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
      const base = deps.links?.current() ?? '';
      const session = await processor.createCheckout({
        subscriptionId: row.nutritionist_id,
        nutritionistId,
        payerEmail: user.email,
        plan: toProviderPlan(plan),
        successUrl: `${base}/exitoso`,
        failureUrl: `${base}/pagar`,
        // Paying during the trial keeps its unused days: the processor's first charge is when it ends.
        firstChargeAt: state.status === 'trialing' ? row.trial_ends_at : null,
        requestedAt: nowIso(),
      });
      if (!session.redirectUrl) throw new AppError('INTERNAL_ERROR', 'El medio de pago no devolvió una página de pago.');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('subscriptions').set({ processor: processorKey, external_id: session.externalId, updated_at: nowIso() }).where('nutritionist_id', '=', nutritionistId).execute();
        await addEvent(trx, nutritionistId, { type: 'checkout.started', planKey: plan.key, processor: processorKey, reference: session.externalId, actorUserId: userId });
      });
      return { redirectUrl: session.redirectUrl };
    },

    /**
     * Choose a plan (trial, expired: only the choice, paid at /pagar) or change it (a running subscription:
     * the processor first — Stripe prorates now, Mercado Pago charges the new amount from its next debit —
     * and the change is recorded only once the processor accepted it).
     */
    async choosePlan(nutritionistId: string, userId: string, planKey: string): Promise<MeSubscription> {
      const country = await db.selectFrom('nutritionists').select('country_code').where('id', '=', nutritionistId).executeTakeFirst();
      const offered = await catalogueFor(db, country?.country_code ?? null);
      const plan = offered.find((p) => p.key === planKey);
      if (!plan) throw new AppError('VALIDATION_ERROR', 'Ese plan no está disponible para tu país.', [{ path: 'planKey', message: 'Ese plan no está disponible para tu país.' }]);
      const row = await ensureSubscription(db, nutritionistId);
      const current = await findPlan(db, row.plan_key);
      // Mercado Pago cannot change how often a preapproval charges, only its amount.
      if (row.processor === 'mercadopago' && row.external_id && current && current.period !== plan.period && row.paid_until && row.paid_until > nowIso()) {
        throw new AppError('DOMAIN_RULE', 'Mercado Pago no permite cambiar cada cuánto se cobra una suscripción: elegí un plan con la misma frecuencia, o cancelá y, cuando termine el período pago, suscribite al plan nuevo.');
      }
      await applyChoice(nutritionistId, userId, 'change_plan', plan.key);
      return this.mine(nutritionistId);
    },

    /** Cancel at the end of the paid period: the processor stops charging first, then it is recorded. */
    async cancel(nutritionistId: string, userId: string): Promise<MeSubscription> {
      await applyChoice(nutritionistId, userId, 'cancel', null);
      return this.mine(nutritionistId);
    },

    /** Undo a cancellation while the paid period lasts: the processor resumes charging first. */
    async reactivate(nutritionistId: string, userId: string): Promise<MeSubscription> {
      await applyChoice(nutritionistId, userId, 'reactivate', null);
      return this.mine(nutritionistId);
    },

    /** The processor's self-service page (cards, invoices): Stripe's billing portal; Mercado Pago has none. */
    async customerPortal(nutritionistId: string): Promise<{ url: string }> {
      const row = await ensureSubscription(db, nutritionistId);
      const processor = row.processor === 'stripe' ? deps.processors?.stripe : undefined;
      const activated = await db
        .selectFrom('subscription_events')
        .select('details')
        .where('nutritionist_id', '=', nutritionistId)
        .where('type', '=', 'subscription.activated')
        .where('processor', '=', 'stripe')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      const customerId = activated?.details ? (JSON.parse(activated.details) as { customerId?: string }).customerId : undefined;
      if (!deps.enabled || !processor || !customerId) throw new AppError('DOMAIN_RULE', 'Tu suscripción no se cobra con Stripe: no hay un portal de pagos para abrir.');
      let url: string | null;
      try {
        url = await processor.customerPortalUrl(customerId, `${deps.links?.current() ?? ''}/cuenta?tab=facturacion`);
      } catch {
        throw new AppError('PAYMENT_PROVIDER_ERROR', 'Stripe no abrió el portal de pagos. Probá de nuevo en unos minutos.');
      }
      if (!url) throw new AppError('PAYMENT_PROVIDER_ERROR', 'Stripe no abrió el portal de pagos. Probá de nuevo en unos minutos.');
      return { url };
    },

    async markRejectedNoticeSeen(nutritionistId: string, eventId: string): Promise<void> {
      const event = await db.selectFrom('subscription_events').select('id').where('id', '=', eventId).where('nutritionist_id', '=', nutritionistId).where('type', '=', 'payment.rejected').executeTakeFirst();
      if (!event) throw notFound('No existe ese aviso.');
      await db.updateTable('subscriptions').set({ rejected_notice_seen_event_id: eventId, updated_at: nowIso() }).where('nutritionist_id', '=', nutritionistId).execute();
    },

    /** Refuses writes of a practice whose trial or subscription ended (reads stay open: export keeps working). */
    async assertCanWrite(nutritionistId: string): Promise<void> {
      if (!deps.enabled) return;
      const state = (await statesOf(db, { nutritionistIds: [nutritionistId] })).get(nutritionistId)?.state;
      if (!state) return;
      if (state.status === 'suspended') {
        throw new AppError('SUBSCRIPTION_INACTIVE', 'Tu cuenta está suspendida por quien administra este servidor: podés ver y exportar tus datos, pero no modificarlos.');
      }
      if (!state.activo) throw inactive();
    },

    /**
     * Usu_Baneado as the web guard reads it: the operator's ban (2, not read-only: the account is suspended),
     * or 2 and read-only for an expired subscription (her records stay readable, writes answer 402).
     */
    async effectiveBannedStatus(user: { id: string; banned_status: number }): Promise<{ bannedStatus: number; readOnly: boolean }> {
      if (Number(user.banned_status) === 2 || !deps.enabled) return { bannedStatus: Number(user.banned_status), readOnly: false };
      const [practice] = (await statesOf(db, { userId: user.id })).values();
      const bannedStatus = practice ? practice.state.bannedStatus : Number(user.banned_status);
      return { bannedStatus, readOnly: bannedStatus === 2 && practice?.state.status === 'expired' };
    },

    // Operator side.
    async adminPlans(): Promise<SubscriptionPlan[]> {
      const rows = await db.selectFrom('subscription_plans').selectAll().orderBy('country_code').orderBy('sort').orderBy('key').execute();
      return rows.map(toPlan);
    },

    async upsertPlan(actor: { actorUserId: string; requestId: string }, body: UpsertSubscriptionPlanRequest): Promise<SubscriptionPlan> {
      return db.transaction().execute(async (trx) => {
        const existing = await findPlan(trx, body.key);
        const now = nowIso();
        const values = {
          country_code: body.countryCode,
          name: body.name,
          period: body.period,
          price_cents: body.priceCents,
          currency: body.currency,
          patient_limit: body.patientLimit,
          trial_days: body.trialDays,
          active: body.active ? 1 : 0,
          updated_at: now,
        };
        if (existing) await trx.updateTable('subscription_plans').set(values).where('key', '=', body.key).execute();
        else await trx.insertInto('subscription_plans').values({ id: newId(), key: body.key, sort: 99, created_at: now, ...values }).execute();
        await recordOperatorAction(trx, { ...actor, action: existing ? 'subscription_plan.update' : 'subscription_plan.create', targetType: 'subscription_plan', targetId: body.key, details: body }, now);
        return toPlan((await findPlan(trx, body.key))!);
      });
    },

    async recordManualPayment(actor: { actorUserId: string; requestId: string }, userId: string, body: RecordPaymentRequest): Promise<MeSubscription> {
      const practice = await db.selectFrom('nutritionists').select('id').where('user_id', '=', userId).executeTakeFirst();
      if (!practice) throw notFound('Esa cuenta no tiene un consultorio.');
      await db.transaction().execute(async (trx) => {
        const eventId = await approvePayment(trx, practice.id, { planKey: body.planKey, amountCents: body.amountCents, currency: body.currency, processor: 'manual', reference: body.reference, actorUserId: actor.actorUserId, ...(body.note ? { note: body.note } : {}) });
        await recordOperatorAction(trx, { ...actor, action: 'payment.record', targetType: 'payment', targetId: eventId, details: { userId, ...body } }, nowIso());
      });
      return this.mine(practice.id, true);
    },

    async subscriptionOfUser(userId: string): Promise<MeSubscription> {
      const practice = await db.selectFrom('nutritionists').select('id').where('user_id', '=', userId).executeTakeFirst();
      if (!practice) throw notFound('Esa cuenta no tiene un consultorio.');
      return this.mine(practice.id, true);
    },

    /** Status of each listed practice, for the operator's user list (one query for the page). */
    async statusesOf(nutritionistIds: string[]) {
      const states = await statesOf(db, { nutritionistIds });
      return new Map([...states].map(([id, { state }]) => [id, { status: state.status, keyPlan: state.keyPlan, vigencia: state.vigencia }]));
    },

    async figures() {
      const states = await statesOf(db, 'all');
      const counts = { accounts: states.size, trialing: 0, active: 0, pastDue: 0, cancelled: 0, expired: 0, suspended: 0 };
      for (const { state } of states.values()) {
        if (state.status === 'trialing') counts.trialing += 1;
        else if (state.status === 'active') counts.active += 1;
        else if (state.status === 'past_due') counts.pastDue += 1;
        else if (state.status === 'cancelled') counts.cancelled += 1;
        else if (state.status === 'suspended') counts.suspended += 1;
        else counts.expired += 1;
      }
      const now = clock.now().getTime();
      const monthAgo = new Date(now - 30 * 86_400_000).toISOString();
      const nowIsoValue = new Date(now).toISOString();
      const paying = await db.selectFrom('subscriptions').select(sql<number>`count(*)`.as('n')).where('paid_until', '>', monthAgo).executeTakeFirstOrThrow();
      const lost = await db
        .selectFrom('subscriptions')
        .select(sql<number>`count(*)`.as('n'))
        .where('paid_until', '>', monthAgo)
        .where('paid_until', '<=', nowIsoValue)
        .executeTakeFirstOrThrow();
      const payments = await db.selectFrom('subscription_events').select(['created_at', 'amount_cents', 'currency']).where('type', '=', 'payment.approved').execute();
      const byMonth = new Map<string, { count: number; amounts: Map<string, number> }>();
      for (const p of payments) {
        const month = p.created_at.slice(0, 7);
        const entry = byMonth.get(month) ?? { count: 0, amounts: new Map<string, number>() };
        entry.count += 1;
        entry.amounts.set(p.currency ?? '', (entry.amounts.get(p.currency ?? '') ?? 0) + Number(p.amount_cents ?? 0));
        byMonth.set(month, entry);
      }
      return {
        ...counts,
        churnLast30Days: Number(paying.n) > 0 ? Number(lost.n) / Number(paying.n) : 0,
        paymentsByMonth: [...byMonth.entries()]
          .sort(([a], [b]) => b.localeCompare(a))
          .slice(0, 12)
          .map(([month, v]) => ({ month, count: v.count, amounts: [...v.amounts.entries()].map(([currency, cents]) => ({ currency, cents })) })),
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
