/**
 * Ideal body weight of an adult (the spec's Ant_PesoIdeal).
 *
 * Source: Lemmens HJM, Brodsky JB, Bernstein DP. Estimating ideal body weight — a new formula.
 * Obesity Surgery 2005;15(7):1082–1083. IBW (kg) = 22 × height² (m), i.e. the weight at a BMI of 22,
 * the middle of the WHO normal range (WHO TRS 894, 2000). Chosen over Devine/Robinson/Hamwi because it is
 * valid at every adult height and for both sexes (those give negative or implausible values for short
 * people and were built for drug dosing). Not defined under 19: the WHO growth references apply.
 * Worked example: 1.70 m → 22 × 1.70² = 63.58 kg; 1.60 m → 56.32 kg.
 */
import { assertPositive } from './common.js';

export const IDEAL_WEIGHT_BMI = 22;

export function idealWeightKg(heightCm: number): number {
  assertPositive('heightCm', heightCm);
  const m = heightCm / 100;
  return IDEAL_WEIGHT_BMI * m * m;
}
