import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayNumberToIsoDate,
  dueDateNaegele,
  gestationalAge,
  IOM_2009_GAIN_KG,
  isIsoDate,
  parseIsoDateToDayNumber,
  prePregnancyBmiCategory,
  suggestedGestationalWeightGain,
} from './gestation.js';

describe('suggestedGestationalWeightGain (IOM 2009, Table S-1)', () => {
  it.each([
    [17.0, 'underweight', 12.5, 18],
    [18.5, 'normal', 11.5, 16],
    [24.9, 'normal', 11.5, 16],
    [25.0, 'overweight', 7, 11.5],
    [29.9, 'overweight', 7, 11.5],
    [30.0, 'obese', 5, 9],
    [45.0, 'obese', 5, 9],
  ] as const)('pre-pregnancy BMI %s → %s, %s–%s kg', (bmi, category, min, max) => {
    expect(suggestedGestationalWeightGain(bmi)).toEqual({ category, min, max });
  });

  it('classifies BMI values between the printed bands (24.95) by half-open intervals', () => {
    expect(prePregnancyBmiCategory(24.95)).toBe('normal');
    expect(prePregnancyBmiCategory(29.95)).toBe('overweight');
  });

  it('property: recommended gain never increases with BMI and min < max', () => {
    fc.assert(
      fc.property(fc.double({ min: 12, max: 60, noNaN: true }), fc.double({ min: 0, max: 20, noNaN: true }), (bmi, d) => {
        const a = suggestedGestationalWeightGain(bmi);
        const b = suggestedGestationalWeightGain(bmi + d);
        expect(a.min).toBeLessThan(a.max);
        expect(b.min).toBeLessThanOrEqual(a.min);
        expect(b.max).toBeLessThanOrEqual(a.max);
      }),
    );
    expect(IOM_2009_GAIN_KG).toHaveLength(4);
  });
});

describe('dates', () => {
  it('parses and validates YYYY-MM-DD strictly', () => {
    expect(parseIsoDateToDayNumber('1970-01-01')).toBe(0);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-1-1')).toBe(false);
    expect(isIsoDate('')).toBe(false);
    expect(isIsoDate(20240101)).toBe(false);
  });

  it('property: day number ⇄ ISO date round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3_000, max: 40_000 }), (n) => {
        expect(parseIsoDateToDayNumber(dayNumberToIsoDate(n))).toBe(n);
      }),
    );
  });
});

describe('dueDateNaegele (LMP + 280 days; ACOG Committee Opinion 700)', () => {
  // Classic Naegele form (LMP + 1 year − 3 months + 7 days) for LMP 2023-01-01
  // gives 2023-10-08, identical to +280 days in a non-leap span.
  it('LMP 2023-01-01 → 2023-10-08', () => {
    expect(dueDateNaegele('2023-01-01')).toBe('2023-10-08');
  });

  // Across 29 Feb the +280-day definition gives one day less than the calendar form.
  it('LMP 2024-01-01 (leap year) → 2024-10-07', () => {
    expect(dueDateNaegele('2024-01-01')).toBe('2024-10-07');
  });

  it('property: due date is exactly 280 days after LMP, i.e. 40 weeks 0 days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), (n) => {
        const lmp = dayNumberToIsoDate(n);
        const due = dueDateNaegele(lmp);
        expect(gestationalAge(lmp, due)).toEqual({ totalDays: 280, weeks: 40, days: 0 });
      }),
    );
  });
});

describe('gestationalAge', () => {
  it('LMP 2024-01-01, today 2024-03-01 → 60 days = 8 weeks + 4 days', () => {
    expect(gestationalAge('2024-01-01', '2024-03-01')).toEqual({ totalDays: 60, weeks: 8, days: 4 });
  });

  it('same day → week 0', () => {
    expect(gestationalAge('2024-05-10', '2024-05-10')).toEqual({ totalDays: 0, weeks: 0, days: 0 });
  });

  it('rejects today before LMP and malformed dates', () => {
    expect(() => gestationalAge('2024-05-10', '2024-05-09')).toThrow(RangeError);
    expect(() => gestationalAge('10/05/2024', '2024-05-09')).toThrow(RangeError);
  });

  it('property: weeks·7 + days = totalDays with 0 ≤ days < 7', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 400 }), (start, span) => {
        const g = gestationalAge(dayNumberToIsoDate(start), dayNumberToIsoDate(start + span));
        expect(g.totalDays).toBe(span);
        expect(g.weeks * 7 + g.days).toBe(span);
        expect(g.days).toBeGreaterThanOrEqual(0);
        expect(g.days).toBeLessThan(7);
      }),
    );
  });
});
