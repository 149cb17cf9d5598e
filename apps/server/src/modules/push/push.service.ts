// Web Push notifications (issue 27). A browser subscribes for the signed-in person (a nutritionist's
// practice or a patient); notify() is what the features call when something happens: it checks the
// person's preferences and enqueues one 'push.deliver' job per subscription in the job outbox, so the
// request that caused it never waits for a push service, a delivery is retried with backoff and runs
// once across instances. The job encrypts the payload with the subscription's keys and signs the request
// with the VAPID key (the web-push library builds both), then posts it to the endpoint; a push service
// answering 404/410 means the subscription is gone: it is deleted and the job ends (PermanentJobError).
//
// The payload is {title, tag, url}: a push crosses the browser vendor's servers, so it carries no name,
// no health data and no message text — the page it opens loads those with the person's own session.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import {
  NUTRITIONIST_PUSH_EVENTS,
  PATIENT_PUSH_EVENTS,
  type PushEvent,
  type PushPreferences,
  type PushSubscriptionRequest,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { PermanentJobError, type JobOutbox } from '../../lib/job-outbox.js';
import type { EndpointAllowList } from './endpoint-allow-list.js';
import { pushTitle, type AppointmentAnswer, type PushLocale, type RecipientKind } from './push-titles.js';
import type { VapidKeys } from './vapid-keys.js';

export const PUSH_DELIVER_JOB = 'push.deliver';
/** Browsers kept per person; subscribing one more drops the one unused longest. */
export const MAX_SUBSCRIPTIONS_PER_OWNER = 20;
const DELIVERY_TIMEOUT_MS = 10_000;

export interface PushOwner {
  kind: RecipientKind;
  /** nutritionists.id for a practice, patients.id for a patient. */
  id: string;
}

export interface NotifyInput {
  recipient: PushOwner;
  event: PushEvent;
  /** Path of the screen the notification opens (same origin), e.g. '/chat?paciente=…'. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
  /** appointment_answer: whether the patient confirmed or cancelled (a generic title without it). */
  answer?: AppointmentAnswer;
  /** The same key sends at most one push per subscription (a call offered twice rings once). */
  key?: string;
}

export interface PushPayload {
  title: string;
  tag: string;
  url: string;
}

interface DeliverJob extends PushPayload {
  subscriptionId: string;
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

export interface PushServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  jobs: JobOutbox;
  vapid: VapidKeys;
  /** VAPID "sub": a mailto: or https: contact for the push services. */
  subject: string;
  allowList: EndpointAllowList;
  log?: FastifyBaseLogger;
}

const eventsOf = (kind: RecipientKind): readonly PushEvent[] => (kind === 'patient' ? PATIENT_PUSH_EVENTS : NUTRITIONIST_PUSH_EVENTS);

const ENDPOINT_MESSAGES = {
  INVALID_URL: 'La dirección de la suscripción no es una URL válida.',
  NOT_HTTPS: 'La dirección de la suscripción debe usar https.',
  HOST_NOT_ALLOWED: 'Ese servicio de notificaciones no está permitido en este servidor. Usa un navegador con notificaciones estándar (Chrome, Firefox, Edge o Safari).',
} as const;

/** A call is useless a minute later; other news can wait a day for a phone that is off. */
const delivery = (event: PushEvent): { ttlSeconds: number; urgency: 'normal' | 'high'; maxAttempts: number } =>
  event === 'video_call' ? { ttlSeconds: 60, urgency: 'high', maxAttempts: 2 } : { ttlSeconds: 24 * 3600, urgency: event === 'chat_message' ? 'high' : 'normal', maxAttempts: 5 };

