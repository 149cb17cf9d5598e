// The nutritionist's agenda as a private iCalendar subscription. The address carries a random secret
// (the only credential: calendar apps cannot send a bearer token); the database keeps its SHA-256, so
// the address is shown once and can be rotated or revoked. Events include patient names — see
// docs/appointments.md for that privacy trade-off.
import type { Kysely } from 'kysely';
import { FREE_TIME_TITLE, type CalendarFeed, type CalendarFeedStatus } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { digestToken, newOpaqueToken } from '../../lib/secrets.js';
import { patientNameOf } from './appointments.mapper.js';
import { appointmentsRepository } from './appointments.repository.js';
import { calendarFeedRepository as repo } from './calendar-feed.repository.js';
import { buildIcs } from './ics.js';
import type { LinkOrigins } from '../../lib/link-origin.js';

type Scope = { nutritionistId: string };

export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 365;
const DAY_MS = 86_400_000;
/** base64url of 32 random bytes. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface CalendarFeedServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** Origin of the feed's address (the nutritionist's request, or PUBLIC_URL). */
  links: LinkOrigins;
}

export function createCalendarFeedService(deps: CalendarFeedServiceDeps) {
  const { db, clock } = deps;
  const feedNotFound = () => notFound('Este calendario no existe o fue revocado.');

  return {
    async status(scope: Scope): Promise<CalendarFeedStatus> {
      const row = await repo.find(db, scope);
      return { active: Boolean(row), createdAt: row?.created_at ?? null };
    },

    /** Creates the feed, or rotates its secret: the previous address stops working. */
    async rotate(scope: Scope): Promise<CalendarFeed> {
      const token = newOpaqueToken();
      const now = clock.now().toISOString();
      await repo.upsert(db, scope, digestToken(token), now);
      const url = `${deps.links.current()}/api/v1/calendar-feed/${token}.ics`;
      return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://'), createdAt: now };
    },

    async revoke(scope: Scope): Promise<void> {
      await repo.remove(db, scope);
    },

    /** The .ics text for a token: 30 days back, 12 months ahead, cancelled appointments left out. */
    async render(token: string): Promise<string> {
      if (!TOKEN_PATTERN.test(token)) throw feedNotFound();
      const feed = await repo.findByTokenHash(db, digestToken(token));
      if (!feed) throw feedNotFound();
      const scope = { nutritionistId: feed.nutritionist_id };
      const now = clock.now();
      const rows = await appointmentsRepository.listForFeed(
        db,
        scope,
        new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS).toISOString(),
        new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS).toISOString(),
      );
      return buildIcs({
        name: 'Almendra: turnos',
        generatedAt: now.toISOString(),
        events: rows.map((row) => {
          const patientName = row.patient_id ? patientNameOf(row.patient_first_name, row.patient_last_name) : null;
          const address = [[row.street, row.street_number].filter(Boolean).join(' '), row.detail].filter(Boolean).join(', ');
          const description = [row.service_name ? `Servicio: ${row.service_name}` : null, row.status === 'completed' ? 'Turno realizado' : null]
            .filter(Boolean)
            .join('\n');
          return {
            uid: `${row.id}@almendra`,
            start: row.start_at,
            end: row.end_at,
            summary: patientName ?? FREE_TIME_TITLE,
            location: address ? `${row.location_name}, ${address}` : row.location_name,
            description: description || null,
            geo: row.latitude !== null && row.longitude !== null ? { latitude: Number(row.latitude), longitude: Number(row.longitude) } : null,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
          };
        }),
      });
    },
  };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
