/**
 * The vocabulary of the WHO growth assessment and the age rules, without the WHO tables: what the adult
 * calculation needs to know that a person is a child (so the screens that only need that do not load the
 * ~100 KB of LMS tables). The z-scores themselves are in growth.ts.
 */
import { parseIsoDateToDayNumber } from '../anthropometry/gestation.js';
import type { Sex } from '../anthropometry/common.js';

/** Days in a month as the WHO's software counts them (365.25 / 12). */
export const WHO_DAYS_PER_MONTH = 30.4375;

export type GrowthReference = 'who2006' | 'who2007';

export const GROWTH_INDICATORS = ['weightForAge', 'heightForAge', 'bmiForAge', 'weightForHeight', 'headCircumferenceForAge'] as const;
export type GrowthIndicatorKey = (typeof GROWTH_INDICATORS)[number];

/**
 * WHO classification keys. Under 5 (WHO Child Growth Standards, "Interpreting growth indicators", WHO Training
 * Course on Child Growth Assessment, 2008): weight-for-length/height and BMI-for-age < −3 severeWasting,
 * < −2 wasting, > +1 possibleRiskOfOverweight, > +2 overweight, > +3 obesity; length/height-for-age < −3
 * severeStunting, < −2 stunting, > +3 veryTall; weight-for-age < −3 severeUnderweight, < −2 underweight,
 * > +1 possibleGrowthProblem; head circumference < −2 microcephaly, > +2 macrocephaly. 5–19 (WHO 2007
 * reference, de Onis 2007): BMI-for-age < −3 severeThinness, < −2 thinness, > +1 overweight, > +2 obesity;
 * height-for-age and weight-for-age as under 5. A flagged value is `implausible`, never classified.
 */
export type GrowthClassification =
  | 'normal'
  | 'severeWasting'
  | 'wasting'
  | 'possibleRiskOfOverweight'
  | 'overweight'
  | 'obesity'
  | 'severeThinness'
  | 'thinness'
  | 'severeStunting'
  | 'stunting'
  | 'veryTall'
  | 'severeUnderweight'
  | 'underweight'
  | 'possibleGrowthProblem'
  | 'microcephaly'
  | 'macrocephaly'
  | 'implausible';

export interface GrowthIndicator {
  /** Rounded to 2 decimals as the WHO's software rounds. */
  z: number;
  /** 0–100, one decimal. */
  percentile: number;
  classification: GrowthClassification;
  /** The WHO's implausible-value flag: check the measurement. */
  flagged: boolean;
}

export type GrowthIndicators = Partial<Record<GrowthIndicatorKey, GrowthIndicator>>;

export interface GrowthInput {
  sex: Sex;
  /** 'YYYY-MM-DD' */
  birthDate: string;
  /** Date of the measurement, 'YYYY-MM-DD'. */
  date: string;
  weightKg?: number | null;
  /** As measured; the 0.7 cm correction is applied from `measuredLying`. */
  heightCm?: number | null;
  /** true recumbent length, false standing height, absent: the position the WHO expects for the age. */
  measuredLying?: boolean | null;
  headCircumferenceCm?: number | null;
  oedema?: boolean | null;
}

export interface GrowthAssessment {
  ageDays: number;
  /** ageDays / 30.4375, two decimals. */
  ageMonths: number;
  reference: GrowthReference;
  indicators: GrowthIndicators;
}

export type GrowthAgeProblem = 'DATE_BEFORE_BIRTH' | 'AGE_19_OR_OVER';

/** The visit date is before the birth date, or the child is 19 or older (outside the WHO reference). */
export class GrowthAgeError extends RangeError {
  readonly problem: GrowthAgeProblem;
  constructor(problem: GrowthAgeProblem) {
    super(problem === 'DATE_BEFORE_BIRTH' ? 'date is before the birth date' : 'age is 19 years or over');
    this.problem = problem;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Age

/** The date `years` calendar years after `iso` (29 February → 1 March in common years), as a day number. */
function addYears(iso: string, years: number): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y + years, m - 1, d) / 86_400_000;
}

export interface GrowthAge {
  ageDays: number;
  ageMonths: number;
  reference: GrowthReference;
}

/**
 * Age at the visit. Throws GrowthAgeError when the date is before the birth date or the child has turned
 * 19 (calendar birthday), which is where the WHO 2007 reference ends. RangeError for a malformed date.
 */
export function growthAge(birthDate: string, date: string): GrowthAge {
  const birth = parseIsoDateToDayNumber(birthDate);
  const visit = parseIsoDateToDayNumber(date);
  if (visit < birth) throw new GrowthAgeError('DATE_BEFORE_BIRTH');
  if (visit >= addYears(birthDate, 19)) throw new GrowthAgeError('AGE_19_OR_OVER');
  const ageDays = visit - birth;
  const exactMonths = ageDays / WHO_DAYS_PER_MONTH;
  return { ageDays, ageMonths: Number(exactMonths.toFixed(2)), reference: exactMonths < 60 ? 'who2006' : 'who2007' };
}

/** True when a patient born on `birthDate` is assessed with the WHO growth references at `date`. */
export function isGrowthAge(birthDate: string | null | undefined, date: string): boolean {
  if (!birthDate) return false;
  try {
    growthAge(birthDate, date);
    return true;
  } catch {
    return false;
  }
}

