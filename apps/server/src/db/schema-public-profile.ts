// Kysely table types of the public web profile (migration 0012-public-profile) and the columns it adds
// to appointment_requests. Same conventions as schema.ts.
type IsoInstant = string;
type Flag = number;

export interface PublicProfilesTable {
  nutritionist_id: string;
  /** Unique; null until chosen. */
  slug: string | null;
  published: Flag;
  headline: string | null;
  about: string | null;
  cover_path: string | null;
  cover_updated_at: IsoInstant | null;
  /** JSON arrays of {id, title, detail}, in display order. */
  titles: string;
  studies: string;
  experiences: string;
  services: string;
  /** JSON array of location ids shown on the page, in order. */
  location_ids: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface AppointmentRequestBookingColumns {
  location_id: string | null;
  service_id: string | null;
  requested_end: IsoInstant | null;
  patient_id: string | null;
  /** The pending appointment holding the slot (null: a call-back request). */
  appointment_id: string | null;
  reject_reason: string | null;
  decided_at: IsoInstant | null;
}

/** Merge into DB (schema.ts). */
export interface PublicProfileDB {
  public_profiles: PublicProfilesTable;
}
