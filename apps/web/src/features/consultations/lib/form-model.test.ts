import type { Patient } from '@almendra/contracts';
import { computeAnthropometry } from '@almendra/domain';
import { describe, expect, it } from 'vitest';
import {
  ageAt,
  emptyFormValues,
  formWarnings,
  growthInputOf,
  invalidNumberFields,
  livePreview,
  pregnancyOn,
  requestBody,
  showPregnancySection,
  updateBody,
  valuesFromAppointment,
  withRecordedPregnancy,
} from './form-model';

const patient = (fields: Partial<Patient> = {}) =>
  ({ id: 'p1', sex: 'f', birthDate: '1998-05-20', ageYears: 28, typeId: 2, pregnant: false, heightCm: null, email: null, ...fields }) as Patient;

describe('new-consultation form model', () => {
  it('previews exactly what the domain computes, reading comma or dot decimals', () => {
    const values = { ...emptyFormValues('2026-03-09', '09:30', 'f'), weightKg: '58,4', heightCm: '165.2', activityFactor: '1,725' };
    values.skinfolds = { ...values.skinfolds, triceps: '12', subscapular: '9,8', supraspinale: '8.2', abdominal: '14,5', thigh: '18,3', calf: '9,1' };
    const preview = livePreview(patient(), values);
    const expected = computeAnthropometry({
      sex: 'f',
      ageYears: 27,
      patientTypeId: 2,
      activityFactor: 1.725,
      measurements: {
        weightKg: 58.4,
        heightCm: 165.2,
        skinfoldsMm: { triceps: 12, subscapular: 9.8, supraspinale: 8.2, abdominal: 14.5, thigh: 18.3, calf: 9.1 },
      },
    });
    expect(preview.result?.derived.bmi).toBe(expected.derived.bmi);
    expect(preview.result?.derived.bodyFatPercent).toBe(expected.derived.bodyFatPercent);
    expect(preview.result?.derived.energyRequirementKcal).toBe(expected.derived.energyRequirementKcal);
  });

  it('defaults the activity factor by sex and flags missing height, place and pregnancy data', () => {
    expect(emptyFormValues('2026-03-09', '09:30', 'm').activityFactor).toBe('1,55');
    expect(emptyFormValues('2026-03-09', '09:30', 'f').activityFactor).toBe('1,56');
    const values = emptyFormValues('2026-03-09', '09:30', 'f');
    expect(formWarnings(patient({ pregnant: true }), values)).toEqual(['MISSING_HEIGHT', 'MISSING_LOCATION', 'MISSING_PREGNANCY_DATA']);
    expect(formWarnings(patient(), { ...values, heightCm: '160', locationId: 'l1' })).toEqual([]);
  });

  it('reports the patient without sex instead of guessing', () => {
    expect(livePreview(patient({ sex: null }), emptyFormValues('2026-03-09', '09:30', null)).missingSex).toBe(true);
  });

  it('sends JSON numbers and null for empty fields', () => {
    const values = { ...emptyFormValues('2026-03-09', '09:30', 'm'), weightKg: '84,2' };
    const body = requestBody(patient({ sex: 'm' }), values);
    expect(body.measurements?.weightKg).toBe(84.2);
    expect(body.measurements?.heightCm).toBeNull();
    expect(body.activityFactor).toBe(1.55);
    expect(body.pregnancy).toBeUndefined();
    expect(invalidNumberFields({ ...values, heightCm: '1,2,3' })).toEqual(['heightCm']);
  });

  it('sends oedema for a child (and the WHO input carries it), never for an adult', () => {
    const child = patient({ birthDate: '2023-01-10', typeId: 14 });
    const values = { ...emptyFormValues('2026-03-09', '09:30', 'f'), weightKg: '12', heightCm: '90', oedema: true };
    expect(requestBody(child, values).oedema).toBe(true);
    expect(growthInputOf(child, values)?.oedema).toBe(true);
    expect(requestBody(child, { ...values, oedema: false }).oedema).toBe(false);
    expect(requestBody(patient(), values).oedema).toBe(false);
  });

  it('computes whole years at the consultation date', () => {
    expect(ageAt('1998-05-20', '2026-05-19')).toBe(27);
    expect(ageAt('1998-05-20', '2026-05-20')).toBe(28);
    expect(ageAt(null, '2026-05-20')).toBeNull();
  });

  it('asks for pregnancy data for type 1 (Embarazo) without a record, never for men', () => {
    const values = { ...emptyFormValues('2026-03-09', '09:30', 'f'), heightCm: '160', locationId: 'l1' };
    const embarazo = patient({ typeId: 1 });
    expect(showPregnancySection(embarazo, null)).toBe(true);
    expect(showPregnancySection(patient(), null)).toBe(false);
    expect(showPregnancySection(patient({ sex: 'm', typeId: 1 }), null)).toBe(false);
    expect(formWarnings(embarazo, values)).toEqual(['MISSING_PREGNANCY_DATA']);
    const typed = { ...values, lastMenstrualPeriod: '2026-01-05', preGestationalWeightKg: '61,5', weightKg: '66' };
    expect(formWarnings(embarazo, typed)).toEqual([]);
    expect(requestBody(embarazo, typed).pregnancy).toEqual({ lastMenstrualPeriod: '2026-01-05', preGestationalWeightKg: 61.5 });
    expect(livePreview(embarazo, typed).result?.derived.gestationalAge?.weeks).toBe(9);
  });

  it('pre-fills FUM and pre-pregnancy weight from the pregnancy record open on the date', () => {
    const record = {
      lastMenstrualPeriod: '2026-01-05',
      preGestationalWeightKg: 61.5,
      endDate: null,
    } as Parameters<typeof pregnancyOn>[0][number];
    const recorded = pregnancyOn([record], '2026-03-09');
    expect(recorded).toEqual({ lastMenstrualPeriod: '2026-01-05', preGestationalWeightKg: 61.5 });
    expect(pregnancyOn([record], '2025-12-31')).toBeNull();
    const values = withRecordedPregnancy(emptyFormValues('2026-03-09', '09:30', 'f'), recorded);
    expect(values.lastMenstrualPeriod).toBe('2026-01-05');
    expect(values.preGestationalWeightKg).toBe('61,5');
  });

  it('sends the Lee race term and uses it in the preview', () => {
    const values = { ...emptyFormValues('2026-03-09', '09:30', 'm'), weightKg: '80', heightCm: '178' };
    values.skinfolds = { ...values.skinfolds, triceps: '10', thigh: '12', calf: '8' };
    values.girths = { ...values.girths, armRelaxed: '32', thigh: '56', calf: '38' };
    const man = patient({ sex: 'm', typeId: 14, birthDate: '1990-01-01' });
    const base = livePreview(man, values).result!.derived.skeletalMuscleMassKg!;
    const asian = livePreview(man, { ...values, raceTerm: '-2' }).result!.derived.skeletalMuscleMassKg!;
    expect(asian).toBeCloseTo(base - 2, 10);
    expect(requestBody(man, { ...values, raceTerm: '1.1' }).raceTerm).toBe(1.1);
    expect(requestBody(man, values).raceTerm).toBe(0);
  });

  it('edits with PATCH: version sent, no summary email, cleared fields as null', () => {
    const values = { ...emptyFormValues('2026-03-09', '09:30', 'm'), weightKg: '' };
    const body = updateBody(patient({ sex: 'm' }), values, 3);
    expect(body.version).toBe(3);
    expect('sendSummaryEmail' in body).toBe(false);
    expect(body.measurements?.weightKg).toBeNull();
  });

  it('takes date, time, place and service from the appointment, never a future date', () => {
    const base = emptyFormValues('2026-03-09', '12:00', 'f');
    const start = new Date(2026, 2, 9, 10, 30).toISOString();
    const appointment = { id: 'a1', start, locationId: 'l1', serviceId: 's1' } as Parameters<typeof valuesFromAppointment>[1];
    expect(valuesFromAppointment(base, appointment, '2026-03-09')).toMatchObject({ date: '2026-03-09', time: '10:30', locationId: 'l1', serviceId: 's1' });
    const later = { ...appointment, start: new Date(2026, 2, 12, 10, 30).toISOString() };
    expect(valuesFromAppointment(base, later, '2026-03-09')).toMatchObject({ date: '2026-03-09', time: '12:00', locationId: 'l1' });
  });
});
