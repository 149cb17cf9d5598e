// Consultations and anthropometry: the measurements a nutritionist takes at a visit (weight, height,
// skinfolds, girths, breadths, bioimpedance), the values derived from them by packages/domain, the
// history and evolution of a patient, the comparison of two visits, and the stateless calculator the
// new-consultation form uses for its live preview. Every message is the Spanish text the user sees.
import { z } from 'zod';
import { calendarDate, idSchema, isoInstantSchema } from './common.js';
import { growthAssessmentSchema } from './growth.js';

// ---------------------------------------------------------------------------------------------------
// Field builders
// ---------------------------------------------------------------------------------------------------

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const tooLong = (max: number) => ({ error: `Es demasiado largo (máximo ${max} caracteres).` });

/** 0.5 → '0,5': numbers in messages are written the Argentine way. */
const es = (value: number) => String(value).replace('.', ',');

/**
 * An optional measurement: a JSON number inside a plausible range, or null (not measured / clear it).
 * Text such as "72,5" is rejected with the field's own message instead of being guessed at.
 */
const measure = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${label} debe ser un número.` })
    .min(min, { error: `${label} debe estar entre ${es(min)} y ${es(max)} ${unit}.` })
    .max(max, { error: `${label} debe estar entre ${es(min)} y ${es(max)} ${unit}.` })
    .nullable()
    .optional();

const consultationDateField = calendarDate('la fecha de la consulta');

const optionalCalendarDate = (label: string) => calendarDate(label).nullable().optional();

const timeField = z.string({ error: 'Ingresa la hora de la consulta.' }).trim().regex(TIME_OF_DAY, {
  error: 'Usa el formato de hora HH:mm (00:00 a 23:59).',
});

const optionalText = (max: number) =>
  z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, tooLong(max))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Place, service or appointment id; '' means none. */
const optionalId = z
  .string({ error: 'Debe ser un texto.' })
  .trim()
  .max(64, tooLong(64))
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

// ---------------------------------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------------------------------

/**
 * Skinfold sites (mm). `thigh` is the ISAK front thigh; `calf` is the ISAK medial calf (the spec's
 * Gemelo) used by the six-site sum, Heath-Carter and Lee; `leg` is the spec's Pierna, kept as measured
 * but used by no formula.
 */
export const SKINFOLD_SITES = [
  'triceps',
  'biceps',
  'subscapular',
  'axillary',
  'pectoral',
  'suprailiac',
  'supraspinale',
  'abdominal',
  'thigh',
  'leg',
  'calf',
] as const;
export type SkinfoldSite = (typeof SKINFOLD_SITES)[number];

export const GIRTH_SITES = [
  'neck',
  'chest',
  'waist',
  'hip',
  'glute',
  'thigh',
  'knee',
  'calf',
  'shoulders',
  'armRelaxed',
  'armFlexed',
  'forearm',
  'wrist',
  'abdomen',
  'ankle',
  /** Head circumference: assessed with the WHO standards under 5 years. */
  'head',
] as const;
export type GirthSite = (typeof GIRTH_SITES)[number];

/** Bone breadths (cm): biepicondylar humerus, bicondylar femur, bistyloid wrist. */
export const BREADTH_SITES = ['humerus', 'femur', 'wrist'] as const;
export type BreadthSite = (typeof BREADTH_SITES)[number];

/** Values read from a bioimpedance scale; stored as measured, never mixed into the skinfold formulas. */
export const BIOIMPEDANCE_FIELDS = [
  'fatPercent',
  'visceralFat',
  /** Visceral fat mass in kg, for devices that report a mass instead of (or besides) a level (the spec's Ant_GrasaVisceral_kg). */
  'visceralFatKg',
  'totalWaterPercent',
  /** Total body water in kg (≈ litres) as the device reports it (the spec's Ant_AguaTotal_kg). */
  'totalWaterKg',
  'muscleMassKg',
  'deviceBmrKcal',
] as const;
export type BioimpedanceField = (typeof BIOIMPEDANCE_FIELDS)[number];

/** Body-level measurements besides the groups. */
/**
 * The BMI range a weight and a height measured together must fall in. The lowest adult BMIs reported in
 * severe anorexia nervosa are around 7–8 kg/m² and the highest in extreme obesity about 105; infants sit
 * between 10 and 20. Outside 7–120 the pair cannot describe a person.
 */
export const PLAUSIBLE_BMI = { min: 7, max: 120 } as const;

export const BODY_MEASUREMENT_FIELDS = ['weightKg', 'heightCm', 'usualWeightKg', 'targetWeightKg'] as const;
export type BodyMeasurementField = (typeof BODY_MEASUREMENT_FIELDS)[number];

/** Plausible ranges: wide enough for any patient, narrow enough to catch a unit or typing mistake. */
export const MEASUREMENT_RANGES = {
  weightKg: { min: 0.5, max: 400 },
  heightCm: { min: 40, max: 272 },
  skinfoldMm: { min: 1, max: 80 },
  girthCm: { min: 5, max: 250 },
  breadthCm: { min: 1, max: 30 },
  fatPercent: { min: 1, max: 75 },
  visceralFat: { min: 1, max: 60 },
  visceralFatKg: { min: 0.1, max: 30 },
  totalWaterPercent: { min: 20, max: 80 },
  totalWaterKg: { min: 1, max: 200 },
  muscleMassKg: { min: 1, max: 200 },
  deviceBmrKcal: { min: 300, max: 6000 },
  activityFactor: { min: 1, max: 2.5 },
} as const;

const R = MEASUREMENT_RANGES;
const skinfold = (label: string) => measure(`El pliegue ${label}`, R.skinfoldMm.min, R.skinfoldMm.max, 'mm');
const girth = (label: string) => measure(`El perímetro ${label}`, R.girthCm.min, R.girthCm.max, 'cm');
const breadth = (label: string) => measure(`El diámetro ${label}`, R.breadthCm.min, R.breadthCm.max, 'cm');

const skinfoldShape = {
  triceps: skinfold('tricipital'),
  biceps: skinfold('bicipital'),
  subscapular: skinfold('subescapular'),
  axillary: skinfold('axilar'),
  pectoral: skinfold('pectoral'),
  suprailiac: skinfold('suprailíaco'),
  supraspinale: skinfold('supraespinal'),
  abdominal: skinfold('abdominal'),
  thigh: skinfold('del muslo'),
  leg: skinfold('de la pierna'),
  calf: skinfold('del gemelo (pantorrilla medial)'),
} satisfies Record<SkinfoldSite, z.ZodType>;

const girthShape = {
  neck: girth('del cuello'),
  chest: girth('del tórax (busto)'),
  waist: girth('de la cintura'),
  hip: girth('de la cadera'),
  glute: girth('del glúteo'),
  thigh: girth('del muslo'),
  knee: girth('de la rodilla'),
  calf: girth('de la pantorrilla'),
  shoulders: girth('de los hombros'),
  armRelaxed: girth('del brazo relajado'),
  armFlexed: girth('del brazo contraído'),
  forearm: girth('del antebrazo'),
  wrist: girth('de la muñeca'),
  abdomen: girth('del abdomen'),
  ankle: girth('del tobillo'),
  head: girth('cefálico'),
} satisfies Record<GirthSite, z.ZodType>;

const breadthShape = {
  humerus: breadth('del húmero'),
  femur: breadth('del fémur'),
  wrist: breadth('de la muñeca'),
} satisfies Record<BreadthSite, z.ZodType>;

const bioimpedanceShape = {
  fatPercent: measure('El porcentaje de grasa (bioimpedancia)', R.fatPercent.min, R.fatPercent.max, '%'),
  visceralFat: measure('El nivel de grasa visceral', R.visceralFat.min, R.visceralFat.max, ''),
  visceralFatKg: measure('La grasa visceral', R.visceralFatKg.min, R.visceralFatKg.max, 'kg'),
  totalWaterPercent: measure('El agua corporal total', R.totalWaterPercent.min, R.totalWaterPercent.max, '%'),
  totalWaterKg: measure('El agua corporal total', R.totalWaterKg.min, R.totalWaterKg.max, 'kg'),
  muscleMassKg: measure('La masa muscular (bioimpedancia)', R.muscleMassKg.min, R.muscleMassKg.max, 'kg'),
  deviceBmrKcal: measure('El metabolismo basal del equipo', R.deviceBmrKcal.min, R.deviceBmrKcal.max, 'kcal'),
} satisfies Record<BioimpedanceField, z.ZodType>;

// Unknown keys are rejected (not dropped): a misspelt site must not silently lose a measurement.
const group = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject(shape, { error: 'Debe ser un objeto con medidas.' }).nullable().optional();

/**
 * Every measurement is optional. On create, absent and null both mean "not measured". On PATCH, an
 * absent field keeps its stored value and null clears it (groups merge field by field).
 */
export const measurementsInputSchema = z.strictObject(
  {
    weightKg: measure('El peso', R.weightKg.min, R.weightKg.max, 'kg'),
    heightCm: measure('La talla', R.heightCm.min, R.heightCm.max, 'cm'),
    /** The spec's Ant_PesoHabitual. */
    usualWeightKg: measure('El peso habitual', R.weightKg.min, R.weightKg.max, 'kg'),
    /** The spec's Ant_PesoObjetivo. */
    targetWeightKg: measure('El peso objetivo', R.weightKg.min, R.weightKg.max, 'kg'),
    skinfoldsMm: group(skinfoldShape),
    girthsCm: group(girthShape),
    breadthsCm: group(breadthShape),
    bioimpedance: group(bioimpedanceShape),
  },
  { error: 'Envía las medidas como un objeto.' },
).superRefine((m, ctx) => {
  // Each value can be within its own range and the pair still impossible (0,5 kg at 272 cm is a BMI of
  // 0,07): a BMI outside what has ever been measured in a person is a typing mistake in one of the two.
  if (typeof m.weightKg !== 'number' || typeof m.heightCm !== 'number') return;
  const bmi = m.weightKg / (m.heightCm / 100) ** 2;
  if (bmi >= PLAUSIBLE_BMI.min && bmi <= PLAUSIBLE_BMI.max) return;
  const message = `El peso y la talla juntos no son posibles (IMC ${bmi.toFixed(2).replace('.', ',')}): revisa los dos valores.`;
  ctx.addIssue({ code: 'custom', message, path: ['weightKg'] });
  ctx.addIssue({ code: 'custom', message, path: ['heightCm'] });
});
export type MeasurementsRequest = z.input<typeof measurementsInputSchema>;
export type MeasurementsInput = z.output<typeof measurementsInputSchema>;

const nullableNumbers = <K extends string>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().nullable()])) as Record<K, z.ZodNullable<z.ZodNumber>>);

/** Stored measurements as answered: every key present, null when not measured. */
export const measurementsSchema = z.object({
  weightKg: z.number().nullable(),
  heightCm: z.number().nullable(),
  usualWeightKg: z.number().nullable(),
  targetWeightKg: z.number().nullable(),
  skinfoldsMm: nullableNumbers(SKINFOLD_SITES),
  girthsCm: nullableNumbers(GIRTH_SITES),
  breadthsCm: nullableNumbers(BREADTH_SITES),
  bioimpedance: nullableNumbers(BIOIMPEDANCE_FIELDS),
});
export type Measurements = z.infer<typeof measurementsSchema>;

// ---------------------------------------------------------------------------------------------------
// Calculation inputs shared by the calculator and consultations
// ---------------------------------------------------------------------------------------------------

/** Lee et al. (2000) ethnicity term: 0 white/Hispanic (default), −2 Asian, 1.1 African American. */
export const raceTermSchema = z.union([z.literal(0), z.literal(-2), z.literal(1.1)], {
  error: 'El término étnico debe ser 0, -2 o 1,1.',
});
export type RaceTerm = z.infer<typeof raceTermSchema>;

/** How the length/height was measured (the WHO's 0.7 cm correction): true lying, false standing, null not recorded. */
const measuredLyingField = z.boolean({ error: 'Debe ser verdadero o falso.' }).nullable().optional();
/** Bilateral pitting oedema (children): the WHO's weight-based indicators are then not interpreted. Absent: no. */
const oedemaField = z.boolean({ error: 'El edema debe ser verdadero o falso.' }).optional();

const activityFactorField = z
  .number({ error: 'El factor de actividad debe ser un número.' })
  .min(R.activityFactor.min, { error: `El factor de actividad debe estar entre 1 y ${es(R.activityFactor.max)}.` })
  .max(R.activityFactor.max, { error: `El factor de actividad debe estar entre 1 y ${es(R.activityFactor.max)}.` })
  .nullable()
  .optional();

/** FUM and pre-pregnancy weight as entered at the consultation (the spec's new-consultation state). */
export const consultationPregnancyInputSchema = z
  .strictObject({
    /** FUM/FUR, 'YYYY-MM-DD'. */
    lastMenstrualPeriod: optionalCalendarDate('la fecha de última menstruación (FUM)'),
    preGestationalWeightKg: measure('El peso pregestacional', 20, 300, 'kg'),
  })
  .nullable()
  .optional();

/** A type of the catalogue (the service answers "Tipo de paciente desconocido." otherwise), as for patients. */
export const patientTypeIdField = z
  .number({ error: 'El tipo de paciente debe ser un número.' })
  .int({ error: 'El tipo de paciente debe ser un número entero.' });

// ---------------------------------------------------------------------------------------------------
// Derived values, missing inputs and warnings
// ---------------------------------------------------------------------------------------------------

export const bmiCategorySchema = z.enum(['underweight', 'normal', 'overweight', 'obesity1', 'obesity2', 'obesity3']);
export type BmiCategoryCode = z.infer<typeof bmiCategorySchema>;

/**
 * Heath-Carter components, each computed as soon as its own inputs are present (null otherwise); the
 * somatochart point needs all three and is null until then. The whole object is null when no component
 * can be computed.
 */
export const somatotypeSchema = z.object({
  endomorphy: z.number().nullable(),
  mesomorphy: z.number().nullable(),
  ectomorphy: z.number().nullable(),
  /** Somatochart X = ecto − endo. */
  x: z.number().nullable(),
  /** Somatochart Y = 2·meso − (endo + ecto). */
  y: z.number().nullable(),
});

/**
 * Values computed by packages/domain (computeAnthropometry) from the measurements: unrounded, null when
 * an input is missing (see `missing`). The pregnancy keys appear only when pregnancy data applies.
 */
export const derivedSchema = z.object({
  bmi: z.number().nullable(),
  bmiCategory: bmiCategorySchema.nullable(),
  bmrKcal: z.number().nullable(),
  energyRequirementKcal: z.number().nullable(),
  sumSixSkinfoldsMm: z.number().nullable(),
  bodyFatPercent: z.number().nullable(),
  fatMassKg: z.number().nullable(),
  leanMassKg: z.number().nullable(),
  somatotype: somatotypeSchema.nullable(),
  skeletalMuscleMassKg: z.number().nullable(),
  /** skeletalMuscleMassKg / weight × 100 (the spec's Ant_MasaMuscularEsqueletica_Porcentaje). */
  skeletalMusclePercent: z.number().nullable(),
  boneMassKg: z.number().nullable(),
  /** boneMassKg / weight × 100 (the spec's Ant_MasaOsea_Porcentaje). */
  boneMassPercent: z.number().nullable(),
  residualMassKg: z.number().nullable(),
  muscleMassKg: z.number().nullable(),
  armMuscleAreaCm2: z.number().nullable(),
  armFatAreaCm2: z.number().nullable(),
  /** Adults: 22 × height² (Lemmens, Brodsky & Bernstein 2005), the spec's Ant_PesoIdeal. */
  idealWeightKg: z.number().nullable(),
  /** Equation of energyRequirementKcal: adults Mifflin-St Jeor × activity, under 19 the IOM 2005 EER. */
  energyMethod: z.enum(['mifflinStJeor', 'iom2005']).optional(),
  /** Under 19 at the consultation date: the WHO growth indicators (replace the adult BMI category). */
  growth: growthAssessmentSchema.nullable().optional(),
  /** IOM 2009 recommended total gain for the pre-pregnancy BMI (the spec's Ant_Aumento_Sugerido). */
  suggestedGestationalGainKg: z.object({ min: z.number(), max: z.number() }).nullable().optional(),
  gestationalAge: z.object({ totalDays: z.number(), weeks: z.number(), days: z.number() }).nullable().optional(),
  /** Naegele: FUM + 280 days. */
  dueDate: z.string().nullable().optional(),
});
export type Derived = z.infer<typeof derivedSchema>;

/**
 * Why a derived value is null. Reasons are the domain's (MISSING_WEIGHT, MISSING_HEIGHT, MISSING_AGE,
 * MISSING_SKINFOLDS, MISSING_GIRTHS, MISSING_BREADTHS, FALTA_PESO_CALCULO_MASA_GRASA,
 * MISSING_PRE_PREGNANCY_WEIGHT, MISSING_DATES, INVALID_DATE, INVALID_ACTIVITY_FACTOR, INVALID_RACE_TERM,
 * INCONSISTENT_MEASUREMENTS, NOT_APPLICABLE_SEX) plus MISSING_SEX when the patient's sex is not recorded.
 */
export const missingInputSchema = z.object({
  result: z.string(),
  reason: z.string(),
  /** Dotted input paths, e.g. 'measurements.skinfoldsMm.calf'. */
  inputs: z.array(z.string()),
});
export type MissingInput = z.infer<typeof missingInputSchema>;

export const CONSULTATION_WARNING_CODES = ['MISSING_HEIGHT', 'MISSING_LOCATION', 'MISSING_PREGNANCY_DATA'] as const;
export const consultationWarningCodeSchema = z.enum(CONSULTATION_WARNING_CODES);
export type ConsultationWarningCode = z.infer<typeof consultationWarningCodeSchema>;

/** The spec's new-consultation checks. Saving is still allowed; the form shows them. */
export const consultationWarningSchema = z.object({
  code: consultationWarningCodeSchema,
  message: z.string(),
  /** Input paths the warning is about. */
  fields: z.array(z.string()),
});
export type ConsultationWarning = z.infer<typeof consultationWarningSchema>;

export const CONSULTATION_WARNING_MESSAGES: Readonly<Record<ConsultationWarningCode, string>> = {
  MISSING_HEIGHT: 'Falta la talla: sin ella no se calculan el IMC, el metabolismo basal, el somatotipo ni la masa ósea.',
  MISSING_LOCATION: 'No elegiste el lugar de atención de esta consulta.',
  MISSING_PREGNANCY_DATA:
    'Faltan datos del embarazo (FUM y peso pregestacional): sin ellos no se calculan la edad gestacional ni el aumento de peso sugerido.',
};

// ---------------------------------------------------------------------------------------------------
// Calculator (no saving)
// ---------------------------------------------------------------------------------------------------

export const anthropometryCalculateRequestSchema = z.object({
  sex: z.enum(['m', 'f'], { error: "El sexo debe ser 'm' (masculino) o 'f' (femenino)." }),
  /** Whole years at the consultation date; null when the birth date is unknown. */
  ageYears: z
    .number({ error: 'La edad debe ser un número.' })
    .int({ error: 'La edad debe ser un número entero.' })
    .min(0, { error: 'La edad debe estar entre 0 y 130 años.' })
    .max(130, { error: 'La edad debe estar entre 0 y 130 años.' })
    .nullable(),
  /** 2 = Deportista (athlete body-fat equations); 1 = Embarazo (pregnancy data expected); must be in the catalogue. */
  patientTypeId: patientTypeIdField,
  activityFactor: activityFactorField,
  raceTerm: raceTermSchema.nullable().optional(),
  measuredLying: measuredLyingField,
  oedema: oedemaField,
  measurements: measurementsInputSchema,
  pregnancy: consultationPregnancyInputSchema,
  /** Reference date of the gestational age and of the child's age ('YYYY-MM-DD'); the nutritionist's today when omitted. */
  date: optionalCalendarDate('la fecha de la consulta'),
  /** With it, a person under 19 at `date` is assessed with the WHO growth references (derived.growth). */
  birthDate: optionalCalendarDate('la fecha de nacimiento'),
  /** Only checked for the MISSING_LOCATION warning. */
  locationId: optionalId,
});
export type AnthropometryCalculateRequest = z.input<typeof anthropometryCalculateRequestSchema>;
export type AnthropometryCalculateInput = z.output<typeof anthropometryCalculateRequestSchema>;

export const anthropometryCalculateResponseSchema = z.object({
  derived: derivedSchema,
  missing: z.array(missingInputSchema),
  warnings: z.array(consultationWarningSchema),
});
export type AnthropometryCalculateResponse = z.infer<typeof anthropometryCalculateResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Consultation
// ---------------------------------------------------------------------------------------------------

export const CONSULTATION_NOTE_MAX = 4000;
export const CONSULTATION_SUMMARY_NOTE_MAX = 1000;

export const createConsultationRequestSchema = z.object({
  date: consultationDateField,
  /** 'HH:mm' in the nutritionist's time zone. */
  time: timeField,
  /** Place of care; when omitted and appointmentId is given, the appointment's place. */
  locationId: optionalId,
  serviceId: optionalId,
  /** The appointment this visit attends: it is linked to the consultation and marked completed. */
  appointmentId: optionalId,
  /** Private clinical note (the spec's Con_Nota); never emailed. */
  note: optionalText(CONSULTATION_NOTE_MAX),
  /** "Next steps" text for the patient's summary email; a generic sentence when empty. */
  summaryNote: optionalText(CONSULTATION_SUMMARY_NOTE_MAX),
  activityFactor: activityFactorField,
  raceTerm: raceTermSchema.nullable().optional(),
  measuredLying: measuredLyingField,
  oedema: oedemaField,
  /** Email the patient a short summary after saving (the spec's Con_EnviarCorreo). */
  sendSummaryEmail: z.boolean({ error: 'Debe ser verdadero o falso.' }).optional(),
  measurements: measurementsInputSchema.optional(),
  /** FUM and pre-pregnancy weight; when omitted, those of the patient's open pregnancy record. */
  pregnancy: consultationPregnancyInputSchema,
});
export type CreateConsultationRequest = z.input<typeof createConsultationRequestSchema>;
export type CreateConsultationInput = z.output<typeof createConsultationRequestSchema>;

/** PATCH: only what is sent changes (date/time = the legacy change-consultation-date, note = update-nota). */
export const updateConsultationRequestSchema = z.object({
  version: z
    .number({ error: 'Falta la versión que estás editando (version).' })
    .int({ error: 'La versión debe ser un número entero.' })
    .min(1, { error: 'La versión no es válida.' }),
  date: consultationDateField.optional(),
  time: timeField.optional(),
  locationId: optionalId,
  serviceId: optionalId,
  appointmentId: optionalId,
  note: optionalText(CONSULTATION_NOTE_MAX),
  summaryNote: optionalText(CONSULTATION_SUMMARY_NOTE_MAX),
  activityFactor: activityFactorField,
  raceTerm: raceTermSchema.nullable().optional(),
  measuredLying: measuredLyingField,
  oedema: oedemaField,
  measurements: measurementsInputSchema.optional(),
  pregnancy: consultationPregnancyInputSchema,
});
export type UpdateConsultationRequest = z.input<typeof updateConsultationRequestSchema>;
export type UpdateConsultationInput = z.output<typeof updateConsultationRequestSchema>;

/** Message of the 409 when the consultation changed since it was loaded. */
export const CONSULTATION_VERSION_CONFLICT_MESSAGE = 'Otra persona o pestaña modificó esta consulta. Recarga para ver los cambios.';

/** What the calculation took from the patient's record (at the consultation date). */
export const calculationBasisSchema = z.object({
  sex: z.enum(['m', 'f']).nullable(),
  ageYears: z.number().int().nullable(),
  patientTypeId: z.number().int(),
  /** Pregnancy data used, and whether it came from this consultation or the open pregnancy record. */
  lastMenstrualPeriod: z.string().nullable(),
  preGestationalWeightKg: z.number().nullable(),
  pregnancySource: z.enum(['consultation', 'pregnancy-record']).nullable(),
});

export const consultationSchema = z.object({
  id: idSchema,
  patientId: idSchema,
  appointmentId: z.string().nullable(),
  locationId: z.string().nullable(),
  serviceId: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  note: z.string().nullable(),
  summaryNote: z.string().nullable(),
  activityFactor: z.number().nullable(),
  raceTerm: raceTermSchema.nullable(),
  measuredLying: z.boolean().nullable(),
  /** Bilateral pitting oedema recorded at this visit. */
  oedema: z.boolean(),
  sendSummaryEmail: z.boolean(),
  /** As entered at this consultation (null fields: not entered). */
  pregnancy: z.object({ lastMenstrualPeriod: z.string().nullable(), preGestationalWeightKg: z.number().nullable() }),
  measurements: measurementsSchema,
  basis: calculationBasisSchema,
  derived: derivedSchema,
  missing: z.array(missingInputSchema),
  warnings: z.array(consultationWarningSchema),
  version: z.number().int(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type Consultation = z.infer<typeof consultationSchema>;

export const summaryEmailStatusSchema = z.object({
  requested: z.boolean(),
  /** Written to the outbox (and handed to SMTP when configured). */
  queued: z.boolean(),
  reason: z.enum(['NOT_REQUESTED', 'NO_PATIENT_EMAIL', 'SEND_FAILED']).nullable(),
});
export type SummaryEmailStatus = z.infer<typeof summaryEmailStatusSchema>;

/** Answer of POST /patients/{id}/consultations. */
export const createConsultationResponseSchema = consultationSchema.extend({ summaryEmail: summaryEmailStatusSchema });
export type CreateConsultationResponse = z.infer<typeof createConsultationResponseSchema>;

export const consultationListItemSchema = z.object({
  id: idSchema,
  date: z.string(),
  time: z.string(),
  locationId: z.string().nullable(),
  serviceId: z.string().nullable(),
  appointmentId: z.string().nullable(),
  note: z.string().nullable(),
  weightKg: z.number().nullable(),
  heightCm: z.number().nullable(),
  bmi: z.number().nullable(),
  bmiCategory: bmiCategorySchema.nullable(),
  bodyFatPercent: z.number().nullable(),
  energyRequirementKcal: z.number().nullable(),
  bmrKcal: z.number().nullable(),
  version: z.number().int(),
});
export type ConsultationListItem = z.infer<typeof consultationListItemSchema>;

export const consultationListSchema = z.object({
  /** Newest first. */
  items: z.array(consultationListItemSchema),
  /** Height of the latest consultation that has one, else the record's height: pre-fills the next visit. */
  lastHeightCm: z.number().nullable(),
});
export type ConsultationList = z.infer<typeof consultationListSchema>;

export const latestMeasurementsSchema = z.object({
  /** The newest consultation, or null when there is none. */
  consultationId: z.string().nullable(),
  date: z.string().nullable(),
  measurements: measurementsSchema.nullable(),
  lastHeightCm: z.number().nullable(),
});
export type LatestMeasurements = z.infer<typeof latestMeasurementsSchema>;

export const evolutionPointSchema = z.object({
  consultationId: idSchema,
  date: z.string(),
  time: z.string(),
  weightKg: z.number().nullable(),
  bmi: z.number().nullable(),
  bodyFatPercent: z.number().nullable(),
  sumSixSkinfoldsMm: z.number().nullable(),
  waistCm: z.number().nullable(),
  muscleMassKg: z.number().nullable(),
  /** Bioimpedance readings as measured (null when that visit had none). */
  visceralFat: z.number().nullable(),
  visceralFatKg: z.number().nullable(),
  totalWaterPercent: z.number().nullable(),
  totalWaterKg: z.number().nullable(),
  somatotype: z.object({ x: z.number(), y: z.number() }).nullable(),
  /** For the WHO growth charts: height as measured, head circumference, position, and the assessment (under 19). */
  heightCm: z.number().nullable(),
  headCircumferenceCm: z.number().nullable(),
  measuredLying: z.boolean().nullable(),
  growth: growthAssessmentSchema.nullable(),
});
export type EvolutionPoint = z.infer<typeof evolutionPointSchema>;
export const evolutionSchema = z.object({
  /** Oldest first, one point per consultation. */
  points: z.array(evolutionPointSchema),
});
export type Evolution = z.infer<typeof evolutionSchema>;

export const compareQuerySchema = z.object({
  a: idSchema.describe('Earlier consultation'),
  b: idSchema.describe('Later consultation'),
});

const nullableNumber = z.number().nullable();
export const derivedDeltaSchema = z.object({
  bmi: nullableNumber,
  bmrKcal: nullableNumber,
  energyRequirementKcal: nullableNumber,
  sumSixSkinfoldsMm: nullableNumber,
  bodyFatPercent: nullableNumber,
  fatMassKg: nullableNumber,
  leanMassKg: nullableNumber,
  skeletalMuscleMassKg: nullableNumber,
  skeletalMusclePercent: nullableNumber,
  boneMassKg: nullableNumber,
  boneMassPercent: nullableNumber,
  residualMassKg: nullableNumber,
  muscleMassKg: nullableNumber,
  armMuscleAreaCm2: nullableNumber,
  armFatAreaCm2: nullableNumber,
  idealWeightKg: nullableNumber,
  somatotype: z.object({
    endomorphy: nullableNumber,
    mesomorphy: nullableNumber,
    ectomorphy: nullableNumber,
    x: nullableNumber,
    y: nullableNumber,
  }),
});

export const consultationComparisonSchema = z.object({
  a: consultationSchema,
  b: consultationSchema,
  /** b.date − a.date in days. */
  daysBetween: z.number().int(),
  /** b − a for every numeric field; null when either side is null. */
  deltas: z.object({ measurements: measurementsSchema, derived: derivedDeltaSchema }),
});
export type ConsultationComparison = z.infer<typeof consultationComparisonSchema>;
