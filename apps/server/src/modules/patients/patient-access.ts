// The one way services reach a patient: scoped by the signed-in nutritionist, with the trash rules. Another
// tenant's patient, a missing one and one deleted more than 30 days ago all answer the same 404; a patient
// in the trash can be read (and restored) but not changed.
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { PATIENT_TRASH_DAYS } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { tenantScope } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import { patientsRepository, type PatientView } from './patients.repository.js';

export type Executor = Kysely<DB> | Transaction<DB>;

/** Tenant scope plus the user who acts (for the audit log). */
export interface Actor {
  nutritionistId: string;
  userId: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  return { ...tenantScope(request), userId: request.auth?.userId ?? null };
}

export const patientNotFound = () => new AppError('NOT_FOUND', 'No encontramos a este paciente.');

export function trashCutoff(now: Date): string {
  return new Date(now.getTime() - PATIENT_TRASH_DAYS * 86_400_000).toISOString();
}

/** A deleted patient is in the trash for 30 days; after that it is gone for every purpose but restore's message. */
export function isPastTrash(patient: { deleted_at: string | null }, now: Date): boolean {
  return patient.deleted_at !== null && patient.deleted_at < trashCutoff(now);
}

export async function requirePatient(
  db: Executor,
  scope: { nutritionistId: string },
  patientId: string,
  now: Date,
  mode: 'read' | 'write',
): Promise<PatientView> {
  const patient = await patientsRepository.findView(db, scope, patientId);
  if (!patient || isPastTrash(patient, now)) throw patientNotFound();
  if (mode === 'write' && patient.deleted_at) {
    throw new AppError('CONFLICT', 'Este paciente está en la papelera. Restáuralo para poder modificarlo.');
  }
  return patient;
}
