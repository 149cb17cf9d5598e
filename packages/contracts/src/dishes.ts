// Dishes (platos): a nutritionist's recipes made of foods and other dishes, with servings. Totals are
// computed on every read by packages/domain from the current food values (never stored), for the whole
// dish and per serving, so editing a food updates every dish that uses it.
import { z } from 'zod';
import { idSchema, isoInstantSchema } from './common.js';
import { DISH_DEFAULT_MEALS, normalizeDishMeals } from './constants.js';
import { cursorSchema, limitSchema, optionalText, requiredText } from './food-fields.js';
import { nutrientKeySchema } from './foods.js';

export const DISH_MAX_INGREDIENTS = 100;
export const DISH_LIST_DEFAULT_LIMIT = 20;
export const DISH_LIST_MAX_LIMIT = 100;

/**
 * How an ingredient's quantity is measured:
 * - 'g': grams (foods and dishes);
 * - a food's household measure, by its 1-based position or its description ("cup, cubes");
 * - 'serving': servings of an included dish (dishes only).
 */
export const dishMeasureInputSchema = z.union(
  [
    z.literal('g'),
    z.literal('serving'),
    z
      .number()
      .int({ error: 'La posición de la medida debe ser un número entero.' })
      .min(1, { error: 'La posición de la medida empieza en 1.' })
      .max(1000, { error: 'La posición de la medida no es válida.' }),
    z.string().trim().min(1).max(120),
  ],
  { error: "La medida debe ser 'g', 'serving', o la posición o la descripción de una medida del alimento." },
);

