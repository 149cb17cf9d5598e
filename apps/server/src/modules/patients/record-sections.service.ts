// The clinical record sections, each saved on its own: pregnancy follow-up (with its weight record),
// pathological background and habits (one versioned document each), lab results, reminders and physical
// activities. Every section reaches its patient through requirePatient (tenant + trash rules) and every
// change writes an audit row in the same transaction.
import type { Insertable, Kysely, Updateable } from 'kysely';
import {
  BACKGROUND_CONDITIONS,
  PREGNANCY_MAX_OPEN_DAYS,
  findLabAnalyte,
  normalizeAnalyteName,
  type Activity,
  type Background,
  type Habits,
  type LabResult,
  type Pregnancy,
  type Reminder,
  type ValidationIssue,
  createActivityRequestSchema,
  createLabResultRequestSchema,
  createReminderRequestSchema,
  finishPregnancyRequestSchema,
  pregnancyWeightRequestSchema,
  startPregnancyRequestSchema,
  updateActivityRequestSchema,
  updateBackgroundRequestSchema,
  updateHabitsRequestSchema,
  updateLabResultRequestSchema,
  updatePregnancyRequestSchema,
  updateReminderRequestSchema,
} from '@almendra/contracts';
import type { z } from 'zod';
import type { DB } from '../../db/schema.js';
import type {
  LabResultsTable,
  PatientActivitiesTable,
  PatientBackgroundsTable,
  PatientHabitsTable,
  PatientRemindersTable,
} from '../../db/schema-patients.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { requirePatient, type Actor, type Executor } from './patient-access.js';
import { diff, snapshot, writeAudit, type AuditInput } from './patient-audit.js';
import { addDays, dateInTimeZone } from './patient-dates.js';
import type { PatientView } from './patients.repository.js';
import { validationError } from './patients.service.js';
import {
  CONDITION_COLUMN,
  toActivity,
  toBackground,
  toHabits,
  toLabResult,
  toPregnancy,
  toReminder,
} from './record-sections.mapper.js';
import { recordSectionsRepository as repo, type PregnancyRow } from './record-sections.repository.js';

type Out<T extends z.ZodType> = z.output<T>;
type Scope = { nutritionistId: string };

export interface RecordSectionsDeps {
  db: Kysely<DB>;
  clock: Clock;
}

const documentConflict = () =>
  new AppError('CONFLICT', 'Otra persona o pestaña modificó estos datos. Recarga para ver los cambios.');

function assertNoIssues(issues: ValidationIssue[]): void {
  if (issues.length > 0) throw validationError(issues);
}

