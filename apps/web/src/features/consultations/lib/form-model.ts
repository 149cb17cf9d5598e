// The new-consultation form as strings (what the user typed) and its conversion to the API body and to
// the input of computeAnthropometry, so the live preview runs the same domain code as the server. The
// same values serve the edit mode (PATCH of a saved consultation) and the start from an appointment.
import type {
  Appointment,
  Consultation,
  CreateConsultationRequest,
  Derived,
  Measurements,
  Patient,
  Pregnancy,
  RaceTerm,
  UpdateConsultationRequest,
} from '@almendra/contracts';
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
import { computeAnthropometry, DEFAULT_ACTIVITY_FACTOR, growthAge, type AnthropometryResult, type GrowthInput, type GrowthReference } from '@almendra/domain';

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
  /** Lee 2000 ethnicity term as the select's value: '0' (default), '-2' Asian, '1.1' African American. */
  raceTerm: RaceTermOption;
  /** How the length/height was measured (WHO 0.7 cm rule): 'auto' = not recorded, the WHO position for the age. */
  measuredLying: MeasuredPosition;
  /** Bilateral pitting oedema (asked for children): the WHO's weight-based indicators are then not interpreted. */
  oedema: boolean;
  note: string;
  summaryNote: string;
  sendSummaryEmail: boolean;
}

export const MEASURED_POSITIONS = ['auto', 'lying', 'standing'] as const;
export type MeasuredPosition = (typeof MEASURED_POSITIONS)[number];

function measuredLyingOf(position: MeasuredPosition): boolean | null {
  return position === 'lying' ? true : position === 'standing' ? false : null;
}

export const RACE_TERM_OPTIONS = ['0', '-2', '1.1'] as const;
export type RaceTermOption = (typeof RACE_TERM_OPTIONS)[number];

export function raceTermOf(option: RaceTermOption): RaceTerm {
  return Number(option) as RaceTerm;
}

function raceTermOption(term: number | null): RaceTermOption {
  return term === -2 ? '-2' : term === 1.1 ? '1.1' : '0';
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
    raceTerm: '0',
    measuredLying: 'auto',
    oedema: false,
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

/** The WHO reference a patient is assessed with at `date` ('who2006' under 5, 'who2007' 5–19), or null (adult, unknown). */
export function growthBandAt(birthDate: string | null, date: string): GrowthReference | null {
  if (!birthDate || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  try {
    return growthAge(birthDate, date).reference;
  } catch {
    return null;
  }
}

/** The WHO growth input of the form (patient under 19 with a recorded sex), or null: nothing to assess. */
export function growthInputOf(patient: Patient, values: ConsultationFormValues): GrowthInput | null {
  if (!patient.sex || !patient.birthDate || growthBandAt(patient.birthDate, values.date) === null) return null;
  const m = measurementsOf(values);
  return {
    sex: patient.sex,
    birthDate: patient.birthDate,
    date: values.date,
    weightKg: m.weightKg,
    heightCm: m.heightCm,
    measuredLying: measuredLyingOf(values.measuredLying),
    headCircumferenceCm: m.girthsCm.head ?? null,
    oedema: values.oedema,
  };
}

/** The pregnancy data a consultation falls back on (the server's open pregnancy record on that date). */
export interface RecordedPregnancy {
  lastMenstrualPeriod: string;
  preGestationalWeightKg: number | null;
}

/** The record's pregnancy under way on `date` (the server's rule: FUM on or before it, not ended before it). */
export function pregnancyOn(pregnancies: readonly Pregnancy[], date: string): RecordedPregnancy | null {
  const found = [...pregnancies]
    .sort((a, b) => b.lastMenstrualPeriod.localeCompare(a.lastMenstrualPeriod))
    .find((p) => p.lastMenstrualPeriod <= date && (p.endDate === null || p.endDate >= date));
  return found ? { lastMenstrualPeriod: found.lastMenstrualPeriod, preGestationalWeightKg: found.preGestationalWeightKg } : null;
}

const decimalText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value).replace('.', ','));

/**
 * Whether pregnancy data applies, as the server decides it: never for men; for type 1 (Embarazo), an
 * open pregnancy record on the date, or pregnancy data typed in the form.
 */
