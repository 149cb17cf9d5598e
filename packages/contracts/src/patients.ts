// Patients and the clinical record: personal data, patient types, pregnancy follow-up, pathological
// background, habits, lab results, reminders, physical activity, referral options, CSV/XLSX import, the
// audit history and the per-patient export (Ley 25.326 access right). Requests parse with these schemas on the server; the web
// reuses them for its forms, so every message is the Spanish text the user sees.
import { z } from 'zod';
import { calendarDate, decimalQueryInteger, idSchema, isoInstantSchema, optionalWebLinkSchema } from './common.js';
import { PATIENT_IMPORT_FIELDS } from './patient-import-fields.js';

// ---------------------------------------------------------------------------------------------------
// Shared field builders
// ---------------------------------------------------------------------------------------------------

/** A calendar date 'YYYY-MM-DD' (the shared calendarDate schema); the UI shows it as dd-mm-yyyy. */
export const dateField = (label: string) => calendarDate(label);

const tooLong = (max: number) => ({ error: `Es demasiado largo (máximo ${max} caracteres).` });

/** Optional free text: trimmed; '' and null both clear the field (stored as null). */
const optionalText = (max: number) =>
  z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, tooLong(max))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Ingresa ${label}.` })
    .trim()
    .min(1, { error: `Ingresa ${label}.` })
    .max(max, tooLong(max));

const optionalDate = (label: string) => dateField(label).nullable().optional();

/**
 * The latest calendar date anywhere on Earth right now (UTC+14). A birth date after it is in the future
 * in every time zone, so the schema can refuse it together with every other field error, in one answer;
 * the service still checks the exact day in the practice's own time zone (and with the injected clock).
 */
function latestDateOnEarth(): string {
  return new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
}
/** A date that cannot be in the future: refused with `futureMessage` together with the other field errors. */
export const pastDateField = (label: string, futureMessage: string) =>
  dateField(label).refine((value) => value <= latestDateOnEarth(), { error: futureMessage });

const FUTURE_BIRTH_DATE = 'La fecha de nacimiento no puede ser una fecha futura.';
const birthDateField = pastDateField('la fecha de nacimiento', FUTURE_BIRTH_DATE).nullable().optional();

const phoneText = (max: number) =>
  z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, tooLong(max))
    .regex(/^[0-9+()\-.\s]*$/, { error: 'Usa solo números, espacios y los signos + - ( ).' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const numberIn = (label: string, min: number, max: number, unit = '') =>
  z
    .number({ error: `${label} debe ser un número.` })
    .min(min, { error: `${label} debe estar entre ${min} y ${max}${unit}.` })
    .max(max, { error: `${label} debe estar entre ${min} y ${max}${unit}.` });

const integerIn = (label: string, min: number, max: number) =>
  numberIn(label, min, max).int({ error: `${label} debe ser un número entero.` });

const versionField = z
  .number({ error: 'Falta la versión que estás editando (version).' })
  .int({ error: 'La versión debe ser un número entero.' })
  .min(0, { error: 'La versión no es válida.' });

// ---------------------------------------------------------------------------------------------------
// Patient types (catalogue)
// ---------------------------------------------------------------------------------------------------

/** Genérico: the type of a patient when none (or one outside 1..99) is given (seed 1 section 5). */
export const DEFAULT_PATIENT_TYPE_ID = 14;
export const PATIENT_TYPE_ID_MIN = 1;
export const PATIENT_TYPE_ID_MAX = 99;
/** Embarazo in the catalogue; informative only, it does not open or require a pregnancy record. */
export const PREGNANCY_PATIENT_TYPE_ID = 1;

export const patientTypeSchema = z.object({
  id: z.number().int(),
  /** Spanish (es-AR) name, the spec's TPa_Nombre_es_AR. */
  name: z.string(),
  nameEn: z.string(),
});
export type PatientType = z.infer<typeof patientTypeSchema>;
export const patientTypeListSchema = z.array(patientTypeSchema);

/** A type id outside 1..99 becomes Genérico (14), as the original client did before sending it. */
export function normalizePatientTypeId(id: number): number {
  return id < PATIENT_TYPE_ID_MIN || id > PATIENT_TYPE_ID_MAX ? DEFAULT_PATIENT_TYPE_ID : id;
}

// ---------------------------------------------------------------------------------------------------
// Patient
// ---------------------------------------------------------------------------------------------------

export const patientSexSchema = z.enum(['m', 'f'], { error: "El sexo debe ser 'm' (masculino) o 'f' (femenino)." });
export type PatientSex = z.infer<typeof patientSexSchema>;

export const PATIENT_HEIGHT_CM_MIN = 30;
export const PATIENT_HEIGHT_CM_MAX = 272;

const emailField = z
  .string({ error: 'Debe ser un texto.' })
  .trim()
  .toLowerCase()
  .max(254, tooLong(254))
  .refine((v) => v === '' || z.regexes.email.test(v), { error: 'Ingresa un correo electrónico válido.' })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/**
 * A patient type the catalogue holds: the service checks the id exists ("Tipo de paciente desconocido.").
 * The spec's "outside 1..99 is sent as 14" is the client's rule (the web only offers catalogue ids) and the
 * importer's for legacy spreadsheets; the API itself never turns a wrong id into Genérico.
 */
const typeIdField = z
  .number({ error: 'El tipo de paciente debe ser un número.' })
  .int({ error: 'El tipo de paciente debe ser un número entero.' });

/** Every editable patient field, all optional: the create schema makes the names required. */
const patientFields = {
  firstName: requiredText('el nombre', 80),
  lastName: requiredText('el apellido', 80),
  birthDate: birthDateField,
  sex: patientSexSchema.nullable().optional(),
  documentNumber: optionalText(20),
  phone: phoneText(30),
  mobileAreaCode: phoneText(8),
  mobileNumber: phoneText(20),
  address: optionalText(200),
  province: optionalText(80),
  city: optionalText(80),
  email: emailField,
  /** Obra social / prepaga. */
  healthInsurance: optionalText(120),
  /** Member number in the health insurance. */
  memberNumber: optionalText(40),
  profession: optionalText(120),
  reasonForConsultation: optionalText(2000),
  goal: optionalText(2000),
  /** Free text; the nutritionist's referral options (GET /referral-options) are suggestions. */
  referredBy: optionalText(120),
  /** First day of treatment; defaults to today (the nutritionist's time zone) on create. */
  startDate: optionalDate('la fecha de inicio'),
  /** Place of care id: one of the nutritionist's places (GET /locations); the server checks it. */
  locationId: z.string({ error: 'Debe ser un texto.' }).trim().max(64, tooLong(64)).transform((v) => (v === '' ? null : v)).nullable().optional(),
  /** Patient type (catalogue id); outside 1..99 it becomes 14, an unknown id inside 1..99 is rejected. */
  typeId: typeIdField.optional(),
  heightCm: numberIn('La talla', PATIENT_HEIGHT_CM_MIN, PATIENT_HEIGHT_CM_MAX, ' cm').nullable().optional(),
  website: optionalWebLinkSchema(300),
  /** The spec's Pac_Nuevo: a new (pending) patient is left out of the main list. */
  isNew: z.boolean({ error: 'Debe ser verdadero o falso.' }).optional(),
  /** The spec's Pac_DePrueba: a test patient (hidden from chat contacts). */
  isTest: z.boolean({ error: 'Debe ser verdadero o falso.' }).optional(),
  /** true: the appointment-reminder emails are not sent to this patient. */
  remindersOptOut: z.boolean({ error: 'Debe ser verdadero o falso.' }).optional(),
  /** The patient agreed to receive the practice's news by email (the mailing export respects it). */
  newsConsent: z.boolean({ error: 'Debe ser verdadero o falso.' }).optional(),
};

export const createPatientRequestSchema = z.object(patientFields);
export type CreatePatientRequest = z.input<typeof createPatientRequestSchema>;
export type CreatePatientInput = z.output<typeof createPatientRequestSchema>;

const { firstName: firstNameField, lastName: lastNameField, ...optionalPatientFields } = patientFields;

/** PATCH: only the fields sent change; null clears a field. `version` is the one the form loaded. */
export const updatePatientRequestSchema = z.object({
  ...optionalPatientFields,
  firstName: firstNameField.optional(),
  lastName: lastNameField.optional(),
  version: versionField.min(1, { error: 'La versión no es válida.' }),
});
export type UpdatePatientRequest = z.input<typeof updatePatientRequestSchema>;
export type UpdatePatientInput = z.output<typeof updatePatientRequestSchema>;

export const patientSchema = z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().nullable(),
  /** Whole years from birthDate to today in the nutritionist's time zone. */
  ageYears: z.number().int().nullable(),
  sex: patientSexSchema.nullable(),
  documentNumber: z.string().nullable(),
  phone: z.string().nullable(),
  mobileAreaCode: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  address: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  healthInsurance: z.string().nullable(),
  memberNumber: z.string().nullable(),
  profession: z.string().nullable(),
  reasonForConsultation: z.string().nullable(),
  goal: z.string().nullable(),
  referredBy: z.string().nullable(),
  startDate: z.string().nullable(),
  locationId: z.string().nullable(),
  typeId: z.number().int(),
  heightCm: z.number().nullable(),
  website: z.string().nullable(),
  isNew: z.boolean(),
  isTest: z.boolean(),
  /** The patient asked not to get appointment-reminder emails. */
  remindersOptOut: z.boolean(),
  /** The patient agreed to receive the practice's news by email; false until the record says so. */
  newsConsent: z.boolean(),
  /**
   * '/api/v1/patients/{id}/photo?v={version}&t={token}' or null. The token lets an <img> load the photo
   * without a bearer header; it is valid for 1 to 2 hours, so refetch the patient to get a fresh URL.
   */
  photoUrl: z.string().nullable(),
  /** Has an open pregnancy record. */
  pregnant: z.boolean(),
  version: z.number().int(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
  deletedAt: isoInstantSchema.nullable(),
  lastVisitAt: isoInstantSchema.nullable(),
});
export type Patient = z.infer<typeof patientSchema>;

export const PATIENT_LIST_MAX_LIMIT = 100;
export const PATIENT_LIST_DEFAULT_LIMIT = 20;
/** Deleted patients stay in the trash (and can be restored) this many days. */
export const PATIENT_TRASH_DAYS = 30;

export const patientListStatusSchema = z.enum(['active', 'new', 'deleted'], {
  error: "El estado debe ser 'active', 'new' o 'deleted'.",
});
export const patientListSortSchema = z.enum(['name', 'lastVisit'], { error: "El orden debe ser 'name' o 'lastVisit'." });

export const patientListQuerySchema = z.object({
  /** Case- and accent-insensitive; every word must appear in the first name, last name or email. */
  q: z.string().trim().max(100, tooLong(100)).optional(),
  locationId: z.string().trim().max(64, tooLong(64)).optional(),
  /** active (default): neither new nor deleted · new: only new · deleted: the trash (last 30 days). */
  status: patientListStatusSchema.default('active'),
  /** name (default): last name, first name · lastVisit: most recent visit first, never-seen last. */
  sort: patientListSortSchema.default('name'),
  page: decimalQueryInteger(z.coerce
    .number({ error: 'La página debe ser un número.' })
    .int({ error: 'La página debe ser un número entero.' })
    .min(1, { error: 'La página empieza en 1.' })
    .max(100_000, { error: 'La página no es válida.' })
    .default(1)),
  limit: decimalQueryInteger(z.coerce
    .number({ error: 'El límite debe ser un número.' })
    .int({ error: 'El límite debe ser un número entero.' })
    .min(1, { error: `El límite debe estar entre 1 y ${PATIENT_LIST_MAX_LIMIT}.` })
    .max(PATIENT_LIST_MAX_LIMIT, { error: `El límite debe estar entre 1 y ${PATIENT_LIST_MAX_LIMIT}.` })
    .default(PATIENT_LIST_DEFAULT_LIMIT)),
});
export type PatientListQuery = z.input<typeof patientListQuerySchema>;

export const patientListResponseSchema = z.object({
  items: z.array(patientSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PatientListResponse = z.infer<typeof patientListResponseSchema>;

/** Message shown when the patient changed since the form loaded it (409 CONFLICT). */
export const PATIENT_VERSION_CONFLICT_MESSAGE = 'Otra persona o pestaña modificó este paciente. Recarga para ver los cambios.';

// ---------------------------------------------------------------------------------------------------
// Photo
// ---------------------------------------------------------------------------------------------------

export const PATIENT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The stored photo fits in this square (WebP, metadata stripped). */
export const PATIENT_PHOTO_MAX_SIDE = 512;
/** Multipart field name of PUT /patients/{id}/photo. */
export const PATIENT_PHOTO_FIELD = 'photo';

// ---------------------------------------------------------------------------------------------------
// Pregnancy
// ---------------------------------------------------------------------------------------------------

const weightKg = (label: string) => numberIn(label, 20, 300, ' kg');

export const pregnancyOutcomeSchema = z.enum(['birth', 'loss', 'other'], {
  error: "El resultado debe ser 'birth' (nacimiento), 'loss' (pérdida) u 'other'.",
});
export type PregnancyOutcome = z.infer<typeof pregnancyOutcomeSchema>;

/** An open pregnancy's last menstrual period can be at most this many days before today. */
export const PREGNANCY_MAX_OPEN_DAYS = 44 * 7;

// Future dates are refused by the schema (with every other error at once); the service repeats the exact
// check in the practice's time zone and checks the rules that need stored data (FUM before the end…).
const lmpField = pastDateField('la fecha de última menstruación (FUM)', 'La FUM no puede ser una fecha futura.');

export const startPregnancyRequestSchema = z.object({
  /** FUM (fecha de última menstruación), the spec's Pac_Fum_Fur. */
  lastMenstrualPeriod: lmpField,
  preGestationalWeightKg: weightKg('El peso pregestacional').nullable().optional(),
  notes: optionalText(2000),
});
export type StartPregnancyRequest = z.input<typeof startPregnancyRequestSchema>;

export const updatePregnancyRequestSchema = z.object({
  lastMenstrualPeriod: lmpField.optional(),
  preGestationalWeightKg: weightKg('El peso pregestacional').nullable().optional(),
  notes: optionalText(2000),
  /** Only for a finished pregnancy. */
  outcome: pregnancyOutcomeSchema.nullable().optional(),
});
export type UpdatePregnancyRequest = z.input<typeof updatePregnancyRequestSchema>;

export const finishPregnancyRequestSchema = z.object({
  endDate: pastDateField('la fecha de finalización', 'La fecha de finalización no puede ser una fecha futura.'),
  outcome: pregnancyOutcomeSchema.nullable().optional(),
  notes: optionalText(2000),
});
export type FinishPregnancyRequest = z.input<typeof finishPregnancyRequestSchema>;

export const pregnancyWeightRequestSchema = z.object({
  date: pastDateField('la fecha del peso', 'La fecha del peso no puede ser una fecha futura.'),
  weightKg: weightKg('El peso'),
});
export type PregnancyWeightRequest = z.input<typeof pregnancyWeightRequestSchema>;

export const pregnancyWeightSchema = z.object({
  id: idSchema,
  date: z.string(),
  weightKg: z.number(),
  /** weightKg − pre-gestational weight, when that is known. */
  gainKg: z.number().nullable(),
  /** Completed weeks of gestation on that date. */
  gestationalWeek: z.number().int(),
});
export type PregnancyWeight = z.infer<typeof pregnancyWeightSchema>;

export const pregnancySchema = z.object({
  id: idSchema,
  patientId: idSchema,
  status: z.enum(['open', 'finished']),
  lastMenstrualPeriod: z.string(),
  /** Naegele: LMP + 280 days (ACOG Committee Opinion 700). */
  dueDate: z.string(),
  /** Completed weeks on today's date (open) or on the end date (finished). */
  gestationalWeek: z.number().int(),
  /** Days past the completed weeks, 0–6. */
  gestationalDays: z.number().int(),
  preGestationalWeightKg: z.number().nullable(),
  /** From the pre-gestational weight and the patient's height, when both are known. */
  preGestationalBmi: z.number().nullable(),
  /** IOM 2009 recommended total gain for that BMI (singleton pregnancy). */
  recommendedGainKg: z.object({ min: z.number(), max: z.number() }).nullable(),
  notes: z.string().nullable(),
  endDate: z.string().nullable(),
  outcome: pregnancyOutcomeSchema.nullable(),
  weights: z.array(pregnancyWeightSchema),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type Pregnancy = z.infer<typeof pregnancySchema>;
export const pregnancyListSchema = z.array(pregnancySchema);

// ---------------------------------------------------------------------------------------------------
// Pathological background (antecedentes patológicos): one document per patient
// ---------------------------------------------------------------------------------------------------

/**
 * Conditions asked in a first nutrition consultation, as yes/no checks. Each one changes the plan
 * (carbohydrate distribution, sodium, fats, gluten, protein, iron…); details go in the free texts.
 */
export const BACKGROUND_CONDITIONS = [
  'diabetes',
  'hypertension',
  'dyslipidemia',
  'thyroidDisease',
  'celiacDisease',
  'kidneyDisease',
  'liverDisease',
  'cardiovascularDisease',
  'gastrointestinalDisease',
  'anemia',
  'eatingDisorder',
  'polycysticOvarySyndrome',
  'osteoporosis',
  'cancer',
] as const;
export type BackgroundCondition = (typeof BACKGROUND_CONDITIONS)[number];

const conditionsShape = Object.fromEntries(
  BACKGROUND_CONDITIONS.map((c) => [c, z.boolean({ error: 'Debe ser verdadero o falso.' })]),
) as Record<BackgroundCondition, z.ZodBoolean>;

const backgroundTexts = {
  /** Other diagnosed diseases. */
  diseases: optionalText(2000),
  surgeries: optionalText(2000),
  medications: optionalText(2000),
  /** Allergies (food and drug). */
  allergies: optionalText(2000),
  foodIntolerances: optionalText(2000),
  familyHistory: optionalText(2000),
  notes: optionalText(4000),
};

/** PUT replaces the whole document: a condition not sent is false, a text not sent is empty. */
export const updateBackgroundRequestSchema = z.object({
  /** Version of the document you loaded (0 when it was never saved). */
  version: versionField,
  conditions: z.object(conditionsShape).partial().optional(),
  ...backgroundTexts,
});
export type UpdateBackgroundRequest = z.input<typeof updateBackgroundRequestSchema>;

export const backgroundSchema = z.object({
  patientId: idSchema,
  conditions: z.object(conditionsShape),
  diseases: z.string().nullable(),
  surgeries: z.string().nullable(),
  medications: z.string().nullable(),
  allergies: z.string().nullable(),
  foodIntolerances: z.string().nullable(),
  familyHistory: z.string().nullable(),
  notes: z.string().nullable(),
  /** 0 while never saved. */
  version: z.number().int(),
  updatedAt: isoInstantSchema.nullable(),
});
export type Background = z.infer<typeof backgroundSchema>;

// ---------------------------------------------------------------------------------------------------
// Habits: one document per patient
// ---------------------------------------------------------------------------------------------------

export const alcoholFrequencySchema = z.enum(['none', 'occasional', 'weekly', 'daily'], {
  error: "El consumo de alcohol debe ser 'none', 'occasional', 'weekly' o 'daily'.",
});
export const smokingStatusSchema = z.enum(['never', 'former', 'current'], {
  error: "El tabaquismo debe ser 'never', 'former' o 'current'.",
});
export const appetiteSchema = z.enum(['low', 'normal', 'high'], { error: "El apetito debe ser 'low', 'normal' o 'high'." });

const habitsFields = {
  mealsPerDay: integerIn('La cantidad de comidas por día', 1, 12).nullable().optional(),
  waterLitersPerDay: numberIn('El agua por día', 0, 10, ' litros').nullable().optional(),
  sleepHoursPerDay: numberIn('La cantidad de horas de sueño', 0, 24).nullable().optional(),
  bowelMovementsPerWeek: integerIn('La cantidad de deposiciones por semana', 0, 50).nullable().optional(),
  alcohol: alcoholFrequencySchema.nullable().optional(),
  smoking: smokingStatusSchema.nullable().optional(),
  cigarettesPerDay: integerIn('La cantidad de cigarrillos por día', 0, 100).nullable().optional(),
  /** Cups of coffee, mate cebado counts as the nutritionist decides (write it in notes). */
  caffeineCupsPerDay: integerIn('La cantidad de tazas de café por día', 0, 30).nullable().optional(),
  appetite: appetiteSchema.nullable().optional(),
  /** Who cooks at home. */
  whoCooks: optionalText(120),
  eatsOutPerWeek: integerIn('La cantidad de comidas fuera de casa por semana', 0, 21).nullable().optional(),
  notes: optionalText(4000),
};

/** PUT replaces the whole document: a field not sent becomes empty. */
export const updateHabitsRequestSchema = z.object({ version: versionField, ...habitsFields });
export type UpdateHabitsRequest = z.input<typeof updateHabitsRequestSchema>;

export const habitsSchema = z.object({
  patientId: idSchema,
  mealsPerDay: z.number().int().nullable(),
  waterLitersPerDay: z.number().nullable(),
  sleepHoursPerDay: z.number().nullable(),
  bowelMovementsPerWeek: z.number().int().nullable(),
  alcohol: alcoholFrequencySchema.nullable(),
  smoking: smokingStatusSchema.nullable(),
  cigarettesPerDay: z.number().int().nullable(),
  caffeineCupsPerDay: z.number().int().nullable(),
  appetite: appetiteSchema.nullable(),
  whoCooks: z.string().nullable(),
  eatsOutPerWeek: z.number().int().nullable(),
  notes: z.string().nullable(),
  version: z.number().int(),
  updatedAt: isoInstantSchema.nullable(),
});
export type Habits = z.infer<typeof habitsSchema>;

// ---------------------------------------------------------------------------------------------------
// Lab results (the analyte catalogue, plain data: lab-analytes.ts)
// ---------------------------------------------------------------------------------------------------

const labValue = (label: string) =>
  z
    .number({ error: (issue) => (issue.input == null ? `Ingresa ${label.toLowerCase()}.` : `${label} debe ser un número.`) })
    .min(-1_000_000, { error: `${label} no es válido.` })
    .max(1_000_000, { error: `${label} no es válido.` });

const labFields = {
  date: pastDateField('la fecha del análisis', 'La fecha del análisis no puede ser una fecha futura.'),
  /** Free text; LAB_ANALYTES lists suggestions with default unit and range. */
  analyte: requiredText('el análisis', 80),
  value: labValue('El valor'),
  /** Omitted: the catalogue's unit for a known analyte. */
  unit: optionalText(20),
  /** Omitted: the catalogue's adult range (by the patient's sex) for a known analyte; null: no bound. */
  referenceMin: labValue('El mínimo de referencia').nullable().optional(),
  referenceMax: labValue('El máximo de referencia').nullable().optional(),
  notes: optionalText(2000),
};

const rangeIsOrdered = (v: { referenceMin?: number | null; referenceMax?: number | null }) =>
  v.referenceMin == null || v.referenceMax == null || v.referenceMin <= v.referenceMax;
/**
 * The range check runs even when other fields have errors (zod skips object refinements otherwise, which
 * reported it one round later), but only once both bounds are valid numbers or absent.
 */
const rangeMessage = {
  error: 'El mínimo de referencia no puede ser mayor que el máximo.',
  path: ['referenceMax'],
  // `when` runs even when the body is not an object at all (null, an array of nothing): only then read it.
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => issue.path?.[0] === 'referenceMin' || issue.path?.[0] === 'referenceMax'),
};

export const createLabResultRequestSchema = z.object(labFields).refine(rangeIsOrdered, rangeMessage);
export type CreateLabResultRequest = z.input<typeof createLabResultRequestSchema>;

export const updateLabResultRequestSchema = z
  .object({
    date: labFields.date.optional(),
    analyte: labFields.analyte.optional(),
    value: labFields.value.optional(),
    unit: labFields.unit,
    referenceMin: labFields.referenceMin,
    referenceMax: labFields.referenceMax,
    notes: labFields.notes,
  })
  .refine(rangeIsOrdered, rangeMessage);
export type UpdateLabResultRequest = z.input<typeof updateLabResultRequestSchema>;

export const labResultListQuerySchema = z.object({
  /** Only results of this analyte (case- and accent-insensitive exact name). */
  analyte: z.string().trim().max(80, tooLong(80)).optional(),
});

export const labResultSchema = z.object({
  id: idSchema,
  patientId: idSchema,
  date: z.string(),
  analyte: z.string(),
  value: z.number(),
  unit: z.string().nullable(),
  referenceMin: z.number().nullable(),
  referenceMax: z.number().nullable(),
  /** Below referenceMin → 'low', above referenceMax → 'high'. */
  outOfRange: z.enum(['low', 'high']).nullable(),
  notes: z.string().nullable(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type LabResult = z.infer<typeof labResultSchema>;
export const labResultListSchema = z.array(labResultSchema);

// ---------------------------------------------------------------------------------------------------
// Reminders
// ---------------------------------------------------------------------------------------------------

export const createReminderRequestSchema = z.object({
  text: requiredText('el recordatorio', 500),
  dueDate: optionalDate('la fecha del recordatorio'),
  done: z.boolean({ error: 'Debe ser verdadero o falso.' }).optional(),
});
export type CreateReminderRequest = z.input<typeof createReminderRequestSchema>;

export const updateReminderRequestSchema = z.object({
  text: requiredText('el recordatorio', 500).optional(),
  dueDate: optionalDate('la fecha del recordatorio'),
  done: z.boolean({ error: 'Debe ser verdadero o falso.' }).optional(),
});
export type UpdateReminderRequest = z.input<typeof updateReminderRequestSchema>;

export const reminderSchema = z.object({
  id: idSchema,
  patientId: idSchema,
  text: z.string(),
  dueDate: z.string().nullable(),
  done: z.boolean(),
  doneAt: isoInstantSchema.nullable(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type Reminder = z.infer<typeof reminderSchema>;
export const reminderListSchema = z.array(reminderSchema);

// ---------------------------------------------------------------------------------------------------
// Physical activity
// ---------------------------------------------------------------------------------------------------

export const activityIntensitySchema = z.enum(['low', 'moderate', 'high'], {
  error: "La intensidad debe ser 'low', 'moderate' o 'high'.",
});
export type ActivityIntensity = z.infer<typeof activityIntensitySchema>;

const activityFields = {
  activity: requiredText('la actividad', 120),
  frequencyPerWeek: integerIn('La cantidad de veces por semana', 0, 14),
  durationMinutes: integerIn('La duración', 1, 600),
  intensity: activityIntensitySchema,
  notes: optionalText(2000),
};

export const createActivityRequestSchema = z.object(activityFields);
export type CreateActivityRequest = z.input<typeof createActivityRequestSchema>;

export const updateActivityRequestSchema = z.object({
  activity: activityFields.activity.optional(),
  frequencyPerWeek: activityFields.frequencyPerWeek.optional(),
  durationMinutes: activityFields.durationMinutes.optional(),
  intensity: activityFields.intensity.optional(),
  notes: activityFields.notes,
});
export type UpdateActivityRequest = z.input<typeof updateActivityRequestSchema>;

export const activitySchema = z.object({
  id: idSchema,
  patientId: idSchema,
  activity: z.string(),
  frequencyPerWeek: z.number().int(),
  durationMinutes: z.number().int(),
  intensity: activityIntensitySchema,
  /** frequencyPerWeek × durationMinutes. */
  weeklyMinutes: z.number().int(),
  notes: z.string().nullable(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = z.array(activitySchema);

// ---------------------------------------------------------------------------------------------------
// Referral options (how patients found the practice)
// ---------------------------------------------------------------------------------------------------

export const DEFAULT_REFERRAL_OPTIONS = [
  'Instagram',
  'Facebook',
  'Google',
  'Recomendación de un paciente',
  'Médico derivante',
  'Obra social',
  'Sitio web',
  'Otro',
] as const;
export const REFERRAL_OPTIONS_MAX = 50;

export const referralOptionsSchema = z.object({ options: z.array(z.string()) });
export type ReferralOptions = z.infer<typeof referralOptionsSchema>;

export const updateReferralOptionsRequestSchema = z.object({
  options: z
    .array(requiredText('la opción', 120), { error: 'Envía la lista de opciones.' })
    .max(REFERRAL_OPTIONS_MAX, { error: `Como máximo ${REFERRAL_OPTIONS_MAX} opciones.` })
    .refine((list) => new Set(list.map((o) => o.toLocaleLowerCase('es'))).size === list.length, {
      error: 'Hay opciones repetidas.',
    }),
});
export type UpdateReferralOptionsRequest = z.input<typeof updateReferralOptionsRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Import (CSV or XLSX)
// ---------------------------------------------------------------------------------------------------

export const PATIENT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const PATIENT_IMPORT_MAX_ROWS = 5000;
/** Multipart field name of POST /patients/import. */
export const PATIENT_IMPORT_FIELD = 'file';
/** Rows of the file shown in the dry run's preview. */
export const PATIENT_IMPORT_PREVIEW_ROWS = 10;

export const patientImportFieldSchema = z.enum(PATIENT_IMPORT_FIELDS, { error: 'El campo elegido para una columna no existe.' });
export type PatientImportField = z.infer<typeof patientImportFieldSchema>;

/**
 * The field each column of the file feeds, in file order (null ignores the column). Sent as JSON in the
 * `mapping` query parameter; without it the server recognises the headers on its own.
 */
export const patientImportMappingSchema = z
  .array(patientImportFieldSchema.nullable(), { error: 'La asignación de columnas debe ser una lista.' })
  .max(200, { error: 'El archivo tiene demasiadas columnas.' })
  .refine((fields) => new Set(fields.filter((f) => f !== null)).size === fields.filter((f) => f !== null).length, {
    error: 'Asignaste el mismo campo a dos columnas.',
  });
export type PatientImportMapping = z.infer<typeof patientImportMappingSchema>;

export const patientImportQuerySchema = z.object({
  /** true: validate and report, save nothing. */
  dryRun: z
    .enum(['true', 'false', '1', '0'], { error: "dryRun debe ser 'true' o 'false'." })
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  /** JSON array: see patientImportMappingSchema. */
  mapping: z
    .string()
    .max(10_000, tooLong(10_000))
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'La asignación de columnas no es un JSON válido.' });
        return z.NEVER;
      }
    })
    .pipe(patientImportMappingSchema)
    .optional(),
});

export const patientImportColumnSchema = z.object({
  /** The header as written in the file. */
  header: z.string(),
  /** The field this column feeds, or null when it is ignored. */
  field: patientImportFieldSchema.nullable(),
  /** The field recognised from the header alone (legacy Pac_* names, ours, or Spanish). */
  detectedField: patientImportFieldSchema.nullable(),
});
export type PatientImportColumn = z.infer<typeof patientImportColumnSchema>;

export const patientImportReportSchema = z.object({
  dryRun: z.boolean(),
  format: z.enum(['csv', 'xlsx']),
  /** Every column of the file, in order, with the field it feeds. */
  columns: z.array(patientImportColumnSchema),
  /** The first rows of the file as read (one text per column), whatever their validity. */
  preview: z.array(
    z.object({
      /** 1-based line (CSV) or row (XLSX) number in the file. */
      row: z.number().int(),
      cells: z.array(z.string()),
      valid: z.boolean(),
    }),
  ),
  /**
   * Required fields no column feeds (firstName, lastName). A dry run answers them so the nutritionist can
   * map the columns (no row is validated meanwhile); a real import with any of them missing is a 400.
   */
  missingFields: z.array(patientImportFieldSchema),
  /** Data rows read (the header not counted). */
  rows: z.number().int(),
  /** Rows that passed validation. */
  valid: z.number().int(),
  /** Rows saved: `valid` on a real import, 0 on a dry run. */
  imported: z.number().int(),
  /** Ids of the patients created, in file order (empty on a dry run). */
  createdIds: z.array(idSchema),
  rejected: z.array(
    z.object({
      /** 1-based line (CSV) or row (XLSX) number in the file (the header is 1). */
      row: z.number().int(),
      errors: z.array(z.object({ field: z.string(), message: z.string() })),
    }),
  ),
  /** Header names that feed no patient field (their values are ignored). */
  ignoredColumns: z.array(z.string()),
});
export type PatientImportReport = z.infer<typeof patientImportReportSchema>;

// ---------------------------------------------------------------------------------------------------
// Export (Ley 25.326, right of access)
// ---------------------------------------------------------------------------------------------------

export const auditEntrySchema = z.object({
  id: idSchema,
  userId: z.string().nullable(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  changes: z.unknown(),
  createdAt: isoInstantSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const PATIENT_AUDIT_DEFAULT_LIMIT = 20;
export const PATIENT_AUDIT_MAX_LIMIT = 100;

export const patientAuditQuerySchema = z.object({
  page: patientListQuerySchema.shape.page,
  limit: decimalQueryInteger(z.coerce
    .number({ error: 'El límite debe ser un número.' })
    .int({ error: 'El límite debe ser un número entero.' })
    .min(1, { error: `El límite debe estar entre 1 y ${PATIENT_AUDIT_MAX_LIMIT}.` })
    .max(PATIENT_AUDIT_MAX_LIMIT, { error: `El límite debe estar entre 1 y ${PATIENT_AUDIT_MAX_LIMIT}.` })
    .default(PATIENT_AUDIT_DEFAULT_LIMIT)),
});

/** One row of the record's change history (GET /patients/{id}/audit), newest first. */
export const patientAuditItemSchema = auditEntrySchema.extend({
  /** Who did it: the nutritionist's name, or the account's email when it has no name. */
  actorName: z.string().nullable(),
  /** The fields (camelCase, as in the API) the action set or changed; empty when it names none. */
  fields: z.array(z.string()),
});
export type PatientAuditItem = z.infer<typeof patientAuditItemSchema>;

export const patientAuditPageSchema = z.object({
  items: z.array(patientAuditItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PatientAuditPage = z.infer<typeof patientAuditPageSchema>;

/** The clinical-record part of the per-patient export; patient-export.ts adds the consultations. */
export const patientRecordExportSchema = z.object({
  format: z.literal('almendra.patient-export.v1'),
  exportedAt: isoInstantSchema,
  patient: patientSchema,
  pregnancies: pregnancyListSchema,
  background: backgroundSchema,
  habits: habitsSchema,
  labResults: labResultListSchema,
  reminders: reminderListSchema,
  activities: activityListSchema,
  /** Who created, changed, deleted or exported what in this clinical record, oldest first. */
  auditLog: z.array(auditEntrySchema),
});
