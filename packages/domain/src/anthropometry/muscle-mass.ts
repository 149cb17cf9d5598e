/**
 * Skeletal muscle mass from corrected limb girths (Lee et al. 2000), and
 * muscle mass by difference in the four-component model.
 *
 * Sources:
 * - Lee RC, Wang Z, Heo M, Ross R, Janssen I, Heymsfield SB. Total-body
 *   skeletal muscle mass: development and cross-validation of anthropometric
 *   prediction models. Am J Clin Nutr. 2000;72(3):796-803 (anthropometric
 *   model, validated against whole-body MRI in non-obese adults).
 * - Four-component fractionation (fat, bone, residual, muscle by difference):
 *   De Rose EH, Guimarães ACA. A model for optimization of somatotype in young
 *   athletes. In: Ostyn M, Beunen G, Simons J, eds. Kinanthropometry II.
 *   Baltimore: University Park Press; 1980:77-80.
 */
import { assertFinite, assertPositive, assertSex, type Sex } from './common.js';

/** Ethnicity term of Lee et al. (2000); 0 is their reference (white and Hispanic). */
export const LEE_RACE_TERMS = {
  whiteOrHispanic: 0,
  asian: -2.0,
  africanAmerican: 1.1,
} as const;

export type LeeRaceTerm = (typeof LEE_RACE_TERMS)[keyof typeof LEE_RACE_TERMS];

export function isLeeRaceTerm(value: unknown): value is LeeRaceTerm {
  return (Object.values(LEE_RACE_TERMS) as unknown[]).includes(value);
}

export interface LeeInput {
  heightCm: number;
  ageYears: number;
  sex: Sex;
  /** Defaults to 0 (white/Hispanic), the reference group of Lee et al. */
  raceTerm?: LeeRaceTerm;
  /** Relaxed mid-upper-arm girth. */
  armGirthCm: number;
  /** Mid-thigh girth. */
  thighGirthCm: number;
  /** Maximal calf girth. */
  calfGirthCm: number;
  tricepsSkinfoldMm: number;
  /** Front (anterior) thigh skinfold. */
  thighSkinfoldMm: number;
  /** Medial calf skinfold. */
  calfSkinfoldMm: number;
}

/**
 * Skinfold-corrected girth (cm): girth − π·skinfold, skinfold converted mm → cm.
 * Lee et al. 2000. Returns ≤ 0 when the skinfold is implausibly large for the girth.
 */
export function correctedGirthCm(girthCm: number, skinfoldMm: number): number {
  return girthCm - Math.PI * (skinfoldMm / 10);
}

/**
 * SM (kg) = Ht·(0.00744·CAG² + 0.00088·CTG² + 0.00441·CCG²) + 2.4·sex − 0.048·age + race + 7.8,
 * Ht in m, corrected girths in cm, sex 1 = male / 0 = female. Lee et al. 2000.
 * Throws if a corrected girth is ≤ 0: squaring it would silently turn bad data
 * into a positive contribution.
 */
export function leeSkeletalMuscleMass(input: LeeInput): number {
  assertPositive('heightCm', input.heightCm);
  assertPositive('ageYears', input.ageYears);
  assertSex(input.sex);
  assertPositive('armGirthCm', input.armGirthCm);
  assertPositive('thighGirthCm', input.thighGirthCm);
  assertPositive('calfGirthCm', input.calfGirthCm);
  assertPositive('tricepsSkinfoldMm', input.tricepsSkinfoldMm);
  assertPositive('thighSkinfoldMm', input.thighSkinfoldMm);
  assertPositive('calfSkinfoldMm', input.calfSkinfoldMm);
  const race = input.raceTerm ?? LEE_RACE_TERMS.whiteOrHispanic;
  if (!isLeeRaceTerm(race)) {
    throw new RangeError(`raceTerm must be one of 0, -2, 1.1 (got ${String(race)})`);
  }
  const cag = correctedGirthCm(input.armGirthCm, input.tricepsSkinfoldMm);
  const ctg = correctedGirthCm(input.thighGirthCm, input.thighSkinfoldMm);
  const ccg = correctedGirthCm(input.calfGirthCm, input.calfSkinfoldMm);
  if (cag <= 0 || ctg <= 0 || ccg <= 0) {
    throw new RangeError('corrected girth must be > 0 (skinfold too large for girth)');
  }
  const heightM = input.heightCm / 100;
  const sexTerm = input.sex === 'm' ? 1 : 0;
  return (
    heightM * (0.00744 * cag * cag + 0.00088 * ctg * ctg + 0.00441 * ccg * ccg) +
    2.4 * sexTerm -
    0.048 * input.ageYears +
    race +
    7.8
  );
}

export interface MuscleByDifferenceInput {
  weightKg: number;
  fatMassKg: number;
  boneMassKg: number;
  residualMassKg: number;
}

/**
 * Muscle mass = weight − fat − bone − residual (De Rose & Guimarães 1980).
 * Throws if the remainder is ≤ 0: that means the component estimates are
 * inconsistent with the weight, and a negative "muscle mass" must not be shown.
 */
export function muscleMassByDifference(input: MuscleByDifferenceInput): number {
  assertPositive('weightKg', input.weightKg);
  assertFinite('fatMassKg', input.fatMassKg);
  assertPositive('boneMassKg', input.boneMassKg);
  assertPositive('residualMassKg', input.residualMassKg);
  if (input.fatMassKg < 0) throw new RangeError('fatMassKg must be >= 0');
  const muscle = input.weightKg - input.fatMassKg - input.boneMassKg - input.residualMassKg;
  if (muscle <= 0) {
    throw new RangeError('components exceed body weight; muscle mass by difference is not positive');
  }
  return muscle;
}
