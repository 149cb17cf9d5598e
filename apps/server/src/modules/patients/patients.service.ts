// Patients: list and search, create, edit with optimistic concurrency, soft delete to a 30-day trash and
// restore, the photo, referral options, the CSV/XLSX import and the record's change history. Every change of
// the record writes an audit row in the same transaction.
import type { Kysely, Updateable } from 'kysely';
import {
  DEFAULT_PATIENT_TYPE_ID,
  DEFAULT_REFERRAL_OPTIONS,
  PATIENT_VERSION_CONFLICT_MESSAGE,
  patientListQuerySchema,
  referralOptionsSchema,
  type CreatePatientInput,
  type Patient,
  PATIENT_IMPORT_PREVIEW_ROWS,
  type PatientAuditPage,
  type PatientImportMapping,
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
import { detectColumns, missingNamesError, readImportTable, recordsOf, resolveColumns, rowToPatientInput } from './patient-import.js';
import { containsPattern, searchTerms, searchTextOf, sortNameOf } from './patient-text.js';
import { toPatient, toPatientAuditItem, toPatientType } from './patients.mapper.js';
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
  remindersOptOut: 'reminders_opt_out',
  newsConsent: 'news_consent',
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

export const UNKNOWN_LOCATION_MESSAGE = 'El lugar de atención no es uno de tus lugares. Elígelo de la lista o créalo en Lugares de atención.';

/**
 * Rules that need the clock, the catalogue or the practice's places (the contract checks everything else).
 * `ownLocationIds` holds the ids among the input's that are the caller's places.
 */
export function patientRuleIssues(
  fields: Pick<PatientFields, 'birthDate' | 'typeId' | 'locationId'>,
  today: string,
  knownTypeIds: Set<number>,
  ownLocationIds: Set<string>,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (fields.locationId && !ownLocationIds.has(fields.locationId)) {
    issues.push({ path: 'locationId', message: UNKNOWN_LOCATION_MESSAGE });
  }
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

  function ownLocations(scope: Scope, fields: Pick<PatientFields, 'locationId'>): Promise<Set<string>> {
    return repo.ownLocationIds(db, scope, fields.locationId ? [fields.locationId] : []);
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
      reminders_opt_out: 0,
      news_consent: 0,
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
      const issues = patientRuleIssues(fields, today, await knownTypeIds(fields), await ownLocations(actor, fields));
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
      const issues = patientRuleIssues(fields, dateInTimeZone(now, current.time_zone), await knownTypeIds(fields), await ownLocations(actor, fields));
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

    /** The record's change history, newest first (404 for another nutritionist's patient). */
    async auditPage(scope: Scope, patientId: string, query: { page: number; limit: number }): Promise<PatientAuditPage> {
      await requirePatient(db, scope, patientId, clock.now(), 'read');
      const { rows, total } = await repo.pageAudit(db, scope, patientId, { limit: query.limit, offset: (query.page - 1) * query.limit });
      return { items: rows.map(toPatientAuditItem), total, page: query.page, limit: query.limit };
    },

    /**
     * Reads a CSV or XLSX file and validates every row. A dry run answers the columns (detected or as
     * mapped), a preview and the per-row report and saves nothing. Otherwise every valid row is saved in
     * one transaction (batched inserts), so a failure half-way leaves no patient behind. A file that
     * cannot be read is rejected whole (400) and nothing is saved.
     */
    async importFile(actor: Actor, file: Buffer, options: { dryRun: boolean; mapping?: PatientImportMapping | undefined }): Promise<PatientImportReport> {
      const table = await readImportTable(file);
      const { columns, missing } = resolveColumns(table, options.mapping);
      // A dry run still answers the columns and the preview, so the nutritionist can pick the name columns.
      if (missing.length > 0 && !options.dryRun) throw missingNamesError(options.mapping !== undefined);
      const detected = detectColumns(table.headers);
      const records = recordsOf(table, columns);
      const now = clock.now();
      const at = now.toISOString();
      const today = dateInTimeZone(now, await repo.nutritionistTimeZone(db, actor));
      const typeIds = await repo.typeIds(db);
      const locationIds = await repo.ownLocationIds(db, actor, [...new Set(records.flatMap((r) => (r.values.locationId ? [r.values.locationId] : [])))]);
      const rows: PatientRow[] = [];
      const rejected: PatientImportReport['rejected'] = [];
      for (const record of missing.length > 0 ? [] : records) {
        const result = rowToPatientInput(record);
        const errors = result.errors;
        for (const issue of patientRuleIssues({ ...result.converted, locationId: record.values.locationId }, today, typeIds, locationIds)) {
          if (!errors.some((e) => e.field === issue.path)) errors.push({ field: issue.path, message: issue.message });
        }
        if (result.input && errors.length === 0) rows.push(newPatientRow(actor, result.input, today, at));
        else rejected.push({ row: record.line, errors });
      }
      if (!options.dryRun && rows.length > 0) {
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
      const rejectedLines = new Set(rejected.map((r) => r.row));
      return {
        dryRun: options.dryRun,
        format: table.format,
        columns: table.headers.map((header, index) => ({
          header,
          field: columns[index] ?? null,
          detectedField: detected[index] ?? null,
        })),
        preview: records.slice(0, PATIENT_IMPORT_PREVIEW_ROWS).map((record) => ({
          row: record.line,
          cells: table.headers.map((_, index) => table.rows.find((r) => r.line === record.line)?.cells[index] ?? ''),
          valid: missing.length === 0 && !rejectedLines.has(record.line),
        })),
        missingFields: missing,
        rows: records.length,
        valid: rows.length,
        imported: options.dryRun ? 0 : rows.length,
        createdIds: options.dryRun ? [] : rows.map((row) => row.id),
        rejected,
        ignoredColumns: table.headers.filter((header, index) => header !== '' && columns[index] === null),
      };
    },
  };
}

export type PatientsService = ReturnType<typeof createPatientsService>;
