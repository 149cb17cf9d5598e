/**
 * The amount of a plan line the way a patient measures it at home: 200 g of whole milk → "¾ taza",
 * 200 g of raw potato (½ cup diced = 75 g) → "1¼ tazas, en cubos". Chosen among the food's own household
 * measures (SR24's, translated, or those of the Argentine layer), so every gram weight is a published one;
 * none is invented here.
 *
 * Rules (ours, written down in docs/plans.md):
 * - counts are rounded to quarters (¼, ½, ¾, 1, 1¼…), the precision of a kitchen cup or spoon, between ¼
 *   and 6; a measure whose rounded count is more than 15 % away from the grams is not used;
 * - what a patient counts is written in units: when a counted measure (unit, slice, feta…) fits, only
 *   counted measures are considered ("Banana: 1 unidad chica", never "½ taza, en puré"), whole counts
 *   preferred to fractions; otherwise the closest wins, cups a little before spoons;
 * - a drink (its measures include `ml`: grams per millilitre) is printed with millilitres instead of grams
 *   next to its household amount (`lineAmount`);
 * - weights a patient does not use at home (onzas, libras, "porción de rótulo") and measures that cannot
 *   be said fully in Spanish are never chosen.
 */
import { spanishMeasureDescription } from './english-words.js';
import { measureDescriptionFor } from './measure-names.js';

export interface HouseholdMeasureInput {
  /** How many of `description` weigh `gramWeight` (SR24: 0.5 cup = 75 g). */
  amount: number;
  description: string;
  gramWeight: number;
}

export interface HouseholdAmount {
  /** Quarters: 0.25, 0.5, 0.75, 1, 1.25… */
  count: number;
  /** '¾ taza', '2 fetas', '1½ tazas, en cubos'. */
  text: string;
  /** Grams of the rounded household amount (for the text "≈"). */
  grams: number;
}

export const HOUSEHOLD_MAX_ERROR = 0.15;
const MIN_COUNT = 0.25;
const MAX_COUNT = 6;

/** Weights and label servings: exact, but not what anyone measures with at home. */
const NOT_HOUSEHOLD = /^(onza|onzas|libra|libras|porción de rótulo|gramo|gramos|kg|g\b|ml\b|mililitro)/;
/** What a patient counts rather than measures: preferred when almost as close. */
const COUNTED = /^(unidad|rebanada|feta|rodaja|hoja|diente|trozo|pieza|filete|medallón|pancito|grande|mediano|mediana|chico|chica|pequeño|pequeña)/;
const CUPS = /^(taza|vaso|pocillo)/;

function preference(description: string, count: number): number {
  // "1 unidad mediana" reads better than "1¼ unidades chicas" for about the same grams.
  if (COUNTED.test(description)) return Number.isInteger(count) ? 0 : count % 1 === 0.5 ? 0.03 : 0.06;
  if (CUPS.test(description)) return 0.02;
  return 0.04;
}

const PLURALS: Record<string, string> = {
  taza: 'tazas',
  vaso: 'vasos',
  pocillo: 'pocillos',
  cucharada: 'cucharadas',
  cucharadita: 'cucharaditas',
  unidad: 'unidades',
  rebanada: 'rebanadas',
  feta: 'fetas',
  rodaja: 'rodajas',
  hoja: 'hojas',
  diente: 'dientes',
  trozo: 'trozos',
  pieza: 'piezas',
  filete: 'filetes',
  medallón: 'medallones',
  pancito: 'pancitos',
  termo: 'termos',
  copa: 'copas',
  lata: 'latas',
  porción: 'porciones',
  grande: 'grandes',
  mediano: 'medianos',
  mediana: 'medianas',
  chico: 'chicos',
  chica: 'chicas',
  pequeño: 'pequeños',
  pequeña: 'pequeñas',
};

/** Size words that follow a unit and agree with it: "unidades chicas". */
const SIZES = new Set(['grande', 'mediano', 'mediana', 'chico', 'chica', 'pequeño', 'pequeña']);

/** Plural of the measure's first word (its size word too, and "(unidad)") for counts above one. */
export function pluralMeasure(description: string): string {
  const match = /^([\p{L}]+)( ([\p{L}]+))?(.*)$/u.exec(description);
  if (!match) return description;
  const plural = PLURALS[match[1]!];
  if (!plural) return description;
  const size = match[3] && SIZES.has(match[3]) ? ` ${PLURALS[match[3]]}` : (match[2] ?? '');
  return `${plural}${size}${match[4]!.replace('(unidad)', '(unidades)')}`;
}

