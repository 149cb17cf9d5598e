/// <reference types="node" />
// The WHO's own numbers, reproduced: every child of the WHO AnthroPlus survey (data/who/anthroplus/
// survey_who2007_z.csv, z-scores computed by the WHO's `anthroplus` package) and the values asserted by the
// WHO's `anthro` package tests, plus the rules (position correction, restricted z, oedema, age limits).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { growthAge, GrowthAgeError } from './growth-age.js';
import {
  assessGrowth,
  classifyGrowth,
  growthCurve,
  whoLengthHeightCm,
  who2006ZScores,
  who2007ZScores,
} from './growth.js';
import { lmsValueAt, lmsZ, percentileOf, restrictedLmsZ, roundZ, toFixedNumber } from './lms.js';
import { WHO_TABLES } from './who-tables.js';

const here = dirname(fileURLToPath(import.meta.url));
const surveyPath = join(here, '..', '..', '..', '..', 'data', 'who', 'anthroplus', 'survey_who2007_z.csv');

function parseCsv(text: string): Array<Record<string, string>> {
  const lines = text.trim().split(/\r?\n/);
  const split = (line: string) => line.split(',').map((c) => c.replace(/^"|"$/g, ''));
  const header = split(lines[0]!);
  return lines.slice(1).map((line) => Object.fromEntries(split(line).map((c, i) => [header[i]!, c])));
}

const num = (v: string | undefined) => (v === undefined || v === '' || v === 'NA' ? null : Number(v));

describe('WHO AnthroPlus survey (5–19 years): every child, every indicator', () => {
  const rows = parseCsv(readFileSync(surveyPath, 'utf8'));
  const indicators = [
    ['zhfa', 'fhfa', 'heightForAge'],
    ['zwfa', 'fwfa', 'weightForAge'],
    ['zbfa', 'fbfa', 'bmiForAge'],
  ] as const;

  it('has the 933 children of the WHO file', () => {
    expect(rows).toHaveLength(933);
  });

  it('matches the WHO z-score (within 0.01), its presence and its flag for every child', () => {
    const counts = { compared: 0, exact: 0, within: 0, absentBoth: 0, beyondLimit: 0 };
    const mismatches: string[] = [];
    for (const r of rows) {
      const result = who2007ZScores({
        sex: r.sex === '1' ? 'm' : 'f',
        ageMonths: Number(r.agemons),
        weightKg: num(r.weight),
        heightCm: num(r.height),
        oedema: r.oedema === 'y',
      });
      for (const [zCol, fCol, key] of indicators) {
        let expected = num(r[zCol]);
        // The file predates anthroplus 1.0, whose upper age limits are inclusive (≤ 120 and ≤ 228 months);
        // the WHO's own package test blanks these z-scores the same way (tests/testthat/test-zscores.R).
        if (expected !== null && Number(r.agemons) > (key === 'weightForAge' ? 120 : 228)) {
          counts.beyondLimit += 1;
          expected = null;
        }
        const ours = result[key];
        if (expected === null) {
          if (ours !== null) mismatches.push(`id ${r.id} ${key}: WHO none, ours ${ours.z}`);
          else counts.absentBoth += 1;
          continue;
        }
        counts.compared += 1;
        if (ours === null) {
          mismatches.push(`id ${r.id} ${key}: WHO ${expected}, ours none`);
          continue;
        }
        if (Math.abs(ours.z - expected) > 0.01 + 1e-9) mismatches.push(`id ${r.id} ${key}: WHO ${expected}, ours ${ours.z}`);
        else if (ours.z === expected) counts.exact += 1;
        else counts.within += 1;
        if (ours.flagged !== (r[fCol] === '1')) mismatches.push(`id ${r.id} ${key}: WHO flag ${r[fCol]}, ours ${ours.flagged}`);
      }
    }
    expect(mismatches).toEqual([]);
    // The figures written in docs/formulas.md.
    expect(counts).toEqual({ compared: 2089, exact: 2089, within: 0, absentBoth: 710, beyondLimit: 12 });
  });
});

