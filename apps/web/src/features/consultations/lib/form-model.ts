// The new-consultation form as strings (what the user typed) and its conversion to the API body and to
// the input of computeAnthropometry, so the live preview runs the same domain code as the server.
import type { CreateConsultationRequest, Derived, Patient } from '@almendra/contracts';
import {
  BIOIMPEDANCE_FIELDS,
  BREADTH_SITES,
  GIRTH_SITES,
  SKINFOLD_SITES,
  type BioimpedanceField,
  type BreadthSite,
  type GirthSite,
  type SkinfoldSite,
} from './sites';
import { parseDecimal } from './format';
import { computeAnthropometry, DEFAULT_ACTIVITY_FACTOR, type AnthropometryResult } from '@almendra/domain';

export interface ConsultationFormValues {
  date: string;
  time: string;
  locationId: string | null;
  serviceId: string | null;
  weightKg: string;
  heightCm: string;
  usualWeightKg: string;
  targetWeightKg: string;
  skinfolds: Record<SkinfoldSite, string>;
  girths: Record<GirthSite, string>;
  breadths: Record<BreadthSite, string>;
  bioimpedance: Record<BioimpedanceField, string>;
  lastMenstrualPeriod: string | null;
  preGestationalWeightKg: string;
  activityFactor: string;
  note: string;
  summaryNote: string;
  sendSummaryEmail: boolean;
}

const blank = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;

export function emptyFormValues(date: string, time: string, sex: 'm' | 'f' | null): ConsultationFormValues {
  return {
    date,
    time,
    locationId: null,
    serviceId: null,
    weightKg: '',
    heightCm: '',
    usualWeightKg: '',
    targetWeightKg: '',
    skinfolds: blank(SKINFOLD_SITES),
    girths: blank(GIRTH_SITES),
    breadths: blank(BREADTH_SITES),
    bioimpedance: blank(BIOIMPEDANCE_FIELDS),
    lastMenstrualPeriod: null,
    preGestationalWeightKg: '',
    activityFactor: sex ? String(DEFAULT_ACTIVITY_FACTOR[sex]).replace('.', ',') : '',
    note: '',
    summaryNote: '',
    sendSummaryEmail: false,
  };
}

/** A typed number, or null when empty or not a number (the form flags those separately). */
export function numberOf(text: string): number | null {
  const value = parseDecimal(text);
  return value === null || Number.isNaN(value) ? null : value;
}

const group = <K extends string>(values: Record<K, string>) =>
  Object.fromEntries(Object.entries<string>(values).map(([k, v]) => [k, numberOf(v)])) as Record<K, number | null>;

export function measurementsOf(values: ConsultationFormValues) {
  return {
    weightKg: numberOf(values.weightKg),
    heightCm: numberOf(values.heightCm),
    usualWeightKg: numberOf(values.usualWeightKg),
    targetWeightKg: numberOf(values.targetWeightKg),
    skinfoldsMm: group(values.skinfolds),
    girthsCm: group(values.girths),
    breadthsCm: group(values.breadths),
    bioimpedance: group(values.bioimpedance),
  };
}

/** Whole years between a birth date and a calendar date (both 'YYYY-MM-DD'). */
export function ageAt(birthDate: string | null, date: string): number | null {
  if (!birthDate || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const [by = 0, bm = 0, bd = 0] = birthDate.split('-').map(Number);
  const [y = 0, m = 0, d = 0] = date.split('-').map(Number);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age >= 0 ? age : null;
}

export interface LivePreview {
  result: AnthropometryResult | null;
  /** The patient's sex is not recorded: nothing sex-dependent can be computed. */
  missingSex: boolean;
}

/** The same calculation the server runs for a saved consultation (patient's sex, age at the date, type). */
export function livePreview(patient: Patient, values: ConsultationFormValues): LivePreview {
  if (!patient.sex) return { result: null, missingSex: true };
  const pregnancy = patient.pregnant
    ? { preWeightKg: numberOf(values.preGestationalWeightKg), lastMenstrualPeriod: values.lastMenstrualPeriod, today: values.date }
    : null;
  const activityFactor = numberOf(values.activityFactor);
  try {
    const result = computeAnthropometry({
      sex: patient.sex,
      ageYears: ageAt(patient.birthDate, values.date) ?? (patient.birthDate ? null : patient.ageYears),
      patientTypeId: patient.typeId,
      activityFactor,
      measurements: measurementsOf(values),
      pregnancy,
    });
    return { result, missingSex: false };
  } catch {
    return { result: null, missingSex: false };
  }
}

export type WarningCode = 'MISSING_HEIGHT' | 'MISSING_LOCATION' | 'MISSING_PREGNANCY_DATA';

/** The spec's checks before saving (the API answers the same warnings; saving is still allowed). */
export function formWarnings(patient: Patient, values: ConsultationFormValues): WarningCode[] {
  const warnings: WarningCode[] = [];
  if (numberOf(values.heightCm) === null) warnings.push('MISSING_HEIGHT');
  if (!values.locationId) warnings.push('MISSING_LOCATION');
  if (patient.pregnant && (!values.lastMenstrualPeriod || numberOf(values.preGestationalWeightKg) === null)) {
    warnings.push('MISSING_PREGNANCY_DATA');
  }
  return warnings;
}

/** Names of fields whose text is not a number. */
export function invalidNumberFields(values: ConsultationFormValues): string[] {
  const bad: string[] = [];
  const check = (name: string, text: string) => {
    if (Number.isNaN(parseDecimal(text))) bad.push(name);
  };
  for (const k of ['weightKg', 'heightCm', 'usualWeightKg', 'targetWeightKg', 'preGestationalWeightKg', 'activityFactor'] as const) {
    check(k, values[k]);
  }
  for (const [k, v] of Object.entries(values.skinfolds)) check(`skinfolds.${k}`, v);
  for (const [k, v] of Object.entries(values.girths)) check(`girths.${k}`, v);
  for (const [k, v] of Object.entries(values.breadths)) check(`breadths.${k}`, v);
  for (const [k, v] of Object.entries(values.bioimpedance)) check(`bioimpedance.${k}`, v);
  return bad;
}

export function requestBody(patient: Patient, values: ConsultationFormValues): CreateConsultationRequest {
  return {
    date: values.date,
    time: values.time,
    locationId: values.locationId,
    serviceId: values.serviceId,
    note: values.note,
    summaryNote: values.summaryNote,
    activityFactor: numberOf(values.activityFactor),
    sendSummaryEmail: values.sendSummaryEmail,
    measurements: measurementsOf(values),
    pregnancy: patient.pregnant
      ? { lastMenstrualPeriod: values.lastMenstrualPeriod, preGestationalWeightKg: numberOf(values.preGestationalWeightKg) }
      : undefined,
  };
}

export type { Derived };
