/**
 * Plan goals: percentage adjustments applied to the energy requirement when a
 * practitioner sets a restriction or surplus.
 *
 * Source: Almendra functional spec (the practice's own protocol). These
 * percentages are a clinical convention of the practice, not values taken from
 * a published equation, so they live in one table that can be reviewed.
 */
import { assertFinite } from '../anthropometry/common.js';

export const PLAN_GOAL_IDS = [
  'restriction-severe',
  'restriction-moderate',
  'restriction-mild',
  'maintenance',
  'gain-mild',
  'gain-moderate',
  'gain-severe',
] as const;

export type PlanGoalId = (typeof PLAN_GOAL_IDS)[number];

export interface PlanGoal {
  readonly id: PlanGoalId;
  /** Spanish label as shown in the app. */
  readonly label: string;
  /** Signed percentage applied to the energy requirement. */
  readonly adjustmentPercent: number;
}

export const PLAN_GOALS: readonly PlanGoal[] = Object.freeze([
  { id: 'restriction-severe', label: 'Restricción severa', adjustmentPercent: -25 },
  { id: 'restriction-moderate', label: 'Restricción moderada', adjustmentPercent: -15 },
  { id: 'restriction-mild', label: 'Restricción leve', adjustmentPercent: -10 },
  { id: 'maintenance', label: 'Mantenimiento', adjustmentPercent: 0 },
  { id: 'gain-mild', label: 'Aumento leve', adjustmentPercent: 15 },
  { id: 'gain-moderate', label: 'Aumento moderado', adjustmentPercent: 25 },
  { id: 'gain-severe', label: 'Aumento severo', adjustmentPercent: 40 },
] as const satisfies readonly PlanGoal[]);

export function isPlanGoalId(value: unknown): value is PlanGoalId {
  return typeof value === 'string' && (PLAN_GOAL_IDS as readonly string[]).includes(value);
}

export function getPlanGoal(id: PlanGoalId): PlanGoal {
  const goal = PLAN_GOALS.find((g) => g.id === id);
  if (!goal) throw new RangeError(`unknown plan goal id: ${String(id)}`);
  return goal;
}

/** Adjusted energy = energy × (1 + percent/100). Unrounded. */
export function applyPlanGoal(energyKcal: number, goal: PlanGoalId | PlanGoal): number {
  assertFinite('energyKcal', energyKcal);
  if (energyKcal < 0) throw new RangeError(`energyKcal must be >= 0 (got ${energyKcal})`);
  const resolved = typeof goal === 'string' ? getPlanGoal(goal) : goal;
  return energyKcal * (1 + resolved.adjustmentPercent / 100);
}
