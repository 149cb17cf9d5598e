// Growth of children and adolescents against the WHO (standards 2006 for 0–5 years, reference 2007 for
// 5–19): the stateless POST /anthropometry/growth other tools call, and the same assessment as part of a
// consultation's derived values. Contract kept exactly as issue 26 states it.
import { z } from 'zod';
import { calendarDate } from './common.js';

export const GROWTH_REFERENCES = ['who2006', 'who2007'] as const;
export const growthReferenceSchema = z.enum(GROWTH_REFERENCES);
export type GrowthReferenceKey = z.infer<typeof growthReferenceSchema>;

export const GROWTH_INDICATOR_KEYS = ['weightForAge', 'heightForAge', 'bmiForAge', 'weightForHeight', 'headCircumferenceForAge'] as const;
export type GrowthIndicatorName = (typeof GROWTH_INDICATOR_KEYS)[number];

/** WHO classification keys (docs/formulas.md, "Growth of children and adolescents"). */
export const GROWTH_CLASSIFICATIONS = [
  'normal',
  'severeWasting',
  'wasting',
  'possibleRiskOfOverweight',
  'overweight',
  'obesity',
  'severeThinness',
  'thinness',
  'severeStunting',
  'stunting',
  'veryTall',
  'severeUnderweight',
  'underweight',
  'possibleGrowthProblem',
  'microcephaly',
  'macrocephaly',
  'implausible',
] as const;
export const growthClassificationSchema = z.enum(GROWTH_CLASSIFICATIONS);
export type GrowthClassificationKey = z.infer<typeof growthClassificationSchema>;

export const growthIndicatorSchema = z.object({
  /** Two decimals, as the WHO's software rounds. */
  z: z.number(),
  /** 0–100, one decimal. */
  percentile: z.number(),
  classification: growthClassificationSchema,
  /** The WHO flags the value as implausible: check the measurement ("revisar medición"). */
  flagged: z.boolean(),
});
export type GrowthIndicatorResult = z.infer<typeof growthIndicatorSchema>;

export const growthIndicatorsSchema = z.object({
  weightForAge: growthIndicatorSchema.optional(),
  heightForAge: growthIndicatorSchema.optional(),
  bmiForAge: growthIndicatorSchema.optional(),
  weightForHeight: growthIndicatorSchema.optional(),
  headCircumferenceForAge: growthIndicatorSchema.optional(),
});

export const growthAssessmentSchema = z.object({
  ageDays: z.number().int(),
  /** ageDays / 30.4375, two decimals. */
  ageMonths: z.number(),
  reference: growthReferenceSchema,
  /** An indicator that does not apply at the age, or lacks its measurement, is absent. */
  indicators: growthIndicatorsSchema,
});
export type GrowthAssessmentResult = z.infer<typeof growthAssessmentSchema>;

const positive = (label: string, min: number, max: number, unit: string) => {
  const range = `${label} debe estar entre ${String(min).replace('.', ',')} y ${max} ${unit}.`;
  return z.number({ error: `${label} debe ser un número.` }).min(min, { error: range }).max(max, { error: range }).nullable().optional();
};

export const growthRequestSchema = z.object({
  sex: z.enum(['m', 'f'], { error: "El sexo debe ser 'm' (masculino) o 'f' (femenino)." }),
  birthDate: calendarDate('la fecha de nacimiento'),
  /** Date of the measurement. */
  date: calendarDate('la fecha de la medición'),
  weightKg: positive('El peso', 0.3, 300, 'kg'),
  heightCm: positive('La talla', 20, 250, 'cm'),
  /** true: recumbent length; false: standing height; absent: the WHO position for the age (no correction). */
  measuredLying: z.boolean({ error: 'measuredLying debe ser verdadero o falso.' }).nullable().optional(),
  headCircumferenceCm: positive('El perímetro cefálico', 20, 70, 'cm'),
  oedema: z.boolean({ error: 'oedema debe ser verdadero o falso.' }).nullable().optional(),
});
export type GrowthRequest = z.infer<typeof growthRequestSchema>;

export const growthResponseSchema = growthAssessmentSchema;
export type GrowthResponse = GrowthAssessmentResult;

/** 400 messages of the age limits (date before birth, 19 years or older). */
export const GROWTH_AGE_MESSAGES = {
  DATE_BEFORE_BIRTH: 'La fecha de la medición es anterior a la fecha de nacimiento.',
  AGE_19_OR_OVER: 'Las referencias de crecimiento de la OMS llegan hasta los 19 años: a esa fecha la persona tiene 19 años o más.',
} as const;