export function createRecordSectionsService(deps: RecordSectionsDeps) {
  const { db, clock } = deps;

  /** Runs the change and its audit rows in one transaction. */
  async function audited<T>(actor: Actor, at: string, work: (trx: Executor) => Promise<{ result: T; audit: AuditInput[] }>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      const { result, audit } = await work(trx);
      await writeAudit(trx, actor, audit, at);
      return result;
    });
  }

  const todayOf = (patient: PatientView, now: Date) => dateInTimeZone(now, patient.time_zone);

  // --- pregnancy -------------------------------------------------------------------------------------

  async function presentPregnancies(scope: Scope, rows: PregnancyRow[], patient: PatientView, now: Date): Promise<Pregnancy[]> {
    const weights = await repo.listWeights(db, scope, rows.map((r) => r.id));
    const context = { today: todayOf(patient, now), heightCm: patient.height_cm === null ? null : Number(patient.height_cm) };
    return rows.map((row) => toPregnancy(row, weights.filter((w) => w.pregnancy_id === row.id), context));
  }

  async function presentPregnancy(scope: Scope, row: PregnancyRow, patient: PatientView, now: Date): Promise<Pregnancy> {
    return (await presentPregnancies(scope, [row], patient, now))[0]!;
  }

  async function loadPregnancy(scope: Scope, id: string, now: Date, mode: 'read' | 'write') {
    const pregnancy = await repo.findPregnancy(db, scope, id);
    if (!pregnancy) throw new AppError('NOT_FOUND', 'No encontramos este embarazo.');
    const patient = await requirePatient(db, scope, pregnancy.patient_id, now, mode);
    return { pregnancy, patient };
  }

  /** LMP rules: not in the future; an open pregnancy's LMP at most 44 weeks ago; before any end date. */
  function lmpIssues(lmp: string, today: string, endDate: string | null): ValidationIssue[] {
    const path = 'lastMenstrualPeriod';
    if (lmp > today) return [{ path, message: 'La FUM no puede ser una fecha futura.' }];
    if (endDate === null && lmp < addDays(today, -PREGNANCY_MAX_OPEN_DAYS)) {
      return [{ path, message: 'La FUM no puede ser de hace más de 44 semanas en un embarazo en curso.' }];
    }
    if (endDate !== null && lmp > endDate) return [{ path, message: 'La FUM no puede ser posterior a la fecha de finalización.' }];
    return [];
  }

  const openPregnancyConflict = () =>
    new AppError('CONFLICT', 'La paciente ya tiene un embarazo en curso. Finalízalo antes de registrar otro.');

  // --- list sections (labs, reminders, activities) ------------------------------------------------------

  async function loadListItem<T extends 'lab_results' | 'patient_reminders' | 'patient_activities'>(
    table: T,
    scope: Scope,
    id: string,
    now: Date,
    mode: 'read' | 'write',
    notFoundMessage: string,
  ) {
    const item = await repo.findListItem(db, table, scope, id);
    if (!item) throw new AppError('NOT_FOUND', notFoundMessage);
    const patient = await requirePatient(db, scope, (item as { patient_id: string }).patient_id, now, mode);
    return { item, patient };
  }

  function labRangeIssues(min: number | null, max: number | null): ValidationIssue[] {
    return min !== null && max !== null && min > max
      ? [{ path: 'referenceMax', message: 'El mínimo de referencia no puede ser mayor que el máximo.' }]
      : [];
  }

  function labDateIssues(date: string | undefined, today: string): ValidationIssue[] {
    return date && date > today ? [{ path: 'date', message: 'La fecha del análisis no puede ser una fecha futura.' }] : [];
  }

  return {
    // --- pregnancy -----------------------------------------------------------------------------------

    async listPregnancies(scope: Scope, patientId: string): Promise<Pregnancy[]> {
      const now = clock.now();
      const patient = await requirePatient(db, scope, patientId, now, 'read');
      return presentPregnancies(scope, await repo.listPregnancies(db, scope, patientId), patient, now);
    },

    async startPregnancy(actor: Actor, patientId: string, input: Out<typeof startPregnancyRequestSchema>): Promise<Pregnancy> {
      const now = clock.now();
      const patient = await requirePatient(db, actor, patientId, now, 'write');
      assertNoIssues(lmpIssues(input.lastMenstrualPeriod, todayOf(patient, now), null));
      if (await repo.findOpenPregnancy(db, actor, patientId)) throw openPregnancyConflict();
      const at = now.toISOString();
      const row: PregnancyRow = {
        id: newId(),
        nutritionist_id: actor.nutritionistId,
        patient_id: patientId,
        last_menstrual_period: input.lastMenstrualPeriod,
        pre_gestational_weight_kg: input.preGestationalWeightKg ?? null,
        notes: input.notes ?? null,
        end_date: null,
        outcome: null,
        created_at: at,
        updated_at: at,
      };
      try {
        await audited(actor, at, async (trx) => {
          await repo.insertPregnancy(trx, row);
          return { result: null, audit: [{ patientId, entity: 'pregnancy', entityId: row.id, action: 'create', changes: snapshot(row) }] };
        });
      } catch (error) {
        // Two tabs starting a pregnancy at once: the partial unique index lets only one through.
        if (await repo.findOpenPregnancy(db, actor, patientId)) throw openPregnancyConflict();
        throw error;
      }
      return presentPregnancy(actor, row, patient, now);
    },

    async updatePregnancy(actor: Actor, id: string, input: Out<typeof updatePregnancyRequestSchema>): Promise<Pregnancy> {
      const now = clock.now();
      const { pregnancy, patient } = await loadPregnancy(actor, id, now, 'write');
      const issues: ValidationIssue[] = [];
      if (input.lastMenstrualPeriod !== undefined) {
        issues.push(...lmpIssues(input.lastMenstrualPeriod, todayOf(patient, now), pregnancy.end_date));
      }
      if (input.outcome != null && pregnancy.end_date === null) {
        issues.push({ path: 'outcome', message: 'El resultado se indica al finalizar el embarazo.' });
      }
      assertNoIssues(issues);
      const changes: Updateable<PregnancyRow> = {
        last_menstrual_period: input.lastMenstrualPeriod,
        pre_gestational_weight_kg: input.preGestationalWeightKg,
        notes: input.notes,
        outcome: input.outcome,
      };
      const changed = diff(pregnancy, changes);
      if (!changed) return presentPregnancy(actor, pregnancy, patient, now);
      const at = now.toISOString();
      const updated = await audited(actor, at, async (trx) => ({
        result: await repo.updatePregnancy(trx, actor, id, { ...changes, updated_at: at }),
        audit: [{ patientId: pregnancy.patient_id, entity: 'pregnancy', entityId: id, action: 'update', changes: changed }],
      }));
      return presentPregnancy(actor, updated ?? pregnancy, patient, now);
    },

    /** Closes the pregnancy; it stays in the history with its weights. */
    async finishPregnancy(actor: Actor, id: string, input: Out<typeof finishPregnancyRequestSchema>): Promise<Pregnancy> {
      const now = clock.now();
      const { pregnancy, patient } = await loadPregnancy(actor, id, now, 'write');
      if (pregnancy.end_date) throw new AppError('CONFLICT', 'Este embarazo ya está finalizado.');
      const today = todayOf(patient, now);
      if (input.endDate > today) assertNoIssues([{ path: 'endDate', message: 'La fecha de finalización no puede ser una fecha futura.' }]);
      if (input.endDate < pregnancy.last_menstrual_period) {
        assertNoIssues([{ path: 'endDate', message: 'La fecha de finalización no puede ser anterior a la FUM.' }]);
      }
      const at = now.toISOString();
      const changes = { end_date: input.endDate, outcome: input.outcome ?? null, ...(input.notes !== undefined ? { notes: input.notes } : {}) };
      const updated = await audited(actor, at, async (trx) => ({
        result: await repo.updatePregnancy(trx, actor, id, { ...changes, updated_at: at }),
        audit: [{ patientId: pregnancy.patient_id, entity: 'pregnancy', entityId: id, action: 'finish', changes: diff(pregnancy, changes) }],
      }));
      return presentPregnancy(actor, updated ?? pregnancy, patient, now);
    },

    async deletePregnancy(actor: Actor, id: string): Promise<void> {
      const now = clock.now();
      const { pregnancy } = await loadPregnancy(actor, id, now, 'write');
      const weights = await repo.listWeights(db, actor, [id]);
      await audited(actor, now.toISOString(), async (trx) => {
        await repo.deletePregnancy(trx, actor, id);
        return {
          result: null,
          audit: [
            {
              patientId: pregnancy.patient_id,
              entity: 'pregnancy',
              entityId: id,
              action: 'delete',
              changes: { ...snapshot(pregnancy), weights: weights.map((w) => ({ date: w.date, weightKg: Number(w.weight_kg) })) },
            },
          ],
        };
      });
    },

    async addWeight(actor: Actor, pregnancyId: string, input: Out<typeof pregnancyWeightRequestSchema>): Promise<Pregnancy> {
      const now = clock.now();
      const { pregnancy, patient } = await loadPregnancy(actor, pregnancyId, now, 'write');
      const last = pregnancy.end_date ?? todayOf(patient, now);
      if (input.date < pregnancy.last_menstrual_period) {
        assertNoIssues([{ path: 'date', message: 'La fecha del peso no puede ser anterior a la FUM.' }]);
      }
      if (input.date > last) {
        assertNoIssues([
          { path: 'date', message: pregnancy.end_date ? 'La fecha del peso es posterior al fin del embarazo.' : 'La fecha del peso no puede ser una fecha futura.' },
        ]);
      }
      const at = now.toISOString();
      const row = { id: newId(), nutritionist_id: actor.nutritionistId, pregnancy_id: pregnancyId, date: input.date, weight_kg: input.weightKg, created_at: at };
      await audited(actor, at, async (trx) => {
        await repo.insertWeight(trx, row);
        return { result: null, audit: [{ patientId: pregnancy.patient_id, entity: 'pregnancy_weight', entityId: row.id, action: 'create', changes: { pregnancyId, ...snapshot(row) } }] };
      });
      return presentPregnancy(actor, pregnancy, patient, now);
    },

    async deleteWeight(actor: Actor, pregnancyId: string, weightId: string): Promise<void> {
      const now = clock.now();
      const { pregnancy } = await loadPregnancy(actor, pregnancyId, now, 'write');
      const weight = await repo.findWeight(db, actor, pregnancyId, weightId);
      if (!weight) throw new AppError('NOT_FOUND', 'No encontramos este registro de peso.');
      await audited(actor, now.toISOString(), async (trx) => {
        await repo.deleteWeight(trx, actor, weightId);
        return {
          result: null,
          audit: [{ patientId: pregnancy.patient_id, entity: 'pregnancy_weight', entityId: weightId, action: 'delete', changes: { pregnancyId, ...snapshot(weight) } }],
        };
      });
    },

    // --- background ----------------------------------------------------------------------------------

    async getBackground(scope: Scope, patientId: string): Promise<Background> {
      await requirePatient(db, scope, patientId, clock.now(), 'read');
      return toBackground(patientId, await repo.findBackground(db, scope, patientId));
    },

    async saveBackground(actor: Actor, patientId: string, input: Out<typeof updateBackgroundRequestSchema>): Promise<Background> {
      const now = clock.now();
      await requirePatient(db, actor, patientId, now, 'write');
      const current = await repo.findBackground(db, actor, patientId);
      if ((current ? Number(current.version) : 0) !== input.version) throw documentConflict();
      const columns: Updateable<PatientBackgroundsTable> = {
        diseases: input.diseases ?? null,
        surgeries: input.surgeries ?? null,
        medications: input.medications ?? null,
        allergies: input.allergies ?? null,
        food_intolerances: input.foodIntolerances ?? null,
        family_history: input.familyHistory ?? null,
        notes: input.notes ?? null,
      };
      for (const condition of BACKGROUND_CONDITIONS) {
        (columns as Record<string, number>)[CONDITION_COLUMN[condition]] = input.conditions?.[condition] ? 1 : 0;
      }
      await saveDocument('patient_backgrounds', 'background', actor, patientId, current, input.version, columns, now);
      return toBackground(patientId, await repo.findBackground(db, actor, patientId));
    },

    // --- habits --------------------------------------------------------------------------------------

    async getHabits(scope: Scope, patientId: string): Promise<Habits> {
      await requirePatient(db, scope, patientId, clock.now(), 'read');
      return toHabits(patientId, await repo.findHabits(db, scope, patientId));
    },

    async saveHabits(actor: Actor, patientId: string, input: Out<typeof updateHabitsRequestSchema>): Promise<Habits> {
      const now = clock.now();
      await requirePatient(db, actor, patientId, now, 'write');
      const current = await repo.findHabits(db, actor, patientId);
      if ((current ? Number(current.version) : 0) !== input.version) throw documentConflict();
      const columns: Updateable<PatientHabitsTable> = {
        meals_per_day: input.mealsPerDay ?? null,
        water_liters_per_day: input.waterLitersPerDay ?? null,
        sleep_hours_per_day: input.sleepHoursPerDay ?? null,
        bowel_movements_per_week: input.bowelMovementsPerWeek ?? null,
        alcohol: input.alcohol ?? null,
        smoking: input.smoking ?? null,
        cigarettes_per_day: input.cigarettesPerDay ?? null,
        caffeine_cups_per_day: input.caffeineCupsPerDay ?? null,
        appetite: input.appetite ?? null,
        who_cooks: input.whoCooks ?? null,
        eats_out_per_week: input.eatsOutPerWeek ?? null,
        notes: input.notes ?? null,
      };
      await saveDocument('patient_habits', 'habits', actor, patientId, current, input.version, columns, now);
      return toHabits(patientId, await repo.findHabits(db, actor, patientId));
    },

    // --- lab results ---------------------------------------------------------------------------------

    async listLabResults(scope: Scope, patientId: string, analyte?: string): Promise<LabResult[]> {
      await requirePatient(db, scope, patientId, clock.now(), 'read');
      const key = analyte ? normalizeAnalyteName(analyte) : undefined;
      return (await repo.listLabResults(db, scope, patientId, key)).map(toLabResult);
    },

    /** A known analyte fills what was not sent: its unit and its adult range (by the patient's sex). */
    async createLabResult(actor: Actor, patientId: string, input: Out<typeof createLabResultRequestSchema>): Promise<LabResult> {
      const now = clock.now();
      const patient = await requirePatient(db, actor, patientId, now, 'write');
      const known = findLabAnalyte(input.analyte);
      const range = known ? ((patient.sex && known.bySex?.[patient.sex]) ?? known) : null;
      const at = now.toISOString();
      const row: Insertable<LabResultsTable> & { id: string } = {
        id: newId(),
        nutritionist_id: actor.nutritionistId,
        patient_id: patientId,
        date: input.date,
        analyte: input.analyte,
        analyte_key: normalizeAnalyteName(input.analyte),
        value: input.value,
        unit: input.unit !== undefined ? input.unit : (known?.unit ?? null),
        reference_min: input.referenceMin !== undefined ? input.referenceMin : (range?.referenceMin ?? null),
        reference_max: input.referenceMax !== undefined ? input.referenceMax : (range?.referenceMax ?? null),
        notes: input.notes ?? null,
        created_at: at,
        updated_at: at,
      };
      assertNoIssues([...labDateIssues(input.date, todayOf(patient, now)), ...labRangeIssues(row.reference_min ?? null, row.reference_max ?? null)]);
      await audited(actor, at, async (trx) => {
        await repo.insertListItem(trx, 'lab_results', row);
        return { result: null, audit: [{ patientId, entity: 'lab_result', entityId: row.id, action: 'create', changes: snapshot(row) }] };
      });
      return toLabResult(row as LabResultsTable);
    },

    async updateLabResult(actor: Actor, id: string, input: Out<typeof updateLabResultRequestSchema>): Promise<LabResult> {
      const now = clock.now();
      const { item, patient } = await loadListItem('lab_results', actor, id, now, 'write', 'No encontramos este análisis.');
      const changes: Updateable<LabResultsTable> = {
        date: input.date,
        analyte: input.analyte,
        analyte_key: input.analyte === undefined ? undefined : normalizeAnalyteName(input.analyte),
        value: input.value,
        unit: input.unit,
        reference_min: input.referenceMin,
        reference_max: input.referenceMax,
        notes: input.notes,
      };
      const min = changes.reference_min !== undefined ? changes.reference_min : item.reference_min;
      const max = changes.reference_max !== undefined ? changes.reference_max : item.reference_max;
      assertNoIssues([...labDateIssues(input.date, todayOf(patient, now)), ...labRangeIssues(min === null ? null : Number(min), max === null ? null : Number(max))]);
      return toLabResult(await updateListItem('lab_results', 'lab_result', actor, item, changes, now));
    },

    async deleteLabResult(actor: Actor, id: string): Promise<void> {
      const now = clock.now();
      const { item } = await loadListItem('lab_results', actor, id, now, 'write', 'No encontramos este análisis.');
      await deleteListItem('lab_results', 'lab_result', actor, item, now);
    },

    // --- reminders -----------------------------------------------------------------------------------

    async listReminders(scope: Scope, patientId: string): Promise<Reminder[]> {
      await requirePatient(db, scope, patientId, clock.now(), 'read');
      return (await repo.listReminders(db, scope, patientId)).map(toReminder);
    },

    async createReminder(actor: Actor, patientId: string, input: Out<typeof createReminderRequestSchema>): Promise<Reminder> {
      const now = clock.now();
      await requirePatient(db, actor, patientId, now, 'write');
      const at = now.toISOString();
      const row: Insertable<PatientRemindersTable> & { id: string } = {
        id: newId(),
        nutritionist_id: actor.nutritionistId,
        patient_id: patientId,
        text: input.text,
        due_date: input.dueDate ?? null,
        done: input.done ? 1 : 0,
        done_at: input.done ? at : null,
        created_at: at,
        updated_at: at,
      };
      await audited(actor, at, async (trx) => {
        await repo.insertListItem(trx, 'patient_reminders', row);
        return { result: null, audit: [{ patientId, entity: 'reminder', entityId: row.id, action: 'create', changes: snapshot(row) }] };
      });
      return toReminder(row as PatientRemindersTable);
    },

    async updateReminder(actor: Actor, id: string, input: Out<typeof updateReminderRequestSchema>): Promise<Reminder> {
      const now = clock.now();
      const { item } = await loadListItem('patient_reminders', actor, id, now, 'write', 'No encontramos este recordatorio.');
      const wasDone = Number(item.done) === 1;
      const changes: Updateable<PatientRemindersTable> = { text: input.text, due_date: input.dueDate };
      if (input.done !== undefined && input.done !== wasDone) {
        changes.done = input.done ? 1 : 0;
        changes.done_at = input.done ? now.toISOString() : null;
      }
      return toReminder(await updateListItem('patient_reminders', 'reminder', actor, item, changes, now));
    },

    async deleteReminder(actor: Actor, id: string): Promise<void> {
      const now = clock.now();
      const { item } = await loadListItem('patient_reminders', actor, id, now, 'write', 'No encontramos este recordatorio.');
      await deleteListItem('patient_reminders', 'reminder', actor, item, now);
    },

    // --- physical activity ---------------------------------------------------------------------------

    async listActivities(scope: Scope, patientId: string): Promise<Activity[]> {
      await requirePatient(db, scope, patientId, clock.now(), 'read');
      return (await repo.listActivities(db, scope, patientId)).map(toActivity);
    },

    async createActivity(actor: Actor, patientId: string, input: Out<typeof createActivityRequestSchema>): Promise<Activity> {
      const now = clock.now();
      await requirePatient(db, actor, patientId, now, 'write');
      const at = now.toISOString();
      const row: Insertable<PatientActivitiesTable> & { id: string } = {
        id: newId(),
        nutritionist_id: actor.nutritionistId,
        patient_id: patientId,
        activity: input.activity,
        frequency_per_week: input.frequencyPerWeek,
        duration_minutes: input.durationMinutes,
        intensity: input.intensity,
        notes: input.notes ?? null,
        created_at: at,
        updated_at: at,
      };
      await audited(actor, at, async (trx) => {
        await repo.insertListItem(trx, 'patient_activities', row);
        return { result: null, audit: [{ patientId, entity: 'activity', entityId: row.id, action: 'create', changes: snapshot(row) }] };
      });
      return toActivity(row as PatientActivitiesTable);
    },

    async updateActivity(actor: Actor, id: string, input: Out<typeof updateActivityRequestSchema>): Promise<Activity> {
      const now = clock.now();
      const { item } = await loadListItem('patient_activities', actor, id, now, 'write', 'No encontramos esta actividad.');
      const changes: Updateable<PatientActivitiesTable> = {
        activity: input.activity,
        frequency_per_week: input.frequencyPerWeek,
        duration_minutes: input.durationMinutes,
        intensity: input.intensity,
        notes: input.notes,
      };
      return toActivity(await updateListItem('patient_activities', 'activity', actor, item, changes, now));
    },

    async deleteActivity(actor: Actor, id: string): Promise<void> {
      const now = clock.now();
      const { item } = await loadListItem('patient_activities', actor, id, now, 'write', 'No encontramos esta actividad.');
      await deleteListItem('patient_activities', 'activity', actor, item, now);
    },

    /** Every section of one patient (the export), read the same way the screens read them. */
    async snapshotOf(scope: Scope, patient: PatientView) {
      const now = clock.now();
      const [pregnancies, background, habits, labResults, reminders, activities] = await Promise.all([
        repo.listPregnancies(db, scope, patient.id).then((rows) => presentPregnancies(scope, rows, patient, now)),
        repo.findBackground(db, scope, patient.id).then((row) => toBackground(patient.id, row)),
        repo.findHabits(db, scope, patient.id).then((row) => toHabits(patient.id, row)),
        repo.listLabResults(db, scope, patient.id).then((rows) => rows.map(toLabResult)),
        repo.listReminders(db, scope, patient.id).then((rows) => rows.map(toReminder)),
        repo.listActivities(db, scope, patient.id).then((rows) => rows.map(toActivity)),
      ]);
      return { pregnancies, background, habits, labResults, reminders, activities };
    },
  };

  /** Insert on the first save (version 0), else update guarded by the version the form loaded. */
  async function saveDocument<T extends 'patient_backgrounds' | 'patient_habits'>(
    table: T,
    entity: 'background' | 'habits',
    actor: Actor,
    patientId: string,
    current: object | undefined,
    version: number,
    columns: Updateable<DB[T]>,
    now: Date,
  ): Promise<void> {
    const at = now.toISOString();
    const changed = current ? diff(current, columns) : snapshot(columns);
    if (current && !changed) return;
    const documentId = (current as { id?: string } | undefined)?.id ?? newId();
    try {
      await audited(actor, at, async (trx) => {
        if (!current) {
          await repo.insertDocument(trx, table, {
            ...(columns as object),
            id: documentId,
            nutritionist_id: actor.nutritionistId,
            patient_id: patientId,
            version: 1,
            created_at: at,
            updated_at: at,
          } as unknown as Insertable<DB[T]>);
        } else if (!(await repo.updateDocument(trx, table, actor, patientId, version, { ...(columns as object), updated_at: at } as unknown as Updateable<DB[T]>))) {
          throw documentConflict();
        }
        return { result: null, audit: [{ patientId, entity, entityId: documentId, action: current ? 'update' : 'create', changes: changed }] };
      });
    } catch (error) {
      // Two first saves at once: the unique patient_id lets one in, the other is a version conflict.
      if (!current && !(error instanceof AppError)) {
        const saved = table === 'patient_backgrounds' ? await repo.findBackground(db, actor, patientId) : await repo.findHabits(db, actor, patientId);
        if (saved) throw documentConflict();
      }
      throw error;
    }
  }

  async function updateListItem<T extends 'lab_results' | 'patient_reminders' | 'patient_activities'>(
    table: T,
    entity: 'lab_result' | 'reminder' | 'activity',
    actor: Actor,
    item: { id: string; patient_id: string },
    changes: Updateable<DB[T]>,
    now: Date,
  ) {
    const changed = diff(item, changes);
    if (!changed) return item as never;
    const at = now.toISOString();
    const updated = await audited(actor, at, async (trx) => ({
      result: await repo.updateListItem(trx, table, actor, item.id, { ...(changes as object), updated_at: at } as unknown as Updateable<DB[T]>),
      audit: [{ patientId: item.patient_id, entity, entityId: item.id, action: 'update' as const, changes: changed }],
    }));
    return (updated ?? item) as never;
  }

  async function deleteListItem(
    table: 'lab_results' | 'patient_reminders' | 'patient_activities',
    entity: 'lab_result' | 'reminder' | 'activity',
    actor: Actor,
    item: { id: string; patient_id: string },
    now: Date,
  ): Promise<void> {
    await audited(actor, now.toISOString(), async (trx) => {
      await repo.deleteListItem(trx, table, actor, item.id);
      return { result: null, audit: [{ patientId: item.patient_id, entity, entityId: item.id, action: 'delete', changes: snapshot(item) }] };
    });
  }
}

export type RecordSectionsService = ReturnType<typeof createRecordSectionsService>;
