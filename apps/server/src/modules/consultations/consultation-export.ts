// The consultations section of the per-patient export (Ley 25.326, right of access): every consultation
// with its measurements and derived values, as GET /consultations/{id} answers them, newest first.
// The patients module's exporter calls this; it reads only, the export itself is audited there.
import type { Kysely } from 'kysely';
import type { Consultation } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { createConsultationsService } from './consultations.service.js';

export function createConsultationsExporter(deps: { db: Kysely<DB>; clock: Clock }) {
  const service = createConsultationsService(deps);
  return (scope: { nutritionistId: string }, patientId: string): Promise<Consultation[]> => service.exportForPatient(scope, patientId);
}
