// The WHO growth assessment as it was before the 2026-11-28 optimisation (commit 8270558: packages/domain
// src/growth/growth.ts, growth-age.ts, lms.ts and parseIsoDateToDayNumber), kept verbatim so `npm run bench --
// growth` measures the old path and the new one in the same run and checks that both give the same answer for
// every child. Bench-only code: nothing in the app imports it.
import { GrowthAgeError, GROWTH_INDICATORS, WHO_DAYS_PER_MONTH, type GrowthAge, type GrowthAssessment, type GrowthClassification, type GrowthIndicator, type GrowthIndicatorKey, type GrowthIndicators, type GrowthInput, type GrowthReference } from '@almendra/domain/growth';
import { WHO_TABLES, type LmsTable } from '../../../packages/domain/src/growth/who-tables.js';

type Sex = 'm' | 'f';
function isPositiveFinite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
function assertSex(value: unknown): asserts value is Sex {
  if (value !== 'm' && value !== 'f') throw new RangeError(`sex must be 'm' or 'f' (got ${String(value)})`);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const MS_PER_DAY = 86_400_000;

function parseIsoDateToDayNumber(date: string): number {
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

function addYears(iso: string, years: number): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y + years, m - 1, d) / 86_400_000;
}

function growthAge(birthDate: string, date: string): GrowthAge {
  const birth = parseIsoDateToDayNumber(birthDate);
  const visit = parseIsoDateToDayNumber(date);
  if (visit < birth) throw new GrowthAgeError('DATE_BEFORE_BIRTH');
  if (visit >= addYears(birthDate, 19)) throw new GrowthAgeError('AGE_19_OR_OVER');
  const ageDays = visit - birth;
  const exactMonths = ageDays / WHO_DAYS_PER_MONTH;
  return { ageDays, ageMonths: Number(exactMonths.toFixed(2)), reference: exactMonths < 60 ? 'who2006' : 'who2007' };
}

function lmsZ(y: number, l: number, m: number, s: number): number {
  // L is never exactly 0 in the WHO tables; the Box-Cox limit log(y/M)/S would apply if it were.
  if (l === 0) return Math.log(y / m) / s;
  return ((y / m) ** l - 1) / (s * l);
}

function lmsValueAt(z: number, l: number, m: number, s: number): number {
  if (l === 0) return m * Math.exp(s * z);
  return m * (1 + l * s * z) ** (1 / l);
}

function restrictedLmsZ(y: number, l: number, m: number, s: number): number {
  const z = lmsZ(y, l, m, s);
  if (z > 3) {
    const sd3 = lmsValueAt(3, l, m, s);
    return 3 + (y - sd3) / (sd3 - lmsValueAt(2, l, m, s));
  }
  if (z < -3) {
    const sd3neg = lmsValueAt(-3, l, m, s);
    return -3 + (y - sd3neg) / (lmsValueAt(-2, l, m, s) - sd3neg);
  }
  return z;
}

function roundZ(z: number): number {
  const rounded = Number(z.toFixed(2));
  return Object.is(rounded, -0) ? 0 : rounded;
}

function normalCdf(z: number): number {
  return 1 - 0.5 * erfc(z / Math.SQRT2);
}

function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

function percentileOf(z: number): number {
  return Number((normalCdf(z) * 100).toFixed(1));
}

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

function rowAt(table: LmsTable, sex: Sex, key: number): Lms | null {
  return row(table, sex, Math.round((key - table[sex].first) / table.step));
}

function interpolate(low: Lms, high: Lms, fraction: number): Lms {
  return {
    l: low.l + fraction * (high.l - low.l),
    m: low.m + fraction * (high.m - low.m),
    s: low.s + fraction * (high.s - low.s),
  };
}

function rowAtMonths(table: LmsTable, sex: Sex, ageMonths: number): Lms | null {
  const low = Math.trunc(ageMonths);
  const fraction = ageMonths - low;
  const lowRow = rowAt(table, sex, low);
  if (!lowRow) return null;
  if (fraction <= 0) return lowRow;
  const highRow = rowAt(table, sex, low + 1);
  return highRow ? interpolate(lowRow, highRow, fraction) : null;
}

function rowAtLength(table: LmsTable, sex: Sex, cm: number): Lms | null {
  const low = Math.trunc(cm * 10) / 10;
  const high = Math.trunc(cm * 10 + 1) / 10;
  const fraction = (cm - low) / 0.1;
  const lowRow = rowAt(table, sex, low);
  if (!lowRow) return null;
  if (fraction <= 0) return lowRow;
  const highRow = rowAt(table, sex, high);
  return highRow ? interpolate(lowRow, highRow, fraction) : null;
}

