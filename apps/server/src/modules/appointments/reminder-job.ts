// Reminders the day before an appointment: the email, to a patient with an address on her record, and the
// Web Push, to a patient with the portal and notifications on — either is enough (a patient with only the
// portal on her phone is reminded too). An appointment becomes due at 09:00 of the previous
// day in the nutritionist's time zone and stays due until its own day begins; appointments booked
// inside that window are reminded at the next run, later ones are not reminded at all.
//
// Exactly-once across restarts and instances: the job re-reads due rows from the database on every
// run (nothing lives in memory), and only the instance whose conditional UPDATE claims the row
// (reminder_claimed_at IS NULL → now) sends it. A crash between claim and send loses that reminder
// rather than risking a duplicate.
//
// The due window is turned into a start_at range per practice time zone and filtered in SQL, then read
// page by page, so however many not-yet-due appointments exist they cannot crowd out due ones.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { addDays, localDateOf, localDayBounds, localTimeToInstant, resolveTimeZone } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import { APPOINTMENT_MAIL_COLUMNS, placeAddress } from './appointments.repository.js';
import { runExclusively } from '../../lib/job-lock.js';
import { practiceVoice } from '../public-profile/practice-voice.js';
import { appointmentReminderEmail } from './reminder-email.js';
import type { Notifier } from '../push/push.service.js';

/** Local time of the day before at which reminders go out. */
export const REMINDER_LOCAL_MINUTES = 9 * 60;
/** Rows read per query; the job pages through the due window, so this bounds memory, not throughput. */
export const REMINDER_BATCH_SIZE = 200;
const BATCH_SIZE = REMINDER_BATCH_SIZE;

export interface ReminderJobDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  log?: FastifyBaseLogger;
  /** Web Push to the patient when she has the portal and notifications on, whether or not she has an email. */
  notifier?: Notifier;
  /** The patient's personal confirmation page of an appointment (issue 27), written into the reminder. */
  confirmationUrl?: (appointment: { id: string; nutritionist_id: string; start_at: string }) => string;
}

export interface ReminderRunResult {
  sent: number;
}

/** When the reminder of an appointment starting at `start` is due, in the given zone. */
export function reminderWindow(start: string, timeZone: string): { from: Date; until: Date } {
  const appointmentDate = localDateOf(new Date(start), timeZone);
  return {
    from: localTimeToInstant(addDays(appointmentDate, -1), REMINDER_LOCAL_MINUTES, timeZone).instant,
    until: localDayBounds(appointmentDate, timeZone).start,
  };
}

