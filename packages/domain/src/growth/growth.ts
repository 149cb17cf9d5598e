/**
 * Growth of children and adolescents against the WHO: the WHO Child Growth Standards (0–5 years, "WHO 2006",
 * as WHO Anthro computes them) and the WHO Growth Reference (5–19 years, "WHO 2007", as WHO AnthroPlus
 * computes them). Given sex, birth date, visit date and the measurements, it returns the age, the reference
 * used and, for each indicator that applies at that age, the z-score, percentile, WHO classification and the
 * WHO's implausible-value flag.
 *
 * Rules taken from the WHO's software (R packages `anthro` 1.x and `anthroplus`, WorldHealthOrganization on
 * GitHub; docs/formulas.md gives the commits):
 * - under 5 (age < 60 months, months = days / 30.4375): tables by exact age in days; weight-for-age, BMI-for-age
 *   and weight-for-length/height use the restricted z beyond ±3 SD, length/height- and head-circumference-for-age
 *   the plain LMS z; length before 731 days, height from then on: standing height before 731 days + 0.7 cm,
 *   recumbent length from 731 days − 0.7 cm; a standing height under 9 months is not corrected (position
 *   implausible); weight-for-length (45–110 cm) before 731 days, weight-for-height (65–120 cm) after, L, M, S
 *   interpolated linearly between the 0.1 cm rows; BMI from the corrected length/height;
 * - 5 to 19 years: tables by month, L, M, S interpolated linearly between the two whole months around the
 *   age; weight-for-age to 120 months, height- and BMI-for-age to 228 months; restricted z for weight and BMI;
 * - z rounded to 2 decimals, then flagged: weight-for-age < −6 or > +5, length/height-for-age beyond ±6,
 *   BMI-, weight-for-length/height- and head-circumference-for-age beyond ±5;
 * - oedema: the weight-based z-scores are not computed (WHO: such children count as < −3 SD in prevalence).
 */
import { assertSex, isPositiveFinite, type Sex } from '../anthropometry/common.js';
import {
  GROWTH_INDICATORS,
  growthAge,
  WHO_DAYS_PER_MONTH,
  type GrowthAssessment,
  type GrowthClassification,
  type GrowthIndicatorKey,
  type GrowthIndicators,
  type GrowthInput,
  type GrowthReference,
} from './growth-age.js';
import { lmsValueAt, lmsZ, percentileOf, restrictedLmsZ, roundZ } from './lms.js';
import { WHO_TABLES, type LmsTable } from './who-tables.js';

// ---------------------------------------------------------------------------------------------------------
// Table access

interface Lms {
  l: number;
  m: number;
  s: number;
}

function row(table: LmsTable, sex: Sex, index: number): Lms | null {
  const series = table[sex];
  if (!Number.isInteger(index) || index < 0 || index * 3 + 2 >= series.lms.length) return null;
  return { l: series.lms[index * 3]!, m: series.lms[index * 3 + 1]!, s: series.lms[index * 3 + 2]! };
}

/** The row of an exact key (age in days or months). */
function rowAt(table: LmsTable, sex: Sex, key: number): Lms | null {
  return row(table, sex, Math.round((key - table[sex].first) / table.step));
}

// ---------------------------------------------------------------------------------------------------------
// z-scores as the WHO's software computes them (rounded, flagged)

export interface WhoZ {
  z: number;
  flagged: boolean;
}

type Thresholds = readonly [low: number, high: number];
const FLAGS: Readonly<Record<GrowthIndicatorKey, Thresholds>> = {
  weightForAge: [-6, 5],
  heightForAge: [-6, 6],
  bmiForAge: [-5, 5],
  weightForHeight: [-5, 5],
  headCircumferenceForAge: [-5, 5],
};

function whoZ(key: GrowthIndicatorKey, rawZ: number): WhoZ | null {
  if (!Number.isFinite(rawZ)) return null;
  const z = roundZ(rawZ);
  const [low, high] = FLAGS[key];
  return { z, flagged: z < low || z > high };
}

// The lookups below read L, M, S straight from the flat tables (index arithmetic, no search, no object per
// row): they run for every indicator of every child of a list, so they allocate nothing and return the
// unrounded z, or NaN when the key is outside the table or the measurement is missing.

