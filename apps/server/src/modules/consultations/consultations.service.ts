// Consultations: record a visit with its measurements (one transaction for the consultation, its three
// measurement rows, the appointment link, the patient's last visit and height, and the audit rows), read
// the history, evolution and comparison of a patient's visits, edit with optimistic concurrency, delete,
// and email the patient a summary after saving. Derived values are computed on every read by
// packages/domain from the stored measurements and the patient's sex, age at the visit and type.
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  CONSULTATION_VERSION_CONFLICT_MESSAGE,
  PREGNANCY_MAX_OPEN_DAYS,
  type AnthropometryCalculateInput,
  type AnthropometryCalculateResponse,
  type Consultation,
  type ConsultationComparison,
  type ConsultationList,
  type Derived,
  type CreateConsultationInput,
  type CreateConsultationResponse,
  type Evolution,
  type LatestMeasurements,
  type Measurements,
  type SummaryEmailStatus,
  type UpdateConsultationInput,
} from '@almendra/contracts';
import { localDateOf, localTimeToInstant, parseTimeOfDay, resolveTimeZone } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { ConsultationsTable } from '../../db/schema-consultations.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
// The patients module's access and audit helpers: the one way to reach a patient (tenant + trash rules)
// and the clinical-record audit log.
import { requirePatient, type Actor } from '../patients/patient-access.js';
import { diff, writeAudit, type AuditEntity } from '../patients/patient-audit.js';
import { addDays } from '../patients/patient-dates.js';
import { calculate, pregnancyExpected, warningsFor, type Calculation } from './consultation-calculation.js';
import {
  ANTHROPOMETRY_MEASUREMENT_COLUMNS,
  GIRTH_MEASUREMENT_COLUMNS,
  SKINFOLD_MEASUREMENT_COLUMNS,
  consultationFields,
  flatten,
  measurementColumnsOf,
  toMeasurements,
  type MeasurementChanges,
  type MeasurementColumns,
} from './consultations.mapper.js';
import { consultationsRepository as repo, type ConsultationRow, type Scope } from './consultations.repository.js';
import { summaryEmail } from './summary-email.js';

type Executor = Kysely<DB> | Transaction<DB>;
type PatientView = Awaited<ReturnType<typeof requirePatient>>;
type PregnancyRow = { last_menstrual_period: string; pre_gestational_weight_kg: number | null; end_date: string | null };

export interface ConsultationsServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** Sends the optional summary email; without one, a requested summary is reported as not queued. */
  mailer?: Mailer;
  log?: FastifyBaseLogger;
}

// The patients module's audit union predates consultations; the audit_log.entity column is free text.
const CONSULTATION_ENTITY: AuditEntity = 'consultation';

const consultationNotFound = () => notFound('No encontramos esta consulta.');
const versionConflict = () => new AppError('CONFLICT', CONSULTATION_VERSION_CONFLICT_MESSAGE);
const invalid = (path: string, message: string) => new AppError('VALIDATION_ERROR', message, [{ path, message }]);

/** Completed years on `date`; the same rule as the patient record's ageYears (29 Feb birthdays on 1 Mar). */
function ageOn(birthDate: string | null, date: string): number | null {
  if (!birthDate || birthDate > date) return null;
  const years = Number(date.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return date.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

/** The pregnancy under way on the consultation date, if the record has one. */
function pregnancyOn(pregnancies: PregnancyRow[], date: string): PregnancyRow | undefined {
  return pregnancies.find((p) => p.last_menstrual_period <= date && (p.end_date === null || p.end_date >= date));
}

const num = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));

function emptyMeasurementColumns(): MeasurementColumns {
  const columns = [...ANTHROPOMETRY_MEASUREMENT_COLUMNS, ...SKINFOLD_MEASUREMENT_COLUMNS, ...GIRTH_MEASUREMENT_COLUMNS];
  return Object.fromEntries(columns.map((c) => [c, null])) as MeasurementColumns;
}

