/**
 * Bone mass and residual mass of the four-component body fractionation.
 *
 * Sources:
 * - von Döbeln W. Determination of body constituents. In: Blix G, ed.
 *   Occurrence, Causes and Prevention of Overnutrition. Uppsala: Almqvist &
 *   Wiksell; 1964:103-106 — original equation.
 * - Rocha MSL. Peso ósseo do brasileiro de ambos os sexos de 17 a 25 anos.
 *   Arquivos de Anatomia e Antropologia. 1975;1:445-451 — modification used
 *   here: bone (kg) = 3.02·(H²·R·F·400)^0.712, H, R, F in metres.
 * - Würch A. La femme et le sport. Médecine Sportive Française. 1974;4(1) —
 *   residual mass 24.1 % (men) / 20.9 % (women) of body weight.
 */
import { assertPositive, assertSex, type Sex } from './common.js';

export interface BoneMassInput {
  heightCm: number;
  /** Bistyloid (wrist) breadth. */
  wristBreadthCm: number;
  /** Bicondylar femur breadth. */
  femurBreadthCm: number;
}

/** Bone mass (kg) = 3.02·(H²·R·F·400)^0.712 with all lengths in metres. Rocha 1975. */
export function rochaBoneMass(input: BoneMassInput): number {
  assertPositive('heightCm', input.heightCm);
  assertPositive('wristBreadthCm', input.wristBreadthCm);
  assertPositive('femurBreadthCm', input.femurBreadthCm);
  const h = input.heightCm / 100;
  const r = input.wristBreadthCm / 100;
  const f = input.femurBreadthCm / 100;
  return 3.02 * Math.pow(h * h * r * f * 400, 0.712);
}

/** Residual fraction of body weight. Würch 1974. */
export const WURCH_RESIDUAL_FRACTION: Readonly<Record<Sex, number>> = { m: 0.241, f: 0.209 };

/** Residual mass (kg) = weight × 24.1 % (men) or 20.9 % (women). Würch 1974. */
export function wurchResidualMass(weightKg: number, sex: Sex): number {
  assertPositive('weightKg', weightKg);
  assertSex(sex);
  return weightKg * WURCH_RESIDUAL_FRACTION[sex];
}