function rawZ(y: number, l: number, m: number, s: number, restricted: boolean): number {
  return restricted ? restrictedLmsZ(y, l, m, s) : lmsZ(y, l, m, s);
}

/** Index of an exact key's row (age in days or months, or length in cm), −1 outside the table. */
function rowIndex(table: LmsTable, sex: Sex, key: number): number {
  const index = Math.round((key - table[sex].first) / table.step);
  return index >= 0 && index * 3 + 2 < table[sex].lms.length ? index : -1;
}

/** z against an exact row. */
function zAtKey(table: LmsTable, sex: Sex, key: number, y: number | null | undefined, restricted: boolean): number {
  if (!isPositiveFinite(y)) return Number.NaN;
  const index = rowIndex(table, sex, key);
  if (index < 0) return Number.NaN;
  const lms = table[sex].lms;
  const at = index * 3;
  return rawZ(y, lms[at]!, lms[at + 1]!, lms[at + 2]!, restricted);
}

/** z against L, M, S interpolated linearly between the rows of keys `low` and `high` (fraction 0: `low` alone). */
function zBetweenKeys(table: LmsTable, sex: Sex, low: number, high: number, fraction: number, y: number | null | undefined, restricted: boolean): number {
  if (!isPositiveFinite(y)) return Number.NaN;
  const lowIndex = rowIndex(table, sex, low);
  if (lowIndex < 0) return Number.NaN;
  const lms = table[sex].lms;
  const a = lowIndex * 3;
  if (fraction <= 0) return rawZ(y, lms[a]!, lms[a + 1]!, lms[a + 2]!, restricted);
  const highIndex = rowIndex(table, sex, high);
  if (highIndex < 0) return Number.NaN;
  const b = highIndex * 3;
  const l = lms[a]! + fraction * (lms[b]! - lms[a]!);
  const m = lms[a + 1]! + fraction * (lms[b + 1]! - lms[a + 1]!);
  const s = lms[a + 2]! + fraction * (lms[b + 2]! - lms[a + 2]!);
  return rawZ(y, l, m, s, restricted);
}

/** z at a fractional age in months (WHO 2007): L, M, S linear between the whole months around it. */
function zAtMonths(table: LmsTable, sex: Sex, ageMonths: number, y: number | null | undefined, restricted: boolean): number {
  const low = Math.trunc(ageMonths);
  return zBetweenKeys(table, sex, low, low + 1, ageMonths - low, y, restricted);
}

/** z at a length/height in cm (weight-for-length/height): L, M, S linear between the 0.1 cm rows, as WHO Anthro does. */
function zAtLength(table: LmsTable, sex: Sex, cm: number, y: number | null | undefined, restricted: boolean): number {
  const low = Math.trunc(cm * 10) / 10;
  const high = Math.trunc(cm * 10 + 1) / 10;
  return zBetweenKeys(table, sex, low, high, (cm - low) / 0.1, y, restricted);
}

export interface Who2006Input {
  sex: Sex;
  /** Whole days since birth (0–1826). */
  ageDays: number;
  weightKg?: number | null;
  lengthHeightCm?: number | null;
  /** 'l' recumbent length, 'h' standing height, null: not recorded (no correction). */
  measure?: 'l' | 'h' | null;
  headCircumferenceCm?: number | null;
  oedema?: boolean | null;
}

export interface Who2006Result {
  /** Length/height after the 0.7 cm position correction, null without a length/height. */
  correctedLengthHeightCm: number | null;
  bmi: number | null;
  weightForAge: WhoZ | null;
  heightForAge: WhoZ | null;
  bmiForAge: WhoZ | null;
  weightForHeight: WhoZ | null;
  headCircumferenceForAge: WhoZ | null;
}

/** Unrounded z-scores (NaN: not computed) and the corrected length/height and BMI; shared by the public functions. */
interface RawZScores {
  lengthHeightCm: number | null;
  bmi: number | null;
  weightForAge: number;
  heightForAge: number;
  bmiForAge: number;
  weightForHeight: number;
  headCircumferenceForAge: number;
}

