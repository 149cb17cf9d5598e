/**
 * Upper-arm cross-sectional areas (total, muscle, fat) from mid-upper-arm
 * circumference and triceps skinfold.
 *
 * Sources:
 * - Frisancho AR. New norms of upper limb fat and muscle areas for assessment
 *   of nutritional status. Am J Clin Nutr. 1981;34(11):2540-2545.
 *   AMA = (MAC − π·TSF)²/(4π); arm area = MAC²/(4π); AFA = arm area − AMA.
 * - Bone-free corrections (−10 cm² men, −6.5 cm² women): Heymsfield SB,
 *   McManus C, Smith J, Stevens V, Nixon DW. Anthropometric measurement of
 *   muscle mass: revised equations for calculating bone-free arm muscle area.
 *   Am J Clin Nutr. 1982;36(4):680-690. The Almendra spec groups them with
 *   Frisancho; they are opt-in because Frisancho's percentile norms are for
 *   the uncorrected AMA.
 */
import { assertPositive, assertSex, type Sex } from './common.js';

/** Heymsfield et al. (1982) bone-area corrections, cm². */
export const BONE_FREE_AMA_CORRECTION_CM2: Readonly<Record<Sex, number>> = { m: 10, f: 6.5 };

export interface ArmAreasInput {
  /** Relaxed mid-upper-arm circumference (cm). */
  armGirthCm: number;
  /** Triceps skinfold (mm); converted to cm inside. */
  tricepsSkinfoldMm: number;
  /** When set, the arm muscle area is bone-free (Heymsfield 1982) for that sex. */
  boneFreeForSex?: Sex;
}

export interface ArmAreas {
  armAreaCm2: number;
  armMuscleAreaCm2: number;
  armFatAreaCm2: number;
}

/** Total arm cross-sectional area = MAC²/(4π). Frisancho 1981. */
export function armAreaCm2(armGirthCm: number): number {
  assertPositive('armGirthCm', armGirthCm);
  return (armGirthCm * armGirthCm) / (4 * Math.PI);
}

/**
 * Arm areas. AFA always uses the uncorrected AMA: the bone correction moves
 * bone out of "muscle", it does not turn bone into fat.
 * Throws when π·TSF ≥ MAC, where the squared term would hide the inconsistency.
 */
export function armAreas(input: ArmAreasInput): ArmAreas {
  assertPositive('armGirthCm', input.armGirthCm);
  assertPositive('tricepsSkinfoldMm', input.tricepsSkinfoldMm);
  const tsfCm = input.tricepsSkinfoldMm / 10;
  const muscleCircumference = input.armGirthCm - Math.PI * tsfCm;
  if (muscleCircumference <= 0) {
    throw new RangeError('triceps skinfold too large for arm girth (MAC − π·TSF ≤ 0)');
  }
  const total = armAreaCm2(input.armGirthCm);
  const ama = (muscleCircumference * muscleCircumference) / (4 * Math.PI);
  let reportedAma = ama;
  if (input.boneFreeForSex !== undefined) {
    assertSex(input.boneFreeForSex);
    reportedAma = ama - BONE_FREE_AMA_CORRECTION_CM2[input.boneFreeForSex];
  }
  return { armAreaCm2: total, armMuscleAreaCm2: reportedAma, armFatAreaCm2: total - ama };
}
