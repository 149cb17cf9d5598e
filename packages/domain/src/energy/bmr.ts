/**
 * Basal metabolic rate and total energy requirement (VCT, "valor calórico
 * total") for meal planning.
 *
 * Source: Mifflin MD, St Jeor ST, Hill LA, Scott BJ, Daugherty SA, Koh YO.
 * A new predictive equation for resting energy expenditure in healthy
 * individuals. Am J Clin Nutr. 1990;51(2):241-247.
 */
import { assertPositive, assertSex, type Sex } from '../anthropometry/common.js';

export interface MifflinStJeorInput {
  weightKg: number;
  heightCm: number;
  ageYears: number;
  sex: Sex;
}

/**
 * Sex-specific intercepts of Mifflin-St Jeor (1990): the paper fits one
 * equation with a sex term; +5 for men and −161 for women are its published
 * simplified forms.
 */
export const MIFFLIN_SEX_CONSTANT: Readonly<Record<Sex, number>> = { m: 5, f: -161 };

/** BMR (kcal/day) = 10·kg + 6.25·cm − 5·years + s. Mifflin et al. 1990. */
export function mifflinStJeorBmr(input: MifflinStJeorInput): number {
  const { weightKg, heightCm, ageYears, sex } = input;
  assertPositive('weightKg', weightKg);
  assertPositive('heightCm', heightCm);
  assertPositive('ageYears', ageYears);
  assertSex(sex);
  return 10 * weightKg + 6.25 * heightCm - 5 * ageYears + MIFFLIN_SEX_CONSTANT[sex];
}

/**
 * Default physical-activity factors. These values come from the Almendra
 * functional spec (the practice's own convention: 1.55 men, 1.56 women), not
 * from Mifflin et al.; a practitioner-chosen factor overrides them.
 */
export const DEFAULT_ACTIVITY_FACTOR: Readonly<Record<Sex, number>> = { m: 1.55, f: 1.56 };

/** VCT (kcal/day) = BMR × activity factor. */
export function energyRequirement(bmrKcal: number, sex: Sex, activityFactor?: number): number {
  assertPositive('bmrKcal', bmrKcal);
  assertSex(sex);
  const factor = activityFactor ?? DEFAULT_ACTIVITY_FACTOR[sex];
  assertPositive('activityFactor', factor);
  return bmrKcal * factor;
}
