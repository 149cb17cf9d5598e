// Issue 24: the anthropometry values the spec keeps — ideal weight (derived), visceral fat in kg and total
// body water in kg (measured, stored as read from the scale), skeletal muscle and bone mass as % of weight
// (derived) — saved, read back, in the evolution series, the comparison, and refused when out of range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { athleteMeasurements, practice } from './consultations-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-04-10T13:00:00.000Z');
});
afterAll(async () => {
  await t.close();
});

describe('anthropometry values kept from the spec', () => {
  it('stores visceral fat and body water in kg, derives ideal weight and the % of weight, and charts them', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'f', birthDate: '1998-05-01', patientTypeId: 2 });
    const first = athleteMeasurements();
    const saved = await p.createConsultation(patient.id, {
      date: '2026-03-09',
      time: '09:00',
      measurements: first,
    });
    expect(saved.measurements.bioimpedance).toMatchObject({ visceralFat: 3, visceralFatKg: 1.4, totalWaterPercent: 55.2, totalWaterKg: 32.2 });
    // Lemmens et al. 2005: 22 × 1.652² = 60.04 kg.
    expect(saved.derived.idealWeightKg).toBeCloseTo(22 * 1.652 * 1.652, 10);
    expect(saved.derived.skeletalMusclePercent).toBeCloseTo((saved.derived.skeletalMuscleMassKg / 58.4) * 100, 10);
    expect(saved.derived.boneMassPercent).toBeCloseTo((saved.derived.boneMassKg / 58.4) * 100, 10);
    expect(saved.derived.boneMassPercent).toBeGreaterThan(5);
    expect(saved.derived.boneMassPercent).toBeLessThan(25);

    const read = (await p.call('GET', `/api/v1/consultations/${saved.id}`)).json();
    expect(read.measurements.bioimpedance.visceralFatKg).toBe(1.4);
    expect(read.measurements.bioimpedance.totalWaterKg).toBe(32.2);

    // A later visit with only a weight and height: no bioimpedance, the ideal weight still computed.
    const later = await p.createConsultation(patient.id, {
      date: '2026-04-09',
      time: '09:00',
      measurements: { weightKg: 57.1, heightCm: 165.2, bioimpedance: { visceralFatKg: 1.2, totalWaterKg: 31.5 } },
    });
    expect(later.derived.idealWeightKg).toBeCloseTo(60.04, 1);
    expect(later.derived.boneMassPercent).toBeNull();
    expect(later.missing).toContainEqual(expect.objectContaining({ result: 'boneMassPercent', reason: 'MISSING_BREADTHS' }));

    const { points } = (await p.call('GET', `/api/v1/patients/${patient.id}/consultations/evolution`)).json();
    expect(points.map((pt: { visceralFatKg: number; totalWaterKg: number; visceralFat: number | null }) => [pt.visceralFatKg, pt.totalWaterKg, pt.visceralFat])).toEqual([
      [1.4, 32.2, 3],
      [1.2, 31.5, null],
    ]);

    const comparison = (await p.call('GET', `/api/v1/consultations/compare?a=${saved.id}&b=${later.id}`)).json();
    expect(comparison.deltas.measurements.bioimpedance.totalWaterKg).toBeCloseTo(-0.7, 10);
    expect(comparison.deltas.derived.idealWeightKg).toBeCloseTo(0, 10);
  });

  it('has no adult ideal weight for a child', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'm', birthDate: '2018-01-15' });
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '09:00', measurements: { weightKg: 26, heightCm: 128 } });
    expect(saved.derived.idealWeightKg).toBeNull();
    expect(saved.missing).toContainEqual(expect.objectContaining({ result: 'idealWeightKg', reason: 'PEDIATRIC_WHO' }));
  });

  it('refuses an out-of-range reading with a Spanish 400 and saves nothing', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'f', birthDate: '1990-01-01' });
    for (const bioimpedance of [{ visceralFatKg: 45 }, { totalWaterKg: 0 }, { totalWaterKg: 'mucho' }]) {
      const response = await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
        date: '2026-03-09',
        time: '09:00',
        measurements: { weightKg: 60, bioimpedance },
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().error.details)).toMatch(/grasa visceral|agua corporal total/i);
    }
    const list = (await p.call('GET', `/api/v1/patients/${patient.id}/consultations`)).json();
    expect(list.items).toEqual([]);
  });
});
