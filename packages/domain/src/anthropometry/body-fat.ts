/**
 * Body fat percentage from the sum of six skinfolds, and the fat / lean mass
 * that follow from it.
 *
 * Sources:
 * - General population: Yuhasz MS. Physical Fitness Manual. London, Ontario:
 *   University of Western Ontario; 1974.
 *   %BF = 3.64 + 0.097·Σ6 (men); 4.56 + 0.143·Σ6 (women).
 * - Athletes: the Yuhasz equations as re-derived by Carter for Olympic
 *   athletes — Carter JEL, ed. Physical Structure of Olympic Athletes. Part I:
 *   The Montreal Olympic Games Anthropological Project. Medicine and Sport
 *   Science vol. 16. Basel: Karger; 1982.
 *   %BF = 2.585 + 0.1051·Σ6 (men); 3.58 + 0.1548·Σ6 (women).
 *   The Almendra spec lists both athlete constant pairs without saying which
 *   sex gets which; we follow Carter (1982), where the male pair is the lower
 *   one (men carry less subcutaneous fat per mm of skinfold sum).
 * - Sites (ISAK): triceps, subscapular, supraspinale, abdominal, front thigh,
 *   medial calf — Stewart A, Marfell-Jones M, Olds T, de Ridder H.
 *   International Standards for Anthropometric Assessment. ISAK; 2011.
 */
import { assertPositive, assertSex, isPositiveFinite, type Sex } from './common.js';

/** Skinfold keys (in `skinfoldsMm`) of the six-site sum; 'thigh' is front thigh, 'calf' medial calf. */
export const SIX_SKINFOLD_SITES = [
  'triceps',
  'subscapular',
  'supraspinale',
  'abdominal',
  'thigh',
  'calf',
] as const;

export type SixSkinfoldSite = (typeof SIX_SKINFOLD_SITES)[number];

export type SixSkinfoldsMm = Readonly<Record<SixSkinfoldSite, number>>;

/** Patient type id for "Deportista" in the Almendra catalogue. */
export const ATHLETE_PATIENT_TYPE_ID = 2;

/** Error code mandated by the spec when weight is absent. */
export const MISSING_WEIGHT_FOR_FAT_MASS = 'FALTA_PESO_CALCULO_MASA_GRASA';

interface LinearEquation {
  readonly intercept: number;
  readonly slope: number;
}

/** Yuhasz (1974), general population. */
export const YUHASZ_GENERAL: Readonly<Record<Sex, LinearEquation>> = {
  m: { intercept: 3.64, slope: 0.097 },
  f: { intercept: 4.56, slope: 0.143 },
};

/** Yuhasz modified by Carter (1982), athletes. Male pair is the lower one. */
export const YUHASZ_ATHLETE: Readonly<Record<Sex, LinearEquation>> = {
  m: { intercept: 2.585, slope: 0.1051 },
  f: { intercept: 3.58, slope: 0.1548 },
};

/** Returns the six-site keys whose value is absent, zero or negative. */
export function missingSixSkinfoldSites(
  skinfoldsMm: Partial<Record<string, number | undefined>>,
): SixSkinfoldSite[] {
  return SIX_SKINFOLD_SITES.filter((site) => !isPositiveFinite(skinfoldsMm[site]));
}

/** Σ6 skinfolds (mm). Throws if any site is missing, because a partial sum understates fat. */
export function sumSixSkinfolds(skinfoldsMm: Partial<Record<string, number | undefined>>): number {
  const missing = missingSixSkinfoldSites(skinfoldsMm);
  if (missing.length > 0) {
    throw new RangeError(`missing skinfolds for six-site sum: ${missing.join(', ')}`);
  }
  return SIX_SKINFOLD_SITES.reduce((acc, site) => acc + (skinfoldsMm[site] as number), 0);
}

export interface YuhaszInput {
  sumSixSkinfoldsMm: number;
  sex: Sex;
  athlete?: boolean;
}

/** %BF by Yuhasz (1974) / Carter (1982), capped at 100 so absurd sums cannot exceed body weight. */
export function yuhaszBodyFatPercent(input: YuhaszInput): number {
  const { sumSixSkinfoldsMm, sex, athlete = false } = input;
  assertPositive('sumSixSkinfoldsMm', sumSixSkinfoldsMm);
  assertSex(sex);
  const eq = (athlete ? YUHASZ_ATHLETE : YUHASZ_GENERAL)[sex];
  return Math.min(100, eq.intercept + eq.slope * sumSixSkinfoldsMm);
}

export function isAthletePatientType(patientTypeId: number | null | undefined): boolean {
  return patientTypeId === ATHLETE_PATIENT_TYPE_ID;
}

export interface BodyFatInput {
  sex: Sex;
  weightKg?: number | null;
  skinfoldsMm: Partial<Record<string, number | undefined>>;
  patientTypeId?: number | null;
}

export type BodyFatResult =
  | {
      ok: true;
      sumSixSkinfoldsMm: number;
      bodyFatPercent: number;
      fatMassKg: number;
      leanMassKg: number;
    }
  | {
      ok: false;
      /** Spec code for absent weight, or 'MISSING_SKINFOLDS'. Weight is reported first. */
      error: typeof MISSING_WEIGHT_FOR_FAT_MASS | 'MISSING_SKINFOLDS';
      missingSkinfolds: SixSkinfoldSite[];
      weightMissing: boolean;
    };

/**
 * Body fat %, fat mass and lean mass. The spec requires weight before any of
 * these is reported (error FALTA_PESO_CALCULO_MASA_GRASA), so the percentage is
 * withheld too when weight is absent.
 */
export function computeBodyFat(input: BodyFatInput): BodyFatResult {
  assertSex(input.sex);
  const weightMissing = !isPositiveFinite(input.weightKg);
  const missingSkinfolds = missingSixSkinfoldSites(input.skinfoldsMm);
  if (weightMissing || missingSkinfolds.length > 0) {
    return {
      ok: false,
      error: weightMissing ? MISSING_WEIGHT_FOR_FAT_MASS : 'MISSING_SKINFOLDS',
      missingSkinfolds,
      weightMissing,
    };
  }
  const weightKg = input.weightKg as number;
  const sum = sumSixSkinfolds(input.skinfoldsMm);
  const bodyFatPercent = yuhaszBodyFatPercent({
    sumSixSkinfoldsMm: sum,
    sex: input.sex,
    athlete: isAthletePatientType(input.patientTypeId),
  });
  const fatMassKg = (weightKg * bodyFatPercent) / 100;
  return {
    ok: true,
    sumSixSkinfoldsMm: sum,
    bodyFatPercent,
    fatMassKg,
    leanMassKg: weightKg - fatMassKg,
  };
}
