// A practice with one patient who accepted the portal invitation, for the portal, chat and daily-log tests.
import { expect } from 'vitest';
import { registerAndLogin, type TestApp } from './helpers.js';
import { caller, validPatient } from './patients-helpers.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let emailCounter = 0;
export const uniqueEmail = () => `paciente.${Date.now().toString(36)}.${++emailCounter}@correo.test`;

/** A practice with one patient who accepted the portal invitation. */
export async function practiceWithPortalPatient(t: TestApp) {
  const nutritionist = await registerAndLogin(t);
  const call = caller(t, nutritionist.auth);
  const email = uniqueEmail();
  const created = await call('POST', '/api/v1/patients', validPatient({ email }));
  expect(created.statusCode).toBe(201);
  const patientId = created.json().id as string;
  const invite = await call('POST', `/api/v1/patients/${patientId}/portal-invite`);
  expect(invite.statusCode).toBe(201);
  const accepted = await t.app.inject({ method: 'POST', url: '/api/v1/portal/accept', payload: { code: invite.json().code, password: 'clave-paciente-1' } });
  expect(accepted.statusCode).toBe(200);
  const patientAuth = { authorization: `Bearer ${accepted.json().accessToken}` };
  return { nutritionist, call, patientId, email, invite: invite.json() as Json, accepted, patientAuth, asPatient: caller(t, patientAuth) };
}