export function createPushService(deps: PushServiceDeps) {
  const { db, clock, jobs, allowList } = deps;
  const nowIso = () => clock.now().toISOString();

  /** The recipient's language, or undefined when they can no longer be notified (portal access revoked). */
  async function recipientLocale(recipient: PushOwner): Promise<PushLocale | undefined> {
    const row =
      recipient.kind === 'patient'
        ? await db
            .selectFrom('patients')
            .innerJoin('users', 'users.id', 'patients.user_id')
            .select('users.locale')
            .where('patients.id', '=', recipient.id)
            .where('patients.deleted_at', 'is', null)
            .executeTakeFirst()
        : await db.selectFrom('nutritionists').innerJoin('users', 'users.id', 'nutritionists.user_id').select('users.locale').where('nutritionists.id', '=', recipient.id).executeTakeFirst();
    if (!row) return undefined;
    return row.locale === 'es-AR' || row.locale === 'en' ? row.locale : 'es';
  }

  async function isEnabled(owner: PushOwner, event: PushEvent): Promise<boolean> {
    const row = await db
      .selectFrom('notification_preferences')
      .select('enabled')
      .where('owner_kind', '=', owner.kind)
      .where('owner_id', '=', owner.id)
      .where('event', '=', event)
      .executeTakeFirst();
    return row ? Number(row.enabled) === 1 : true;
  }

  async function deliver(job: DeliverJob): Promise<void> {
    const subscription = await db.selectFrom('push_subscriptions').selectAll().where('id', '=', job.subscriptionId).executeTakeFirst();
    // Unsubscribed since: nothing to do.
    if (!subscription) return;
    const allowed = allowList.check(subscription.endpoint);
    if (!allowed.ok) {
      // PUSH_ENDPOINT_HOSTS changed since it was accepted: the server no longer posts there.
      await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
      throw new PermanentJobError(`push endpoint no longer allowed (${allowed.reason})`);
    }
    const payload: PushPayload = { title: job.title, tag: job.tag, url: job.url };
    const topic = job.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
    // web-push encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292); the request itself is sent here
    // because the library's sender only speaks https and follows its own timeouts: this one never follows
    // a redirect (the allow-list holds for the address actually posted to) and gives up after 10 s.
    const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: deps.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey },
      TTL: job.ttlSeconds,
      urgency: job.urgency,
      ...(topic ? { topic } : {}),
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    const response = await fetch(allowed.url, { method: 'POST', headers, body: details.body, redirect: 'manual', signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 404 || response.status === 410) {
      await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
      throw new PermanentJobError(`push subscription gone (${response.status})`);
    }
    // Refused for what we sent (bad request, wrong VAPID key, too large): sending it again cannot help.
    if (response.status === 400 || response.status === 403 || response.status === 413) throw new PermanentJobError(`push service refused the message (${response.status})`);
    if (response.status < 200 || response.status >= 300) throw new Error(`push service answered ${response.status}`);
    await db.updateTable('push_subscriptions').set({ last_success_at: nowIso() }).where('id', '=', subscription.id).execute();
  }

  jobs.registerHandler(PUSH_DELIVER_JOB, deliver);

  return {
    publicKey(): { publicKey: string } {
      return { publicKey: deps.vapid.publicKey };
    },

    /** Stores this browser's subscription for the owner (a browser that subscribed for someone else is moved over). */
    async subscribe(owner: PushOwner, input: PushSubscriptionRequest): Promise<{ endpoint: string; createdAt: string }> {
      const check = allowList.check(input.endpoint);
      if (!check.ok) throw new AppError('VALIDATION_ERROR', ENDPOINT_MESSAGES[check.reason], [{ path: ['endpoint'], message: ENDPOINT_MESSAGES[check.reason] }]);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('push_subscriptions')
          .values({ id: newId(), owner_kind: owner.kind, owner_id: owner.id, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, created_at: now, last_success_at: null })
          .onConflict((oc) =>
            oc.column('endpoint').doUpdateSet({ owner_kind: owner.kind, owner_id: owner.id, p256dh: input.keys.p256dh, auth: input.keys.auth, created_at: now }),
          )
          .execute();
        const rows = await trx
          .selectFrom('push_subscriptions')
          .select('id')
          .where('owner_kind', '=', owner.kind)
          .where('owner_id', '=', owner.id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        const extra = rows.slice(MAX_SUBSCRIPTIONS_PER_OWNER).map((r) => r.id);
        if (extra.length > 0) await trx.deleteFrom('push_subscriptions').where('id', 'in', extra).execute();
      });
      return { endpoint: input.endpoint, createdAt: now };
    },

    /** Forgets the owner's subscription at this endpoint (nothing happens for anyone else's). */
    async unsubscribe(owner: PushOwner, endpoint: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('owner_kind', '=', owner.kind).where('owner_id', '=', owner.id).execute();
    },

    async preferences(owner: PushOwner): Promise<PushPreferences> {
      const rows = await db.selectFrom('notification_preferences').select(['event', 'enabled']).where('owner_kind', '=', owner.kind).where('owner_id', '=', owner.id).execute();
      const off = new Set(rows.filter((r) => Number(r.enabled) === 0).map((r) => r.event));
      return { events: Object.fromEntries(eventsOf(owner.kind).map((event) => [event, !off.has(event)])) };
    },

    async updatePreferences(owner: PushOwner, events: Partial<Record<PushEvent, boolean>>): Promise<PushPreferences> {
      const allowed = eventsOf(owner.kind);
      const unknown = Object.keys(events).filter((event) => !allowed.includes(event as PushEvent));
      if (unknown.length > 0) {
        const message = 'Ese tipo de aviso no existe para tu cuenta.';
        throw new AppError('VALIDATION_ERROR', message, unknown.map((event) => ({ path: ['events', event], message })));
      }
      const now = nowIso();
      for (const [event, enabled] of Object.entries(events)) {
        await db
          .insertInto('notification_preferences')
          .values({ owner_kind: owner.kind, owner_id: owner.id, event, enabled: enabled ? 1 : 0, updated_at: now })
          .onConflict((oc) => oc.columns(['owner_kind', 'owner_id', 'event']).doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now }))
          .execute();
      }
      return this.preferences(owner);
    },

    /**
     * Tells the recipient's subscribed browsers that something happened, unless they turned the event off.
     * Only enqueues (a few inserts): the delivery runs in the job outbox. Never throws — a failure here is
     * logged and must not undo or fail what the caller did. Answers how many deliveries were enqueued.
     */
    async notify(input: NotifyInput): Promise<number> {
      try {
        const locale = await recipientLocale(input.recipient);
        if (!locale) return 0;
        const title = pushTitle(input.recipient.kind, input.event, locale, input.answer);
        if (!title || !(await isEnabled(input.recipient, input.event))) return 0;
        const subscriptions = await db
          .selectFrom('push_subscriptions')
          .select('id')
          .where('owner_kind', '=', input.recipient.kind)
          .where('owner_id', '=', input.recipient.id)
          .execute();
        const { ttlSeconds, urgency, maxAttempts } = delivery(input.event);
        for (const subscription of subscriptions) {
          const job: DeliverJob = { subscriptionId: subscription.id, title, tag: input.tag, url: input.url, ttlSeconds, urgency };
          await jobs.enqueue(PUSH_DELIVER_JOB, job, { maxAttempts, ...(input.key ? { dedupeKey: `push:${input.key}:${subscription.id}` } : {}) });
        }
        return subscriptions.length;
      } catch (error) {
        deps.log?.error({ err: error, event: input.event }, 'push notification could not be enqueued');
        return 0;
      }
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;

/** What the features depend on: only notify(). */
export type Notifier = Pick<PushService, 'notify'>;
