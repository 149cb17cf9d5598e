// The practice's meal slot names for the dish screens: the same query (and cache) as the plan editor and
// Configuración › Comidas, so a rename saved there shows here at once; the defaults until it answers.
// The six default names are also in `foods` (dishes.meal.1–6), the dish screens' namespace, as in the
// plans texts (mealSlot.*): loading the whole `plans` namespace (4.5 KB) for six words was not worth it.
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { mealSlotsQuery } from '../../plans/api/plans-api';
import { dishMealName, dishMealNames } from '../lib/dish-meal-names';

export function useDishMealNames() {
  const { t } = useTranslation('foods');
  const slots = useQuery(mealSlotsQuery()).data?.slots;
  const defaultName = useCallback((position: number) => t(`dishes.meal.${position}` as 'dishes.meal.1'), [t]);
  return {
    /** Her practice's slots (names and which are in use), undefined until they load. */
    slots,
    /** One slot's name, for the form's checkboxes. */
    name: useCallback((position: number) => dishMealName(position, slots, defaultName), [slots, defaultName]),
    /** "Desayuno · Merienda". */
    names: useCallback((meals: readonly number[]) => dishMealNames(meals, slots, defaultName), [slots, defaultName]),
  };
}
