/**
 * Micronutrient adequacy (beyond the spec): the plan's weekly average intake of each vitamin and mineral as
 * a percentage of the IOM Dietary Reference Intake (RDA or AI) for the patient's sex and age
 * (data/reference-intakes/dri-iom.json). No group (under 9, unknown sex or age) → no adequacy.
 */
export interface ReferenceIntakeGroup {
  readonly sex: 'm' | 'f';
  readonly ageFrom: number;
  /** Inclusive. */
  readonly ageTo: number;
  readonly values: Readonly<Record<string, number>>;
}

export interface NutrientAdequacy {
  readonly key: string;
  readonly kind: 'RDA' | 'AI';
  readonly reference: number;
  readonly planned: number;
  readonly percent: number;
}

export function referenceGroupFor(groups: readonly ReferenceIntakeGroup[], sex: 'm' | 'f' | null, ageYears: number | null): ReferenceIntakeGroup | null {
  if (!sex || ageYears === null || !Number.isFinite(ageYears)) return null;
  const age = Math.floor(ageYears);
  return groups.find((g) => g.sex === sex && age >= g.ageFrom && age <= g.ageTo) ?? null;
}

export function nutrientAdequacy(average: Readonly<Record<string, number>>, group: ReferenceIntakeGroup, kinds: Readonly<Record<string, string>>): NutrientAdequacy[] {
  return Object.entries(group.values).map(([key, reference]) => {
    const planned = average[key] ?? 0;
    return { key, kind: kinds[key] === 'AI' ? 'AI' : 'RDA', reference, planned, percent: reference > 0 ? (planned / reference) * 100 : 0 };
  });
}
