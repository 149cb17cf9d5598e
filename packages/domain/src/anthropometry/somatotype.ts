/**
 * Heath-Carter anthropometric somatotype (endomorphy, mesomorphy, ectomorphy)
 * and its somatochart coordinates.
 *
 * Sources:
 * - Carter JEL, Heath BH. Somatotyping: Development and Applications.
 *   Cambridge: Cambridge University Press; 1990.
 * - Carter JEL. The Heath-Carter Anthropometric Somatotype – Instruction
 *   Manual. San Diego State University; revised March 2002 (equations in
 *   Part 1, "Anthropometric somatotype: equations").
 *
 * Values are returned unrounded; the manual rounds ratings to 0.1 (or ½) only
 * for reporting. Only ectomorphy has a floor (0.1) in the manual's equations;
 * endomorphy and mesomorphy are returned as computed — they only reach ≤ 0 with
 * implausible measurements, and hiding that would mask a data-entry error.
 */
import { assertPositive } from './common.js';

/** Reference height that makes endomorphy height-corrected. Carter 2002. */
export const ENDOMORPHY_REFERENCE_HEIGHT_CM = 170.18;

export interface EndomorphyInput {
  tricepsSkinfoldMm: number;
  subscapularSkinfoldMm: number;
  supraspinaleSkinfoldMm: number;
  heightCm: number;
}

/** X = Σ(triceps, subscapular, supraspinale)·170.18/height. Carter 2002. */
export function endomorphyX(input: EndomorphyInput): number {
  assertPositive('tricepsSkinfoldMm', input.tricepsSkinfoldMm);
  assertPositive('subscapularSkinfoldMm', input.subscapularSkinfoldMm);
  assertPositive('supraspinaleSkinfoldMm', input.supraspinaleSkinfoldMm);
  assertPositive('heightCm', input.heightCm);
  const sum = input.tricepsSkinfoldMm + input.subscapularSkinfoldMm + input.supraspinaleSkinfoldMm;
  return (sum * ENDOMORPHY_REFERENCE_HEIGHT_CM) / input.heightCm;
}

/** Endomorphy = −0.7182 + 0.1451X − 0.00068X² + 0.0000014X³. Carter & Heath 1990; Carter 2002. */
export function endomorphy(input: EndomorphyInput): number {
  const x = endomorphyX(input);
  return -0.7182 + 0.1451 * x - 0.00068 * x * x + 0.0000014 * x * x * x;
}

export interface MesomorphyInput {
  humerusBreadthCm: number;
  femurBreadthCm: number;
  flexedArmGirthCm: number;
  calfGirthCm: number;
  tricepsSkinfoldMm: number;
  calfSkinfoldMm: number;
  heightCm: number;
}

/**
 * Mesomorphy = 0.858·HB + 0.601·FB + 0.188·CAG + 0.161·CCG − 0.131·H + 4.5,
 * with CAG = flexed arm girth − triceps/10 and CCG = calf girth − calf
 * skinfold/10 (skinfolds mm → cm). Carter & Heath 1990; Carter 2002.
 */
export function mesomorphy(input: MesomorphyInput): number {
  assertPositive('humerusBreadthCm', input.humerusBreadthCm);
  assertPositive('femurBreadthCm', input.femurBreadthCm);
  assertPositive('flexedArmGirthCm', input.flexedArmGirthCm);
  assertPositive('calfGirthCm', input.calfGirthCm);
  assertPositive('tricepsSkinfoldMm', input.tricepsSkinfoldMm);
  assertPositive('calfSkinfoldMm', input.calfSkinfoldMm);
  assertPositive('heightCm', input.heightCm);
  const correctedArm = input.flexedArmGirthCm - input.tricepsSkinfoldMm / 10;
  const correctedCalf = input.calfGirthCm - input.calfSkinfoldMm / 10;
  return (
    0.858 * input.humerusBreadthCm +
    0.601 * input.femurBreadthCm +
    0.188 * correctedArm +
    0.161 * correctedCalf -
    0.131 * input.heightCm +
    4.5
  );
}