export function pregnancyApplies(patient: Patient, values: ConsultationFormValues, recorded: RecordedPregnancy | null): boolean {
  if (patient.sex === 'm') return false;
  const entered = Boolean(values.lastMenstrualPeriod) || numberOf(values.preGestationalWeightKg) !== null;
  return patient.typeId === PREGNANCY_PATIENT_TYPE_ID || patient.pregnant || recorded !== null || entered;
}

/** Whether the form shows the pregnancy fields (it must, whenever the server would expect the data). */
export function showPregnancySection(patient: Patient, recorded: RecordedPregnancy | null): boolean {
  return patient.sex !== 'm' && (patient.typeId === PREGNANCY_PATIENT_TYPE_ID || patient.pregnant || recorded !== null);
}

/** Embarazo in the patient-type catalogue. */
export const PREGNANCY_PATIENT_TYPE_ID = 1;

/** FUM and pre-pregnancy weight the calculation uses: what is typed wins, field by field, over the record. */
function effectivePregnancy(values: ConsultationFormValues, recorded: RecordedPregnancy | null) {
  return {
    lastMenstrualPeriod: values.lastMenstrualPeriod ?? recorded?.lastMenstrualPeriod ?? null,
    preWeightKg: numberOf(values.preGestationalWeightKg) ?? recorded?.preGestationalWeightKg ?? null,
  };
}

export interface LivePreview {
  result: AnthropometryResult | null;
  /** The patient's sex is not recorded: nothing sex-dependent can be computed. */
  missingSex: boolean;
}

/** The same calculation the server runs for a saved consultation (patient's sex, age at the date, type). */
export function livePreview(patient: Patient, values: ConsultationFormValues, recorded: RecordedPregnancy | null = null): LivePreview {
  if (!patient.sex) return { result: null, missingSex: true };
  const pregnancy = pregnancyApplies(patient, values, recorded) ? { ...effectivePregnancy(values, recorded), today: values.date } : null;
  const activityFactor = numberOf(values.activityFactor);
  try {
    const result = computeAnthropometry({
      sex: patient.sex,
      ageYears: ageAt(patient.birthDate, values.date) ?? (patient.birthDate ? null : patient.ageYears),
      patientTypeId: patient.typeId,
      activityFactor,
      raceTerm: raceTermOf(values.raceTerm),
      measurements: measurementsOf(values),
      pregnancy,
      growth: { birthDate: patient.birthDate, date: values.date, measuredLying: measuredLyingOf(values.measuredLying), oedema: values.oedema },
    });
    return { result, missingSex: false };
  } catch {
    return { result: null, missingSex: false };
  }
}

export type WarningCode = 'MISSING_HEIGHT' | 'MISSING_LOCATION' | 'MISSING_PREGNANCY_DATA';

