// The names of the meals a dish fits (Dish.meals: meal slot positions 1–6) as her practice calls them:
// a slot she renamed in Configuración › Comidas ("Té de las cinco" for Merienda) shows her name; a slot
// she left alone, or slots not loaded yet, show the default name in the interface language.
import type { MealSlot } from '@almendra/contracts';

export type PracticeSlot = Pick<MealSlot, 'slot' | 'name' | 'defaultName'>;

/** Slot `position`'s name: hers when she renamed it (the plan editor's rule, mealSlotLabel), else `defaultName(position)`. */
export function dishMealName(position: number, slots: readonly PracticeSlot[] | undefined, defaultName: (position: number) => string): string {
  const slot = slots?.find((s) => s.slot === position);
  return slot && slot.name.trim() && slot.name !== slot.defaultName ? slot.name : defaultName(position);
}

/** The meals in their order, "Desayuno · Merienda". */
export function dishMealNames(meals: readonly number[], slots: readonly PracticeSlot[] | undefined, defaultName: (position: number) => string): string {
  return meals.map((position) => dishMealName(position, slots, defaultName)).join(' · ');
}

export type PracticeSlotUse = Pick<MealSlot, 'slot' | 'enabled'>;

/**
 * The meals the dish form offers, in slot order: the slots her practice uses (Configuración › Comidas), plus
 * any slot she switched off that the dish has (`kept`: its saved meals and what is ticked now), marked
 * `unused` so nothing saved is hidden. Until the slots load, or for a slot missing from them, all are offered.
 */
export function visibleDishMeals(all: readonly number[], kept: readonly number[], slots: readonly PracticeSlotUse[] | undefined): { slot: number; unused: boolean }[] {
  return all.flatMap((position) => {
    const unused = slots?.find((s) => s.slot === position)?.enabled === false;
    return !unused || kept.includes(position) ? [{ slot: position, unused }] : [];
  });
}

/**
 * The meals a new dish starts with: the defaults (lunch and dinner) her practice uses. A default slot she
 * switched off is left unticked; none of them in use leaves all unticked for her to choose (a dish needs
 * at least one). Until the slots load, or for a slot missing from them, a default counts as in use.
 */
export function newDishMeals(defaults: readonly number[], slots: readonly PracticeSlotUse[] | undefined): number[] {
  return defaults.filter((position) => slots?.find((s) => s.slot === position)?.enabled !== false);
}
