// The patient's daily log (RDi_): one entry per date (saving the same date again updates it) and meal
// photos per date. The practice reads it by date range from the record, with the spec's empty
// placeholder for a date that has photos but no entry, and is told of new entries over the event bus.
import type { Kysely } from 'kysely';
import { dailyLogEntryRequestSchema, type DailyLogDay, type DailyLogEntryRequest, type DailyLogList, type NewDailyLog } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { channels, type EventBus } from '../../lib/event-bus.js';
import { newId } from '../../lib/ids.js';
import { SignedTokens } from '../../lib/signed-token.js';
import { reencodeImage, UploadStore } from '../../lib/uploads.js';

export const DAILY_LOG_PHOTO_MAX_SIDE = 1600;
export const DAILY_LOG_PHOTO_MAX_BYTES = 12 * 1024 * 1024;
/** Days shown when no range is asked for. */
const DEFAULT_RANGE_DAYS = 30;
const HOUR_SECONDS = 3600;

export interface DailyLogServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  bus: EventBus;
  dataDir: string;
  secret: string;
}

interface Owner {
  nutritionistId: string;
  patientId: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const asText = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

export function createDailyLogService(deps: DailyLogServiceDeps) {
  const { db, clock, bus } = deps;
  const store = new UploadStore(deps.dataDir, 'daily-log', 'webp');
  const photoTokens = new SignedTokens(deps.secret, 'daily-log-photo/v1');

  function photoUrl(photoId: string, nutritionistId: string): string {
    const expiresAt = (Math.floor(clock.now().getTime() / 1000 / HOUR_SECONDS) + 2) * HOUR_SECONDS;
    return `/api/v1/daily-log-photos/${encodeURIComponent(photoId)}?t=${encodeURIComponent(photoTokens.issue(photoId, nutritionistId, expiresAt))}`;
  }

  /**
   * Practice-wide: the patients with daily-log entries the practice has not read yet (the per-entry `seen`
   * flag, cleared when the record's Registro diario tab is opened), newest first. Deleted patients are left out.
   */
  async function unseenByPatient(scope: { nutritionistId: string }): Promise<NewDailyLog> {
    const rows = await db
      .selectFrom('daily_log_entries as e')
      .innerJoin('patients as p', (join) => join.onRef('p.id', '=', 'e.patient_id').onRef('p.nutritionist_id', '=', 'e.nutritionist_id'))
      .select((eb) => [
        'e.patient_id as patientId',
        'p.first_name as firstName',
        'p.last_name as lastName',
        eb.fn.countAll<number>().as('unseen'),
        eb.fn.max('e.date').as('latestDate'),
        eb.fn.max('e.updated_at').as('latestAt'),
      ])
      .where('e.nutritionist_id', '=', scope.nutritionistId)
      .where('e.seen', '=', 0)
      .where('p.deleted_at', 'is', null)
      .groupBy(['e.patient_id', 'p.first_name', 'p.last_name'])
      .execute();
    const items = rows
      .map((r) => ({
        patientId: r.patientId,
        name: `${r.firstName} ${r.lastName}`.trim(),
        unseenCount: Number(r.unseen),
        latestDate: asText(r.latestDate).slice(0, 10),
        latestAt: asText(r.latestAt),
      }))
      .sort((a, b) => (a.latestAt < b.latestAt ? 1 : a.latestAt > b.latestAt ? -1 : a.name.localeCompare(b.name)));
    return { items, total: items.reduce((sum, i) => sum + i.unseenCount, 0) };
  }

  async function list(owner: Owner, range: { from?: string; to?: string }): Promise<DailyLogList> {
    const to = range.to ?? isoDay(clock.now());
    const from = range.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * 86_400_000));
    if (from > to) {
      const message = 'La fecha "desde" no puede ser posterior a la fecha "hasta".';
      throw new AppError('VALIDATION_ERROR', message, [{ path: 'from', message }]);
    }
    const [entries, photos, unseen] = await Promise.all([
      db.selectFrom('daily_log_entries').selectAll().where('patient_id', '=', owner.patientId).where('nutritionist_id', '=', owner.nutritionistId).where('date', '>=', from).where('date', '<=', to).execute(),
      db.selectFrom('daily_log_photos').selectAll().where('patient_id', '=', owner.patientId).where('nutritionist_id', '=', owner.nutritionistId).where('date', '>=', from).where('date', '<=', to).orderBy('created_at').execute(),
      db.selectFrom('daily_log_entries').select((eb) => eb.fn.countAll<number>().as('count')).where('patient_id', '=', owner.patientId).where('nutritionist_id', '=', owner.nutritionistId).where('seen', '=', 0).executeTakeFirstOrThrow(),
    ]);
    const days = new Map<string, DailyLogDay>();
    const dayOf = (date: string) => {
      let day = days.get(date);
      if (!day) {
        day = { date, entry: null, photos: [] };
        days.set(date, day);
      }
      return day;
    };
    for (const e of entries) {
      dayOf(e.date).entry = {
        id: e.id,
        rating: e.rating,
        secondRating: e.second_rating,
        sleepFrom: e.sleep_from,
        sleepTo: e.sleep_to,
        waterGlasses: e.water_glasses,
        exercise: e.exercise,
        exerciseMinutes: e.exercise_minutes,
        notes: e.notes,
        seen: e.seen === 1,
        createdAt: e.created_at,
        updatedAt: e.updated_at,
      };
    }
    for (const p of photos) dayOf(p.date).photos.push({ id: p.id, meal: p.meal, url: photoUrl(p.id, owner.nutritionistId), createdAt: p.created_at });
    return { days: [...days.values()].sort((a, b) => (a.date < b.date ? 1 : -1)), unseenCount: Number(unseen.count) };
  }

  async function notify(owner: Owner, date: string) {
    await bus.publish(channels.nutritionist(owner.nutritionistId), { type: 'dailylog.entry', patientId: owner.patientId, date });
  }

  return {
    list,
    unseenByPatient,

    async patientOf(scope: { nutritionistId: string }, patientId: string): Promise<Owner> {
      const patient = await db.selectFrom('patients').select('id').where('id', '=', patientId).where('nutritionist_id', '=', scope.nutritionistId).where('deleted_at', 'is', null).executeTakeFirst();
      if (!patient) throw new AppError('NOT_FOUND', 'No encontramos ese paciente.');
      return { nutritionistId: scope.nutritionistId, patientId };
    },

    /** Saves the day's entry: a second save of the same date updates it (and it counts as unseen again). */
    async save(owner: Owner, input: DailyLogEntryRequest): Promise<DailyLogDay> {
      const data = dailyLogEntryRequestSchema.parse(input);
      // The schema refuses dates after the latest day on Earth by the system clock; the service checks
      // the same rule with the injected clock.
      if (data.date > isoDay(new Date(clock.now().getTime() + 14 * 3_600_000))) {
        throw new AppError('VALIDATION_ERROR', 'La fecha no puede ser futura.', [{ path: 'date', message: 'La fecha no puede ser futura.' }]);
      }
      const now = clock.now().toISOString();
      const values = {
        rating: data.rating ?? null,
        second_rating: data.secondRating ?? null,
        sleep_from: data.sleepFrom ?? null,
        sleep_to: data.sleepTo ?? null,
        water_glasses: data.waterGlasses ?? null,
        exercise: data.exercise ?? null,
        exercise_minutes: data.exerciseMinutes ?? null,
        notes: data.notes ?? null,
        seen: 0,
        updated_at: now,
      };
      await db
        .insertInto('daily_log_entries')
        .values({ id: newId(), patient_id: owner.patientId, nutritionist_id: owner.nutritionistId, date: data.date, created_at: now, ...values })
        .onConflict((oc) => oc.columns(['patient_id', 'date']).doUpdateSet(values))
        .execute();
      await notify(owner, data.date);
      const { days } = await list(owner, { from: data.date, to: data.date });
      return days[0]!;
    },

    async addPhoto(owner: Owner, input: { date: string; meal: string | null }, bytes: Buffer) {
      const webp = await reencodeImage(bytes, {
        accept: ['jpeg', 'png', 'webp'],
        maxWidth: DAILY_LOG_PHOTO_MAX_SIDE,
        maxHeight: DAILY_LOG_PHOTO_MAX_SIDE,
        output: { format: 'webp', quality: 80 },
      });
      if (!webp) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'La foto debe ser una imagen JPEG, PNG o WebP.');
      const id = newId();
      const path = await store.save(owner.nutritionistId, id, webp);
      const now = clock.now().toISOString();
      await db.insertInto('daily_log_photos').values({ id, patient_id: owner.patientId, nutritionist_id: owner.nutritionistId, date: input.date, meal: input.meal, path, created_at: now }).execute();
      await notify(owner, input.date);
      return { id, meal: input.meal, url: photoUrl(id, owner.nutritionistId), createdAt: now };
    },

    async markSeen(owner: Owner): Promise<void> {
      await db.updateTable('daily_log_entries').set({ seen: 1 }).where('patient_id', '=', owner.patientId).where('nutritionist_id', '=', owner.nutritionistId).where('seen', '=', 0).execute();
    },

    /** The photo bytes for a signed URL (an <img> cannot send the bearer header). */
    async readPhoto(photoId: string, token: string): Promise<Buffer> {
      const nutritionistId = photoTokens.verify(token, photoId, clock.now());
      const gone = () => new AppError('NOT_FOUND', 'No encontramos esa foto.');
      if (!nutritionistId) throw gone();
      const row = await db.selectFrom('daily_log_photos').select('path').where('id', '=', photoId).where('nutritionist_id', '=', nutritionistId).executeTakeFirst();
      const bytes = row ? await store.read(row.path) : null;
      if (!bytes) throw gone();
      return bytes;
    },
  };
}

export type DailyLogService = ReturnType<typeof createDailyLogService>;
