/**
 * Estimated energy requirement (EER) of children and adolescents, which replaces the adult equation
 * (Mifflin-St Jeor × activity factor) under 19 years.
 *
 * Source: Institute of Medicine (US) Panel on Macronutrients. Dietary Reference Intakes for Energy,
 * Carbohydrate, Fiber, Fat, Fatty Acids, Cholesterol, Protein, and Amino Acids. Washington (DC): National
 * Academies Press; 2005, chapter 5 "Energy", EER equations for infants and young children (0–35 months:
 * total energy expenditure 89·kg − 100 plus energy deposition) and for boys and girls 3–18 years at four
 * physical-activity levels (PA coefficients by the physical activity level, PAL, ranges sedentary 1.0–1.39,
 * low active 1.4–1.59, active 1.6–1.89, very active 1.9–2.5).
 */
import { assertPositive, assertSex, type Sex } from '../anthropometry/common.js';

export type PediatricActivityLevel = 'sedentary' | 'lowActive' | 'active' | 'veryActive';

/** IOM 2005 PA coefficients, 3–18 years. */
export const IOM_PA_COEFFICIENT: Readonly<Record<Sex, Record<PediatricActivityLevel, number>>> = {
  m: { sedentary: 1.0, lowActive: 1.13, active: 1.26, veryActive: 1.42 },
  f: { sedentary: 1.0, lowActive: 1.16, active: 1.31, veryActive: 1.56 },
};

/**
 * The IOM activity category of a physical activity level (the adult form's activity factor is a PAL):
 * < 1.4 sedentary, < 1.6 low active, < 1.9 active, otherwise very active.
 */
export function activityLevelOfPal(pal: number): PediatricActivityLevel {
  assertPositive('pal', pal);
  return pal < 1.4 ? 'sedentary' : pal < 1.6 ? 'lowActive' : pal < 1.9 ? 'active' : 'veryActive';
}

export interface PediatricEnergyInput {
  sex: Sex;
  /** Exact age in months (days / 30.4375), 0 to < 228. */
  ageMonths: number;
  weightKg: number;
  /** Needed from 3 years. */
  heightCm?: number | null;
  /** Used from 3 years. */
  activityLevel: PediatricActivityLevel;
}

/** Energy deposition for growth, kcal/day, by age band of the 0–35 month equation (IOM 2005). */
function infantDeposition(ageMonths: number): number {
  if (ageMonths < 4) return 175;
  if (ageMonths < 7) return 56;
  if (ageMonths < 13) return 22;
  return 20;
}

/** EER in kcal/day (IOM 2005). RangeError outside 0–228 months or without the measurements it needs. */
export function iomEstimatedEnergyRequirement(input: PediatricEnergyInput): number {
  const { sex, ageMonths, weightKg, activityLevel } = input;
  assertSex(sex);
  assertPositive('weightKg', weightKg);
  if (!(ageMonths >= 0 && ageMonths < 228)) throw new RangeError(`ageMonths must be 0–228 (got ${ageMonths})`);
  if (ageMonths < 36) return 89 * weightKg - 100 + infantDeposition(ageMonths);
  const heightCm = input.heightCm as number;
  assertPositive('heightCm', heightCm);
  const years = ageMonths / 12;
  const heightM = heightCm / 100;
  const pa = IOM_PA_COEFFICIENT[sex][activityLevel];
  const deposition = years < 9 ? 20 : 25;
  return sex === 'm'
    ? 88.5 - 61.9 * years + pa * (26.7 * weightKg + 903 * heightM) + deposition
    : 135.3 - 30.8 * years + pa * (10.0 * weightKg + 934 * heightM) + deposition;
}
