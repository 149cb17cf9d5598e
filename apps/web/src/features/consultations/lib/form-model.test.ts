import type { Patient } from '@almendra/contracts';
import { computeAnthropometry } from '@almendra/domain';
import { describe, expect, it } from 'vitest';
import { ageAt, emptyFormValues, formWarnings, invalidNumberFields, livePreview, requestBody } from './form-model';

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

  it('computes whole years at the consultation date', () => {
    expect(ageAt('1998-05-20', '2026-05-19')).toBe(27);
    expect(ageAt('1998-05-20', '2026-05-20')).toBe(28);
    expect(ageAt(null, '2026-05-20')).toBeNull();
  });
});
