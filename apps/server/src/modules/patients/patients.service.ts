// Patients: list and search, create, edit with optimistic concurrency, soft delete to a 30-day trash and
// restore, the photo, referral options and the CSV import. Every change of the record writes an audit row
// in the same transaction.
import type { Kysely, Updateable } from 'kysely';
import {
  DEFAULT_PATIENT_TYPE_ID,
  DEFAULT_REFERRAL_OPTIONS,
  PATIENT_VERSION_CONFLICT_MESSAGE,
  patientListQuerySchema,
  referralOptionsSchema,
  type CreatePatientInput,
  type Patient,
  type PatientImportReport,
  type PatientListResponse,
  type PatientType,
  type ReferralOptions,
  type UpdatePatientInput,
  type ValidationIssue,
} from '@almendra/contracts';
import type { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type { PatientsTable } from '../../db/schema-patients.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { isPastTrash, patientNotFound, requirePatient, trashCutoff, type Actor } from './patient-access.js';
import { diff, snapshot, writeAudit } from './patient-audit.js';
import { dateInTimeZone } from './patient-dates.js';
import { parsePatientCsv, rowToPatientInput } from './patient-import.js';
import { containsPattern, searchTerms, searchTextOf, sortNameOf } from './patient-text.js';
import { toPatient, toPatientType } from './patients.mapper.js';
import { patientsRepository as repo, type PatientRow, type Scope } from './patients.repository.js';
import { toStoredPhoto, type PhotoStore } from './photo-storage.js';
import type { PhotoUrlSigner } from './photo-url.js';

export interface PatientsServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  photos: PhotoStore;
  photoUrls: PhotoUrlSigner;
}

type PatientFields = Omit<UpdatePatientInput, 'version'>;

/** Contract field → column. */
const COLUMN_OF = {
  firstName: 'first_name',
  lastName: 'last_name',
  birthDate: 'birth_date',
  sex: 'sex',
  documentNumber: 'document_number',
  phone: 'phone',
  mobileAreaCode: 'mobile_area_code',
  mobileNumber: 'mobile_number',
  address: 'address',
  province: 'province',
  city: 'city',
  email: 'email',
  healthInsurance: 'health_insurance',
  memberNumber: 'member_number',
  profession: 'profession',
  reasonForConsultation: 'reason_for_consultation',
  goal: 'goal',
  referredBy: 'referred_by',
  startDate: 'start_date',
  locationId: 'location_id',
  typeId: 'type_id',
  heightCm: 'height_cm',
  website: 'website',
  isNew: 'is_new',
  isTest: 'is_test',
} as const satisfies Record<keyof PatientFields, keyof PatientsTable>;

/** The columns of the fields present in the input (undefined = not sent = unchanged). */
function columnsOf(fields: PatientFields): Updateable<PatientsTable> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    const value = fields[field as keyof PatientFields];
    if (value === undefined) continue;
    columns[column] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  return columns as Updateable<PatientsTable>;
}

export const versionConflict = () => new AppError('CONFLICT', PATIENT_VERSION_CONFLICT_MESSAGE);

export function validationError(issues: ValidationIssue[]): AppError {
  return new AppError('VALIDATION_ERROR', issues.length === 1 ? issues[0]!.message : 'Revisa los datos ingresados.', issues);
}

/** Rules that need the clock or the catalogue (the contract checks everything else). */
export function patientRuleIssues(fields: PatientFields, today: string, knownTypeIds: Set<number>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (fields.birthDate && fields.birthDate > today) {
    issues.push({ path: 'birthDate', message: 'La fecha de nacimiento no puede ser una fecha futura.' });
  }
  if (fields.typeId !== undefined && !knownTypeIds.has(fields.typeId)) {
    issues.push({ path: 'typeId', message: 'Tipo de paciente desconocido.' });
  }
  return issues;
}

