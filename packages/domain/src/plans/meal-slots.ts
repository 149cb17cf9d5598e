/**
 * Meal slots (seed 1 §3 "Nutritionist meal slots"): six fixed slots stored as Desayuno, MediaM, Almuerzo,
 * Merienda, MediaT, Cena; each has a name and an enabled flag. Ids 1..n are assigned over the enabled
 * slots in that order. The spec's default names "for slots 1 to 6" are, verbatim, Desayuno, Merienda,
 * Almuerzo, Media tarde, Cena, Colación: this module reads them as the default display names of slot
 * positions 1..6 (docs/plans.md explains the reading), overridden by the nutritionist's own names.
 */
export const MEAL_SLOT_KEYS = ['desayuno', 'mediaManana', 'almuerzo', 'merienda', 'mediaTarde', 'cena'] as const;
export type MealSlotKey = (typeof MEAL_SLOT_KEYS)[number];
export const MEAL_SLOT_COUNT = 6;
export const DEFAULT_MEAL_SLOT_NAMES: readonly string[] = Object.freeze(['Desayuno', 'Merienda', 'Almuerzo', 'Media tarde', 'Cena', 'Colación']);
export const MEAL_SLOT_NAME_MAX = 40;

export interface MealSlotSetting {
  /** Fixed position 1..6. */
  readonly slot: number;
  /** Own name; null or blank = the default. */
  readonly name: string | null;
  readonly enabled: boolean;
}

export interface ResolvedMealSlot {
  readonly slot: number;
  readonly key: MealSlotKey;
  readonly name: string;
  readonly defaultName: string;
  readonly enabled: boolean;
  /** 1..n over the enabled slots in slot order; null when disabled. */
  readonly id: number | null;
}

/** The six slots with names and ids; missing settings mean "default name, enabled". */
export function resolveMealSlots(settings: readonly MealSlotSetting[]): ResolvedMealSlot[] {
  let next = 1;
  return MEAL_SLOT_KEYS.map((key, index) => {
    const slot = index + 1;
    const own = settings.find((s) => s.slot === slot);
    const enabled = own ? own.enabled : true;
    const defaultName = DEFAULT_MEAL_SLOT_NAMES[index]!;
    const name = own?.name?.trim() ? own.name.trim() : defaultName;
    return { slot, key, name, defaultName, enabled, id: enabled ? next++ : null };
  });
}

export function enabledSlotNumbers(slots: readonly ResolvedMealSlot[]): number[] {
  return slots.filter((s) => s.enabled).map((s) => s.slot);
}
