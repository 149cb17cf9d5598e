// Foods: the global catalogue (USDA SR24 with es-AR names, plus foods approved from requests), each
// nutritionist's own foods, search as you type, detail, groups and the compact catalogue the web caches.
// Nutrient values are per 100 g of edible portion under the stable keys of FOOD_NUTRIENT_KEYS, in the
// USDA SR unit of each key (FOOD_NUTRIENTS[].unit).
import { z } from 'zod';
import { idSchema, isoInstantSchema } from './common.js';
import { FOOD_NUTRIENT_KEYS, type FoodNutrientKey } from './food-nutrient-keys.js';
import { isIsoCountryCode } from './countries.js';
import {
  cursorSchema,
  foodGroupCodeSchema,
  limitSchema,
  measuresInputSchema,
  nutrientValuesInputSchema,
  optionalText,
  requiredText,
} from './food-fields.js';

export { FOOD_NUTRIENTS, FOOD_NUTRIENT_KEYS, type FoodNutrientKey } from './food-nutrient-keys.js';
export { foodGroupCodeSchema, nutrientValuesInputSchema, measuresInputSchema } from './food-fields.js';

export const nutrientKeySchema = z.enum(FOOD_NUTRIENT_KEYS as [FoodNutrientKey, ...FoodNutrientKey[]]);

/**
 * usda: SR24 table · argentina: the Argentine layer (ARGENFOODS, standard recipes, SR24 foods under their
 * Argentine name; data/foods/argentina) · request: approved from a nutritionist's request (global) · own:
 * a nutritionist's food.
 */
export const foodSourceSchema = z.enum(['usda', 'argentina', 'request', 'own']);
export type FoodSource = z.infer<typeof foodSourceSchema>;

/** The country whose list a nutritionist without a list of their own country uses (the only list shipped). */
export const DEFAULT_FOOD_COUNTRY = 'AR';

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

export const foodGroupSchema = z.object({
  code: z.string(),
  /** Spanish (es-AR) name. */
  name: z.string(),
  nameEn: z.string(),
});
export type FoodGroup = z.infer<typeof foodGroupSchema>;
export const foodGroupListSchema = z.array(foodGroupSchema);

export const foodMeasureSchema = z.object({
  /** 1-based; dishes and plans refer to a measure by position (or description). */
  position: z.number().int(),
  /** Units of the description the gram weight is for (USDA "0.5 cup" = amount 0.5). */
  amount: z.number(),
  description: z.string(),
  gramWeight: z.number(),
});
export type FoodMeasure = z.infer<typeof foodMeasureSchema>;

/** A search result: names, group, source, the four macros per 100 g (null = no value) and measures. */
export const foodSummarySchema = z.object({
  id: idSchema,
  /** Spanish name when present, else English. */
  name: z.string(),
  nameEs: z.string().nullable(),
  nameEn: z.string().nullable(),
  brand: z.string().nullable(),
  group: foodGroupSchema.nullable(),
  source: foodSourceSchema,
  /** From an SR release before 24 (listed after SR24 foods). */
  legacy: z.boolean(),
  energyKcal: z.number().nullable(),
  proteinG: z.number().nullable(),
  fatG: z.number().nullable(),
  carbohydrateG: z.number().nullable(),
  measures: z.array(foodMeasureSchema),
  /**
   * The everyday name ("Papa" for "Papa hervida, sin cáscara"), for plan lines and PDFs; null when the
   * food has none (use `name`). Optional so older payloads stay valid.
   */
  shortName: z.string().nullable().optional(),
});
export type FoodSummary = z.infer<typeof foodSummarySchema>;