describe('WHO AnthroPlus package test: ages around 60 months (tests/testthat/test-zscores.R)', () => {
  it('girls of 60.32 and 60.911701 months', () => {
    const a = who2007ZScores({ sex: 'f', ageMonths: 60.32, heightCm: 113.8, weightKg: 18.7 });
    const b = who2007ZScores({ sex: 'f', ageMonths: 60.911701, heightCm: 113.6, weightKg: 20.5 });
    expect([a.weightForAge?.z, a.bmiForAge?.z, a.heightForAge?.z]).toEqual([0.21, -0.58, 0.96]);
    expect([b.weightForAge?.z, b.bmiForAge?.z, b.heightForAge?.z]).toEqual([0.79, 0.42, 0.85]);
  });
});

describe('WHO Anthro (0–5 years): the values the WHO anthro package asserts', () => {
  it('weight-for-age: girl, 1522 days, 17 kg → 0.24 (test-zscore-weight-for-age.R)', () => {
    expect(who2006ZScores({ sex: 'f', ageDays: 1522, weightKg: 17 }).weightForAge).toEqual({ z: 0.24, flagged: false });
  });
  it('weight-for-age: girl, 1 day, 10.37 kg is flagged (z > 5)', () => {
    expect(who2006ZScores({ sex: 'f', ageDays: 1, weightKg: 10.37 }).weightForAge?.flagged).toBe(true);
  });
  it('length-for-age: boy, 44 days, 50 cm = round((50/56.4833 − 1)/0.03492, 2), the plain LMS z', () => {
    expect(who2006ZScores({ sex: 'm', ageDays: 44, lengthHeightCm: 50 }).heightForAge?.z).toBe(Number(((50 / 56.4833 - 1) / 0.03492).toFixed(2)));
  });
  it('length-for-age: boy, 987 days, 72.86 cm lying → 72.16 cm standing, z −6.09, flagged (test-zscores.R)', () => {
    const r = who2006ZScores({ sex: 'm', ageDays: 987, lengthHeightCm: 72.86, measure: 'l' });
    expect(r.correctedLengthHeightCm).toBeCloseTo(72.16, 10);
    expect(r.heightForAge).toEqual({ z: -6.09, flagged: true });
  });
  it('BMI-for-age: a BMI of 25 on day 1 (girl) is flagged (test-zscore-bmi-for-age.R)', () => {
    // 25 kg/m² from weight and length: 1 kg at 20 cm.
    expect(who2006ZScores({ sex: 'f', ageDays: 1, weightKg: 1, lengthHeightCm: 20 }).bmiForAge?.flagged).toBe(true);
  });
  it('position correction (test-zscores.R): 730 days standing +0.7, 800 days lying −0.7, otherwise as measured', () => {
    expect(who2006ZScores({ sex: 'm', ageDays: 730, lengthHeightCm: 100, measure: 'h' }).correctedLengthHeightCm).toBeCloseTo(100.7, 10);
    expect(who2006ZScores({ sex: 'm', ageDays: 800, lengthHeightCm: 100, measure: 'h' }).correctedLengthHeightCm).toBe(100);
    expect(who2006ZScores({ sex: 'm', ageDays: 730, lengthHeightCm: 100, measure: 'l' }).correctedLengthHeightCm).toBe(100);
    expect(who2006ZScores({ sex: 'm', ageDays: 800, lengthHeightCm: 100, measure: 'l' }).correctedLengthHeightCm).toBeCloseTo(99.3, 10);
  });
  it('a standing height before 9 months is not corrected (implausible position)', () => {
    expect(who2006ZScores({ sex: 'm', ageDays: 100, lengthHeightCm: 60, measure: 'h' }).correctedLengthHeightCm).toBe(60);
  });
  it('weight-for-length is computed only before 60 months (1826 days = 59.99 months yes, 1827 days no)', () => {
    expect(who2006ZScores({ sex: 'f', ageDays: 1826, weightKg: 20, lengthHeightCm: 80 }).weightForHeight).not.toBeNull();
    expect(who2006ZScores({ sex: 'f', ageDays: 1827, weightKg: 20, lengthHeightCm: 80 }).weightForHeight).toBeNull();
  });
  it('oedema: no weight-based z-scores, length-for-age still computed', () => {
    const r = who2006ZScores({ sex: 'm', ageDays: 100, weightKg: 7, lengthHeightCm: 60, measure: 'l', oedema: true });
    expect([r.weightForAge, r.bmiForAge, r.weightForHeight]).toEqual([null, null, null]);
    expect(r.heightForAge).not.toBeNull();
  });
});

