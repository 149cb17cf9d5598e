// What the plan's food picker lists from a search answer: Spanish names only when there are any (an
// SR24 row without a Spanish name, "Babyfood, fruit, bananas…", is not what a nutritionist in Argentina
// prescribes), and each food once: an Argentine-layer row that is an SR24 food under its Argentine name
// (same English name) hides that SR24 row, and two rows that would read the same are shown once (the
// first, which the search ranked higher: own foods, then the Argentine layer, then SR24).
import type { FoodSummary } from '@almendra/contracts';
import { foldText } from '@almendra/contracts/constants';

export const PICKER_FOODS_MAX = 20;

export function pickerFoods(items: readonly FoodSummary[], max = PICKER_FOODS_MAX): FoodSummary[] {
  const spanish = items.filter((f) => f.nameEs && f.nameEs.trim() !== '');
  const candidates = spanish.length > 0 ? spanish : items;
  const argentineOf = new Set(candidates.filter((f) => f.source === 'argentina' && f.nameEn).map((f) => f.nameEn!));
  const seenLabels = new Set<string>();
  const out: FoodSummary[] = [];
  for (const food of candidates) {
    if (food.source === 'usda' && food.nameEn && argentineOf.has(food.nameEn)) continue;
    const label = foldText(`${food.nameEs ?? food.name}|${food.brand ?? ''}`);
    if (seenLabels.has(label)) continue;
    seenLabels.add(label);
    out.push(food);
    if (out.length >= max) break;
  }
  return out;
}

/** The picker's label: the Spanish name (and the brand). */
export function pickerLabel(food: FoodSummary): string {
  const name = food.nameEs?.trim() || food.name;
  return food.brand ? `${name} (${food.brand})` : name;
}
