/**
 * A plan line that is almost surely a typing mistake (5 kg of oil in a lunch): the editor asks the
 * nutritionist to confirm it before saving instead of refusing it (a deliberate big amount stays possible).
 *
 * The bounds are sanity limits, not clinical targets: one line above 2,000 kcal is an adult's whole
 * daily energy requirement in a single food (FAO/WHO/UNU 2004, Human energy requirements: about
 * 2,000–2,500 kcal/day for a moderately active adult), and 2 kg is more than any single food eaten in
 * one sitting, drinks included (a 2 L bottle of water spread over the day is written per meal).
 */
export const IMPLAUSIBLE_LINE_GRAMS = 2000;
export const IMPLAUSIBLE_LINE_KCAL = 2000;

export function isImplausiblePlanLine(grams: number, energyKcal: number): boolean {
  return grams > IMPLAUSIBLE_LINE_GRAMS || energyKcal > IMPLAUSIBLE_LINE_KCAL;
}
