// Kysely table types of places of care, services, schedules, appointments and calendar feeds (migration
// 0003-appointments). Same conventions as schema.ts: UUIDv7 text ids, ISO-8601 UTC text instants, 0/1 flags.
import type { ColumnType } from 'kysely';

type IsoInstant = string;
type Flag = number;

export interface LocationsTable {
  id: string;
  nutritionist_id: string;
  name: string;
  detail: string | null;
  street: string | null;
  street_number: string | null;
  phone1: string | null;
  phone2: string | null;
  mobile_area_code: string | null;
  mobile_number: string | null;
  /** '#rrggbb' lower-case. */
  color: string;
  slot_interval_minutes: number;
  visible: Flag;
  disabled: Flag;
  latitude: number | null;
  longitude: number | null;
  reminder_emails_enabled: Flag;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  deleted_at: IsoInstant | null;
}

export interface ServicesTable {
  id: string;
  nutritionist_id: string;
  location_id: string;
  name: string;
  duration_minutes: number;
  /** bigint: PostgreSQL answers it as a string, so read it through Number(). */
  price_cents: ColumnType<number | string, number, number>;
  /** ISO 4217. */
  currency: string;
  visible: Flag;
  /** 1: the service's own rows in location_schedules apply instead of its place's. */
  own_schedule: Flag;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  deleted_at: IsoInstant | null;
}

export interface LocationSchedulesTable {
  id: string;
  nutritionist_id: string;
  location_id: string;
  /** Null: a range of the place's own hours. */
  service_id: string | null;
  /** ISO weekday, Monday 1 … Sunday 7. */
  weekday: number;
  /** 'HH:mm' wall clock in the nutritionist's time zone. */
  start_time: string;
  /** 'HH:mm', or '24:00'. */
  end_time: string;
  created_at: IsoInstant;
}

export interface AppointmentsTable {
  id: string;
  nutritionist_id: string;
  location_id: string;
  service_id: string | null;
  /** Null: free time ("Tiempo libre"). */
  patient_id: string | null;
  start_at: IsoInstant;
  end_at: IsoInstant;
  /** Null: the place's colour. */
  color: string | null;
  notes: string | null;
  status: 'scheduled' | 'completed' | 'cancelled' | 'pending';
  consultation_id: string | null;
  reminder_claimed_at: IsoInstant | null;
  reminder_sent_at: IsoInstant | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** The patient's answer through her personal link (migration 0038). */
  confirmation: ColumnType<AppointmentConfirmation, AppointmentConfirmation | undefined, AppointmentConfirmation>;
  confirmation_answered_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
  patient_cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0: a cancellation by the patient the nutritionist has not seen yet (the agenda's badge). */
  patient_answer_seen: ColumnType<Flag, Flag | undefined, Flag>;
  /** Set by the nutritionist once the appointment's time has passed. */
  attendance: ColumnType<AppointmentAttendance | null, AppointmentAttendance | null | undefined, AppointmentAttendance | null>;
}

export type AppointmentConfirmation = 'pending' | 'confirmed' | 'cancelled_by_patient';
export type AppointmentAttendance = 'attended' | 'no_show';

export interface CalendarFeedsTable {
  nutritionist_id: string;
  /** SHA-256 hex of the secret token in the feed's address. */
  token_hash: string;
  created_at: IsoInstant;
}

/** Column 0003-appointments adds to patients when the patients migration has not: 1 = no reminder emails. */
export interface PatientReminderColumns {
  reminders_opt_out: ColumnType<Flag, Flag | undefined, Flag>;
}

/** Merge into DB (schema.ts): `export interface DB extends PatientsDB, AppointmentsDB { … }`. */
export interface AppointmentsDB {
  locations: LocationsTable;
  services: ServicesTable;
  location_schedules: LocationSchedulesTable;
  appointments: AppointmentsTable;
  calendar_feeds: CalendarFeedsTable;
}