function applyMeasurementChanges(row: ConsultationRow, changes: MeasurementChanges): ConsultationRow {
  return { ...row, ...changes.anthropometry, ...changes.skinfolds, ...changes.girths } as ConsultationRow;
}

/** b − a for every numeric leaf of the same shape; null when either side is null. */
function subtract<T>(a: T, b: T): T {
  if (typeof a === 'number' && typeof b === 'number') return (b - a) as T;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(a)) out[key] = subtract((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]);
    return out as T;
  }
  return null as T;
}

const DELTA_DERIVED_KEYS = [
  'bmi',
  'bmrKcal',
  'energyRequirementKcal',
  'sumSixSkinfoldsMm',
  'bodyFatPercent',
  'fatMassKg',
  'leanMassKg',
  'skeletalMuscleMassKg',
  'skeletalMusclePercent',
  'boneMassKg',
  'boneMassPercent',
  'residualMassKg',
  'muscleMassKg',
  'armMuscleAreaCm2',
  'armFatAreaCm2',
  'idealWeightKg',
] as const;

/** The somatochart point of a visit, only when all three components (and so x and y) are known. */
function somatochartPoint(s: Derived['somatotype']): { x: number; y: number } | null {
  return s && s.x !== null && s.y !== null ? { x: s.x, y: s.y } : null;
}

const NO_SOMATOTYPE = { endomorphy: null, mesomorphy: null, ectomorphy: null, x: null, y: null };

