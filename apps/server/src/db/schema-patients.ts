// Kysely table types of patients and their clinical record (migration 0002-patients). Same conventions as
// schema.ts: ids are UUIDv7 text, instants ISO-8601 UTC text, calendar dates 'YYYY-MM-DD' text, flags 0/1.
import type { ColumnType } from 'kysely';

type IsoInstant = string;
type IsoDate = string;
type Flag = number;

/** Reference catalogue (natural ids 1..16 without 12), kept in sync at start by loadPatientTypes(). */
export interface PatientTypesTable {
  id: number;
  name_es: string;
  name_en: string;
  /** Listing order: Genérico first. */
  sort_order: number;
}

export interface PatientsTable {
  id: string;
  nutritionist_id: string;
  /** Set when the patient joins the patient portal (later issue). */
  user_id: string | null;
  type_id: number;
  first_name: string;
  last_name: string;
  birth_date: IsoDate | null;
  sex: 'm' | 'f' | null;
  document_number: string | null;
  phone: string | null;
  mobile_area_code: string | null;
  mobile_number: string | null;
  address: string | null;
  province: string | null;
  city: string | null;
  email: string | null;
  health_insurance: string | null;
  member_number: string | null;
  profession: string | null;
  reason_for_consultation: string | null;
  goal: string | null;
  referred_by: string | null;
  start_date: IsoDate | null;
  /** Place of care (locations.id of the same nutritionist); the service checks it, there is no FK. */
  location_id: string | null;
  height_cm: number | null;
  website: string | null;
  is_new: Flag;
  is_test: Flag;
  /** 1 = no appointment-reminder emails (column added by 0003-appointments; the reminder job reads it). */
  reminders_opt_out: ColumnType<Flag, Flag | undefined, Flag>;
  /** 1 = agreed to receive the practice's news by email (column added by 0013-patient-news-consent). */
  news_consent: ColumnType<Flag, Flag | undefined, Flag>;
  /** Path relative to DATA_DIR of the stored WebP photo. */
  photo_path: string | null;
  /** Lower-case, accent-free "first last email": what the list search matches with LIKE. */
  search_text: string;
  /** Lower-case, accent-free "last\u0001first": the default list order. */
  sort_name: string;
  last_visit_at: IsoInstant | null;
  /** Optimistic concurrency: every change adds 1; PATCH must send the version it read. */
  version: number;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  deleted_at: IsoInstant | null;
}

export interface PregnanciesTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  last_menstrual_period: IsoDate;
  pre_gestational_weight_kg: number | null;
  notes: string | null;
  /** Null while the pregnancy is open (at most one open per patient: partial unique index). */
  end_date: IsoDate | null;
  outcome: 'birth' | 'loss' | 'other' | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface PregnancyWeightsTable {
  id: string;
  nutritionist_id: string;
  pregnancy_id: string;
  date: IsoDate;
  weight_kg: number;
  created_at: IsoInstant;
}

export interface PatientBackgroundsTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  diabetes: Flag;
  hypertension: Flag;
  dyslipidemia: Flag;
  thyroid_disease: Flag;
  celiac_disease: Flag;
  kidney_disease: Flag;
  liver_disease: Flag;
  cardiovascular_disease: Flag;
  gastrointestinal_disease: Flag;
  anemia: Flag;
  eating_disorder: Flag;
  polycystic_ovary_syndrome: Flag;
  osteoporosis: Flag;
  cancer: Flag;
  diseases: string | null;
  surgeries: string | null;
  medications: string | null;
  allergies: string | null;
  food_intolerances: string | null;
  family_history: string | null;
  notes: string | null;
  version: number;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface PatientHabitsTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  meals_per_day: number | null;
  water_liters_per_day: number | null;
  sleep_hours_per_day: number | null;
  bowel_movements_per_week: number | null;
  alcohol: 'none' | 'occasional' | 'weekly' | 'daily' | null;
  smoking: 'never' | 'former' | 'current' | null;
  cigarettes_per_day: number | null;
  caffeine_cups_per_day: number | null;
  appetite: 'low' | 'normal' | 'high' | null;
  who_cooks: string | null;
  eats_out_per_week: number | null;
  notes: string | null;
  version: number;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface LabResultsTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  date: IsoDate;
  analyte: string;
  /** normalizeAnalyteName(analyte): the ?analyte= filter and trend grouping. */
  analyte_key: string;
  value: number;
  unit: string | null;
  reference_min: number | null;
  reference_max: number | null;
  notes: string | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface PatientRemindersTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  text: string;
  due_date: IsoDate | null;
  done: Flag;
  done_at: IsoInstant | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface PatientActivitiesTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  activity: string;
  frequency_per_week: number;
  duration_minutes: number;
  intensity: 'low' | 'moderate' | 'high';
  notes: string | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface ReferralOptionsTable {
  id: string;
  nutritionist_id: string;
  /** JSON array of strings. */
  options: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/**
 * Column 0002-patients adds to audit_log: the patient whose clinical record an entry belongs to, so the
 * per-patient export finds entries of deleted sub-records too. Optional on insert for other writers.
 */
export interface AuditLogPatientColumns {
  patient_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Merge into DB (schema.ts): `export interface DB extends PatientsDB { … }`. */
export interface PatientsDB {
  patient_types: PatientTypesTable;
  patients: PatientsTable;
  pregnancies: PregnanciesTable;
  pregnancy_weights: PregnancyWeightsTable;
  patient_backgrounds: PatientBackgroundsTable;
  patient_habits: PatientHabitsTable;
  lab_results: LabResultsTable;
  patient_reminders: PatientRemindersTable;
  patient_activities: PatientActivitiesTable;
  referral_options: ReferralOptionsTable;
}