describe('LMS method (WHO 2006, chapter 7)', () => {
  const boy12months = { l: 0.0645, m: 9.646, s: 0.10925 }; // weianthro.txt, sex 1, age 365
  it('reads the table the build wrote (weight-for-age, boy, 365 days)', () => {
    const series = WHO_TABLES.weightForAgeDays.m;
    expect(series.lms.slice(365 * 3, 365 * 3 + 3)).toEqual([boy12months.l, boy12months.m, boy12months.s]);
  });
  it('z at the ±2/±3 SD curves is exactly ±2/±3, and beyond +3 SD grows by the 2–3 SD gap', () => {
    const { l, m, s } = boy12months;
    for (const z of [-3, -2, 0, 2, 3]) expect(restrictedLmsZ(lmsValueAt(z, l, m, s), l, m, s)).toBeCloseTo(z, 10);
    const sd2 = lmsValueAt(2, l, m, s);
    const sd3 = lmsValueAt(3, l, m, s);
    expect(restrictedLmsZ(sd3 + (sd3 - sd2), l, m, s)).toBeCloseTo(4, 10);
    // The plain LMS z of that weight is lower: the skewed tail is compressed.
    expect(lmsZ(sd3 + (sd3 - sd2), l, m, s)).toBeLessThan(4);
  });
  it('percentiles: z 0 → 50.0, ±1.88 → 3.0 / 97.0, −2 → 2.3', () => {
    expect(percentileOf(0)).toBe(50);
    expect(percentileOf(1.88)).toBe(97);
    expect(percentileOf(-1.88)).toBe(3);
    expect(percentileOf(-2)).toBe(2.3);
  });
});

describe('assessGrowth', () => {
  it('a 6-year-old boy with BMI 17 is overweight by the WHO 2007 reference, not "underweight" by the adult table', () => {
    // 20.4 kg, 109.5 cm → BMI 17.0 at 6 years 0 months.
    const r = assessGrowth({ sex: 'm', birthDate: '2019-03-01', date: '2025-03-01', weightKg: 20.4, heightCm: 109.5 });
    expect(r.reference).toBe('who2007');
    expect(r.ageMonths).toBe(72.02); // 2192 days / 30.4375
    expect(r.indicators.bmiForAge?.classification).toBe('overweight');
    expect(r.indicators.bmiForAge!.z).toBeGreaterThan(1);
    expect(Object.keys(r.indicators).sort()).toEqual(['bmiForAge', 'heightForAge', 'weightForAge']);
  });
  it('under 5: age in days, WHO 2006, all five indicators; a child of 11 has no weight-for-age', () => {
    const small = assessGrowth({ sex: 'f', birthDate: '2021-06-10', date: '2025-06-09', weightKg: 16, heightCm: 101, headCircumferenceCm: 49.5 });
    expect(small.reference).toBe('who2006');
    expect(small.ageDays).toBe(1460);
    expect(Object.keys(small.indicators).sort()).toEqual(['bmiForAge', 'headCircumferenceForAge', 'heightForAge', 'weightForAge', 'weightForHeight']);
    const older = assessGrowth({ sex: 'f', birthDate: '2014-01-01', date: '2025-06-01', weightKg: 38, heightCm: 145 });
    expect(older.indicators.weightForAge).toBeUndefined();
    expect(older.indicators.bmiForAge).toBeDefined();
  });
  it('switches reference at 60 months: 1826 days WHO 2006, 1827 days WHO 2007', () => {
    expect(growthAge('2020-01-01', '2024-12-31').reference).toBe('who2006'); // 1826 days
    expect(growthAge('2020-01-01', '2025-01-01').reference).toBe('who2007'); // 1827 days
  });
  it('measured lying at 2 years or more subtracts 0.7 cm; measuredLying absent applies no correction', () => {
    const base = { sex: 'm' as const, birthDate: '2020-01-01', date: '2023-01-01', heightCm: 95 };
    const lying = assessGrowth({ ...base, measuredLying: true }).indicators.heightForAge!.z;
    const standing = assessGrowth({ ...base, measuredLying: false }).indicators.heightForAge!.z;
    const absent = assessGrowth(base).indicators.heightForAge!.z;
    expect(standing).toBe(absent);
    expect(lying).toBeLessThan(standing);
    expect(lying).toBe(who2006ZScores({ sex: 'm', ageDays: 1096, lengthHeightCm: 94.3 }).heightForAge!.z);
  });
  it('flagged values are "implausible", never classified', () => {
    const r = assessGrowth({ sex: 'm', birthDate: '2020-01-01', date: '2023-01-01', heightCm: 60 });
    expect(r.indicators.heightForAge).toMatchObject({ flagged: true, classification: 'implausible' });
  });
  it('refuses a date before birth and an age of 19 years or more', () => {
    expect(() => growthAge('2010-05-10', '2010-05-09')).toThrow(GrowthAgeError);
    expect(() => growthAge('2000-05-10', '2019-05-10')).toThrow(expect.objectContaining({ problem: 'AGE_19_OR_OVER' }));
    expect(growthAge('2000-05-10', '2019-05-09').reference).toBe('who2007');
  });
});

