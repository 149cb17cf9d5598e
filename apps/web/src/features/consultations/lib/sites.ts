// Measurement site lists, redeclared with the contract's types: a value import of '@almendra/contracts'
// would bring zod into the bundle, and a change there fails to compile here.
import type { BioimpedanceField, BreadthSite, GirthSite, SkinfoldSite } from '@almendra/contracts';

export type { BioimpedanceField, BreadthSite, GirthSite, SkinfoldSite };

export const SKINFOLD_SITES = [
  'triceps', 'biceps', 'subscapular', 'axillary', 'pectoral', 'suprailiac', 'supraspinale', 'abdominal', 'thigh', 'leg', 'calf',
] as const satisfies readonly SkinfoldSite[];
export const GIRTH_SITES = [
  'neck', 'chest', 'waist', 'hip', 'glute', 'thigh', 'knee', 'calf', 'shoulders', 'armRelaxed', 'armFlexed', 'forearm', 'wrist', 'abdomen', 'ankle', 'head',
] as const satisfies readonly GirthSite[];
export const BREADTH_SITES = ['humerus', 'femur', 'wrist'] as const satisfies readonly BreadthSite[];
export const BIOIMPEDANCE_FIELDS = [
  'fatPercent', 'visceralFat', 'visceralFatKg', 'totalWaterPercent', 'totalWaterKg', 'muscleMassKg', 'deviceBmrKcal',
] as const satisfies readonly BioimpedanceField[];
