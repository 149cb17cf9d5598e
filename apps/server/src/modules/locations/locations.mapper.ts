// Database rows → contract types (never return rows).
import type { Location, Service, WeeklyScheduleResponse } from '@almendra/contracts';
import type { LocationRow, ScheduleRow, ServiceRow } from './locations.repository.js';

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    detail: row.detail,
    street: row.street,
    streetNumber: row.street_number,
    phone1: row.phone1,
    phone2: row.phone2,
    mobileAreaCode: row.mobile_area_code,
    mobileNumber: row.mobile_number,
    color: row.color,
    slotIntervalMinutes: Number(row.slot_interval_minutes),
    visible: Number(row.visible) === 1,
    disabled: Number(row.disabled) === 1,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    reminderEmailsEnabled: Number(row.reminder_emails_enabled) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    locationId: row.location_id,
    name: row.name,
    durationMinutes: Number(row.duration_minutes),
    priceCents: Number(row.price_cents),
    currency: row.currency,
    visible: Number(row.visible) === 1,
    ownSchedule: Number(row.own_schedule) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The seven days, Monday first, each with its ranges in start order (closed days have none). */
export function toWeeklySchedule(rows: ScheduleRow[]): WeeklyScheduleResponse {
  return {
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      ranges: rows
        .filter((r) => Number(r.weekday) === weekday)
        .sort((a, b) => a.start_time.localeCompare(b.start_time))
        .map((r) => ({ start: r.start_time, end: r.end_time })),
    })),
  };
}
