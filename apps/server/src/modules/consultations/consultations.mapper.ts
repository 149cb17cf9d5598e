// Maps between the API's measurement groups and the columns of anthropometry, skinfolds and girths, and
// turns stored rows into contract types. One table per group drives insert, update, select and answer.
import type { Updateable } from 'kysely';
import {
  BIOIMPEDANCE_FIELDS,
  BREADTH_SITES,
  GIRTH_SITES,
  SKINFOLD_SITES,
  type BioimpedanceField,
  type BodyMeasurementField,
  type BreadthSite,
  type GirthSite,
  type Measurements,
  type MeasurementsInput,
  type RaceTerm,
  type SkinfoldSite,
} from '@almendra/contracts';
import type { AnthropometryTable, ConsultationsTable, GirthsTable, SkinfoldsTable } from '../../db/schema-consultations.js';

export const BODY_COLUMNS = {
  weightKg: 'weight_kg',
  heightCm: 'height_cm',
  usualWeightKg: 'usual_weight_kg',
  targetWeightKg: 'target_weight_kg',
} as const satisfies Record<BodyMeasurementField, keyof AnthropometryTable>;

export const BIOIMPEDANCE_COLUMNS = {
  fatPercent: 'bio_fat_percent',
  visceralFat: 'bio_visceral_fat',
  visceralFatKg: 'bio_visceral_fat_kg',
  totalWaterPercent: 'bio_total_water_percent',
  totalWaterKg: 'bio_total_water_kg',
  muscleMassKg: 'bio_muscle_mass_kg',
  deviceBmrKcal: 'bio_device_bmr_kcal',
} as const satisfies Record<BioimpedanceField, keyof AnthropometryTable>;

export const SKINFOLD_COLUMNS = {
  triceps: 'triceps_mm',
  biceps: 'biceps_mm',
  subscapular: 'subscapular_mm',
  axillary: 'axillary_mm',
  pectoral: 'pectoral_mm',
  suprailiac: 'suprailiac_mm',
  supraspinale: 'supraspinale_mm',
  abdominal: 'abdominal_mm',
  thigh: 'thigh_mm',
  leg: 'leg_mm',
  calf: 'calf_mm',
} as const satisfies Record<SkinfoldSite, keyof SkinfoldsTable>;

export const GIRTH_COLUMNS = {
  neck: 'neck_cm',
  chest: 'chest_cm',
  waist: 'waist_cm',
  hip: 'hip_cm',
  glute: 'glute_cm',
  thigh: 'thigh_cm',
  knee: 'knee_cm',
  calf: 'calf_cm',
  shoulders: 'shoulders_cm',
  armRelaxed: 'arm_relaxed_cm',
  armFlexed: 'arm_flexed_cm',
  forearm: 'forearm_cm',
  wrist: 'wrist_cm',
  abdomen: 'abdomen_cm',
  ankle: 'ankle_cm',
  head: 'head_cm',
} as const satisfies Record<GirthSite, keyof GirthsTable>;

export const BREADTH_COLUMNS = {
  humerus: 'humerus_breadth_cm',
  femur: 'femur_breadth_cm',
  wrist: 'wrist_breadth_cm',
} as const satisfies Record<BreadthSite, keyof GirthsTable>;

export type AnthropometryColumn = (typeof BODY_COLUMNS)[BodyMeasurementField] | (typeof BIOIMPEDANCE_COLUMNS)[BioimpedanceField];
export type SkinfoldColumn = (typeof SKINFOLD_COLUMNS)[SkinfoldSite];
export type GirthColumn = (typeof GIRTH_COLUMNS)[GirthSite] | (typeof BREADTH_COLUMNS)[BreadthSite];

export const ANTHROPOMETRY_MEASUREMENT_COLUMNS = [...Object.values(BODY_COLUMNS), ...Object.values(BIOIMPEDANCE_COLUMNS)] as AnthropometryColumn[];
export const SKINFOLD_MEASUREMENT_COLUMNS = Object.values(SKINFOLD_COLUMNS) as SkinfoldColumn[];
export const GIRTH_MEASUREMENT_COLUMNS = [...Object.values(GIRTH_COLUMNS), ...Object.values(BREADTH_COLUMNS)] as GirthColumn[];