export function createReminderJob(deps: ReminderJobDeps) {
  const { db, mailer } = deps;

  /**
   * The zones practices are in, each with the stored name (to filter on) and the resolved one (to
   * compute in; a corrupt name counts as Buenos Aires, like everywhere else).
   */
  async function zones(): Promise<{ stored: string; resolved: string }[]> {
    const rows = await db.selectFrom('nutritionists').select('time_zone').distinct().execute();
    return rows.map((row) => ({ stored: row.time_zone, resolved: resolveTimeZone(row.time_zone) }));
  }

  /**
   * In a zone whose clock shows `today`, reminders are due from 09:00 for the appointments of
   * tomorrow (local): exactly those starting in [tomorrow 00:00, day after 00:00). Undefined before 09:00.
   */
  function dueRange(now: Date, timeZone: string): { from: string; until: string } | undefined {
    const today = localDateOf(now, timeZone);
    if (now < localTimeToInstant(today, REMINDER_LOCAL_MINUTES, timeZone).instant) return undefined;
    const tomorrow = localDayBounds(addDays(today, 1), timeZone);
    return { from: tomorrow.start.toISOString(), until: tomorrow.end.toISOString() };
  }

  /**
   * One page of due appointments of the practices in one zone, after `after` in (start_at, id) order.
   * The due window is filtered in SQL, so appointments that are not due (later today, next week) can
   * never fill a page and starve the due ones; paging goes on until the window is exhausted.
   */
  function candidates(storedZone: string, range: { from: string; until: string }, after?: { startAt: string; id: string }) {
    let query = db
      .selectFrom('appointments as a')
      .innerJoin('locations as l', 'l.id', 'a.location_id')
      .innerJoin('patients as p', 'p.id', 'a.patient_id')
      .innerJoin('nutritionists as n', 'n.id', 'a.nutritionist_id')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .leftJoin('services as sv', 'sv.id', 'a.service_id')
      .select(['a.id', 'a.patient_id', 'a.nutritionist_id', ...APPOINTMENT_MAIL_COLUMNS, 'sv.name as service_name'])
      .where('n.time_zone', '=', storedZone)
      .where('a.status', '=', 'scheduled')
      .where('a.reminder_claimed_at', 'is', null)
      .where('a.start_at', '>=', range.from)
      .where('a.start_at', '<', range.until)
      .where('l.reminder_emails_enabled', '=', 1)
      .where('l.deleted_at', 'is', null)
      .where('p.deleted_at', 'is', null)
      // Someone to remind: an email address, or a browser subscribed to the patient's notifications.
      .where((eb) =>
        eb.or([
          eb('p.email', 'is not', null),
          eb.exists(eb.selectFrom('push_subscriptions as ps').select('ps.id').where('ps.owner_kind', '=', 'patient').whereRef('ps.owner_id', '=', 'p.id')),
        ]),
      )
      .where('p.reminders_opt_out', '=', 0);
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('a.start_at', '>', after.startAt), eb.and([eb('a.start_at', '=', after.startAt), eb('a.id', '>', after.id)])]),
      );
    }
    return query.orderBy('a.start_at').orderBy('a.id').limit(BATCH_SIZE).execute();
  }

  /** True for the one caller whose update took the row. */
  async function claim(id: string, nowIso: string): Promise<boolean> {
    const result = await db
      .updateTable('appointments')
      .set({ reminder_claimed_at: nowIso })
      .where('id', '=', id)
      .where('reminder_claimed_at', 'is', null)
      .where('status', '=', 'scheduled')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function runReminderJob(now: Date): Promise<ReminderRunResult> {
    const nowIso = now.toISOString();
    let sent = 0;
    for (const zone of await zones()) {
      const range = dueRange(now, zone.resolved);
      if (!range) continue;
      let after: { startAt: string; id: string } | undefined;
      for (;;) {
        const page = await candidates(zone.stored, range, after);
        for (const row of page) {
          // The SQL range is the window itself; checking again keeps the two definitions honest.
          const window = reminderWindow(row.start_at, zone.resolved);
          if (now < window.from || now >= window.until) continue;
          if (!(await claim(row.id, nowIso))) continue;
          const address = placeAddress(row);
          if (row.patient_email) {
            await mailer.send(
              appointmentReminderEmail({
                to: row.patient_email,
                patientFirstName: row.patient_first_name,
                nutritionistName: `${row.nutritionist_first_name} ${row.nutritionist_last_name}`.trim(),
                locationName: row.location_name,
                address,
                serviceName: row.service_name,
                start: row.start_at,
                timeZone: zone.resolved,
                voice: practiceVoice(row),
                confirmationUrl: deps.confirmationUrl?.({ id: row.id, nutritionist_id: row.nutritionist_id, start_at: row.start_at }) ?? null,
              }),
            );
          }
          await db.updateTable('appointments').set({ reminder_sent_at: nowIso }).where('id', '=', row.id).execute();
          if (row.patient_id) {
            await deps.notifier?.notify({ recipient: { kind: 'patient', id: row.patient_id }, event: 'appointment_reminder', url: '/portal', tag: `appointment-${row.id}`, key: `appointment_reminder:${row.id}` });
          }
          sent += 1;
        }
        if (page.length < BATCH_SIZE) break;
        const last = page[page.length - 1]!;
        after = { startAt: last.start_at, id: last.id };
      }
    }
    if (sent > 0) deps.log?.info({ sent }, 'appointment reminders sent');
    return { sent };
  }

  return { runReminderJob };
}

export type ReminderJob = ReturnType<typeof createReminderJob>;

export interface ReminderScheduler {
  start(): void;
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
}

/** Runs the job every `intervalMs` (a minute by default); a run never overlaps the previous one. */
export function createReminderScheduler(options: {
  job: ReminderJob;
  clock: Clock;
  log?: FastifyBaseLogger;
  intervalMs?: number;
  /** Runs each tick on one instance at a time (lib/job-lock.ts); absent in tests that drive the job by hand. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db?: Kysely<any>;
}): ReminderScheduler {
  const intervalMs = options.intervalMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    if (running) return;
    const run = () => options.job.runReminderJob(options.clock.now());
    running = (options.db ? runExclusively(options.db, 'appointment-reminders', run) : run())
      .then(() => undefined)
      .catch((error: unknown) => options.log?.error({ err: error }, 'appointment reminder job failed'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      // The timer alone must not keep the process alive on shutdown.
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