const SINGULARS: Record<string, string> = Object.fromEntries(Object.entries(PLURALS).map(([one, many]) => [many, one]));

/**
 * Singular of a measure that is written in the plural ("rebanadas", from SR24's "slices" of 2) for a count
 * of one or less: "1 rebanada", "½ feta", never "1 rebanadas".
 */
export function singularMeasure(description: string): string {
  const match = /^([\p{L}]+)( ([\p{L}]+))?(.*)$/u.exec(description);
  if (!match) return description;
  const one = SINGULARS[match[1]!];
  if (!one) return description;
  const size = match[3] && SINGULARS[match[3]] && SIZES.has(SINGULARS[match[3]]!) ? ` ${SINGULARS[match[3]]}` : (match[2] ?? '');
  return `${one}${size}${match[4]!.replace('(unidades)', '(unidad)')}`;
}

const FRACTIONS: Record<number, string> = { 0: '', 0.25: '¼', 0.5: '½', 0.75: '¾' };

/** 0.75 → '¾', 1.5 → '1½', 2 → '2'. */
export function formatQuarterCount(count: number): string {
  const whole = Math.floor(count);
  const fraction = FRACTIONS[count - whole] ?? '';
  return whole === 0 ? fraction : `${whole}${fraction}`;
}

export function householdAmount(grams: number, measures: readonly HouseholdMeasureInput[]): HouseholdAmount | null {
  if (!(grams > 0)) return null;
  let best: { score: number; counted: boolean; amount: HouseholdAmount } | null = null;
  for (const measure of measures) {
    if (!(measure.gramWeight > 0) || !(measure.amount > 0)) continue;
    const spanish = spanishMeasureDescription(measure.description);
    if (!spanish || NOT_HOUSEHOLD.test(spanish)) continue;
    const perUnit = measure.gramWeight / measure.amount;
    const count = Math.round((grams / perUnit) * 4) / 4;
    if (count < MIN_COUNT || count > MAX_COUNT) continue;
    const roundedGrams = count * perUnit;
    const error = Math.abs(roundedGrams - grams) / grams;
    if (error > HOUSEHOLD_MAX_ERROR) continue;
    const counted = COUNTED.test(spanish);
    const score = error + preference(spanish, count);
    // A counted measure that fits always beats a cup or a spoon.
    if (best && (best.counted && !counted || (best.counted === counted && best.score <= score))) continue;
    // After the food's name "(unidad)" says nothing: "Huevo: 2 grandes (100 g)".
    const word = spanish.replace(/ \(unidad\)$/, '');
    const text = `${formatQuarterCount(count)} ${count > 1 ? pluralMeasure(word) : singularMeasure(word)}`;
    best = { score, counted, amount: { count, text, grams: roundedGrams } };
  }
  return best?.amount ?? null;
}

/**
 * A quantity already written in a household measure, in Spanish: (1.5, 'cup') → '1½ tazas';
 * (0.3, 'cup') → '0,3 taza'. Quarters are written as kitchen fractions.
 */
export function measureAmountText(quantity: number, description: string): string {
  const spanish = spanishMeasureDescription(description) ?? measureDescriptionFor(description, 'es');
  const quarters = quantity * 4;
  const count =
    Number.isInteger(quarters) && quantity > 0
      ? formatQuarterCount(quantity)
      : new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 }).format(quantity);
  return `${count} ${quantity > 1 ? pluralMeasure(spanish) : singularMeasure(spanish)}`;
}

/** Grams per millilitre of a drink (its `ml` measure), or null for a food that is not one. */
export function gramsPerMilliliter(measures: readonly HouseholdMeasureInput[]): number | null {
  const ml = measures.find((m) => m.description === 'ml' && m.gramWeight > 0 && m.amount > 0);
  return ml ? ml.gramWeight / ml.amount : null;
}

/**
 * The amount printed next to a plan line's household measure: grams, or millilitres for a drink
 * ("Mate: 1 termo (500 ml)", "Leche entera: ¾ taza (194 ml)"). Whole numbers.
 */
export function lineAmount(grams: number, measures: readonly HouseholdMeasureInput[]): { value: number; unit: 'g' | 'ml' } {
  const perMl = gramsPerMilliliter(measures);
  return perMl ? { value: Math.round(grams / perMl), unit: 'ml' } : { value: Math.round(grams), unit: 'g' };
}
