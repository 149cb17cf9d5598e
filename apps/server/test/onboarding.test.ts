// The onboarding state over HTTP: a new account owes the guided tour and the first-patient popup; the
// popup is over once any patient exists (whichever way it was created) or when dismissed; the guided
// tour can be marked seen and reopened; the patient-count band follows the spec's limits 6 and 15;
// each practice sees only its own state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { caller, validPatient } from './patients-helpers.js';

describe('onboarding state', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts owing both tours, and moves through the bands as patients are added', async () => {
    const a = await registerAndLogin(t);
    const asA = caller(t, a.auth);
    const fresh = await asA('GET', '/api/v1/me/onboarding');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ guidedTour: 'pending', firstPatientTour: 'sin_tour', patientCount: 0, patientBand: 'under-6' });

    expect((await asA('POST', '/api/v1/patients', validPatient())).statusCode).toBe(201);
    expect((await asA('GET', '/api/v1/me/onboarding')).json()).toMatchObject({ firstPatientTour: 'completed', patientCount: 1, patientBand: 'under-6' });

    for (let i = 1; i < 6; i += 1) expect((await asA('POST', '/api/v1/patients', validPatient({ firstName: `P${i}` }))).statusCode).toBe(201);
    expect((await asA('GET', '/api/v1/me/onboarding')).json()).toMatchObject({ patientCount: 6, patientBand: '6-to-14' });

    // Another practice is untouched by A's patients and tours.
    const b = await registerAndLogin(t);
    const asB = caller(t, b.auth);
    expect((await asA('PATCH', '/api/v1/me/onboarding', { guidedTour: 'seen' })).json()).toMatchObject({ guidedTour: 'seen' });
    expect((await asB('GET', '/api/v1/me/onboarding')).json()).toEqual({ guidedTour: 'pending', firstPatientTour: 'sin_tour', patientCount: 0, patientBand: 'under-6' });
  });

  it('keeps a dismissal and a reopened guided tour, and refuses bad values', async () => {
    const a = await registerAndLogin(t);
    const asA = caller(t, a.auth);
    expect((await asA('PATCH', '/api/v1/me/onboarding', { firstPatientTour: 'dismissed', guidedTour: 'seen' })).json()).toMatchObject({
      firstPatientTour: 'dismissed',
      guidedTour: 'seen',
    });
    expect((await asA('PATCH', '/api/v1/me/onboarding', { guidedTour: 'pending' })).json()).toMatchObject({ firstPatientTour: 'dismissed', guidedTour: 'pending' });

    const bad = await asA('PATCH', '/api/v1/me/onboarding', { firstPatientTour: 'sin_tour' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    expect((await asA('GET', '/api/v1/me/onboarding')).json()).toMatchObject({ firstPatientTour: 'dismissed', guidedTour: 'pending' });

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/onboarding' })).statusCode).toBe(401);
  });

  it('is counted in SQL at scale: 15 patients are the top band', async () => {
    const a = await registerAndLogin(t);
    const asA = caller(t, a.auth);
    for (let i = 0; i < 15; i += 1) expect((await asA('POST', '/api/v1/patients', validPatient({ firstName: `Q${i}` }))).statusCode).toBe(201);
    expect((await asA('GET', '/api/v1/me/onboarding')).json()).toMatchObject({ patientCount: 15, patientBand: '15-or-more' });
  });
});
