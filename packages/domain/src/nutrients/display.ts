/**
 * Display units (seed 1 §9): "macros g; fats g except omega 3 and 6 in mg and cholesterol in mg/dL;
 * vitamins and minerals mg; most other nutrients mg". Stored values keep the USDA SR units of the food
 * table (see nutrient-keys.ts); this module converts at display time only.
 *
 * Deviations, on purpose:
 * - Cholesterol is shown in mg, not mg/dL: mg/dL is a blood concentration; an amount of food contains
 *   milligrams (SR gives mg).
 * - Vitamins and minerals that SR reports in µg (B12, folate, K, selenium, retinol, carotenoids,
 *   fluoride) stay in µg, and vitamins A and D stay in IU: converting B12 to 0.0024 mg would read as a
 *   rounding error on screen, reference intakes are published in µg, and IU has no mass equivalent
 *   without a per-vitamin factor the source does not carry.
 * - Omega 3 and omega 6 follow the spec: mg = g × 1000.
 */
import { NUTRIENTS, type NutrientKey } from './nutrient-keys.js';

export interface DisplayUnit {
  readonly unit: string;
  /** displayed value = stored value × factor */
  readonly factor: number;
}

const OVERRIDES: Partial<Record<NutrientKey, DisplayUnit>> = {
  omega3G: { unit: 'mg', factor: 1000 },
  omega6G: { unit: 'mg', factor: 1000 },
};

export const NUTRIENT_DISPLAY_UNITS: Readonly<Record<NutrientKey, DisplayUnit>> = Object.freeze(
  Object.fromEntries(NUTRIENTS.map((n) => [n.key, OVERRIDES[n.key] ?? { unit: n.unit, factor: 1 }])) as Record<NutrientKey, DisplayUnit>,
);

export function displayUnit(key: NutrientKey): string {
  return NUTRIENT_DISPLAY_UNITS[key].unit;
}

/** A stored amount (SR unit) in its display unit. */
export function toDisplayValue(key: NutrientKey, value: number): number {
  return value * NUTRIENT_DISPLAY_UNITS[key].factor;
}

/** A value typed in the display unit back to the stored SR unit (forms that show omega 3 in mg). */
export function fromDisplayValue(key: NutrientKey, value: number): number {
  return value / NUTRIENT_DISPLAY_UNITS[key].factor;
}