export const foodDetailSchema = foodSummarySchema.extend({
  /** USDA NDB number of database foods. */
  ndb: z.string().nullable(),
  /** The country list a global food belongs to; the nutritionist's country for own foods. */
  countryCode: z.string(),
  /** Own foods only: deleted foods stay readable (dishes and plans that use them still add up). */
  deactivated: z.boolean(),
  /** Every key, per 100 g; null = the source has no value (counted as 0 in totals, flagged incomplete). */
  nutrients: z.record(nutrientKeySchema, z.number().nullable()),
  /** Unit of each key (kcal, g, mg, µg, IU). */
  nutrientUnits: z.record(nutrientKeySchema, z.string()),
  /** Where the values come from (Argentine layer: "USDA SR24 NDB 11367 …", "ARGENFOODS …", a recipe); null when not recorded. */
  provenance: z.string().nullable().optional(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type FoodDetail = z.infer<typeof foodDetailSchema>;

// ---------------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------------

export const FOOD_SEARCH_DEFAULT_LIMIT = 20;
export const FOOD_SEARCH_MAX_LIMIT = 100;

export const foodListQuerySchema = z.object({
  /**
   * Accent- and case-insensitive over Spanish and English names (and brand); every word must match.
   * Ranked: Spanish name starts with the query, English name starts with it, every word starts a word,
   * every word inside a name; legacy foods last. Empty: everything, alphabetically.
   */
  q: z.string().trim().max(100, { error: 'La búsqueda es demasiado larga (máximo 100 caracteres).' }).optional(),
  group: foodGroupCodeSchema.optional(),
  /** database: the global catalogue · own: the nutritionist's foods · omitted: both (own first on ties). */
  source: z.enum(['database', 'own'], { error: "El origen debe ser 'database' u 'own'." }).optional(),
  limit: limitSchema(FOOD_SEARCH_MAX_LIMIT, FOOD_SEARCH_DEFAULT_LIMIT),
  cursor: cursorSchema,
});
export type FoodListQuery = z.input<typeof foodListQuerySchema>;

export const foodListResponseSchema = z.object({
  items: z.array(foodSummarySchema),
  /** Matches in all pages. */
  total: z.number().int(),
  /** Pass as cursor for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type FoodListResponse = z.infer<typeof foodListResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Own foods
// ---------------------------------------------------------------------------------------------------

export const createOwnFoodRequestSchema = z.object({
  nameEs: requiredText('el nombre del alimento', 150),
  nameEn: optionalText(150),
  brand: optionalText(80),
  group: foodGroupCodeSchema.nullable().optional(),
  /** Any subset of the keys per 100 g; '' and null count as 0; a key left out has no value. */
  nutrients: nutrientValuesInputSchema.default({}),
  measures: measuresInputSchema.default([]),
});
export type CreateOwnFoodRequest = z.input<typeof createOwnFoodRequestSchema>;
export type CreateOwnFoodInput = z.output<typeof createOwnFoodRequestSchema>;

/** Fields left out stay as they are; `nutrients` are merged key by key; `measures` replace the list. */
export const updateOwnFoodRequestSchema = z.object({
  nameEs: requiredText('el nombre del alimento', 150).optional(),
  nameEn: optionalText(150),
  brand: optionalText(80),
  group: foodGroupCodeSchema.nullable().optional(),
  nutrients: nutrientValuesInputSchema.optional(),
  measures: measuresInputSchema.optional(),
});
export type UpdateOwnFoodRequest = z.input<typeof updateOwnFoodRequestSchema>;
export type UpdateOwnFoodInput = z.output<typeof updateOwnFoodRequestSchema>;

export const OWN_FOOD_READ_ONLY_MESSAGE = 'Los alimentos de la base de datos no se pueden modificar: crea un alimento propio o envía una solicitud.';

// ---------------------------------------------------------------------------------------------------
// Catalogue dump for the client cache (seed 2 §9: cached by country and a cache hash)
// ---------------------------------------------------------------------------------------------------

export const foodCatalogQuerySchema = z.object({
  /** ISO country code; a country without a list of its own gets DEFAULT_FOOD_COUNTRY's. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isIsoCountryCode, { error: 'Elige un país válido.' })
    .optional(),
});

/** Measures as [amount, description, gramWeight]; position = index + 1. */
export const catalogMeasureSchema = z.tuple([z.number(), z.string(), z.number()]);

export const catalogFoodSchema = z.object({
  id: idSchema,
  nameEs: z.string().nullable(),
  nameEn: z.string().nullable(),
  brand: z.string().nullable(),
  group: z.string().nullable(),
  source: foodSourceSchema,
  legacy: z.boolean(),
  energyKcal: z.number().nullable(),
  proteinG: z.number().nullable(),
  fatG: z.number().nullable(),
  carbohydrateG: z.number().nullable(),
  measures: z.array(catalogMeasureSchema),
  /** Everyday short name (see FoodSummary.shortName); optional. */
  shortName: z.string().nullable().optional(),
});
export type CatalogFood = z.infer<typeof catalogFoodSchema>;

/** GET /foods/catalog: answered with ETag "<hash>"; If-None-Match with it → 304. */
export const foodCatalogSchema = z.object({
  country: z.string(),
  /** Content hash of this list: the client's cache key. */
  hash: z.string(),
  count: z.number().int(),
  groups: foodGroupListSchema,
  foods: z.array(catalogFoodSchema),
});
export type FoodCatalog = z.infer<typeof foodCatalogSchema>;

/** GET /foods/catalog/own: the nutritionist's active own foods, same shape and caching. */
export const ownFoodCatalogSchema = z.object({
  hash: z.string(),
  count: z.number().int(),
  foods: z.array(catalogFoodSchema),
});
export type OwnFoodCatalog = z.infer<typeof ownFoodCatalogSchema>;
