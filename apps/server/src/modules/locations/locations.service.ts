// Places of care: CRUD, hide/unhide ("ocultar"), weekly hours, services with optional own hours, and the
// calendar's visible hours. A place with appointments ahead cannot be deleted (hide it instead); deleting
// is a soft delete so past appointments keep their place.
import type { Kysely, Updateable } from 'kysely';
import type {
  CalendarHoursResponse,
  CreateLocationInput,
  CreateServiceInput,
  Location,
  Service,
  ServiceScheduleResponse,
  UpdateLocationInput,
  UpdateServiceInput,
  WeeklySchedule,
  WeeklyScheduleResponse,
} from '@almendra/contracts';
import { calendarHours } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { LocationsTable, ServicesTable } from '../../db/schema-appointments.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { toLocation, toService, toWeeklySchedule } from './locations.mapper.js';
import { locationsRepository as repo } from './locations.repository.js';

type Scope = { nutritionistId: string };

export interface LocationsServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
}

export const locationNotFound = () => notFound('No encontramos ese lugar de atención.');
export const serviceNotFound = () => notFound('No encontramos ese servicio.');
export const LOCATION_HAS_FUTURE_APPOINTMENTS_MESSAGE =
  'Este lugar tiene turnos agendados a futuro. Ocúltalo en lugar de eliminarlo, o mueve esos turnos primero.';

const flag = (value: boolean) => (value ? 1 : 0);

/** Contract fields → columns; undefined (not sent) stays out of the update. */
function locationColumns(input: UpdateLocationInput): Partial<LocationsTable> {
  const columns: Partial<LocationsTable> = {};
  const set = <K extends keyof LocationsTable>(key: K, value: LocationsTable[K] | undefined) => {
    if (value !== undefined) columns[key] = value;
  };
  set('name', input.name);
  set('detail', input.detail);
  set('street', input.street);
  set('street_number', input.streetNumber);
  set('phone1', input.phone1);
  set('phone2', input.phone2);
  set('mobile_area_code', input.mobileAreaCode);
  set('mobile_number', input.mobileNumber);
  set('color', input.color);
  set('slot_interval_minutes', input.slotIntervalMinutes);
  set('visible', input.visible === undefined ? undefined : flag(input.visible));
  set('disabled', input.disabled === undefined ? undefined : flag(input.disabled));
  set('latitude', input.latitude);
  set('longitude', input.longitude);
  set('reminder_emails_enabled', input.reminderEmailsEnabled === undefined ? undefined : flag(input.reminderEmailsEnabled));
  return columns;
}

function serviceColumns(input: UpdateServiceInput): Updateable<ServicesTable> {
  const columns: Updateable<ServicesTable> = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.durationMinutes !== undefined) columns.duration_minutes = input.durationMinutes;
  if (input.priceCents !== undefined) columns.price_cents = input.priceCents;
  if (input.currency !== undefined) columns.currency = input.currency;
  if (input.visible !== undefined) columns.visible = flag(input.visible);
  return columns;
}