/** Height-weight ratio HWR = height (cm) / ∛weight (kg). Carter 2002. */
export function heightWeightRatio(heightCm: number, weightKg: number): number {
  assertPositive('heightCm', heightCm);
  assertPositive('weightKg', weightKg);
  return heightCm / Math.cbrt(weightKg);
}

/** HWR cut points of the ectomorphy equations. Carter 2002. */
export const ECTOMORPHY_HWR_UPPER = 40.75;
export const ECTOMORPHY_HWR_LOWER = 38.25;
export const ECTOMORPHY_FLOOR = 0.1;

/**
 * Ectomorphy from HWR (Carter 2002):
 *   HWR ≥ 40.75          → 0.732·HWR − 28.58
 *   38.25 < HWR < 40.75  → 0.463·HWR − 17.63
 *   HWR ≤ 38.25          → 0.1
 * The published pieces do not join exactly (e.g. 0.463·38.26 − 17.63 ≈ 0.084),
 * and we keep them verbatim rather than smoothing a published method.
 */
export function ectomorphyFromHwr(hwr: number): number {
  assertPositive('hwr', hwr);
  if (hwr >= ECTOMORPHY_HWR_UPPER) return 0.732 * hwr - 28.58;
  if (hwr > ECTOMORPHY_HWR_LOWER) return 0.463 * hwr - 17.63;
  return ECTOMORPHY_FLOOR;
}

export function ectomorphy(heightCm: number, weightKg: number): number {
  return ectomorphyFromHwr(heightWeightRatio(heightCm, weightKg));
}

export interface SomatochartPoint {
  x: number;
  y: number;
}

/** Somatochart X = ecto − endo; Y = 2·meso − (endo + ecto). Carter & Heath 1990. */
export function somatochartCoordinates(
  endo: number,
  meso: number,
  ecto: number,
): SomatochartPoint {
  return { x: ecto - endo, y: 2 * meso - (endo + ecto) };
}

export interface SomatotypeInput {
  heightCm: number;
  weightKg: number;
  tricepsSkinfoldMm: number;
  subscapularSkinfoldMm: number;
  supraspinaleSkinfoldMm: number;
  calfSkinfoldMm: number;
  humerusBreadthCm: number;
  femurBreadthCm: number;
  flexedArmGirthCm: number;
  calfGirthCm: number;
}

/**
 * Each component is computed as soon as its own inputs are present (endomorphy: three skinfolds and
 * height; mesomorphy: two breadths, two girths, two skinfolds and height; ectomorphy: height and
 * weight), so a visit without breadths still reports endomorphy and ectomorphy. Only the somatochart
 * point (x, y) needs all three, and is null otherwise.
 */
export interface Somatotype {
  endomorphy: number | null;
  mesomorphy: number | null;
  ectomorphy: number | null;
  x: number | null;
  y: number | null;
}

/** Combines components computed separately; null when none is known. */
export function partialSomatotype(
  endo: number | null,
  meso: number | null,
  ecto: number | null,
): Somatotype | null {
  if (endo === null && meso === null && ecto === null) return null;
  const point = endo !== null && meso !== null && ecto !== null ? somatochartCoordinates(endo, meso, ecto) : null;
  return { endomorphy: endo, mesomorphy: meso, ectomorphy: ecto, x: point?.x ?? null, y: point?.y ?? null };
}

export function heathCarterSomatotype(input: SomatotypeInput): Somatotype & SomatochartPoint {
  const endo = endomorphy(input);
  const meso = mesomorphy(input);
  const ecto = ectomorphy(input.heightCm, input.weightKg);
  return { endomorphy: endo, mesomorphy: meso, ectomorphy: ecto, ...somatochartCoordinates(endo, meso, ecto) };
}
