// The per-patient export (Ley 25.326, right of access): everything stored about the patient — personal data,
// every record section and the audit history — as one JSON document. The export itself is audited.
import type { Kysely } from 'kysely';
import type { PatientExport } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { requirePatient, type Actor } from './patient-access.js';
import { writeAudit } from './patient-audit.js';
import { toAuditEntry } from './patients.mapper.js';
import { patientsRepository } from './patients.repository.js';
import type { PatientsService } from './patients.service.js';
import type { RecordSectionsService } from './record-sections.service.js';
import { createConsultationsExporter } from '../consultations/consultation-export.js';

export function createPatientExporter(deps: { db: Kysely<DB>; clock: Clock; patients: PatientsService; records: RecordSectionsService }) {
  const { db, clock } = deps;
  const exportConsultations = createConsultationsExporter({ db, clock });
  return async function exportPatient(actor: Actor, patientId: string): Promise<PatientExport> {
    const now = clock.now();
    const view = await requirePatient(db, actor, patientId, now, 'read');
    await writeAudit(db, actor, [{ patientId, entity: 'patient', entityId: patientId, action: 'export' }], now.toISOString());
    const [patient, sections, consultations, audit] = await Promise.all([
      deps.patients.get(actor, patientId),
      deps.records.snapshotOf(actor, view),
      exportConsultations(actor, patientId),
      patientsRepository.listAudit(db, actor, patientId),
    ]);
    return {
      format: 'almendra.patient-export.v1',
      exportedAt: now.toISOString(),
      patient,
      ...sections,
      consultations,
      auditLog: audit.map(toAuditEntry),
    };
  };
}
