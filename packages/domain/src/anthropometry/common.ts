/**
 * Shared vocabulary for the anthropometry and energy modules: biological sex as
 * the equations use it, and input guards.
 *
 * Every regression used here was fitted on positive, finite measurements; a 0
 * usually means "not measured" in the practice's forms, so the guards treat it
 * as missing instead of letting it flow into an equation and produce a
 * plausible-looking wrong number.
 */

/** Sex as coded by the published equations ('m' male, 'f' female). */
export type Sex = 'm' | 'f';

export const SEXES: readonly Sex[] = ['m', 'f'];

export function isSex(value: unknown): value is Sex {
  return value === 'm' || value === 'f';
}

/** True for a finite number strictly greater than zero. */
export function isPositiveFinite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/**
 * Throws a RangeError naming the offending input. The pure formula functions
 * throw (they are programmer-facing); the aggregate `computeAnthropometry`
 * checks first and reports a missing-input reason instead.
 */
export function assertPositive(name: string, value: number): void {
  if (!isPositiveFinite(value)) {
    throw new RangeError(`${name} must be a finite number > 0 (got ${String(value)})`);
  }
}

export function assertFinite(name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number (got ${String(value)})`);
  }
}

export function assertSex(value: unknown): asserts value is Sex {
  if (!isSex(value)) {
    throw new RangeError(`sex must be 'm' or 'f' (got ${String(value)})`);
  }
}

/**
 * A value rounded exactly as it is shown to the nutritionist: `toFixed` and `Intl.NumberFormat` both round
 * the exact binary value to the nearest representable decimal (ECMA-262 §21.1.3.3, ECMA-402), so
 * `roundAsDisplayed(24.97, 1)` is 25 just as the screen shows "25,0". Every category decided from a
 * computed value (BMI class, gestational gain row) is decided on this, so a number and the category
 * printed beside it never disagree at a threshold.
 */
export function roundAsDisplayed(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}
