import type { TFunction } from 'i18next';
import type { MealSlot } from '@almendra/contracts';

/**
 * The name of a meal slot in the interface language: a default name ("Desayuno") is shown translated
 * ("Breakfast" in English), a name the nutritionist typed is shown as she wrote it. docs/plans.md.
 */
export function mealSlotLabel(slot: Pick<MealSlot, 'key' | 'name' | 'defaultName'>, t: TFunction<'plans'>): string {
  if (slot.name !== slot.defaultName) return slot.name;
  return t(`mealSlot.${slot.key}` as 'mealSlot.desayuno', { defaultValue: slot.name });
}
