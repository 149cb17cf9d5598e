/**
 * What a WHO growth chart plots for a patient, shared by the record's charts (web) and the consultation PDF
 * (server) so both draw the same: which charts apply to an age band, and where each visit falls on a chart
 * (x = age in months, or length/height for weight-for-length/height; y = the measurement the WHO compares,
 * i.e. the length/height after the position correction and the BMI from it). A visit whose indicator was not
 * computed (missing measurement, oedema for the weight-based ones, outside the indicator's ages) is not drawn.
 */
import type { GrowthAssessment, GrowthIndicatorKey, GrowthReference } from './growth-age.js';
import { whoLengthHeightCm, type GrowthChartKind } from './growth.js';

export interface GrowthChartSpec {
  indicator: GrowthIndicatorKey;
  kind: GrowthChartKind;
  /** Unit of the value axis. */
  unit: 'kg' | 'cm' | 'kg/m²';
}

/**
 * The charts of a band, most useful first: under 5 the five WHO 2006 indicators (weight-for-length before
 * 731 days at the last visit, weight-for-height after); 5–19 BMI- and height-for-age, and weight-for-age
 * when some visit has it (the WHO gives it only to 10 years).
 */
export function growthChartSpecs(band: GrowthReference, lastAgeDays: number, withWeightForAge: boolean): GrowthChartSpec[] {
  if (band === 'who2006') {
    return [
      { indicator: 'weightForAge', kind: 'weightForAge', unit: 'kg' },
      { indicator: 'heightForAge', kind: 'heightForAge', unit: 'cm' },
      { indicator: 'weightForHeight', kind: lastAgeDays < 731 ? 'weightForLength' : 'weightForHeight', unit: 'kg' },
      { indicator: 'bmiForAge', kind: 'bmiForAge', unit: 'kg/m²' },
      { indicator: 'headCircumferenceForAge', kind: 'headCircumferenceForAge', unit: 'cm' },
    ];
  }
  return [
    { indicator: 'bmiForAge', kind: 'bmiForAge', unit: 'kg/m²' },
    { indicator: 'heightForAge', kind: 'heightForAge', unit: 'cm' },
    ...(withWeightForAge ? [{ indicator: 'weightForAge' as const, kind: 'weightForAge' as const, unit: 'kg' as const }] : []),
  ];
}

/** One visit as measured, with its WHO assessment. */
export interface GrowthVisit {
  date: string;
  weightKg: number | null;
  /** As measured (before the position correction). */
  heightCm: number | null;
  headCircumferenceCm: number | null;
  measuredLying: boolean | null;
  growth: GrowthAssessment;
}

export interface GrowthChartPoint {
  date: string;
  x: number;
  y: number;
}

/** The visit's point on one chart, or null when that indicator was not computed for it. */
export function growthChartPoint(spec: GrowthChartSpec, visit: GrowthVisit): GrowthChartPoint | null {
  const g = visit.growth;
  if (!g.indicators[spec.indicator]) return null;
  const height = visit.heightCm === null ? null : whoLengthHeightCm(g.ageDays, visit.heightCm, visit.measuredLying);
  const x = g.ageMonths;
  const at = (px: number, y: number | null) => (y === null ? null : { date: visit.date, x: px, y });
  switch (spec.kind) {
    case 'weightForAge':
      return at(x, visit.weightKg);
    case 'heightForAge':
      return at(x, height);
    case 'bmiForAge':
      return at(x, visit.weightKg === null || height === null ? null : visit.weightKg / (height / 100) ** 2);
    case 'headCircumferenceForAge':
      return at(x, visit.headCircumferenceCm);
    case 'weightForLength':
    case 'weightForHeight':
      return height === null ? null : at(height, visit.weightKg);
  }
}