export function createConsultationsService(deps: ConsultationsServiceDeps) {
  const { db, clock } = deps;

  async function pregnanciesOf(executor: Executor, scope: Scope, patientId: string): Promise<PregnancyRow[]> {
    const rows = await executor
      .selectFrom('pregnancies')
      .select(['last_menstrual_period', 'pre_gestational_weight_kg', 'end_date'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .orderBy('last_menstrual_period', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, pre_gestational_weight_kg: num(r.pre_gestational_weight_kg) }));
  }

  /** The consultation as answered: stored fields, measurements, and everything derived on read. */
  function present(row: ConsultationRow, patient: PatientView, pregnancies: PregnancyRow[]): Consultation {
    const fields = consultationFields(row);
    const measurements = toMeasurements(row);
    const sex = patient.sex;
    const patientTypeId = Number(patient.type_id);
    const ageYears = ageOn(patient.birth_date, row.date);
    const recorded = pregnancyOn(pregnancies, row.date);
    const entered = fields.pregnancy.lastMenstrualPeriod !== null || fields.pregnancy.preGestationalWeightKg !== null;
    // What was entered at the consultation wins, field by field, over the pregnancy record.
    const lastMenstrualPeriod = fields.pregnancy.lastMenstrualPeriod ?? recorded?.last_menstrual_period ?? null;
    const preGestationalWeightKg = fields.pregnancy.preGestationalWeightKg ?? recorded?.pre_gestational_weight_kg ?? null;
    const expected = pregnancyExpected(sex, patientTypeId, recorded !== undefined, entered);
    const { derived, missing } = calculate({
      sex,
      ageYears,
      patientTypeId,
      activityFactor: fields.activityFactor,
      raceTerm: fields.raceTerm,
      measurements,
      pregnancy: expected ? { lastMenstrualPeriod, preWeightKg: preGestationalWeightKg, today: row.date } : null,
      growth: { birthDate: patient.birth_date, date: row.date, measuredLying: fields.measuredLying, oedema: fields.oedema },
    });
    return {
      id: row.id,
      patientId: row.patient_id,
      ...fields,
      measurements,
      basis: {
        sex,
        ageYears,
        patientTypeId,
        lastMenstrualPeriod: expected ? lastMenstrualPeriod : null,
        preGestationalWeightKg: expected ? preGestationalWeightKg : null,
        pregnancySource: !expected ? null : entered ? 'consultation' : recorded ? 'pregnancy-record' : null,
      },
      derived,
      missing,
      warnings: warningsFor({
        heightCm: measurements.heightCm,
        locationId: row.location_id,
        pregnancyExpected: expected,
        lastMenstrualPeriod,
        preGestationalWeightKg,
      }),
      version: Number(row.version),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** Derived values kept next to the measurements for statistics queries (never read back by the API). */
  function snapshotColumns(calculation: Pick<Calculation, 'derived'>) {
    const d = calculation.derived;
    return {
      snapshot_bmi: d.bmi,
      snapshot_bmi_category: d.bmiCategory,
      snapshot_body_fat_percent: d.bodyFatPercent,
      snapshot_bmr_kcal: d.bmrKcal,
      snapshot_energy_requirement_kcal: d.energyRequirementKcal,
      snapshot_muscle_mass_kg: d.muscleMassKg,
    };
  }

  /** Audit form of a consultation: its fields and measurements under the API's names. */
  const auditView = (c: Consultation) => {
    const { appointmentId, locationId, serviceId, date, time, note, summaryNote, activityFactor, raceTerm, measuredLying, oedema, sendSummaryEmail, pregnancy, measurements } = c;
    return { appointmentId, locationId, serviceId, date, time, note, summaryNote, activityFactor, raceTerm, measuredLying, oedema, sendSummaryEmail, pregnancy, measurements };
  };

  async function assertNotFuture(executor: Executor, scope: Scope, date: string, timeZone?: string): Promise<void> {
    const zone = resolveTimeZone(timeZone ?? (await repo.nutritionist(executor, scope))?.time_zone);
    if (date > localDateOf(clock.now(), zone)) throw invalid('date', 'La fecha de la consulta no puede ser futura.');
  }

  /**
   * The FUM entered at a consultation, against that consultation's date: not after it, and at most 44 weeks
   * before it (PREGNANCY_MAX_OPEN_DAYS, the longest pregnancy the record follows), so a FUM of 2999 or of
   * ten years ago never becomes a gestational age.
   */
  function assertLmpFits(lmp: string | null | undefined, consultationDate: string): void {
    if (!lmp) return;
    const path = 'pregnancy.lastMenstrualPeriod';
    if (lmp > consultationDate) throw invalid(path, 'La FUM no puede ser posterior a la fecha de la consulta.');
    if (lmp < addDays(consultationDate, -PREGNANCY_MAX_OPEN_DAYS)) throw invalid(path, 'La FUM no puede ser de más de 44 semanas antes de la consulta.');
  }

  async function requireConsultation(executor: Executor, scope: Scope, id: string): Promise<ConsultationRow> {
    const row = await repo.findById(executor, scope, id);
    if (!row) throw consultationNotFound();
    return row;
  }

  /**
   * Checks the place, service and appointment ids the request sent (404 when not the tenant's; 409 when the
   * appointment already has another consultation) and fills a missing place and service from the
   * appointment, and a missing place from the service.
   */
  async function resolveReferences(
    trx: Transaction<DB>,
    scope: Scope,
    patientId: string,
    consultationId: string,
    refs: { locationId: string | null; serviceId: string | null; appointmentId: string | null },
    check: { location: boolean; service: boolean; appointment: boolean },
  ) {
    let { locationId, serviceId } = refs;
    if (refs.appointmentId && check.appointment) {
      const appointment = await repo.findAppointment(trx, scope, refs.appointmentId);
      if (!appointment || appointment.patient_id !== patientId) throw notFound('No encontramos ese turno de este paciente.');
      if (appointment.consultation_id && appointment.consultation_id !== consultationId) {
        throw new AppError('CONFLICT', 'Ese turno ya tiene una consulta registrada.', { consultationId: appointment.consultation_id });
      }
      if (!locationId) {
        locationId = appointment.location_id;
        serviceId = serviceId ?? appointment.service_id;
      }
    }
    if (serviceId && check.service) {
      const service = await repo.findService(trx, scope, serviceId);
      if (!service || (locationId && service.location_id !== locationId)) throw notFound('No encontramos ese servicio en ese lugar de atención.');
      locationId = locationId ?? service.location_id;
    }
    if (locationId && check.location && !(await repo.findLocation(trx, scope, locationId))) {
      throw notFound('No encontramos ese lugar de atención.');
    }
    return { locationId, serviceId };
  }

  /**
   * After any write: the patient's last visit is the newest consultation's date and time (as an instant in
   * the nutritionist's zone, or null when none is left), and a height measured at the newest consultation
   * that has one becomes the record's height (audited as a change of the patient).
   */
  async function refreshPatient(trx: Transaction<DB>, actor: Actor, patient: PatientView, heightFrom: string | null, now: string) {
    const latest = await repo.latestVisit(trx, actor, patient.id);
    const lastVisitAt = latest
      ? localTimeToInstant(latest.date, parseTimeOfDay(latest.time), resolveTimeZone(patient.time_zone)).instant.toISOString()
      : null;
    if (lastVisitAt !== patient.last_visit_at) await repo.setPatientLastVisit(trx, actor, patient.id, lastVisitAt);
    if (!heightFrom) return;
    const height = await repo.latestHeight(trx, actor, patient.id);
    const heightCm = num(height?.height_cm);
    const previous = num(patient.height_cm);
    if (height?.consultation_id === heightFrom && heightCm !== null && heightCm !== previous) {
      await repo.setPatientHeight(trx, actor, patient.id, heightCm, now);
      await writeAudit(
        trx,
        actor,
        [{ patientId: patient.id, entity: 'patient', entityId: patient.id, action: 'update', changes: { heightCm: { from: previous, to: heightCm }, source: 'consultation' } }],
        now,
      );
    }
  }

  async function sendSummary(consultation: Consultation, patient: PatientView, scope: Scope): Promise<SummaryEmailStatus> {
    if (!consultation.sendSummaryEmail) return { requested: false, queued: false, reason: 'NOT_REQUESTED' };
    if (!patient.email) return { requested: true, queued: false, reason: 'NO_PATIENT_EMAIL' };
    if (!deps.mailer) return { requested: true, queued: false, reason: 'SEND_FAILED' };
    try {
      const nutritionist = await repo.nutritionist(db, scope);
      const nutritionistName = nutritionist ? `${nutritionist.first_name} ${nutritionist.last_name}`.trim() : 'tu nutricionista';
      await deps.mailer.send(summaryEmail({ to: patient.email, patientFirstName: patient.first_name, nutritionistName, consultation }));
      return { requested: true, queued: true, reason: null };
    } catch (error) {
      deps.log?.error({ err: error, consultationId: consultation.id }, 'consultation summary email could not be queued');
      return { requested: true, queued: false, reason: 'SEND_FAILED' };
    }
  }

  /** Every consultation of a readable patient, newest first, as answered. */
  async function presentAll(scope: Scope, patientId: string): Promise<{ patient: PatientView; consultations: Consultation[] }> {
    const patient = await requirePatient(db, scope, patientId, clock.now(), 'read');
    const [rows, pregnancies] = await Promise.all([repo.listByPatient(db, scope, patientId), pregnanciesOf(db, scope, patientId)]);
    return { patient, consultations: rows.map((row) => present(row, patient, pregnancies)) };
  }

  async function getOne(scope: Scope, id: string): Promise<Consultation> {
    const row = await requireConsultation(db, scope, id);
    const patient = await requirePatient(db, scope, row.patient_id, clock.now(), 'read');
    return present(row, patient, await pregnanciesOf(db, scope, row.patient_id));
  }

  return {
    /** The live preview of the new-consultation form: same domain code, nothing saved. */
    async calculate(scope: Scope, input: AnthropometryCalculateInput): Promise<AnthropometryCalculateResponse> {
      if (!(await repo.patientTypeExists(db, input.patientTypeId))) throw invalid('patientTypeId', 'Tipo de paciente desconocido.');
      const zone = resolveTimeZone((await repo.nutritionist(db, scope))?.time_zone);
      const date = input.date ?? localDateOf(clock.now(), zone);
      const lastMenstrualPeriod = input.pregnancy?.lastMenstrualPeriod ?? null;
      if (input.date !== undefined && input.date !== null && input.date > localDateOf(clock.now(), zone)) throw invalid('date', 'La fecha de la consulta no puede ser futura.');
      assertLmpFits(lastMenstrualPeriod, date);
      const preGestationalWeightKg = input.pregnancy?.preGestationalWeightKg ?? null;
      const expected = pregnancyExpected(input.sex, input.patientTypeId, false, input.pregnancy !== undefined && input.pregnancy !== null);
      const { derived, missing } = calculate({
        sex: input.sex,
        ageYears: input.ageYears,
        patientTypeId: input.patientTypeId,
        activityFactor: input.activityFactor ?? null,
        raceTerm: input.raceTerm ?? null,
        measurements: input.measurements,
        pregnancy: expected ? { lastMenstrualPeriod, preWeightKg: preGestationalWeightKg, today: date } : null,
        growth: { birthDate: input.birthDate ?? null, date, measuredLying: input.measuredLying ?? null, oedema: input.oedema ?? false },
      });
      const warnings = warningsFor({
        heightCm: input.measurements.heightCm,
        locationId: input.locationId,
        pregnancyExpected: expected,
        lastMenstrualPeriod,
        preGestationalWeightKg,
      });
      return { derived, missing, warnings };
    },

    async create(actor: Actor, patientId: string, input: CreateConsultationInput): Promise<CreateConsultationResponse> {
      const now = clock.now();
      const at = now.toISOString();
      const id = newId();
      const { consultation, patient } = await db.transaction().execute(async (trx) => {
        await repo.lockPatient(trx, actor, patientId);
        const patient = await requirePatient(trx, actor, patientId, now, 'write');
        await assertNotFuture(trx, actor, input.date, patient.time_zone);
        assertLmpFits(input.pregnancy?.lastMenstrualPeriod, input.date);
        const refs = await resolveReferences(
          trx,
          actor,
          patientId,
          id,
          { locationId: input.locationId ?? null, serviceId: input.serviceId ?? null, appointmentId: input.appointmentId ?? null },
          // What the request sent is checked; what comes from the appointment is already the tenant's.
          { location: Boolean(input.locationId), service: Boolean(input.serviceId), appointment: true },
        );
        const row: ConsultationsTable = {
          id,
          nutritionist_id: actor.nutritionistId,
          patient_id: patientId,
          appointment_id: input.appointmentId ?? null,
          location_id: refs.locationId,
          service_id: refs.serviceId,
          date: input.date,
          time: input.time,
          note: input.note ?? null,
          summary_note: input.summaryNote ?? null,
          activity_factor: input.activityFactor ?? null,
          race_term: input.raceTerm ?? null,
          measured_lying: input.measuredLying === undefined || input.measuredLying === null ? null : input.measuredLying ? 1 : 0,
          oedema: input.oedema ? 1 : 0,
          send_summary_email: input.sendSummaryEmail ? 1 : 0,
          pregnancy_last_menstrual_period: input.pregnancy?.lastMenstrualPeriod ?? null,
          pregnancy_pre_weight_kg: input.pregnancy?.preGestationalWeightKg ?? null,
          version: 1,
          created_at: at,
          updated_at: at,
        };
        const changes = measurementColumnsOf(input.measurements);
        const full = applyMeasurementChanges({ ...row, ...emptyMeasurementColumns() }, changes);
        const consultation = present(full, patient, await pregnanciesOf(trx, actor, patientId));
        const owned = { nutritionist_id: actor.nutritionistId, patient_id: patientId, consultation_id: id, created_at: at, updated_at: at };
        await repo.insert(trx, {
          consultation: row,
          anthropometry: { id: newId(), ...owned, ...changes.anthropometry, ...snapshotColumns(consultation) },
          skinfolds: { id: newId(), ...owned, ...changes.skinfolds },
          girths: { id: newId(), ...owned, ...changes.girths },
        });
        if (row.appointment_id && !(await repo.linkAppointment(trx, actor, row.appointment_id, id, at))) {
          throw new AppError('CONFLICT', 'Ese turno ya tiene una consulta registrada.');
        }
        await refreshPatient(trx, actor, patient, consultation.measurements.heightCm !== null ? id : null, at);
        // A new patient (a booking request) becomes one of hers with her first consultation: the visit happened.
        if (Number(patient.is_new) === 1 && (await repo.clearNewFlag(trx, actor, patientId, at))) {
          await writeAudit(trx, actor, [{ patientId, entity: 'patient', entityId: patientId, action: 'update', changes: { isNew: { from: 1, to: 0 }, source: 'consultation' } }], at);
        }
        await writeAudit(trx, actor, [{ patientId, entity: CONSULTATION_ENTITY, entityId: id, action: 'create', changes: auditView(consultation) }], at);
        return { consultation, patient };
      });
      // Only after the commit: an email must never announce a consultation that was rolled back.
      const summaryEmailStatus = await sendSummary(consultation, patient, actor);
      return { ...consultation, summaryEmail: summaryEmailStatus };
    },

    get: getOne,

    async list(scope: Scope, patientId: string): Promise<ConsultationList> {
      const { patient, consultations } = await presentAll(scope, patientId);
      const withHeight = consultations.find((c) => c.measurements.heightCm !== null);
      return {
        items: consultations.map((c) => ({
          id: c.id,
          date: c.date,
          time: c.time,
          locationId: c.locationId,
          serviceId: c.serviceId,
          appointmentId: c.appointmentId,
          note: c.note,
          weightKg: c.measurements.weightKg,
          heightCm: c.measurements.heightCm,
          bmi: c.derived.bmi,
          bmiCategory: c.derived.bmiCategory,
          bodyFatPercent: c.derived.bodyFatPercent,
          energyRequirementKcal: c.derived.energyRequirementKcal,
          bmrKcal: c.derived.bmrKcal,
          version: c.version,
        })),
        lastHeightCm: withHeight?.measurements.heightCm ?? num(patient.height_cm),
      };
    },

    async latestMeasurements(scope: Scope, patientId: string): Promise<LatestMeasurements> {
      const { patient, consultations } = await presentAll(scope, patientId);
      const latest = consultations[0];
      const withHeight = consultations.find((c) => c.measurements.heightCm !== null);
      return {
        consultationId: latest?.id ?? null,
        date: latest?.date ?? null,
        measurements: latest?.measurements ?? null,
        lastHeightCm: withHeight?.measurements.heightCm ?? num(patient.height_cm),
      };
    },

    async evolution(scope: Scope, patientId: string): Promise<Evolution> {
      const { consultations } = await presentAll(scope, patientId);
      return {
        points: [...consultations].reverse().map((c) => ({
          consultationId: c.id,
          date: c.date,
          time: c.time,
          weightKg: c.measurements.weightKg,
          bmi: c.derived.bmi,
          bodyFatPercent: c.derived.bodyFatPercent,
          sumSixSkinfoldsMm: c.derived.sumSixSkinfoldsMm,
          waistCm: c.measurements.girthsCm.waist,
          muscleMassKg: c.derived.muscleMassKg,
          visceralFat: c.measurements.bioimpedance.visceralFat,
          visceralFatKg: c.measurements.bioimpedance.visceralFatKg,
          totalWaterPercent: c.measurements.bioimpedance.totalWaterPercent,
          totalWaterKg: c.measurements.bioimpedance.totalWaterKg,
          somatotype: somatochartPoint(c.derived.somatotype),
          heightCm: c.measurements.heightCm,
          headCircumferenceCm: c.measurements.girthsCm.head,
          measuredLying: c.measuredLying,
          growth: c.derived.growth ?? null,
        })),
      };
    },

    async compare(scope: Scope, aId: string, bId: string): Promise<ConsultationComparison> {
      const [aRow, bRow] = [await requireConsultation(db, scope, aId), await requireConsultation(db, scope, bId)];
      if (aRow.patient_id !== bRow.patient_id) {
        throw new AppError('DOMAIN_RULE', 'Solo puedes comparar consultas del mismo paciente.', { reason: 'DIFFERENT_PATIENTS' });
      }
      const patient = await requirePatient(db, scope, aRow.patient_id, clock.now(), 'read');
      const pregnancies = await pregnanciesOf(db, scope, aRow.patient_id);
      const a = present(aRow, patient, pregnancies);
      const b = present(bRow, patient, pregnancies);
      const derived = Object.fromEntries(DELTA_DERIVED_KEYS.map((k) => [k, subtract(a.derived[k], b.derived[k])])) as Record<
        (typeof DELTA_DERIVED_KEYS)[number],
        number | null
      >;
      return {
        a,
        b,
        daysBetween: Math.round((Date.parse(`${b.date}T00:00:00Z`) - Date.parse(`${a.date}T00:00:00Z`)) / 86_400_000),
        deltas: {
          measurements: subtract<Measurements>(a.measurements, b.measurements),
          derived: { ...derived, somatotype: subtract(a.derived.somatotype ?? NO_SOMATOTYPE, b.derived.somatotype ?? NO_SOMATOTYPE) },
        },
      };
    },

    async update(actor: Actor, id: string, input: UpdateConsultationInput): Promise<Consultation> {
      const now = clock.now();
      const at = now.toISOString();
      const { patient_id: patientId } = await requireConsultation(db, actor, id);
      const updated = await db.transaction().execute(async (trx) => {
        await repo.lockPatient(trx, actor, patientId);
        const current = await requireConsultation(trx, actor, id);
        const patient = await requirePatient(trx, actor, patientId, now, 'write');
        if (Number(current.version) !== input.version) throw versionConflict();
        if (input.date !== undefined) await assertNotFuture(trx, actor, input.date, patient.time_zone);
        // The FUM kept at this visit must still fit when either the FUM or the date changes.
        const lmpAfter = input.pregnancy === null ? null : input.pregnancy?.lastMenstrualPeriod !== undefined ? input.pregnancy.lastMenstrualPeriod : current.pregnancy_last_menstrual_period;
        if (input.date !== undefined || input.pregnancy?.lastMenstrualPeriod) assertLmpFits(lmpAfter, input.date ?? current.date);
        const pregnancies = await pregnanciesOf(trx, actor, patientId);

        const changes: Partial<ConsultationsTable> = {};
        if (input.date !== undefined) changes.date = input.date;
        if (input.time !== undefined) changes.time = input.time;
        if (input.note !== undefined) changes.note = input.note;
        if (input.summaryNote !== undefined) changes.summary_note = input.summaryNote;
        if (input.activityFactor !== undefined) changes.activity_factor = input.activityFactor;
        if (input.raceTerm !== undefined) changes.race_term = input.raceTerm;
        if (input.measuredLying !== undefined) changes.measured_lying = input.measuredLying === null ? null : input.measuredLying ? 1 : 0;
        if (input.oedema !== undefined) changes.oedema = input.oedema ? 1 : 0;
        if (input.pregnancy === null) {
          changes.pregnancy_last_menstrual_period = null;
          changes.pregnancy_pre_weight_kg = null;
        } else if (input.pregnancy) {
          if (input.pregnancy.lastMenstrualPeriod !== undefined) changes.pregnancy_last_menstrual_period = input.pregnancy.lastMenstrualPeriod;
          if (input.pregnancy.preGestationalWeightKg !== undefined) changes.pregnancy_pre_weight_kg = input.pregnancy.preGestationalWeightKg;
        }
        const appointmentChanged = input.appointmentId !== undefined && input.appointmentId !== current.appointment_id;
        const locationChanged = input.locationId !== undefined && input.locationId !== current.location_id;
        const serviceChanged = input.serviceId !== undefined && input.serviceId !== current.service_id;
        if (appointmentChanged || locationChanged || serviceChanged) {
          const refs = await resolveReferences(
            trx,
            actor,
            patientId,
            id,
            {
              locationId: input.locationId !== undefined ? input.locationId : current.location_id,
              serviceId: input.serviceId !== undefined ? input.serviceId : current.service_id,
              appointmentId: input.appointmentId !== undefined ? input.appointmentId : current.appointment_id,
            },
            { location: locationChanged, service: serviceChanged, appointment: appointmentChanged },
          );
          if (appointmentChanged) changes.appointment_id = input.appointmentId ?? null;
          if (refs.locationId !== current.location_id) changes.location_id = refs.locationId;
          if (refs.serviceId !== current.service_id) changes.service_id = refs.serviceId;
        }
        const measurementChanges = measurementColumnsOf(input.measurements);

        const before = present(current, patient, pregnancies);
        const next = applyMeasurementChanges({ ...current, ...changes }, measurementChanges);
        const after = present(next, patient, pregnancies);
        const changed = diff(flatten(auditView(before)), flatten(auditView(after)));
        if (!changed) return before;

        changes.updated_at = at;
        if (!(await repo.update(trx, actor, id, input.version, changes))) throw versionConflict();
        await repo.updateAnthropometry(trx, actor, id, { ...measurementChanges.anthropometry, ...snapshotColumns(after), updated_at: at });
        if (Object.keys(measurementChanges.skinfolds).length > 0) await repo.updateSkinfolds(trx, actor, id, { ...measurementChanges.skinfolds, updated_at: at });
        if (Object.keys(measurementChanges.girths).length > 0) await repo.updateGirths(trx, actor, id, { ...measurementChanges.girths, updated_at: at });
        if (appointmentChanged) {
          if (current.appointment_id) await repo.unlinkAppointment(trx, actor, current.appointment_id, id, at);
          if (input.appointmentId && !(await repo.linkAppointment(trx, actor, input.appointmentId, id, at))) {
            throw new AppError('CONFLICT', 'Ese turno ya tiene una consulta registrada.');
          }
        }
        const heightTouched = measurementChanges.anthropometry.height_cm !== undefined || changes.date !== undefined || changes.time !== undefined;
        await refreshPatient(trx, actor, patient, heightTouched ? id : null, at);
        await writeAudit(trx, actor, [{ patientId, entity: CONSULTATION_ENTITY, entityId: id, action: 'update', changes: changed }], at);
        return present(await requireConsultation(trx, actor, id), patient, pregnancies);
      });
      return updated;
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const now = clock.now();
      const at = now.toISOString();
      const { patient_id: patientId } = await requireConsultation(db, actor, id);
      await db.transaction().execute(async (trx) => {
        await repo.lockPatient(trx, actor, patientId);
        const current = await requireConsultation(trx, actor, id);
        const patient = await requirePatient(trx, actor, patientId, now, 'write');
        const removed = present(current, patient, await pregnanciesOf(trx, actor, patientId));
        if (current.appointment_id) await repo.unlinkAppointment(trx, actor, current.appointment_id, id, at);
        if (!(await repo.remove(trx, actor, id))) throw consultationNotFound();
        await refreshPatient(trx, actor, patient, null, at);
        await writeAudit(trx, actor, [{ patientId, entity: CONSULTATION_ENTITY, entityId: id, action: 'delete', changes: auditView(removed) }], at);
      });
    },

    /** Every consultation of the patient, for the per-patient export (Ley 25.326). */
    async exportForPatient(scope: Scope, patientId: string): Promise<Consultation[]> {
      return (await presentAll(scope, patientId)).consultations;
    },
  };
}

export type ConsultationsService = ReturnType<typeof createConsultationsService>;
