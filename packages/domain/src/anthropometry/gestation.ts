/**
 * Pregnancy helpers: recommended total gestational weight gain by
 * pre-pregnancy BMI, gestational age from the last menstrual period (LMP), and
 * the estimated due date.
 *
 * Sources:
 * - Institute of Medicine and National Research Council. Weight Gain During
 *   Pregnancy: Reexamining the Guidelines. Rasmussen KM, Yaktine AL, eds.
 *   Washington, DC: The National Academies Press; 2009 (Table S-1, singleton
 *   pregnancies).
 * - Due date: Naegele's rule as LMP + 280 days, per American College of
 *   Obstetricians and Gynecologists. Methods for estimating the due date.
 *   Committee Opinion No. 700. Obstet Gynecol. 2017;129(5):e150-e154.
 *
 * Dates are calendar dates ('YYYY-MM-DD') handled in UTC so the result never
 * depends on the server's time zone or daylight-saving changes; "today" is
 * always passed in so results are reproducible.
 */
import { BMI_DISPLAY_DECIMALS } from './bmi.js';
import { assertPositive, roundAsDisplayed } from './common.js';

export type PrePregnancyBmiCategory = 'underweight' | 'normal' | 'overweight' | 'obese';

export interface GestationalGainRange {
  category: PrePregnancyBmiCategory;
  min: number;
  max: number;
}

/**
 * IOM (2009) Table S-1, total gain in kg. The table prints BMI bands as
 * 18.5–24.9 and 25.0–29.9; we use half-open intervals (< 18.5, < 25, < 30, ≥ 30)
 * on the BMI rounded to one decimal as displayed, so no value is left unclassified
 * and the row always matches the figure printed beside it.
 */
export const IOM_2009_GAIN_KG: readonly GestationalGainRange[] = Object.freeze([
  { category: 'underweight', min: 12.5, max: 18 },
  { category: 'normal', min: 11.5, max: 16 },
  { category: 'overweight', min: 7, max: 11.5 },
  { category: 'obese', min: 5, max: 9 },
]);

export function prePregnancyBmiCategory(unroundedBmi: number): PrePregnancyBmiCategory {
  assertPositive('bmi', unroundedBmi);
  // Decided on the BMI as displayed, like classifyBmi: "25,0" is never the normal-weight row.
  const bmi = roundAsDisplayed(unroundedBmi, BMI_DISPLAY_DECIMALS);
  if (bmi < 18.5) return 'underweight';
  if (bmi < 25) return 'normal';
  if (bmi < 30) return 'overweight';
  return 'obese';
}

/** Recommended total gain range (kg) for a singleton pregnancy. IOM 2009. */
export function suggestedGestationalWeightGain(prePregnancyBmi: number): GestationalGainRange {
  const category = prePregnancyBmiCategory(prePregnancyBmi);
  const row = IOM_2009_GAIN_KG.find((r) => r.category === category);
  if (!row) throw new Error(`no IOM row for ${category}`);
  return { ...row };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/**
 * Parses 'YYYY-MM-DD' to a day number (days since 1970-01-01 UTC). Rejects
 * impossible dates such as 2023-02-29 instead of letting Date roll them over.
 */
export function parseIsoDateToDayNumber(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`date must be YYYY-MM-DD (got ${JSON.stringify(date)})`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return ms / MS_PER_DAY;
}

export function isIsoDate(date: unknown): date is string {
  if (typeof date !== 'string') return false;
  try {
    parseIsoDateToDayNumber(date);
    return true;
  } catch {
    return false;
  }
}

export function dayNumberToIsoDate(dayNumber: number): string {
  if (!Number.isInteger(dayNumber)) throw new RangeError('dayNumber must be an integer');
  const d = new Date(dayNumber * MS_PER_DAY);
  // Years below 1000 or above 9999 never occur for LMP dates; pad for safety.
  const y = String(d.getUTCFullYear()).padStart(4, '0');
  const m = String(d.getUTCMonth() + 1).padStart(2, '0');
  const day = String(d.getUTCDate()).padStart(2, '0');
  return `${y}-${m}-${day}`;
}

/** Pregnancy length assumed by Naegele's rule. ACOG CO 700 (2017). */
export const NAEGELE_DAYS = 280;

export interface GestationalAge {
  /** Days elapsed since the first day of the LMP. */
  totalDays: number;
  /** Completed weeks (obstetric convention: 12+6 is still week 12). */
  weeks: number;
  /** Remaining days, 0–6. */
  days: number;
}

/** Gestational age from LMP to `today`. Throws if today precedes the LMP. */
export function gestationalAge(lastMenstrualPeriod: string, today: string): GestationalAge {
  const lmp = parseIsoDateToDayNumber(lastMenstrualPeriod);
  const now = parseIsoDateToDayNumber(today);
  const totalDays = now - lmp;
  if (totalDays < 0) throw new RangeError('today is before the last menstrual period');
  return { totalDays, weeks: Math.floor(totalDays / 7), days: totalDays % 7 };
}

/** Estimated due date = LMP + 280 days (Naegele's rule as defined by ACOG CO 700). */
export function dueDateNaegele(lastMenstrualPeriod: string): string {
  return dayNumberToIsoDate(parseIsoDateToDayNumber(lastMenstrualPeriod) + NAEGELE_DAYS);
}