describe('classification cut-offs (strictly beyond the SD line)', () => {
  const c = (key: Parameters<typeof classifyGrowth>[0], ref: 'who2006' | 'who2007', z: number) => classifyGrowth(key, ref, { z, flagged: false });
  it('BMI-for-age 5–19: > +1 overweight, > +2 obesity, < −2 thinness, < −3 severe thinness', () => {
    expect([c('bmiForAge', 'who2007', 1), c('bmiForAge', 'who2007', 1.01), c('bmiForAge', 'who2007', 2.01), c('bmiForAge', 'who2007', -2.01), c('bmiForAge', 'who2007', -3.01)]).toEqual([
      'normal',
      'overweight',
      'obesity',
      'thinness',
      'severeThinness',
    ]);
  });
  it('under 5 weight-for-height: > +1 possible risk, > +2 overweight, > +3 obesity, < −2 wasting, < −3 severe', () => {
    expect([1.01, 2.01, 3.01, -2.01, -3.01, -2].map((z) => c('weightForHeight', 'who2006', z))).toEqual([
      'possibleRiskOfOverweight',
      'overweight',
      'obesity',
      'wasting',
      'severeWasting',
      'normal',
    ]);
  });
  it('height-for-age < −2 stunting, < −3 severe; head circumference beyond ±2', () => {
    expect([c('heightForAge', 'who2007', -2.01), c('heightForAge', 'who2006', -3.5), c('headCircumferenceForAge', 'who2006', 2.1), c('headCircumferenceForAge', 'who2006', -2.1)]).toEqual([
      'stunting',
      'severeStunting',
      'macrocephaly',
      'microcephaly',
    ]);
  });
});

describe('growthCurve', () => {
  it('the median of weight-for-age at 365 days is the table M; 5–19 BMI curve runs 60–228 months', () => {
    const under5 = growthCurve('weightForAge', 'm', 'who2006', [0], 1);
    expect(under5[365]!.values[0]).toBeCloseTo(9.646, 10);
    const bmi = growthCurve('bmiForAge', 'f', 'who2007', [-2, 0, 2]);
    expect(bmi[0]!.x).toBe(60);
    expect(bmi.at(-1)!.x).toBe(228);
    expect(bmi[0]!.values[0]!).toBeLessThan(bmi[0]!.values[2]!);
  });
});

