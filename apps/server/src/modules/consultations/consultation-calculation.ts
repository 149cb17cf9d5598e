// Runs packages/domain's computeAnthropometry for the calculator and for stored consultations, and builds
// the spec's new-consultation checks (missing height, place, pregnancy data). No formula lives here.
import {
  CONSULTATION_WARNING_MESSAGES,
  type ConsultationWarning,
  type Derived,
  type Measurements,
  type MeasurementsInput,
  type MissingInput,
} from '@almendra/contracts';
import { computeAnthropometry, isGrowthAge, type AnthropometryInput, type DerivedAnthropometry, type LeeRaceTerm, type Sex } from '@almendra/domain';
import { assessGrowth } from '@almendra/domain/growth';

/** Embarazo in the patient-type catalogue: pregnancy data is expected even without a pregnancy record. */
const PREGNANCY_PATIENT_TYPE_ID = 1;

export interface CalculationInput {
  /** Null: the patient's sex is not recorded. */
  sex: Sex | null;
  ageYears: number | null;
  patientTypeId: number;
  activityFactor: number | null;
  raceTerm: number | null;
  measurements: Measurements | MeasurementsInput;
  /** Present when pregnancy data applies; `today` is the consultation date. */
  pregnancy: { lastMenstrualPeriod: string | null; preWeightKg: number | null; today: string } | null;
  /** Birth date and consultation date: under 19, the WHO growth assessment and the paediatric energy equation. */
  growth?: { birthDate: string | null; date: string; measuredLying: boolean | null; oedema: boolean } | null;
}

export interface Calculation {
  derived: Derived;
  missing: MissingInput[];
}

/** The domain names two pregnancy inputs differently from the API. */
const API_PATH: Readonly<Record<string, string>> = {
  'pregnancy.preWeightKg': 'pregnancy.preGestationalWeightKg',
  'pregnancy.today': 'date',
};
const toApiPaths = (missing: MissingInput[]): MissingInput[] =>
  missing.map((m) => ({ ...m, inputs: m.inputs.map((path) => API_PATH[path] ?? path) }));

function domainInput(input: CalculationInput, sex: Sex): AnthropometryInput {
  const m = input.measurements;
  return {
    sex,
    ageYears: input.ageYears,
    patientTypeId: input.patientTypeId,
    activityFactor: input.activityFactor,
    raceTerm: (input.raceTerm ?? 0) as LeeRaceTerm,
    measurements: {
      weightKg: m.weightKg,
      heightCm: m.heightCm,
      skinfoldsMm: m.skinfoldsMm,
      girthsCm: m.girthsCm,
      breadthsCm: m.breadthsCm,
    },
    growth: input.growth ?? null,
    pregnancy: input.pregnancy
      ? { preWeightKg: input.pregnancy.preWeightKg, lastMenstrualPeriod: input.pregnancy.lastMenstrualPeriod, today: input.pregnancy.today }
      : null,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The derived values and why any is null. Without a recorded sex, the domain runs for both sexes: a
 * result that comes out the same either way (BMI, Σ6, somatotype, bone mass, arm areas…) does not depend
 * on sex and is kept; one that differs is null with reason MISSING_SEX.
 */
export function calculate(input: CalculationInput): Calculation {
  const result = calculateAdultAndEnergy(input);
  const growth = input.growth;
  if (!growth?.birthDate || !isGrowthAge(growth.birthDate, growth.date)) return result;
  // Under 19: the WHO growth assessment (docs/formulas.md). It depends on sex: without it, said, not guessed.
  if (!input.sex) {
    result.derived.growth = null;
    result.missing.push({ result: 'growth', reason: 'MISSING_SEX', inputs: ['sex'] });
    return result;
  }
  const m = input.measurements;
  result.derived.growth = assessGrowth({
    sex: input.sex,
    birthDate: growth.birthDate,
    date: growth.date,
    weightKg: m.weightKg,
    heightCm: m.heightCm,
    measuredLying: growth.measuredLying,
    oedema: growth.oedema,
    headCircumferenceCm: m.girthsCm?.head ?? null,
  });
  return result;
}

function calculateAdultAndEnergy(input: CalculationInput): Calculation {
  if (input.sex) {
    const { derived, missing } = computeAnthropometry(domainInput(input, input.sex));
    return { derived: derived as Derived, missing: toApiPaths(missing) };
  }
  const female = computeAnthropometry(domainInput(input, 'f'));
  const male = computeAnthropometry(domainInput(input, 'm'));
  const derived = { ...female.derived } as Record<string, unknown>;
  const sexDependent = new Set<string>();
  for (const key of Object.keys(derived) as Array<keyof DerivedAnthropometry>) {
    if (!same(female.derived[key], male.derived[key])) {
      derived[key] = null;
      sexDependent.add(key);
    }
  }
  const missing: MissingInput[] = female.missing.filter((m) => !sexDependent.has(m.result));
  for (const result of sexDependent) missing.push({ result, reason: 'MISSING_SEX', inputs: ['sex'] });
  return { derived: derived as Derived, missing: toApiPaths(missing) };
}

export interface WarningInput {
  heightCm: number | null | undefined;
  locationId: string | null | undefined;
  /** Pregnancy data applies (open pregnancy record, type Embarazo, or pregnancy data sent). */
  pregnancyExpected: boolean;
  lastMenstrualPeriod: string | null | undefined;
  preGestationalWeightKg: number | null | undefined;
}

/** Whether pregnancy data applies: never for men; for type Embarazo, an open pregnancy, or data sent. */
export function pregnancyExpected(sex: Sex | null, patientTypeId: number, hasOpenPregnancy: boolean, sent: boolean): boolean {
  if (sex === 'm') return false;
  return patientTypeId === PREGNANCY_PATIENT_TYPE_ID || hasOpenPregnancy || sent;
}

export function warningsFor(input: WarningInput): ConsultationWarning[] {
  const warnings: ConsultationWarning[] = [];
  if (input.heightCm === null || input.heightCm === undefined) {
    warnings.push({ code: 'MISSING_HEIGHT', message: CONSULTATION_WARNING_MESSAGES.MISSING_HEIGHT, fields: ['measurements.heightCm'] });
  }
  if (!input.locationId) {
    warnings.push({ code: 'MISSING_LOCATION', message: CONSULTATION_WARNING_MESSAGES.MISSING_LOCATION, fields: ['locationId'] });
  }
  if (input.pregnancyExpected) {
    const fields = [
      !input.lastMenstrualPeriod && 'pregnancy.lastMenstrualPeriod',
      (input.preGestationalWeightKg === null || input.preGestationalWeightKg === undefined) && 'pregnancy.preGestationalWeightKg',
    ].filter((f): f is string => typeof f === 'string');
    if (fields.length > 0) warnings.push({ code: 'MISSING_PREGNANCY_DATA', message: CONSULTATION_WARNING_MESSAGES.MISSING_PREGNANCY_DATA, fields });
  }
  return warnings;
}