export function createPatientsService(deps: PatientsServiceDeps) {
  const { db, clock, photos, photoUrls } = deps;

  function present(row: PatientRow, timeZone: string, pregnant: boolean, now = clock.now()): Patient {
    return toPatient(row, {
      today: dateInTimeZone(now, timeZone),
      pregnant,
      photoUrl: row.photo_path ? photoUrls.url(row.id, row.nutritionist_id, Number(row.version), now) : null,
    });
  }

  async function knownTypeIds(fields: PatientFields): Promise<Set<number>> {
    if (fields.typeId === undefined) return new Set();
    return (await repo.typeExists(db, fields.typeId)) ? new Set([fields.typeId]) : new Set();
  }

  /** A complete new row from validated input; defaults: type Genérico, start date today, not new, not test. */
  function newPatientRow(scope: Scope, fields: CreatePatientInput, today: string, now: string): PatientRow {
    const row: PatientRow = {
      id: newId(),
      nutritionist_id: scope.nutritionistId,
      user_id: null,
      type_id: DEFAULT_PATIENT_TYPE_ID,
      first_name: fields.firstName,
      last_name: fields.lastName,
      birth_date: null,
      sex: null,
      document_number: null,
      phone: null,
      mobile_area_code: null,
      mobile_number: null,
      address: null,
      province: null,
      city: null,
      email: null,
      health_insurance: null,
      member_number: null,
      profession: null,
      reason_for_consultation: null,
      goal: null,
      referred_by: null,
      start_date: today,
      location_id: null,
      height_cm: null,
      website: null,
      is_new: 0,
      is_test: 0,
      photo_path: null,
      search_text: '',
      sort_name: '',
      last_visit_at: null,
      version: 1,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      ...(columnsOf(fields) as Partial<PatientRow>),
    };
    row.search_text = searchTextOf(row);
    row.sort_name = sortNameOf(row);
    return row;
  }

  return {
    async listTypes(): Promise<PatientType[]> {
      return (await repo.listTypes(db)).map(toPatientType);
    },

    async list(scope: Scope, query: z.output<typeof patientListQuerySchema>): Promise<PatientListResponse> {
      const now = clock.now();
      const { rows, total } = await repo.list(db, scope, {
        status: query.status,
        trashCutoff: trashCutoff(now),
        locationId: query.locationId || undefined,
        patterns: searchTerms(query.q).map(containsPattern),
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        items: rows.map((row) => present(row, row.time_zone, Number(row.pregnant) === 1, now)),
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    async get(scope: Scope, id: string): Promise<Patient> {
      const now = clock.now();
      const patient = await requirePatient(db, scope, id, now, 'read');
      return present(patient, patient.time_zone, Number(patient.pregnant) === 1, now);
    },

    async create(actor: Actor, fields: CreatePatientInput): Promise<Patient> {
      const now = clock.now();
      const timeZone = await repo.nutritionistTimeZone(db, actor);
      const today = dateInTimeZone(now, timeZone);
      const issues = patientRuleIssues(fields, today, await knownTypeIds(fields));
      if (issues.length > 0) throw validationError(issues);
      const row = newPatientRow(actor, fields, today, now.toISOString());
      await db.transaction().execute(async (trx) => {
        await repo.insert(trx, [row]);
        await writeAudit(trx, actor, [{ patientId: row.id, entity: 'patient', entityId: row.id, action: 'create', changes: snapshot(row) }], row.created_at);
      });
      return present(row, timeZone, false, now);
    },

    async update(actor: Actor, id: string, input: UpdatePatientInput): Promise<Patient> {
      const now = clock.now();
      const current = await requirePatient(db, actor, id, now, 'write');
      const { version, ...fields } = input;
      if (Number(current.version) !== version) throw versionConflict();
      const issues = patientRuleIssues(fields, dateInTimeZone(now, current.time_zone), await knownTypeIds(fields));
      if (issues.length > 0) throw validationError(issues);

      const changes = columnsOf(fields);
      const changed = diff(current, changes);
      const pregnant = Number(current.pregnant) === 1;
      if (!changed) return present(current, current.time_zone, pregnant, now);
      const merged = { ...current, ...changes } as PatientRow;
      changes.search_text = searchTextOf(merged);
      changes.sort_name = sortNameOf(merged);
      changes.updated_at = now.toISOString();
      const updated = await db.transaction().execute(async (trx) => {
        const row = await repo.update(trx, actor, id, version, changes);
        if (!row) throw versionConflict();
        await writeAudit(trx, actor, [{ patientId: id, entity: 'patient', entityId: id, action: 'update', changes: changed }], now.toISOString());
        return row;
      });
      return present(updated, current.time_zone, pregnant, now);
    },

    /** Moves the patient to the trash (idempotent); the record and its sections are kept. */
    async remove(actor: Actor, id: string): Promise<void> {
      const now = clock.now();
      const current = await requirePatient(db, actor, id, now, 'read');
      if (current.deleted_at) return;
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await repo.update(trx, actor, id, null, { deleted_at: at, updated_at: at });
        await writeAudit(trx, actor, [{ patientId: id, entity: 'patient', entityId: id, action: 'delete' }], at);
      });
    },

    async restore(actor: Actor, id: string): Promise<Patient> {
      const now = clock.now();
      const current = await repo.findView(db, actor, id);
      if (!current) throw patientNotFound();
      if (!current.deleted_at) throw new AppError('CONFLICT', 'Este paciente no está en la papelera.');
      if (isPastTrash(current, now)) {
        throw new AppError('CONFLICT', 'Pasaron más de 30 días desde que se eliminó este paciente: ya no se puede restaurar.');
      }
      const at = now.toISOString();
      const restored = await db.transaction().execute(async (trx) => {
        const row = await repo.update(trx, actor, id, null, { deleted_at: null, updated_at: at });
        if (!row) throw patientNotFound();
        await writeAudit(trx, actor, [{ patientId: id, entity: 'patient', entityId: id, action: 'restore' }], at);
        return row;
      });
      return present(restored, current.time_zone, Number(current.pregnant) === 1, now);
    },

    /** Stores a new photo (re-encoded WebP) in place of the previous one; bumps the version. */
    async setPhoto(actor: Actor, id: string, upload: Buffer): Promise<Patient> {
      const now = clock.now();
      const current = await requirePatient(db, actor, id, now, 'write');
      const webp = await toStoredPhoto(upload);
      if (!webp) {
        const message = 'El archivo no es una imagen JPG, PNG o WebP.';
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'photo', message }]);
      }
      const stored = await photos.save(actor.nutritionistId, id, webp);
      const at = now.toISOString();
      try {
        const updated = await db.transaction().execute(async (trx) => {
          const row = await repo.update(trx, actor, id, null, { photo_path: stored, updated_at: at });
          if (!row) throw patientNotFound();
          await writeAudit(trx, actor, [{ patientId: id, entity: 'patient', entityId: id, action: 'photo_update', changes: { bytes: webp.length } }], at);
          return row;
        });
        await photos.remove(current.photo_path);
        return present(updated, current.time_zone, Number(current.pregnant) === 1, now);
      } catch (error) {
        await photos.remove(stored);
        throw error;
      }
    },

    async removePhoto(actor: Actor, id: string): Promise<void> {
      const now = clock.now();
      const current = await requirePatient(db, actor, id, now, 'write');
      if (!current.photo_path) return;
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await repo.update(trx, actor, id, null, { photo_path: null, updated_at: at });
        await writeAudit(trx, actor, [{ patientId: id, entity: 'patient', entityId: id, action: 'photo_delete' }], at);
      });
      await photos.remove(current.photo_path);
    },

    /** The tenant a signed photo URL was issued for; 401 when the token is forged or expired. */
    photoScopeFromToken(patientId: string, token: string): Scope {
      const nutritionistId = photoUrls.verify(token, patientId, clock.now());
      if (!nutritionistId) throw new AppError('UNAUTHENTICATED', 'El enlace de la foto venció o no es válido. Recarga la página.');
      return { nutritionistId };
    },

    async readPhoto(scope: Scope, id: string): Promise<Buffer> {
      const patient = await requirePatient(db, scope, id, clock.now(), 'read');
      const bytes = patient.photo_path ? await photos.read(patient.photo_path) : null;
      if (!bytes) throw new AppError('NOT_FOUND', 'Este paciente no tiene foto.');
      return bytes;
    },

    /** The nutritionist's list; the defaults are stored on the first read so later edits start from them. */
    async getReferralOptions(scope: Scope): Promise<ReferralOptions> {
      let row = await repo.findReferralOptions(db, scope);
      if (!row) {
        await repo.insertReferralOptionsIfMissing(db, scope, { id: newId(), options: JSON.stringify(DEFAULT_REFERRAL_OPTIONS), now: clock.now().toISOString() });
        row = await repo.findReferralOptions(db, scope);
      }
      const parsed = referralOptionsSchema.shape.options.safeParse(JSON.parse(row?.options ?? '[]'));
      return { options: parsed.success ? parsed.data : [] };
    },

    async setReferralOptions(scope: Scope, options: string[]): Promise<ReferralOptions> {
      await repo.saveReferralOptions(db, scope, { id: newId(), options: JSON.stringify(options), now: clock.now().toISOString() });
      return { options };
    },

    /**
     * Validates every row; unless dryRun, saves all valid rows in one transaction (batched inserts). A file
     * that cannot be read as CSV is rejected whole (400) and nothing is saved.
     */
    async importCsv(actor: Actor, file: Buffer, dryRun: boolean): Promise<PatientImportReport> {
      const parsed = parsePatientCsv(file);
      const now = clock.now();
      const at = now.toISOString();
      const today = dateInTimeZone(now, await repo.nutritionistTimeZone(db, actor));
      const typeIds = await repo.typeIds(db);
      const rows: PatientRow[] = [];
      const rejected: PatientImportReport['rejected'] = [];
      for (const record of parsed.records) {
        const result = rowToPatientInput(record);
        const errors = result.errors;
        for (const issue of patientRuleIssues(result.converted, today, typeIds)) {
          if (!errors.some((e) => e.field === issue.path)) errors.push({ field: issue.path, message: issue.message });
        }
        if (result.input && errors.length === 0) rows.push(newPatientRow(actor, result.input, today, at));
        else rejected.push({ row: record.line, errors });
      }
      if (!dryRun && rows.length > 0) {
        await db.transaction().execute(async (trx) => {
          await repo.insert(trx, rows);
          await writeAudit(
            trx,
            actor,
            rows.map((row) => ({ patientId: row.id, entity: 'patient' as const, entityId: row.id, action: 'import' as const, changes: snapshot(row) })),
            at,
          );
        });
      }
      return {
        dryRun,
        rows: parsed.records.length,
        valid: rows.length,
        imported: dryRun ? 0 : rows.length,
        rejected,
        ignoredColumns: parsed.ignoredColumns,
      };
    },
  };
}

export type PatientsService = ReturnType<typeof createPatientsService>;