describe('whoLengthHeightCm (what the charts plot)', () => {
  it('applies the same position rule as the z-scores', () => {
    expect(whoLengthHeightCm(700, 80, false)).toBeCloseTo(80.7, 10);
    expect(whoLengthHeightCm(800, 90, true)).toBeCloseTo(89.3, 10);
    expect(whoLengthHeightCm(800, 90, null)).toBe(90);
    expect(whoLengthHeightCm(200, 65, false)).toBe(65); // standing before 9 months: not corrected
    expect(whoLengthHeightCm(4000, 140, true)).toBeCloseTo(139.3, 10);
    expect(whoLengthHeightCm(4000, 140, false)).toBe(140);
  });
});

// The fast paths (bench: 10,000 children in one go) must answer exactly as the string and Date versions they
// replaced: toFixed for the rounding, Date.UTC for the age and the 19th birthday.
describe('fast paths agree with the string and Date versions', () => {
  /** Deterministic generator (mulberry32). */
  function random(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('toFixedNumber(x, d) is Number(x.toFixed(d)), ties and near-ties included', () => {
    const next = random(2026);
    const values: number[] = [0, -0, 0.005, -0.005, 1.005, -1.005, 2.675, 1.45, -1.45, 0.125, -0.125, 2.5, -2.5, 1e-7, -3.0049999999999, 3.0050000000001, 1e12 + 0.5, -1e12 - 0.5];
    for (let i = 0; i < 20_000; i += 1) {
      const scale = 10 ** Math.floor(next() * 6 - 1);
      values.push((next() - 0.5) * 20 * scale);
      // exact decimal ties as typed (x.xx5) and their binary neighbours
      const tie = (Math.floor((next() - 0.5) * 2000) + 0.5) / 100;
      values.push(tie, tie + Number.EPSILON * 8, tie - Number.EPSILON * 8);
    }
    for (const x of values) {
      for (const digits of [0, 1, 2, 3, 4]) {
        const expected = Number(x.toFixed(digits));
        const got = toFixedNumber(x, digits);
        if (!Object.is(got, expected)) expect({ x, digits, got }).toEqual({ x, digits, got: expected });
      }
    }
    expect(roundZ(-0.001)).toBe(0);
    expect(Object.is(roundZ(-0.001), 0)).toBe(true);
  });

  it('growthAge matches day numbers from Date.UTC over random dates, and the 19th birthday of a 29 February', () => {
    const next = random(19);
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    for (let i = 0; i < 5_000; i += 1) {
      const birthMs = Date.UTC(1900 + Math.floor(next() * 250), 0, 1) + Math.floor(next() * 366) * 86_400_000;
      const visitMs = birthMs + Math.floor(next() * 19.2 * 365.25) * 86_400_000;
      const [y, m, d] = iso(birthMs).split('-').map(Number) as [number, number, number];
      const nineteenth = Date.UTC(y + 19, m - 1, d);
      if (visitMs >= nineteenth) {
        expect(() => growthAge(iso(birthMs), iso(visitMs))).toThrow(GrowthAgeError);
      } else {
        expect(growthAge(iso(birthMs), iso(visitMs)).ageDays).toBe((visitMs - birthMs) / 86_400_000);
      }
    }
    // Born 29 February 2008: still 18 on 28 February 2027, 19 on 1 March 2027 (Date.UTC rolls over).
    expect(growthAge('2008-02-29', '2027-02-28').reference).toBe('who2007');
    expect(() => growthAge('2008-02-29', '2027-03-01')).toThrow(GrowthAgeError);
  });

  it('growthAge refuses malformed and impossible dates with a RangeError, as before', () => {
    for (const bad of ['2020-02-30', '2021-02-29', '2020-13-01', '2020-00-10', '2020-1-01', '20200101', '0050-01-01', '2020-01-0a', '']) {
      expect(() => growthAge(bad, '2024-01-01')).toThrow(RangeError);
      expect(() => growthAge('2019-01-01', bad)).toThrow(RangeError);
    }
    expect(() => growthAge('2020-02-30', '2024-01-01')).not.toThrow(GrowthAgeError);
    expect(growthAge('2020-02-29', '2024-02-29').ageDays).toBe(1461);
  });
});
