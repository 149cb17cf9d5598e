// Helpers shared by the consultation test files: a practice with patients, complete measurement sets
// for a female athlete and a male generic patient, and places/appointments to link visits to.
import { caller } from './patients-helpers.js';
import { registerAndLogin, type TestApp } from './helpers.js';

/** Every site measured, as a nutritionist would enter them for a female athlete. */
export const athleteMeasurements = () => ({
  weightKg: 58.4,
  heightCm: 165.2,
  usualWeightKg: 59,
  targetWeightKg: 57,
  skinfoldsMm: {
    triceps: 12,
    biceps: 5.5,
    subscapular: 9.8,
    axillary: 7,
    pectoral: 6,
    suprailiac: 11,
    supraspinale: 8.2,
    abdominal: 14.5,
    thigh: 18.3,
    leg: 10,
    calf: 9.1,
  },
  girthsCm: {
    neck: 31,
    chest: 88,
    waist: 66.5,
    hip: 94,
    glute: 95,
    thigh: 54.2,
    knee: 35,
    calf: 35.1,
    shoulders: 104,
    armRelaxed: 26.8,
    armFlexed: 28.9,
    forearm: 23.5,
    wrist: 15.1,
    abdomen: 72,
    ankle: 21,
  },
  breadthsCm: { humerus: 6.1, femur: 8.9, wrist: 5 },
  bioimpedance: { fatPercent: 19.5, visceralFat: 3, visceralFatKg: 1.4, totalWaterPercent: 55.2, totalWaterKg: 32.2, muscleMassKg: 43.1, deviceBmrKcal: 1390 },
});

export const genericMaleMeasurements = () => ({
  weightKg: 84.2,
  heightCm: 178,
  skinfoldsMm: { triceps: 10.5, biceps: 4.2, subscapular: 15, suprailiac: 18, supraspinale: 12.4, abdominal: 24, thigh: 14.6, calf: 8.8 },
  girthsCm: { waist: 92.5, hip: 101, thigh: 57, calf: 38.2, armRelaxed: 32, armFlexed: 34.5 },
  breadthsCm: { humerus: 7.1, femur: 9.9, wrist: 5.8 },
});

export async function practice(t: TestApp) {
  const session = await registerAndLogin(t);
  const call = caller(t, session.auth);
  const createPatient = async (fields: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/v1/patients', { firstName: 'Sofía', lastName: 'Arce', ...fields });
    if (response.statusCode !== 201) throw new Error(`patient failed: ${response.body}`);
    return response.json() as { id: string; version: number };
  };
  const createLocation = async (name = 'Consultorio Palermo') => {
    const response = await call('POST', '/api/v1/locations', { name });
    if (response.statusCode !== 201) throw new Error(`location failed: ${response.body}`);
    return response.json() as { id: string };
  };
  const createService = async (locationId: string, name = 'Primera consulta') => {
    const response = await call('POST', `/api/v1/locations/${locationId}/services`, { name, durationMinutes: 45 });
    if (response.statusCode !== 201) throw new Error(`service failed: ${response.body}`);
    return response.json() as { id: string };
  };
  const createAppointment = async (patientId: string, locationId: string, start = '2026-03-09T12:00:00.000Z', serviceId?: string) => {
    const end = new Date(Date.parse(start) + 45 * 60_000).toISOString();
    const response = await call('POST', '/api/v1/appointments', {
      patientId,
      locationId,
      ...(serviceId ? { serviceId } : {}),
      start,
      end,
      allowOutsideSchedule: true,
    });
    if (response.statusCode !== 201) throw new Error(`appointment failed: ${response.body}`);
    return response.json() as { id: string };
  };
  const createConsultation = async (patientId: string, body: Record<string, unknown>) => {
    const response = await call('POST', `/api/v1/patients/${patientId}/consultations`, body);
    if (response.statusCode !== 201) throw new Error(`consultation failed: ${response.body}`);
    return response.json();
  };
  return {
    ...session,
    call,
    nutritionistId: session.session.nutritionist.id as string,
    createPatient,
    createLocation,
    createService,
    createAppointment,
    createConsultation,
  };
}
