// Kysely table types of consultations and their measurements (migration 0005-consultations). Same
// conventions as schema.ts: UUIDv7 text ids, ISO-8601 UTC text instants, 'YYYY-MM-DD' text dates, 0/1 flags.
// A consultation has exactly one row in each of anthropometry, skinfolds and girths (breadths included),
// written together in one transaction; a null column means "not measured".

type IsoInstant = string;
type IsoDate = string;
type Flag = number;

export interface ConsultationsTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  /** The appointment this visit attended (appointments.consultation_id points back). */
  appointment_id: string | null;
  location_id: string | null;
  service_id: string | null;
  date: IsoDate;
  /** 'HH:mm' wall clock in the nutritionist's time zone. */
  time: string;
  /** Private clinical note. */
  note: string | null;
  /** "Next steps" text of the patient's summary email. */
  summary_note: string | null;
  /** Null: the default (1.55 men, 1.56 women). */
  activity_factor: number | null;
  /** Lee et al. 2000 ethnicity term (0, −2, 1.1); null = 0. */
  race_term: number | null;
  /** How the length/height was measured: 1 lying, 0 standing, null not recorded. */
  measured_lying: Flag | null;
  /** Bilateral pitting oedema (1): the WHO's weight-based growth indicators are not interpreted. */
  oedema: Flag;
  send_summary_email: Flag;
  /** FUM and pre-pregnancy weight as entered at this consultation. */
  pregnancy_last_menstrual_period: IsoDate | null;
  pregnancy_pre_weight_kg: number | null;
  version: number;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/**
 * Weight, height and bioimpedance readings. The snapshot_* columns hold derived values as computed at the
 * last save, for statistics queries only: the API always recomputes from the measurements and the patient.
 */
export interface AnthropometryTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  consultation_id: string;
  weight_kg: number | null;
  height_cm: number | null;
  usual_weight_kg: number | null;
  target_weight_kg: number | null;
  bio_fat_percent: number | null;
  bio_visceral_fat: number | null;
  bio_total_water_percent: number | null;
  bio_visceral_fat_kg: number | null;
  bio_total_water_kg: number | null;
  bio_muscle_mass_kg: number | null;
  bio_device_bmr_kcal: number | null;
  snapshot_bmi: number | null;
  snapshot_bmi_category: string | null;
  snapshot_body_fat_percent: number | null;
  snapshot_bmr_kcal: number | null;
  snapshot_energy_requirement_kcal: number | null;
  snapshot_muscle_mass_kg: number | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** Skinfolds in mm. calf_mm is the ISAK medial calf (the spec's Gemelo); leg_mm the spec's Pierna. */
export interface SkinfoldsTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  consultation_id: string;
  triceps_mm: number | null;
  biceps_mm: number | null;
  subscapular_mm: number | null;
  axillary_mm: number | null;
  pectoral_mm: number | null;
  suprailiac_mm: number | null;
  supraspinale_mm: number | null;
  abdominal_mm: number | null;
  thigh_mm: number | null;
  leg_mm: number | null;
  calf_mm: number | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** Girths and bone breadths in cm. */
export interface GirthsTable {
  id: string;
  nutritionist_id: string;
  patient_id: string;
  consultation_id: string;
  neck_cm: number | null;
  chest_cm: number | null;
  waist_cm: number | null;
  hip_cm: number | null;
  glute_cm: number | null;
  thigh_cm: number | null;
  knee_cm: number | null;
  calf_cm: number | null;
  shoulders_cm: number | null;
  arm_relaxed_cm: number | null;
  arm_flexed_cm: number | null;
  forearm_cm: number | null;
  wrist_cm: number | null;
  abdomen_cm: number | null;
  ankle_cm: number | null;
  /** Head circumference (children under 5). */
  head_cm: number | null;
  humerus_breadth_cm: number | null;
  femur_breadth_cm: number | null;
  wrist_breadth_cm: number | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** Merge into DB (schema.ts): `export interface DB extends …, ConsultationsDB { … }`. */
export interface ConsultationsDB {
  consultations: ConsultationsTable;
  anthropometry: AnthropometryTable;
  skinfolds: SkinfoldsTable;
  girths: GirthsTable;
}
