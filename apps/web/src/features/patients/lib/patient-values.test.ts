import { describe, expect, it } from 'vitest';
import type { Patient } from '@almendra/contracts';
import { changedFields, emptyPatientValues, requestFromValues, sameValues, valuesFromPatient } from './patient-values';

const patient = {
  id: 'p1',
  firstName: 'José',
  lastName: 'Pérez',
  birthDate: '1990-03-15',
  ageYears: 36,
  sex: 'm',
  documentNumber: null,
  phone: null,
  mobileAreaCode: '11',
  mobileNumber: '5555-1234',
  address: null,
  province: 'Córdoba',
  city: null,
  email: 'jose@example.com',
  healthInsurance: null,
  memberNumber: null,
  profession: null,
  reasonForConsultation: null,
  goal: null,
  referredBy: null,
  startDate: '2026-02-01',
  locationId: null,
  typeId: 14,
  heightCm: 172.5,
  website: null,
  isNew: false,
  isTest: false,
  remindersOptOut: false,
  newsConsent: false,
  photoUrl: null,
  pregnant: false,
  version: 3,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
  deletedAt: null,
  lastVisitAt: null,
} satisfies Patient;

describe('patient form values', () => {
  it('shows dates as dd-mm-yyyy and the height with a decimal comma', () => {
    const values = valuesFromPatient(patient);
    expect(values.birthDate).toBe('15-03-1990');
    expect(values.heightCm).toBe('172,5');
    expect(values.typeId).toBe('14');
  });

  it('sends ISO dates, numbers and null for cleared texts', () => {
    const values = { ...valuesFromPatient(patient), heightCm: '180,5', city: '', birthDate: '1-2-1991' };
    const body = requestFromValues(values);
    expect(body).toMatchObject({ heightCm: 180.5, city: null, birthDate: '1991-02-01', startDate: '2026-02-01', typeId: 14 });
  });

  it('defaults a new patient to Genérico (14) and no start date (the server uses today)', () => {
    const body = requestFromValues({ ...emptyPatientValues(), firstName: 'Ana', lastName: 'Gil' });
    expect(body.typeId).toBe(14);
    expect('startDate' in body).toBe(false);
  });

  it('PATCHes only what changed and knows when the form is dirty', () => {
    const loaded = valuesFromPatient(patient);
    const edited = { ...loaded, city: 'Rosario' };
    expect(changedFields(loaded, edited)).toEqual({ city: 'Rosario' });
    expect(sameValues(loaded, valuesFromPatient(patient))).toBe(true);
    expect(sameValues(loaded, edited)).toBe(false);
  });

  it('carries the reminder opt-out switch and PATCHes it alone when only it changed', () => {
    const loaded = valuesFromPatient({ ...patient, remindersOptOut: true });
    expect(loaded.remindersOptOut).toBe(true);
    const edited = { ...loaded, remindersOptOut: false };
    expect(sameValues(loaded, edited)).toBe(false);
    expect(changedFields(loaded, edited)).toEqual({ remindersOptOut: false });
  });
});