function who2006Raw(input: Who2006Input): RawZScores {
  const { sex, ageDays } = input;
  assertSex(sex);
  const underFive = Number.isInteger(ageDays) && ageDays >= 0 && ageDays / WHO_DAYS_PER_MONTH < 60;
  // A standing height before 9 months is an implausible position: the WHO software drops the position
  // (so applies no correction) rather than trusting it.
  const measure = input.measure === 'h' && ageDays / WHO_DAYS_PER_MONTH < 9 ? null : (input.measure ?? null);
  let lenhei = isPositiveFinite(input.lengthHeightCm) ? input.lengthHeightCm : null;
  if (lenhei !== null && ageDays < 731 && measure === 'h') lenhei += 0.7;
  else if (lenhei !== null && ageDays >= 731 && measure === 'l') lenhei -= 0.7;
  const weight = isPositiveFinite(input.weightKg) ? input.weightKg : null;
  const bmi = weight !== null && lenhei !== null ? weight / (lenhei / 100) ** 2 : null;
  const weightCounts = !input.oedema;
  const t = WHO_TABLES;

  let weightForHeight = Number.NaN;
  if (underFive && weightCounts && weight !== null && lenhei !== null) {
    const byLength = ageDays < 731;
    const inRange = byLength ? lenhei >= 45 && lenhei <= 110 : lenhei >= 65 && lenhei <= 120;
    if (inRange) weightForHeight = zAtLength(byLength ? t.weightForLength : t.weightForHeight, sex, lenhei, weight, true);
  }
  return {
    lengthHeightCm: lenhei,
    bmi,
    weightForAge: underFive && weightCounts ? zAtKey(t.weightForAgeDays, sex, ageDays, weight, true) : Number.NaN,
    heightForAge: underFive ? zAtKey(t.lengthHeightForAgeDays, sex, ageDays, lenhei, false) : Number.NaN,
    bmiForAge: underFive && weightCounts ? zAtKey(t.bmiForAgeDays, sex, ageDays, bmi, true) : Number.NaN,
    weightForHeight,
    headCircumferenceForAge: underFive ? zAtKey(t.headCircumferenceForAgeDays, sex, ageDays, input.headCircumferenceCm, false) : Number.NaN,
  };
}

/** WHO Child Growth Standards z-scores for a child under 60 months, as WHO Anthro computes them. */
export function who2006ZScores(input: Who2006Input): Who2006Result {
  const r = who2006Raw(input);
  return {
    correctedLengthHeightCm: r.lengthHeightCm,
    bmi: r.bmi,
    weightForAge: whoZ('weightForAge', r.weightForAge),
    heightForAge: whoZ('heightForAge', r.heightForAge),
    bmiForAge: whoZ('bmiForAge', r.bmiForAge),
    weightForHeight: whoZ('weightForHeight', r.weightForHeight),
    headCircumferenceForAge: whoZ('headCircumferenceForAge', r.headCircumferenceForAge),
  };
}

export interface Who2007Input {
  sex: Sex;
  /** Age in months, fractional (60–228). */
  ageMonths: number;
  weightKg?: number | null;
  /** Standing height. */
  heightCm?: number | null;
  oedema?: boolean | null;
}

export interface Who2007Result {
  bmi: number | null;
  weightForAge: WhoZ | null;
  heightForAge: WhoZ | null;
  bmiForAge: WhoZ | null;
}

/** Last month (inclusive) of each WHO 2007 indicator, as WHO AnthroPlus restricts them. */
export const WHO2007_LAST_MONTH = { weightForAge: 120, heightForAge: 228, bmiForAge: 228 } as const;

