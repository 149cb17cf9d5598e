/**
 * Nutrition summary groups of seed 1 §3, in the spec's order within each group:
 * - macronutrients: calorías, proteínas, grasas, hidratos de carbono;
 * - fats: saturadas, poliinsaturadas, omega 3, omega 6, monoinsaturadas, colesterol;
 * - vitamins: C, B1, B2, B3, B5, B6, folate, choline, B12, A, E, D, K "and others";
 * - minerals: calcio, hierro, magnesio, fósforo, potasio, sodio, cinc, cobre, manganeso, selenio;
 * - others: agua, ceniza, azúcar, fibra.
 * Keys the spec does not name are appended to the closest group (trans fat and phytosterols to fats,
 * the other vitamin forms to vitamins, fluoride to minerals, starch, alcohol and caffeine to others),
 * and the 18 amino acids of the table form a sixth group, so every key is in exactly one group.
 * Note the spec files sugar and fibre under "others", where the food table's own grouping says
 * macronutrients; the summary follows the spec.
 */
import { NUTRIENTS, type NutrientKey } from './nutrient-keys.js';
import { displayUnit, toDisplayValue } from './display.js';
import type { NutrientTotals } from './totals.js';

export const SUMMARY_GROUP_IDS = ['macronutrients', 'fats', 'vitamins', 'minerals', 'others', 'aminoAcids'] as const;
export type SummaryGroupId = (typeof SUMMARY_GROUP_IDS)[number];

const AMINO_ACIDS = NUTRIENTS.filter((n) => n.group === 'aminoAcids').map((n) => n.key);

export const SUMMARY_GROUPS: readonly { readonly id: SummaryGroupId; readonly keys: readonly NutrientKey[] }[] = Object.freeze([
  { id: 'macronutrients', keys: ['energyKcal', 'proteinG', 'fatG', 'carbohydrateG'] },
  {
    id: 'fats',
    keys: ['saturatedFatG', 'polyunsaturatedFatG', 'omega3G', 'omega6G', 'monounsaturatedFatG', 'cholesterolMg', 'transFatG', 'phytosterolsMg'],
  },
  {
    id: 'vitamins',
    keys: [
      'vitaminCMg',
      'thiaminMg',
      'riboflavinMg',
      'niacinMg',
      'pantothenicAcidMg',
      'vitaminB6Mg',
      'folateTotalUg',
      'cholineMg',
      'vitaminB12Ug',
      'vitaminAIU',
      'vitaminEMg',
      'vitaminDIU',
      'vitaminKUg',
      'retinolUg',
      'alphaCaroteneUg',
      'betaCaroteneUg',
      'betaCryptoxanthinUg',
      'lycopeneUg',
      'luteinZeaxanthinUg',
      'betaTocopherolMg',
      'gammaTocopherolMg',
      'deltaTocopherolMg',
    ],
  },
  {
    id: 'minerals',
    keys: ['calciumMg', 'ironMg', 'magnesiumMg', 'phosphorusMg', 'potassiumMg', 'sodiumMg', 'zincMg', 'copperMg', 'manganeseMg', 'seleniumUg', 'fluorideUg'],
  },
  { id: 'others', keys: ['waterG', 'ashG', 'sugarG', 'fiberG', 'starchG', 'alcoholG', 'caffeineMg'] },
  { id: 'aminoAcids', keys: AMINO_ACIDS },
]);

export interface SummaryNutrient {
  readonly key: NutrientKey;
  readonly nameEs: string;
  readonly nameEn: string;
  /** In the display unit. */
  readonly value: number;
  readonly unit: string;
  /** Some contributing food had no value for this nutrient: the value is a lower bound. */
  readonly incomplete: boolean;
}

export interface SummaryGroup {
  readonly id: SummaryGroupId;
  readonly nutrients: readonly SummaryNutrient[];
}

const BY_KEY = new Map(NUTRIENTS.map((n) => [n.key as NutrientKey, n]));

/** Totals arranged as the summary panel shows them: groups in order, values in display units. */
export function summarizeTotals(totals: NutrientTotals): SummaryGroup[] {
  const missing = new Set(totals.missing);
  return SUMMARY_GROUPS.map((group) => ({
    id: group.id,
    nutrients: group.keys.map((key) => {
      const definition = BY_KEY.get(key)!;
      return {
        key,
        nameEs: definition.nameEs,
        nameEn: definition.nameEn,
        value: toDisplayValue(key, totals.values[key]),
        unit: displayUnit(key),
        incomplete: missing.has(key),
      };
    }),
  }));
}
