// Applying a solver proposal to the editor's state: an exchange day's meals replaced by the proposal's
// portions (the day's discarded groups kept), a formula day's changed lines set to their new grams, a proposed
// day's meals replacing that day's lines.
import type { SolveExchangesResponse } from '@almendra/contracts';
import { zeros24, type EditorItem, type ExchangeDays, type FormulaEditorDay } from './editor-state';

export function applyDistribution(days: ExchangeDays, dayNumber: number, meals: SolveExchangesResponse['meals']): ExchangeDays {
  const current = days.find((d) => d.day === dayNumber) ?? { day: dayNumber, meals: [], discarded: zeros24() };
  const slots = new Set(meals.map((m) => m.slot));
  const next = { ...current, meals: [...current.meals.filter((m) => !slots.has(m.slot)), ...meals.map((m) => ({ slot: m.slot, portions: [...m.portions] }))].sort((a, b) => a.slot - b.slot) };
  return [...days.filter((d) => d.day !== dayNumber), next].sort((a, b) => a.day - b.day);
}

/** Lines whose key is in `grams` get that amount in grams (a line written in a household measure is rewritten in grams). */
export function applyGrams(days: FormulaEditorDay[], dayNumber: number, grams: ReadonlyMap<string, number>): FormulaEditorDay[] {
  return days.map((d) =>
    d.day !== dayNumber
      ? d
      : {
          ...d,
          meals: d.meals.map((m) => ({
            ...m,
            items: m.items.map((item) => {
              const value = grams.get(item.key);
              if (value === undefined || (item.kind === 'dish' && item.unit === 'serving')) return item;
              return { ...item, unit: 'g' as const, quantity: String(Math.round(value * 100) / 100).replace('.', ',') };
            }),
          })),
        },
  );
}

/** "Proponer un día" applied: the day's meals in the proposal replace that day's lines (other meals and days kept). */
export function applyProposedDay(days: FormulaEditorDay[], dayNumber: number, meals: readonly { slot: number; items: EditorItem[] }[]): FormulaEditorDay[] {
  const current = days.find((d) => d.day === dayNumber) ?? { day: dayNumber, meals: [] };
  const slots = new Set(meals.map((m) => m.slot));
  const next = { ...current, meals: [...current.meals.filter((m) => !slots.has(m.slot)), ...meals.map((m) => ({ slot: m.slot, items: [...m.items] }))].sort((a, b) => a.slot - b.slot) };
  return [...days.filter((d) => d.day !== dayNumber), next].sort((a, b) => a.day - b.day);
}
