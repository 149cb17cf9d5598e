// Field builders shared by the foods, food-requests and dishes contracts (not exported from the package).
import { z } from 'zod';
import { FOOD_NUTRIENTS, type FoodNutrientKey } from './food-nutrient-keys.js';
import { decimalQueryInteger } from './common.js';

const tooLong = (max: number) => ({ error: `Es demasiado largo (máximo ${max} caracteres).` });

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Ingresa ${label}.` })
    .trim()
    .min(1, { error: `Ingresa ${label}.` })
    .max(max, tooLong(max));

/** Optional free text: trimmed; '' and null both clear the field (stored as null). */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, tooLong(max))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** Two-digit USDA food group code ('09' Frutas y jugos de fruta…); GET /foods/groups lists them. */
export const foodGroupCodeSchema = z.string({ error: 'Elige un grupo de alimentos.' }).regex(/^\d{2}$/, { error: 'Elige un grupo de alimentos válido.' });

/** Upper bounds per 100 g: a gram nutrient cannot exceed 100 g, energy tops out near 900 kcal (pure fat). */
const MAX_PER_100G: Record<string, number> = { g: 100, kcal: 1000, mg: 1_000_000, µg: 1_000_000, IU: 1_000_000 };

/**
 * One nutrient value per 100 g. Reading of seed 1 §5 ("empty or non-numeric counts as 0") for the API:
 * '' and null are "empty" and are stored as 0; a JSON number is taken as is; text such as 'abc' or
 * '12,5' and negative numbers are refused with 400 so the client learns about its mistake instead of
 * silently saving a 0. (The calculator in packages/domain reads leniently: there 'abc' counts as 0.)
 */
export const nutrientValueInput = (unit: string) => {
  const max = MAX_PER_100G[unit] ?? 1_000_000;
  return z
    .union([z.number(), z.literal(''), z.null()], { error: 'Debe ser un número.' })
    .transform((v) => (v === '' || v === null ? 0 : v))
    .pipe(
      z
        .number()
        .min(0, { error: 'No puede ser negativo.' })
        .max(max, { error: `No puede superar ${max.toLocaleString('es-AR')} ${unit} por 100 g.` }),
    );
};

type NutrientValueInput = ReturnType<typeof nutrientValueInput>;

const nutrientShape = Object.fromEntries(FOOD_NUTRIENTS.map((n) => [n.key, nutrientValueInput(n.unit).optional()])) as {
  [K in FoodNutrientKey]: z.ZodOptional<NutrientValueInput>;
};

/** Any subset of the nutrient keys, values per 100 g; an unknown key is refused. */
export const nutrientValuesInputSchema = z.strictObject(nutrientShape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys' ? `Nutriente desconocido: ${issue.keys.join(', ')}.` : 'Envía los nutrientes como un objeto { clave: valor }.',
});

export const MEASURES_MAX = 20;

export const measureInputSchema = z.object({
  description: requiredText('la descripción de la medida', 120),
  /** Grams of `amount` units of the description (e.g. 1 "taza" = 240 g). */
  gramWeight: z
    .number({ error: 'El peso en gramos debe ser un número.' })
    .positive({ error: 'El peso en gramos debe ser mayor que 0.' })
    .max(100_000, { error: 'El peso en gramos no puede superar 100.000.' }),
  amount: z
    .number({ error: 'La cantidad debe ser un número.' })
    .positive({ error: 'La cantidad debe ser mayor que 0.' })
    .max(10_000, { error: 'La cantidad no puede superar 10.000.' })
    .default(1),
});

export const measuresInputSchema = z
  .array(measureInputSchema, { error: 'Envía las medidas como una lista.' })
  .max(MEASURES_MAX, { error: `Como máximo ${MEASURES_MAX} medidas.` })
  .superRefine((measures, ctx) => {
    const seen = new Set<string>();
    measures.forEach((m, index) => {
      const key = m.description.toLocaleLowerCase('es').replace(/\s+/g, ' ');
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'Esa medida está repetida.', path: [index, 'description'] });
      seen.add(key);
    });
  });

export const limitSchema = (max: number, fallback: number) =>
  decimalQueryInteger(z.coerce
    .number({ error: 'El límite debe ser un número.' })
    .int({ error: 'El límite debe ser un número entero.' })
    .min(1, { error: `El límite debe estar entre 1 y ${max}.` })
    .max(max, { error: `El límite debe estar entre 1 y ${max}.` })
    .default(fallback));

/** Opaque to clients: pass the previous answer's nextCursor to get the next page. */
export const cursorSchema = z
  .string({ error: 'El cursor no es válido.' })
  .regex(/^\d{1,7}$/, { error: 'El cursor no es válido.' })
  .optional();