/** The spec's checks before saving (the API answers the same warnings; saving is still allowed). */
export function formWarnings(patient: Patient, values: ConsultationFormValues, recorded: RecordedPregnancy | null = null): WarningCode[] {
  const warnings: WarningCode[] = [];
  if (numberOf(values.heightCm) === null) warnings.push('MISSING_HEIGHT');
  if (!values.locationId) warnings.push('MISSING_LOCATION');
  if (pregnancyApplies(patient, values, recorded)) {
    const effective = effectivePregnancy(values, recorded);
    if (!effective.lastMenstrualPeriod || effective.preWeightKg === null) warnings.push('MISSING_PREGNANCY_DATA');
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

function pregnancyBody(patient: Patient, values: ConsultationFormValues, recorded: RecordedPregnancy | null) {
  return pregnancyApplies(patient, values, recorded)
    ? { lastMenstrualPeriod: values.lastMenstrualPeriod, preGestationalWeightKg: numberOf(values.preGestationalWeightKg) }
    : undefined;
}

export function requestBody(
  patient: Patient,
  values: ConsultationFormValues,
  options: { recorded?: RecordedPregnancy | null; appointmentId?: string | null } = {},
): CreateConsultationRequest {
  return {
    date: values.date,
    time: values.time,
    locationId: values.locationId,
    serviceId: values.serviceId,
    ...(options.appointmentId ? { appointmentId: options.appointmentId } : {}),
    note: values.note,
    summaryNote: values.summaryNote,
    activityFactor: numberOf(values.activityFactor),
    raceTerm: raceTermOf(values.raceTerm),
    measuredLying: measuredLyingOf(values.measuredLying),
    // Oedema is only asked for a child; for an adult it is never sent as present.
    oedema: growthBandAt(patient.birthDate, values.date) !== null && values.oedema,
    sendSummaryEmail: values.sendSummaryEmail,
    measurements: measurementsOf(values),
    pregnancy: pregnancyBody(patient, values, options.recorded ?? null),
  };
}

/** PATCH body of the edit mode: every field is sent, so a cleared input clears the stored value (null). */
export function updateBody(
  patient: Patient,
  values: ConsultationFormValues,
  version: number,
  recorded: RecordedPregnancy | null = null,
): UpdateConsultationRequest {
  const body = requestBody(patient, values, { recorded });
  // The summary email is offered only when a consultation is first saved.
  delete body.sendSummaryEmail;
  return { ...body, version };
}

const textGroup = <K extends string>(values: Record<K, number | null>) =>
  Object.fromEntries(Object.entries<number | null>(values).map(([k, v]) => [k, decimalText(v)])) as Record<K, string>;

/** A saved consultation as form values (edit mode): the pregnancy data is the one its calculation used. */
export function valuesFromConsultation(consultation: Consultation): ConsultationFormValues {
  const m: Measurements = consultation.measurements;
  const sex = consultation.basis.sex;
  return {
    ...emptyFormValues(consultation.date, consultation.time, sex),
    locationId: consultation.locationId,
    serviceId: consultation.serviceId,
    weightKg: decimalText(m.weightKg),
    heightCm: decimalText(m.heightCm),
    usualWeightKg: decimalText(m.usualWeightKg),
    targetWeightKg: decimalText(m.targetWeightKg),
    skinfolds: textGroup(m.skinfoldsMm),
    girths: textGroup(m.girthsCm),
    breadths: textGroup(m.breadthsCm),
    bioimpedance: textGroup(m.bioimpedance),
    lastMenstrualPeriod: consultation.pregnancy.lastMenstrualPeriod ?? consultation.basis.lastMenstrualPeriod,
    preGestationalWeightKg: decimalText(consultation.pregnancy.preGestationalWeightKg ?? consultation.basis.preGestationalWeightKg),
    activityFactor: consultation.activityFactor === null ? (sex ? decimalText(DEFAULT_ACTIVITY_FACTOR[sex]) : '') : decimalText(consultation.activityFactor),
    raceTerm: raceTermOption(consultation.raceTerm),
    measuredLying: consultation.measuredLying === true ? 'lying' : consultation.measuredLying === false ? 'standing' : 'auto',
    oedema: consultation.oedema,
    note: consultation.note ?? '',
    summaryNote: consultation.summaryNote ?? '',
    sendSummaryEmail: false,
  };
}

/** Date, time, place and service of the appointment the consultation attends (its local day and hour). */
export function valuesFromAppointment(base: ConsultationFormValues, appointment: Appointment, today: string): ConsultationFormValues {
  const start = new Date(appointment.start);
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
  // A consultation cannot be dated in the future: starting early from a later appointment keeps today.
  const future = day > today;
  return {
    ...base,
    date: future ? base.date : day,
    time: future ? base.time : `${pad(start.getHours())}:${pad(start.getMinutes())}`,
    locationId: appointment.locationId,
    serviceId: appointment.serviceId,
  };
}

/** Pre-fills FUM and pre-pregnancy weight from the open pregnancy record, so the preview equals what is saved. */
export function withRecordedPregnancy(values: ConsultationFormValues, recorded: RecordedPregnancy | null): ConsultationFormValues {
  if (!recorded) return values;
  return {
    ...values,
    lastMenstrualPeriod: values.lastMenstrualPeriod ?? recorded.lastMenstrualPeriod,
    preGestationalWeightKg: values.preGestationalWeightKg || decimalText(recorded.preGestationalWeightKg),
  };
}

export type { Derived };