export const dishIngredientInputSchema = z
  .object({
    foodId: idSchema.optional(),
    dishId: idSchema.optional(),
    quantity: z
      .number({ error: 'La cantidad debe ser un número.' })
      .min(0, { error: 'La cantidad no puede ser negativa.' })
      .max(100_000, { error: 'La cantidad no puede superar 100.000.' }),
    measure: dishMeasureInputSchema.default('g'),
  })
  .superRefine((ingredient, ctx) => {
    if ((ingredient.foodId === undefined) === (ingredient.dishId === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Indica un alimento (foodId) o un plato (dishId), no ambos.', path: ['foodId'] });
    }
  });
export type DishIngredientInput = z.input<typeof dishIngredientInputSchema>;

const servingsSchema = z
  .number({ error: 'Las porciones deben ser un número.' })
  .positive({ error: 'Las porciones deben ser más que 0.' })
  .max(1000, { error: 'Las porciones no pueden superar 1000.' });

/** The meals a dish fits (DISH_MEAL_SLOTS in constants.ts): ascending, no repeats, at least one. */
export const dishMealsSchema = z
  .array(z.number({ error: 'Cada comida debe ser un número.' }).int({ error: 'Comida inválida (1 a 6).' }).min(1, { error: 'Comida inválida (1 a 6).' }).max(6, { error: 'Comida inválida (1 a 6).' }), {
    error: 'Envía las comidas como una lista.',
  })
  .min(1, { error: 'Elige al menos una comida para el plato.' })
  .max(6)
  .transform(normalizeDishMeals);

const ingredientsSchema = z
  .array(dishIngredientInputSchema, { error: 'Envía los ingredientes como una lista.' })
  .max(DISH_MAX_INGREDIENTS, { error: `Como máximo ${DISH_MAX_INGREDIENTS} ingredientes.` });

export const createDishRequestSchema = z.object({
  name: requiredText('el nombre del plato', 150),
  description: optionalText(2000),
  servings: servingsSchema.default(1),
  ingredients: ingredientsSchema.default([]),
  /** The meals it fits; lunch and dinner when not sent. */
  meals: dishMealsSchema.default([...DISH_DEFAULT_MEALS]),
});
export type CreateDishRequest = z.input<typeof createDishRequestSchema>;
export type CreateDishInput = z.output<typeof createDishRequestSchema>;

/** Fields left out stay as they are; `ingredients` replaces the list. */
export const updateDishRequestSchema = z.object({
  name: requiredText('el nombre del plato', 150).optional(),
  description: optionalText(2000),
  servings: servingsSchema.optional(),
  ingredients: ingredientsSchema.optional(),
  meals: dishMealsSchema.optional(),
  /** The version being edited; when sent and the dish changed since, 409 CONFLICT. */
  version: z.number({ error: 'La versión debe ser un número.' }).int({ error: 'La versión debe ser un número entero.' }).min(1).optional(),
});
export type UpdateDishRequest = z.input<typeof updateDishRequestSchema>;
export type UpdateDishInput = z.output<typeof updateDishRequestSchema>;

/** 'own': the nutritionist's dishes (default); 'examples': the shipped example dishes, read-only for everyone. */
export const dishSourceSchema = z.enum(['own', 'examples'], { error: "El origen debe ser 'own' o 'examples'." });
export type DishSource = z.infer<typeof dishSourceSchema>;

export const dishListQuerySchema = z.object({
  source: dishSourceSchema.default('own'),
  /** Accent- and case-insensitive; every word must appear in the name. */
  q: z.string().trim().max(100, { error: 'La búsqueda es demasiado larga (máximo 100 caracteres).' }).optional(),
  limit: limitSchema(DISH_LIST_MAX_LIMIT, DISH_LIST_DEFAULT_LIMIT),
  cursor: cursorSchema,
});

export const nutrientTotalsSchema = z.object({
  grams: z.number(),
  /** Every nutrient key, in the food table's unit (omega 3/6 in g: the interface shows mg). */
  nutrients: z.record(nutrientKeySchema, z.number()),
  /** Keys for which some food has no value (counted as 0): the total is a lower bound. */
  incomplete: z.array(nutrientKeySchema),
});
export type NutrientTotalsResponse = z.infer<typeof nutrientTotalsSchema>;

export const dishIngredientSchema = z.object({
  position: z.number().int(),
  kind: z.enum(['food', 'dish']),
  foodId: z.string().nullable(),
  dishId: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  measure: z.object({
    kind: z.enum(['g', 'measure', 'serving']),
    /** Household measure position and description (kind 'measure'). */
    position: z.number().int().nullable(),
    description: z.string().nullable(),
    /** Grams of one unit as saved (1 for grams; null for servings, which follow the included dish). */
    gramsPerUnit: z.number().nullable(),
  }),
  grams: z.number(),
  energyKcal: z.number(),
  proteinG: z.number(),
  fatG: z.number(),
  carbohydrateG: z.number(),
});
export type DishIngredient = z.infer<typeof dishIngredientSchema>;

export const dishSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  servings: z.number(),
  deactivated: z.boolean(),
  version: z.number().int(),
  /** A shipped example dish: read-only, copied with POST /dishes/{id}/copy. */
  example: z.boolean(),
  /** GET /dishes/{id}/photo answers the photo (WebP) when true. */
  hasPhoto: z.boolean(),
  /** The meal slots (1–6, ascending) it fits: where "Proponer un día" may place it. */
  meals: z.array(z.number().int()),
  ingredients: z.array(dishIngredientSchema),
  totals: nutrientTotalsSchema,
  perServing: nutrientTotalsSchema,
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type Dish = z.infer<typeof dishSchema>;

export const dishListResponseSchema = z.object({
  items: z.array(dishSchema),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type DishListResponse = z.infer<typeof dishListResponseSchema>;

/** POST /dishes/{id}/copy: a new own dish with the same content; the name defaults to the original's (+ " (copia)" for own dishes). */
export const copyDishRequestSchema = z
  .object({ name: requiredText('el nombre del plato', 150).optional() })
  .default({});
export type CopyDishRequest = z.input<typeof copyDishRequestSchema>;

export const DISH_PHOTO_FIELD = 'photo';
/** Longest side of the stored photo (re-encoded WebP): enough for a detail page, small for a list. */
export const DISH_PHOTO_MAX_SIDE = 1200;

export const DISH_EXAMPLE_READ_ONLY_MESSAGE = 'Los platos de ejemplo no se pueden modificar. Cópialo a tus platos para editarlo.';
export const DISH_VERSION_CONFLICT_MESSAGE = 'Otra persona o pestaña modificó este plato. Recarga para ver los cambios.';
export const DISH_CYCLE_MESSAGE = 'Un plato no puede incluirse a sí mismo, ni directamente ni a través de otro plato.';
