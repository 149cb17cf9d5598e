// Which derived values are shown, in what order, with how many decimals and which unit.
import type { Derived } from '@almendra/contracts';
import { formatDate, formatNumber, formatWithUnit } from './format';

export type NumericDerivedKey =
  | 'bmi'
  | 'bmrKcal'
  | 'energyRequirementKcal'
  | 'sumSixSkinfoldsMm'
  | 'bodyFatPercent'
  | 'fatMassKg'
  | 'leanMassKg'
  | 'idealWeightKg'
  | 'skeletalMuscleMassKg'
  | 'skeletalMusclePercent'
  | 'boneMassKg'
  | 'boneMassPercent'
  | 'residualMassKg'
  | 'muscleMassKg'
  | 'armMuscleAreaCm2'
  | 'armFatAreaCm2';

export interface NumericRow {
  key: NumericDerivedKey;
  decimals: number;
  unit: string;
}

export const NUMERIC_ROWS: readonly NumericRow[] = [
  { key: 'bmi', decimals: 1, unit: 'kg/m²' },
  { key: 'bmrKcal', decimals: 0, unit: 'kcal' },
  { key: 'energyRequirementKcal', decimals: 0, unit: 'kcal' },
  { key: 'idealWeightKg', decimals: 1, unit: 'kg' },
  { key: 'sumSixSkinfoldsMm', decimals: 1, unit: 'mm' },
  { key: 'bodyFatPercent', decimals: 1, unit: '%' },
  { key: 'fatMassKg', decimals: 1, unit: 'kg' },
  { key: 'leanMassKg', decimals: 1, unit: 'kg' },
  { key: 'skeletalMuscleMassKg', decimals: 1, unit: 'kg' },
  { key: 'skeletalMusclePercent', decimals: 1, unit: '%' },
  { key: 'muscleMassKg', decimals: 1, unit: 'kg' },
  { key: 'boneMassKg', decimals: 1, unit: 'kg' },
  { key: 'boneMassPercent', decimals: 1, unit: '%' },
  { key: 'residualMassKg', decimals: 1, unit: 'kg' },
  { key: 'armMuscleAreaCm2', decimals: 1, unit: 'cm²' },
  { key: 'armFatAreaCm2', decimals: 1, unit: 'cm²' },
];

/** '2,1 – 4,3 – 2,0'; a component whose inputs are missing shows as '—' ('2,1 – — – 2,0'). */
export function formatSomatotype(s: Derived['somatotype']): string {
  if (!s) return '—';
  return [s.endomorphy, s.mesomorphy, s.ectomorphy].map((v) => (v === null ? '—' : formatNumber(v, 1))).join(' – ');
}

export function formatNumericDerived(derived: Pick<Derived, NumericDerivedKey>, row: NumericRow): string {
  return formatWithUnit(derived[row.key], row.decimals, row.unit);
}

export { formatDate };
