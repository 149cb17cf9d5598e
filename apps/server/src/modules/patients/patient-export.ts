// The per-patient export (Ley 25.326, right of access): everything stored about the patient — personal data,
// every record section, the consultations, the notes and the audit history — as one JSON document, and the same record
// as a readable PDF summary (patient-report.ts). Each export is itself audited.
import type { Kysely } from 'kysely';
import type { PatientExport } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { requirePatient, type Actor } from './patient-access.js';
import { writeAudit } from './patient-audit.js';
import { dateInTimeZone } from './patient-dates.js';
import { renderPatientReport } from './patient-report.js';
import { toAuditEntry } from './patients.mapper.js';
import { patientsRepository } from './patients.repository.js';
import type { PatientsService } from './patients.service.js';
import type { RecordSectionsService } from './record-sections.service.js';
import { createBrandingService } from '../branding/branding.service.js';
import { createConsultationsExporter } from '../consultations/consultation-export.js';
import { notesRepository } from '../notes/notes.repository.js';
import { toNote } from '../notes/notes.service.js';

/** 'HH:mm' of the instant in the time zone (the report's "generated at"). */
function timeInZone(instant: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  } catch {
    return instant.toISOString().slice(11, 16);
  }
}

export function createPatientExporter(deps: { db: Kysely<DB>; clock: Clock; dataDir: string; patients: PatientsService; records: RecordSectionsService }) {
  const { db, clock } = deps;
  const exportConsultations = createConsultationsExporter({ db, clock });
  const branding = createBrandingService(deps);

  async function collect(actor: Actor, patientId: string, format: 'json' | 'pdf') {
    const now = clock.now();
    const view = await requirePatient(db, actor, patientId, now, 'read');
    await writeAudit(
      db,
      actor,
      [{ patientId, entity: 'patient', entityId: patientId, action: 'export', ...(format === 'pdf' ? { changes: { format: 'pdf' } } : {}) }],
      now.toISOString(),
    );
    const [patient, sections, consultations, notes, audit] = await Promise.all([
      deps.patients.get(actor, patientId),
      deps.records.snapshotOf(actor, view),
      exportConsultations(actor, patientId),
      notesRepository.list(db, { nutritionistId: actor.nutritionistId, patientId }, []),
      patientsRepository.listAudit(db, actor, patientId),
    ]);
    const document: PatientExport = {
      format: 'almendra.patient-export.v1',
      exportedAt: now.toISOString(),
      patient,
      ...sections,
      consultations,
      notes: notes.map(toNote),
      auditLog: audit.map(toAuditEntry),
    };
    return { document, now, timeZone: view.time_zone };
  }

  return {
    async json(actor: Actor, patientId: string): Promise<PatientExport> {
      return (await collect(actor, patientId, 'json')).document;
    },

    async pdf(actor: Actor, patientId: string, options: { compress?: boolean } = {}): Promise<{ pdf: Buffer; fileName: string }> {
      const { document, now, timeZone } = await collect(actor, patientId, 'pdf');
      const [names, letterhead] = await Promise.all([
        patientsRepository.reportNames(db, actor, { typeId: document.patient.typeId, locationId: document.patient.locationId }),
        branding.letterhead(actor),
      ]);
      const pdf = await renderPatientReport(
        {
          record: document,
          nutritionist: { ...names.nutritionist, contact: letterhead.contact, logo: letterhead.logo },
          typeName: names.typeName,
          locationName: names.locationName,
          generatedAt: `${dateInTimeZone(now, timeZone).split('-').reverse().join('-')} ${timeInZone(now, timeZone)}`,
        },
        options,
      );
      const slug = `${document.patient.lastName}-${document.patient.firstName}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-');
      return { pdf, fileName: `ficha-${slug}.pdf` };
    },
  };
}
