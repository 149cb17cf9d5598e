// Database rows → contract types (never return rows).
import type { AuditEntry, Patient, PatientType } from '@almendra/contracts';
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
