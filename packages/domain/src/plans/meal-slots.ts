/**
 * Meal slots (seed 1 §3 "Nutritionist meal slots"): six fixed slots stored as Desayuno, MediaM, Almuerzo,
 * Merienda, MediaT, Cena; each has a name and an enabled flag. Ids 1..n are assigned over the enabled
 * slots in that order. Each slot's default name is the name of its key (Desayuno, Media mañana,
 * Almuerzo, Merienda, Media tarde, Cena). The spec's separate list of defaults (Desayuno, Merienda,
 * Almuerzo, Media tarde, Cena, Colación) contradicts its own slots, so issue 14 settled on the keys;
 * docs/plans.md records the decision. The nutritionist's own names always win.
 */
export const MEAL_SLOT_KEYS = ['desayuno', 'mediaManana', 'almuerzo', 'merienda', 'mediaTarde', 'cena'] as const;
export type MealSlotKey = (typeof MEAL_SLOT_KEYS)[number];
export const MEAL_SLOT_COUNT = 6;
export const DEFAULT_MEAL_SLOT_NAMES: readonly string[] = Object.freeze(['Desayuno', 'Media mañana', 'Almuerzo', 'Merienda', 'Media tarde', 'Cena']);
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