/** The measurement columns of one consultation, as read by the repository's join. */
export type MeasurementColumns = Record<AnthropometryColumn | SkinfoldColumn | GirthColumn, number | null>;

export interface MeasurementChanges {
  anthropometry: Updateable<AnthropometryTable>;
  skinfolds: Updateable<SkinfoldsTable>;
  girths: Updateable<GirthsTable>;
}

/** Columns for the fields present in the input: undefined leaves a column alone, null clears it. */
export function measurementColumnsOf(input: MeasurementsInput | undefined): MeasurementChanges {
  const changes: MeasurementChanges = { anthropometry: {}, skinfolds: {}, girths: {} };
  if (!input) return changes;
  const put = (target: Record<string, unknown>, map: Record<string, string>, values: Record<string, number | null | undefined> | null | undefined) => {
    for (const [field, column] of Object.entries(map)) {
      // A group sent as null clears all of its fields.
      const value = values === null ? null : values?.[field];
      if (value !== undefined) target[column] = value;
    }
  };
  put(changes.anthropometry, BODY_COLUMNS, input as Record<string, number | null | undefined>);
  if (input.bioimpedance !== undefined) put(changes.anthropometry, BIOIMPEDANCE_COLUMNS, input.bioimpedance);
  if (input.skinfoldsMm !== undefined) put(changes.skinfolds, SKINFOLD_COLUMNS, input.skinfoldsMm);
  if (input.girthsCm !== undefined) put(changes.girths, GIRTH_COLUMNS, input.girthsCm);
  if (input.breadthsCm !== undefined) put(changes.girths, BREADTH_COLUMNS, input.breadthsCm);
  return changes;
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function group<K extends string>(keys: readonly K[], map: Record<K, string>, row: Record<string, unknown>): Record<K, number | null> {
  return Object.fromEntries(keys.map((k) => [k, num(row[map[k]])])) as Record<K, number | null>;
}

export function toMeasurements(row: Record<string, unknown>): Measurements {
  return {
    weightKg: num(row.weight_kg),
    heightCm: num(row.height_cm),
    usualWeightKg: num(row.usual_weight_kg),
    targetWeightKg: num(row.target_weight_kg),
    skinfoldsMm: group(SKINFOLD_SITES, SKINFOLD_COLUMNS, row),
    girthsCm: group(GIRTH_SITES, GIRTH_COLUMNS, row),
    breadthsCm: group(BREADTH_SITES, BREADTH_COLUMNS, row),
    bioimpedance: group(BIOIMPEDANCE_FIELDS, BIOIMPEDANCE_COLUMNS, row),
  };
}

/** Fields of the consultation row in the API's words (audit snapshots and answers). */
export function consultationFields(row: ConsultationsTable) {
  return {
    appointmentId: row.appointment_id,
    locationId: row.location_id,
    serviceId: row.service_id,
    date: row.date,
    time: row.time,
    note: row.note,
    summaryNote: row.summary_note,
    activityFactor: num(row.activity_factor),
    raceTerm: num(row.race_term) as RaceTerm | null,
    measuredLying: row.measured_lying === null || row.measured_lying === undefined ? null : Number(row.measured_lying) === 1,
    oedema: Number(row.oedema) === 1,
    sendSummaryEmail: Number(row.send_summary_email) === 1,
    pregnancy: {
      lastMenstrualPeriod: row.pregnancy_last_menstrual_period,
      preGestationalWeightKg: num(row.pregnancy_pre_weight_kg),
    },
  };
}

/** Dotted path → value of every leaf (audit diffs and comparison deltas walk the same structure). */
export function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { [prefix]: value };
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) Object.assign(out, flatten(inner, prefix ? `${prefix}.${key}` : key));
  return out;
}