function who2007Raw(input: Who2007Input): RawZScores {
  const { sex, ageMonths } = input;
  assertSex(sex);
  const t = WHO_TABLES;
  const weight = isPositiveFinite(input.weightKg) ? input.weightKg : null;
  const height = isPositiveFinite(input.heightCm) ? input.heightCm : null;
  const bmi = weight !== null && height !== null ? weight / (height / 100) ** 2 : null;
  const from60 = Number.isFinite(ageMonths) && ageMonths >= 60;
  const weightCounts = !input.oedema;
  return {
    lengthHeightCm: height,
    bmi,
    weightForAge: from60 && weightCounts && ageMonths <= WHO2007_LAST_MONTH.weightForAge ? zAtMonths(t.weightForAgeMonths, sex, ageMonths, weight, true) : Number.NaN,
    heightForAge: from60 && ageMonths <= WHO2007_LAST_MONTH.heightForAge ? zAtMonths(t.heightForAgeMonths, sex, ageMonths, height, false) : Number.NaN,
    bmiForAge: from60 && weightCounts && ageMonths <= WHO2007_LAST_MONTH.bmiForAge ? zAtMonths(t.bmiForAgeMonths, sex, ageMonths, bmi, true) : Number.NaN,
    weightForHeight: Number.NaN,
    headCircumferenceForAge: Number.NaN,
  };
}