export function createLocationsService(deps: LocationsServiceDeps) {
  const { db, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  async function requireLocation(scope: Scope, id: string) {
    const row = await repo.findLocation(db, scope, id);
    if (!row) throw locationNotFound();
    return row;
  }

  async function requireService(scope: Scope, locationId: string, id: string) {
    await requireLocation(scope, locationId);
    const row = await repo.findService(db, scope, locationId, id);
    if (!row) throw serviceNotFound();
    return row;
  }

  async function update(scope: Scope, id: string, input: UpdateLocationInput): Promise<Location> {
    await requireLocation(scope, id);
    await repo.updateLocation(db, scope, id, { ...locationColumns(input), updated_at: nowIso() });
    return toLocation(await requireLocation(scope, id));
  }

  async function saveSchedule(scope: Scope, locationId: string, serviceId: string | null, schedule: WeeklySchedule) {
    const now = nowIso();
    const rows = schedule.days.flatMap((day) =>
      day.ranges.map((range) => ({
        id: newId(),
        nutritionist_id: scope.nutritionistId,
        location_id: locationId,
        service_id: serviceId,
        weekday: day.weekday,
        start_time: range.start,
        end_time: range.end,
        created_at: now,
      })),
    );
    await db.transaction().execute(async (trx) => {
      await repo.replaceScheduleRanges(trx, scope, locationId, serviceId, rows);
      if (serviceId) await repo.updateService(trx, scope, serviceId, { own_schedule: 1, updated_at: now });
      else await repo.updateLocation(trx, scope, locationId, { updated_at: now });
    });
  }

  return {
    async list(scope: Scope): Promise<Location[]> {
      return (await repo.listLocations(db, scope)).map(toLocation);
    },

    async get(scope: Scope, id: string): Promise<Location> {
      return toLocation(await requireLocation(scope, id));
    },

    async create(scope: Scope, input: CreateLocationInput): Promise<Location> {
      const now = nowIso();
      const id = newId();
      await repo.insertLocation(db, {
        id,
        nutritionist_id: scope.nutritionistId,
        name: input.name,
        detail: input.detail ?? null,
        street: input.street ?? null,
        street_number: input.streetNumber ?? null,
        phone1: input.phone1 ?? null,
        phone2: input.phone2 ?? null,
        mobile_area_code: input.mobileAreaCode ?? null,
        mobile_number: input.mobileNumber ?? null,
        color: input.color,
        slot_interval_minutes: input.slotIntervalMinutes,
        visible: flag(input.visible),
        disabled: flag(input.disabled),
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        reminder_emails_enabled: flag(input.reminderEmailsEnabled),
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      return toLocation(await requireLocation(scope, id));
    },

    update,

    async setVisible(scope: Scope, id: string, visible: boolean): Promise<Location> {
      return update(scope, id, { visible });
    },

    async remove(scope: Scope, id: string): Promise<void> {
      await requireLocation(scope, id);
      const now = nowIso();
      if ((await repo.countFutureAppointments(db, scope, id, now)) > 0) {
        throw new AppError('CONFLICT', LOCATION_HAS_FUTURE_APPOINTMENTS_MESSAGE);
      }
      await repo.updateLocation(db, scope, id, { deleted_at: now, updated_at: now });
    },

    async getSchedule(scope: Scope, id: string): Promise<WeeklyScheduleResponse> {
      await requireLocation(scope, id);
      return toWeeklySchedule(await repo.listScheduleRanges(db, scope, id, null));
    },

    async putSchedule(scope: Scope, id: string, schedule: WeeklySchedule): Promise<WeeklyScheduleResponse> {
      await requireLocation(scope, id);
      await saveSchedule(scope, id, null, schedule);
      return toWeeklySchedule(await repo.listScheduleRanges(db, scope, id, null));
    },

    async calendarHours(scope: Scope): Promise<CalendarHoursResponse> {
      const ranges = await repo.listActiveRanges(db, scope);
      return calendarHours(ranges.map((r) => ({ start: r.start_time, end: r.end_time })));
    },

    async listServices(scope: Scope, locationId: string): Promise<Service[]> {
      await requireLocation(scope, locationId);
      return (await repo.listServices(db, scope, locationId)).map(toService);
    },

    async createService(scope: Scope, locationId: string, input: CreateServiceInput): Promise<Service> {
      await requireLocation(scope, locationId);
      const now = nowIso();
      const id = newId();
      await repo.insertService(db, {
        id,
        nutritionist_id: scope.nutritionistId,
        location_id: locationId,
        name: input.name,
        duration_minutes: input.durationMinutes,
        price_cents: input.priceCents,
        currency: input.currency,
        visible: flag(input.visible),
        own_schedule: 0,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      return toService(await requireService(scope, locationId, id));
    },

    async updateService(scope: Scope, locationId: string, id: string, input: UpdateServiceInput): Promise<Service> {
      await requireService(scope, locationId, id);
      await repo.updateService(db, scope, id, { ...serviceColumns(input), updated_at: nowIso() });
      return toService(await requireService(scope, locationId, id));
    },

    /** Soft delete: appointments already booked for the service keep it. */
    async removeService(scope: Scope, locationId: string, id: string): Promise<void> {
      await requireService(scope, locationId, id);
      const now = nowIso();
      await repo.updateService(db, scope, id, { deleted_at: now, updated_at: now });
    },

    async getServiceSchedule(scope: Scope, locationId: string, id: string): Promise<ServiceScheduleResponse> {
      const service = await requireService(scope, locationId, id);
      const own = Number(service.own_schedule) === 1;
      const rows = await repo.listScheduleRanges(db, scope, locationId, own ? id : null);
      return { ownSchedule: own, ...toWeeklySchedule(rows) };
    },

    async putServiceSchedule(scope: Scope, locationId: string, id: string, schedule: WeeklySchedule): Promise<ServiceScheduleResponse> {
      await requireService(scope, locationId, id);
      await saveSchedule(scope, locationId, id, schedule);
      return { ownSchedule: true, ...toWeeklySchedule(await repo.listScheduleRanges(db, scope, locationId, id)) };
    },

    /** The service follows its place's hours again. */
    async removeServiceSchedule(scope: Scope, locationId: string, id: string): Promise<ServiceScheduleResponse> {
      await requireService(scope, locationId, id);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await repo.replaceScheduleRanges(trx, scope, locationId, id, []);
        await repo.updateService(trx, scope, id, { own_schedule: 0, updated_at: now });
      });
      return { ownSchedule: false, ...toWeeklySchedule(await repo.listScheduleRanges(db, scope, locationId, null)) };
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