interface WhoZ {
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

function zFrom(key: GrowthIndicatorKey, y: number | null | undefined, lms: Lms | null, restricted: boolean): WhoZ | null {
  if (!isPositiveFinite(y) || !lms) return null;
  return whoZ(key, restricted ? restrictedLmsZ(y, lms.l, lms.m, lms.s) : lmsZ(y, lms.l, lms.m, lms.s));
}

interface Who2006Input {
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

interface Who2006Result {
  /** Length/height after the 0.7 cm position correction, null without a length/height. */
  correctedLengthHeightCm: number | null;
  bmi: number | null;
  weightForAge: WhoZ | null;
  heightForAge: WhoZ | null;
  bmiForAge: WhoZ | null;
  weightForHeight: WhoZ | null;
  headCircumferenceForAge: WhoZ | null;
}

function who2006ZScores(input: Who2006Input): Who2006Result {
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
  const at = (table: LmsTable) => (underFive ? rowAt(table, sex, ageDays) : null);

  let weightForHeight: WhoZ | null = null;
  if (underFive && weightCounts && weight !== null && lenhei !== null) {
    const byLength = ageDays < 731;
    const inRange = byLength ? lenhei >= 45 && lenhei <= 110 : lenhei >= 65 && lenhei <= 120;
    if (inRange) weightForHeight = zFrom('weightForHeight', weight, rowAtLength(byLength ? t.weightForLength : t.weightForHeight, sex, lenhei), true);
  }
  return {
    correctedLengthHeightCm: lenhei,
    bmi,
    weightForAge: weightCounts ? zFrom('weightForAge', weight, at(t.weightForAgeDays), true) : null,
    heightForAge: zFrom('heightForAge', lenhei, at(t.lengthHeightForAgeDays), false),
    bmiForAge: weightCounts ? zFrom('bmiForAge', bmi, at(t.bmiForAgeDays), true) : null,
    weightForHeight,
    headCircumferenceForAge: zFrom('headCircumferenceForAge', input.headCircumferenceCm, at(t.headCircumferenceForAgeDays), false),
  };
}

interface Who2007Input {
  sex: Sex;
  /** Age in months, fractional (60–228). */
  ageMonths: number;
  weightKg?: number | null;
  /** Standing height. */
  heightCm?: number | null;
  oedema?: boolean | null;
}

interface Who2007Result {
  bmi: number | null;
  weightForAge: WhoZ | null;
  heightForAge: WhoZ | null;
  bmiForAge: WhoZ | null;
}

const WHO2007_LAST_MONTH = { weightForAge: 120, heightForAge: 228, bmiForAge: 228 } as const;

function who2007ZScores(input: Who2007Input): Who2007Result {
  const { sex, ageMonths } = input;
  assertSex(sex);
  const t = WHO_TABLES;
  const weight = isPositiveFinite(input.weightKg) ? input.weightKg : null;
  const height = isPositiveFinite(input.heightCm) ? input.heightCm : null;
  const bmi = weight !== null && height !== null ? weight / (height / 100) ** 2 : null;
  const within = (last: number) => Number.isFinite(ageMonths) && ageMonths >= 60 && ageMonths <= last;
  const at = (table: LmsTable, last: number) => (within(last) ? rowAtMonths(table, sex, ageMonths) : null);
  const weightCounts = !input.oedema;
  return {
    bmi,
    weightForAge: weightCounts ? zFrom('weightForAge', weight, at(t.weightForAgeMonths, WHO2007_LAST_MONTH.weightForAge), true) : null,
    heightForAge: zFrom('heightForAge', height, at(t.heightForAgeMonths, WHO2007_LAST_MONTH.heightForAge), false),
    bmiForAge: weightCounts ? zFrom('bmiForAge', bmi, at(t.bmiForAgeMonths, WHO2007_LAST_MONTH.bmiForAge), true) : null,
  };
}

function classifyGrowth(key: GrowthIndicatorKey, reference: GrowthReference, value: WhoZ): GrowthClassification {
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

function indicator(key: GrowthIndicatorKey, reference: GrowthReference, value: WhoZ | null): GrowthIndicator | undefined {
  if (!value) return undefined;
  return { z: value.z, percentile: percentileOf(value.z), classification: classifyGrowth(key, reference, value), flagged: value.flagged };
}

export function assessGrowthBefore(input: GrowthInput): GrowthAssessment {
  assertSex(input.sex);
  const age = growthAge(input.birthDate, input.date);
  const indicators: GrowthIndicators = {};
  const put = (key: GrowthIndicatorKey, value: WhoZ | null) => {
    const result = indicator(key, age.reference, value);
    if (result) indicators[key] = result;
  };
  if (age.reference === 'who2006') {
    const measure = input.measuredLying === true ? 'l' : input.measuredLying === false ? 'h' : null;
    const r = who2006ZScores({
      sex: input.sex,
      ageDays: age.ageDays,
      weightKg: input.weightKg,
      lengthHeightCm: input.heightCm,
      measure,
      headCircumferenceCm: input.headCircumferenceCm,
      oedema: input.oedema,
    });
    for (const key of GROWTH_INDICATORS) put(key, r[key]);
  } else {
    // AnthroPlus takes standing height only; a height recorded lying down is turned into standing height
    // with the WHO's 0.7 cm rule, as WHO Anthro does from 2 years on.
    const height = isPositiveFinite(input.heightCm) && input.measuredLying === true ? input.heightCm - 0.7 : input.heightCm;
    const r = who2007ZScores({ sex: input.sex, ageMonths: age.ageDays / WHO_DAYS_PER_MONTH, weightKg: input.weightKg, heightCm: height, oedema: input.oedema });
    put('weightForAge', r.weightForAge);
    put('heightForAge', r.heightForAge);
    put('bmiForAge', r.bmiForAge);
  }
  return { ...age, indicators };
}
