// Database rows → contract types (never return rows).
import type { AuditEntry, Patient, PatientAuditItem, PatientType } from '@almendra/contracts';
import type { Selectable } from 'kysely';
import type { AuditLogTable } from '../../db/schema.js';
import type { PatientTypesTable } from '../../db/schema-patients.js';
import { ageInYears } from './patient-dates.js';
import type { PatientRow } from './patients.repository.js';

export function toPatientType(row: Selectable<PatientTypesTable>): PatientType {
  return { id: Number(row.id), name: row.name_es, nameEn: row.name_en };
}

export interface PatientPresentation {
  /** The nutritionist's calendar date today. */
  today: string;
  pregnant: boolean;
  photoUrl: string | null;
}

export function toPatient(row: PatientRow, presentation: PatientPresentation): Patient {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    birthDate: row.birth_date,
    ageYears: row.birth_date ? ageInYears(row.birth_date, presentation.today) : null,
    sex: row.sex,
    documentNumber: row.document_number,
    phone: row.phone,
    mobileAreaCode: row.mobile_area_code,
    mobileNumber: row.mobile_number,
    address: row.address,
    province: row.province,
    city: row.city,
    email: row.email,
    healthInsurance: row.health_insurance,
    memberNumber: row.member_number,
    profession: row.profession,
    reasonForConsultation: row.reason_for_consultation,
    goal: row.goal,
    referredBy: row.referred_by,
    startDate: row.start_date,
    locationId: row.location_id,
    typeId: Number(row.type_id),
    heightCm: row.height_cm === null ? null : Number(row.height_cm),
    website: row.website,
    isNew: Number(row.is_new) === 1,
    isTest: Number(row.is_test) === 1,
    remindersOptOut: Number(row.reminders_opt_out) === 1,
    newsConsent: Number(row.news_consent) === 1,
    photoUrl: presentation.photoUrl,
    pregnant: presentation.pregnant,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    lastVisitAt: row.last_visit_at,
  };
}

export function toAuditEntry(row: Selectable<AuditLogTable>): AuditEntry {
  let changes: unknown = null;
  if (row.changes) {
    try {
      changes = JSON.parse(row.changes);
    } catch {
      changes = row.changes;
    }
  }
  return {
    id: row.id,
    userId: row.user_id,
    entity: row.entity,
    entityId: row.entity_id,
    action: row.action,
    changes,
    createdAt: row.created_at,
  };
}

type AuditRowWithActor = Selectable<AuditLogTable> & {
  actor_email: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
};

/** Links between rows, not data a person entered. */
const LINK_FIELDS = new Set(['id', 'patientId', 'pregnancyId', 'nutritionistId', 'userId', 'consultationId', 'appointmentId']);

/** The fields an audit row names: the changed ones of an update, the values set by a create or import. */
function auditFields(action: string, changes: unknown): string[] {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return [];
  const entries = Object.entries(changes as Record<string, unknown>).filter(([k]) => !LINK_FIELDS.has(k));
  if (action === 'create' || action === 'import') return entries.filter(([, v]) => v !== null && v !== '' && v !== 0).map(([k]) => k);
  if (action === 'update') return entries.map(([k]) => k);
  return [];
}

export function toPatientAuditItem(row: AuditRowWithActor): PatientAuditItem {
  const entry = toAuditEntry(row);
  const name = [row.actor_first_name, row.actor_last_name].filter(Boolean).join(' ');
  return { ...entry, actorName: name || row.actor_email || null, fields: auditFields(entry.action, entry.changes) };
}
