/**
 * The vocabulary of the WHO growth assessment and the age rules, without the WHO tables: what the adult
 * calculation needs to know that a person is a child (so the screens that only need that do not load the
 * ~100 KB of LMS tables). The z-scores themselves are in growth.ts.
 */
import { parseIsoDateToDayNumber } from '../anthropometry/gestation.js';
import type { Sex } from '../anthropometry/common.js';
import { toFixedNumber } from './lms.js';

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

/**
 * Day number (days since 1970-01-01) of a proleptic Gregorian date, by integer arithmetic (H. Hinnant's
 * days_from_civil, the algorithm of C++20 <chrono>): no Date object and no string work, because the age is
 * computed for every child of a list. A day past the month's end rolls over into the next month, as
 * Date.UTC does (29 February of a common year is 1 March).
 */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function digitAt(text: string, index: number): number {
  const digit = text.charCodeAt(index) - 48;
  return digit >= 0 && digit <= 9 ? digit : Number.NaN;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Year, month and day of a valid 'YYYY-MM-DD' date, or null. Years before 100 are refused as
 * parseIsoDateToDayNumber refuses them (Date.UTC reads them as 19xx); the caller lets that function throw its
 * RangeError, so the errors stay those of the rest of the domain.
 */
function parseIsoDate(text: string): [year: number, month: number, day: number] | null {
  if (typeof text !== 'string' || text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return null;
  const year = digitAt(text, 0) * 1000 + digitAt(text, 1) * 100 + digitAt(text, 2) * 10 + digitAt(text, 3);
  const month = digitAt(text, 5) * 10 + digitAt(text, 6);
  const day = digitAt(text, 8) * 10 + digitAt(text, 9);
  if (!(year >= 100 && month >= 1 && month <= 12 && day >= 1)) return null;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1]! + (leap ? 1 : 0) ? [year, month, day] : null;
}

export interface GrowthAge {
  ageDays: number;
  ageMonths: number;
  reference: GrowthReference;
}

/**
 * Age at the visit. Throws GrowthAgeError when the date is before the birth date or the child has turned
 * 19 (calendar birthday; born on 29 February, on 1 March of a common year), which is where the WHO 2007
 * reference ends. RangeError for a malformed date.
 */
export function growthAge(birthDate: string, date: string): GrowthAge {
  const born = parseIsoDate(birthDate);
  const seen = parseIsoDate(date);
  if (!born || !seen) {
    // Throws the domain's RangeError naming the malformed date.
    parseIsoDateToDayNumber(birthDate);
    parseIsoDateToDayNumber(date);
    throw new RangeError(`not a calendar date: ${born ? date : birthDate}`);
  }
  const birth = daysFromCivil(born[0], born[1], born[2]);
  const visit = daysFromCivil(seen[0], seen[1], seen[2]);
  if (visit < birth) throw new GrowthAgeError('DATE_BEFORE_BIRTH');
  if (visit >= daysFromCivil(born[0] + 19, born[1], born[2])) throw new GrowthAgeError('AGE_19_OR_OVER');
  const ageDays = visit - birth;
  const exactMonths = ageDays / WHO_DAYS_PER_MONTH;
  return { ageDays, ageMonths: toFixedNumber(exactMonths, 2), reference: exactMonths < 60 ? 'who2006' : 'who2007' };
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


/** The true minus sign (U+2212) a z-score is written with, on screen and on paper. */
export const MINUS_SIGN = '\u2212';

const zFormats = new Map<string, Intl.NumberFormat>();

/**
 * A z-score as the record's panel, its charts and the PDF report write it: always signed, with the true minus
 * sign — '+1,20', '−1,20', '0,00' (es-AR), '−1.20' (en-US). A value that rounds to zero carries no sign.
 * `decimals` 0 gives the curve labels '−3' … '+3'.
 */
export function formatZScore(z: number, options: { decimals?: number; locale?: string } = {}): string {
  const decimals = options.decimals ?? 2;
  const locale = options.locale ?? 'es-AR';
  const key = `${locale}|${decimals}`;
  let format = zFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: 'never' });
    zFormats.set(key, format);
  }
  const text = format.format(z);
  if (Number(z.toFixed(decimals)) === 0) return text;
  return `${z > 0 ? '+' : MINUS_SIGN}${text}`;
}