/** WHO Growth Reference 2007 z-scores for 5–19 years, as WHO AnthroPlus computes them. */
export function who2007ZScores(input: Who2007Input): Who2007Result {
  const r = who2007Raw(input);
  return {
    bmi: r.bmi,
    weightForAge: whoZ('weightForAge', r.weightForAge),
    heightForAge: whoZ('heightForAge', r.heightForAge),
    bmiForAge: whoZ('bmiForAge', r.bmiForAge),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Classification

/** WHO classification of a (rounded) z-score; `implausible` when the WHO flags it. See GrowthClassification. */
export function classifyGrowth(key: GrowthIndicatorKey, reference: GrowthReference, value: WhoZ): GrowthClassification {
  if (value.flagged) return 'implausible';
  const z = value.z;
  switch (key) {
    case 'weightForHeight':
      return z < -3 ? 'severeWasting' : z < -2 ? 'wasting' : z > 3 ? 'obesity' : z > 2 ? 'overweight' : z > 1 ? 'possibleRiskOfOverweight' : 'normal';
    case 'bmiForAge':
      if (reference === 'who2007') return z < -3 ? 'severeThinness' : z < -2 ? 'thinness' : z > 2 ? 'obesity' : z > 1 ? 'overweight' : 'normal';
      return z < -3 ? 'severeWasting' : z < -2 ? 'wasting' : z > 3 ? 'obesity' : z > 2 ? 'overweight' : z > 1 ? 'possibleRiskOfOverweight' : 'normal';
    case 'heightForAge':
      return z < -3 ? 'severeStunting' : z < -2 ? 'stunting' : z > 3 ? 'veryTall' : 'normal';
    case 'weightForAge':
      return z < -3 ? 'severeUnderweight' : z < -2 ? 'underweight' : z > 1 ? 'possibleGrowthProblem' : 'normal';
    case 'headCircumferenceForAge':
      return z < -2 ? 'microcephaly' : z > 2 ? 'macrocephaly' : 'normal';
  }
}

// ---------------------------------------------------------------------------------------------------------
// The whole assessment

/** Adds the indicator of a raw z (rounded, flagged, classified) unless it was not computed. */
function putIndicator(indicators: GrowthIndicators, key: GrowthIndicatorKey, reference: GrowthReference, raw: number): void {
  const value = whoZ(key, raw);
  if (!value) return;
  indicators[key] = { z: value.z, percentile: percentileOf(value.z), classification: classifyGrowth(key, reference, value), flagged: value.flagged };
}

/**
 * Every WHO indicator that applies at the child's age and has its measurements. It runs for every child of
 * a list (the bench computes 10,000 in one go), so it goes straight to the raw z-scores: no intermediate
 * result per reference, no closure per call.
 */
export function assessGrowth(input: GrowthInput): GrowthAssessment {
  assertSex(input.sex);
  const { ageDays, ageMonths, reference } = growthAge(input.birthDate, input.date);
  const indicators: GrowthIndicators = {};
  if (reference === 'who2006') {
    const measure = input.measuredLying === true ? 'l' : input.measuredLying === false ? 'h' : null;
    const r = who2006Raw({
      sex: input.sex,
      ageDays,
      weightKg: input.weightKg,
      lengthHeightCm: input.heightCm,
      measure,
      headCircumferenceCm: input.headCircumferenceCm,
      oedema: input.oedema,
    });
    for (const key of GROWTH_INDICATORS) putIndicator(indicators, key, reference, r[key]);
  } else {
    // AnthroPlus takes standing height only; a height recorded lying down is turned into standing height
    // with the WHO's 0.7 cm rule, as WHO Anthro does from 2 years on.
    const height = isPositiveFinite(input.heightCm) && input.measuredLying === true ? input.heightCm - 0.7 : input.heightCm;
    const r = who2007Raw({ sex: input.sex, ageMonths: ageDays / WHO_DAYS_PER_MONTH, weightKg: input.weightKg, heightCm: height, oedema: input.oedema });
    putIndicator(indicators, 'weightForAge', reference, r.weightForAge);
    putIndicator(indicators, 'heightForAge', reference, r.heightForAge);
    putIndicator(indicators, 'bmiForAge', reference, r.bmiForAge);
  }
  return { ageDays, ageMonths, reference, indicators };
}

/**
 * The length/height the WHO references compare at this age (what a growth chart plots): the 0.7 cm
 * position correction of WHO Anthro under 5 (none for a standing height before 9 months) and, from 5 years,
 * a height recorded lying converted to standing height.
 */
export function whoLengthHeightCm(ageDays: number, heightCm: number, measuredLying: boolean | null | undefined): number {
  if (ageDays / WHO_DAYS_PER_MONTH >= 60) return measuredLying === true ? heightCm - 0.7 : heightCm;
  const measure = measuredLying === true ? 'l' : measuredLying === false ? 'h' : null;
  return who2006ZScores({ sex: 'f', ageDays, lengthHeightCm: heightCm, measure }).correctedLengthHeightCm ?? heightCm;
}

// ---------------------------------------------------------------------------------------------------------
// Curves for the growth charts

export type GrowthChartKind = 'weightForAge' | 'heightForAge' | 'bmiForAge' | 'headCircumferenceForAge' | 'weightForLength' | 'weightForHeight';

export interface GrowthCurvePoint {
  /** Age in months (age-based charts) or length/height in cm. */
  x: number;
  /** Measurement at each requested z, same order as `zs`. */
  values: number[];
}

/**
 * Points of the WHO curves at the given z-scores (e.g. −3…+3 SD or the P3…P97 z's) for one chart: under 5
 * from the daily tables (sampled every `stepDays`), 5–19 from the monthly tables, weight-for-length/height
 * every 0.5 cm. The curves are the LMS values themselves (the WHO's published charts are drawn the same way).
 */
export function growthCurve(kind: GrowthChartKind, sex: Sex, band: GrowthReference, zs: readonly number[], stepDays = 7): GrowthCurvePoint[] {
  assertSex(sex);
  const t = WHO_TABLES;
  const points: GrowthCurvePoint[] = [];
  const push = (x: number, lms: Lms | null) => {
    if (lms) points.push({ x, values: zs.map((z) => lmsValueAt(z, lms.l, lms.m, lms.s)) });
  };
  if (kind === 'weightForLength' || kind === 'weightForHeight') {
    const table = kind === 'weightForLength' ? t.weightForLength : t.weightForHeight;
    const [from, to] = kind === 'weightForLength' ? [45, 110] : [65, 120];
    for (let tenth = from * 10; tenth <= to * 10; tenth += 5) push(tenth / 10, rowAt(table, sex, tenth / 10));
    return points;
  }
  if (band === 'who2006') {
    const table = { weightForAge: t.weightForAgeDays, heightForAge: t.lengthHeightForAgeDays, bmiForAge: t.bmiForAgeDays, headCircumferenceForAge: t.headCircumferenceForAgeDays }[kind];
    for (let day = 0; day <= 1826; day += stepDays) push(day / WHO_DAYS_PER_MONTH, rowAt(table, sex, day));
    if (1826 % stepDays !== 0) push(1826 / WHO_DAYS_PER_MONTH, rowAt(table, sex, 1826));
    return points;
  }
  if (kind === 'headCircumferenceForAge') return points;
  const table = { weightForAge: t.weightForAgeMonths, heightForAge: t.heightForAgeMonths, bmiForAge: t.bmiForAgeMonths }[kind];
  const last = WHO2007_LAST_MONTH[kind];
  for (let month = 60; month <= last; month += 1) push(month, rowAt(table, sex, month));
  return points;
}
