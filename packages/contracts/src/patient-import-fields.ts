// The patient fields an import column can feed. Plain data without zod (see constants.ts).
import type { CreatePatientRequest } from './patients.js';

/** The patient fields a column of an import file can feed. */
export const PATIENT_IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'birthDate',
  'sex',
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
  'startDate',
  'locationId',
  'typeId',
  'heightCm',
  'website',
  'isNew',
  'isTest',
] as const satisfies ReadonlyArray<keyof CreatePatientRequest>;
