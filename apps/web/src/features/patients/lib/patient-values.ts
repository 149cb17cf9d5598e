// The personal-data form as strings (what the inputs hold) and its conversion to and from the API.
import type { CreatePatientRequest, Patient } from '@almendra/contracts';
import { formatDate, parseDateInput, parseDecimal } from './format';

export const PATIENT_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'documentNumber',
  'phone',
  'mobileAreaCode',
  'mobileNumber',
  'address',
  'province',
  'city',
  'email',
  'healthInsurance',
  'memberNumber',
  'profession',
  'reasonForConsultation',
  'goal',
  'referredBy',
  'website',
] as const;

export interface PatientValues {
  firstName: string;
  lastName: string;
  birthDate: string;
  sex: string;
  documentNumber: string;
  phone: string;
  mobileAreaCode: string;
  mobileNumber: string;
  address: string;
  province: string;
  city: string;
  email: string;
  healthInsurance: string;
  memberNumber: string;
  profession: string;
  reasonForConsultation: string;
  goal: string;
  referredBy: string;
  startDate: string;
  locationId: string;
  typeId: string;
  heightCm: string;
  website: string;
  /** The patient asked not to get appointment-reminder emails. */
  remindersOptOut: boolean;
  /** The patient agreed to receive the practice's news by email (the mailing export respects it). */
  newsConsent: boolean;
}

/** The fields the form edits as text. */
export type PatientTextKey = Exclude<keyof PatientValues, 'remindersOptOut' | 'newsConsent'>;

export const DEFAULT_TYPE_ID = '14';

export function emptyPatientValues(): PatientValues {
  return {
    firstName: '',
    lastName: '',
    birthDate: '',
    sex: '',
    documentNumber: '',
    phone: '',
    mobileAreaCode: '',
    mobileNumber: '',
    address: '',
    province: '',
    city: '',
    email: '',
    healthInsurance: '',
    memberNumber: '',
    profession: '',
    reasonForConsultation: '',
    goal: '',
    referredBy: '',
    startDate: '',
    locationId: '',
    typeId: DEFAULT_TYPE_ID,
    heightCm: '',
    website: '',
    remindersOptOut: false,
    newsConsent: false,
  };
}

export function valuesFromPatient(patient: Patient): PatientValues {
  const values = emptyPatientValues();
  for (const field of PATIENT_TEXT_FIELDS) values[field] = patient[field] ?? '';
  values.birthDate = formatDate(patient.birthDate);
  values.startDate = formatDate(patient.startDate);
  values.sex = patient.sex ?? '';
  values.locationId = patient.locationId ?? '';
  values.typeId = String(patient.typeId);
  values.heightCm = patient.heightCm == null ? '' : String(patient.heightCm).replace('.', ',');
  values.remindersOptOut = patient.remindersOptOut;
  values.newsConsent = patient.newsConsent;
  return values;
}

/** Request body: empty texts become null (clears the field); dates go out as ISO. */
export function requestFromValues(values: PatientValues): CreatePatientRequest {
  const body: Record<string, unknown> = {};
  for (const field of PATIENT_TEXT_FIELDS) body[field] = values[field].trim() === '' ? null : values[field];
  body.firstName = values.firstName;
  body.lastName = values.lastName;
  body.birthDate = parseDateInput(values.birthDate);
  const startDate = parseDateInput(values.startDate);
  if (startDate) body.startDate = startDate;
  body.sex = values.sex === 'm' || values.sex === 'f' ? values.sex : null;
  body.locationId = values.locationId || null;
  body.typeId = Number(values.typeId || DEFAULT_TYPE_ID);
  body.heightCm = parseDecimal(values.heightCm);
  body.remindersOptOut = values.remindersOptOut;
  body.newsConsent = values.newsConsent;
  return body as CreatePatientRequest;
}

/** Only the fields that changed (PATCH). */
export function changedFields(before: PatientValues, after: PatientValues): Partial<CreatePatientRequest> {
  const a = requestFromValues(before) as Record<string, unknown>;
  const b = requestFromValues(after) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(b)) if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out[key] = b[key];
  return out as Partial<CreatePatientRequest>;
}

export function sameValues(a: PatientValues, b: PatientValues): boolean {
  return (Object.keys(a) as (keyof PatientValues)[]).every((k) => a[k] === b[k]);
}

/** The 23 Argentine provinces and the Autonomous City (proper names, same in every language). */
export const ARGENTINE_PROVINCES = [
  'Ciudad Autónoma de Buenos Aires',
  'Buenos Aires',
  'Catamarca',
  'Chaco',
  'Chubut',
  'Córdoba',
  'Corrientes',
  'Entre Ríos',
  'Formosa',
  'Jujuy',
  'La Pampa',
  'La Rioja',
  'Mendoza',
  'Misiones',
  'Neuquén',
  'Río Negro',
  'Salta',
  'San Juan',
  'San Luis',
  'Santa Cruz',
  'Santa Fe',
  'Santiago del Estero',
  'Tierra del Fuego, Antártida e Islas del Atlántico Sur',
  'Tucumán',
] as const;
