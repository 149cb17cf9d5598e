// Kysely table types of foods, food requests and dishes (migration 0004-foods). Same conventions as
// schema.ts: ids are text (UUIDv7 for rows created at runtime, 'usda:<ndb>' for the SR24 table), instants
// ISO-8601 UTC text, flags 0/1 integers, nutrient maps JSON text — identical on SQLite and PostgreSQL.

type IsoInstant = string;
type Flag = number;

/** USDA food-group codes ('01'…'36') with Spanish and English names; written by the foods loader. */
export interface FoodGroupsTable {
  code: string;
  name_es: string;
  name_en: string;
}

export interface FoodsTable {
  /** 'usda:<ndb>' for SR24 foods; UUIDv7 for own foods and foods approved from requests. */
  id: string;
  /** NULL for global rows (database and approved-request foods); the owner for own foods. */
  nutritionist_id: string | null;
  /**
   * The country list a global row belongs to ('AR' for the shipped SR24 table with es-AR names); own
   * foods carry their owner's country. Another country's list is loaded as more global rows with its
   * own code (and id prefix).
   */
  country_code: string;
  /** USDA NDB number (5 digits) of SR24 foods. */
  ndb: string | null;
  name_es: string | null;
  name_en: string | null;
  /** Lower case, accents stripped, both names and the brand (packages/domain buildSearchText). */
  search_text: string;
  group_code: string | null;
  /** usda: SR24 · argentina: the Argentine layer (data/foods/argentina) · request · own. */
  source: 'usda' | 'argentina' | 'own' | 'request';
  brand: string | null;
  deactivated: Flag;
  /** An SR food from before release 24 (ranked last in search). */
  legacy: Flag;
  /** JSON object { nutrientKey: value per 100 g }; a missing key means no value. */
  nutrients: string;
  /** 0010: where the values come from (Argentine layer rows); NULL elsewhere. */
  provenance?: string | null;
  /** 0010: the everyday short name ("Papa"); NULL when the full name is already how people say it. */
  short_name?: string | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface FoodMeasuresTable {
  food_id: string;
  /** 1-based, in source order. */
  position: number;
  amount: number;
  description: string;
  gram_weight: number;
}

export interface FoodRequestsTable {
  id: string;
  nutritionist_id: string;
  name: string;
  name_en: string | null;
  brand: string | null;
  group_code: string | null;
  notes: string | null;
  /** Path relative to DATA_DIR of the re-encoded label photo. */
  photo_path: string | null;
  /** JSON object { nutrientKey: value per 100 g }. */
  nutrients: string;
  /** JSON array [{ amount, description, gramWeight }]. */
  measures: string;
  status: 'pending' | 'approved' | 'rejected';
  rejection_reason: string | null;
  /** User id of the admin who approved or rejected it. */
  reviewed_by: string | null;
  reviewed_at: IsoInstant | null;
  created_food_id: string | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface DishesTable {
  id: string;
  nutritionist_id: string;
  name: string;
  description: string | null;
  search_text: string;
  servings: number;
  deactivated: Flag;
  version: number;
  /** Path relative to DATA_DIR of the re-encoded photo (migration 0008). */
  photo_path: string | null;
  /** The meal slots (1–6) it may be proposed at, "1,4" (migration 0044; existing dishes "3,6"). */
  meals: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** Example dishes shipped in data/dishes/ (migration 0008): global, read-only, copied into own dishes. */
export interface DishExamplesTable {
  /** 'example:<slug>' — the slug of data/dishes/examples-<country>.json. */
  id: string;
  country_code: string;
  name: string;
  /** The preparation text. */
  description: string | null;
  search_text: string;
  servings: number;
  /** The meal slots (1–6) it fits, "1,4": the file's `meals` (migration 0045; lunch and dinner before). */
  meals: string;
  /** 1 when the example left the shipped file (kept: nothing references it, but ids stay stable). */
  deactivated: Flag;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** Ingredients of an example: always database foods (never other dishes). */
export interface DishExampleIngredientsTable {
  example_id: string;
  position: number;
  food_id: string;
  quantity: number;
  measure_kind: 'g' | 'measure';
  measure_position: number | null;
  measure_description: string | null;
  gram_weight: number;
}

export interface DishIngredientsTable {
  dish_id: string;
  /** 1-based order in the dish. */
  position: number;
  /** Exactly one of food_id and ingredient_dish_id is set. */
  food_id: string | null;
  ingredient_dish_id: string | null;
  quantity: number;
  /** g: grams · measure: a household measure of the food · serving: servings of the included dish. */
  measure_kind: 'g' | 'measure' | 'serving';
  measure_position: number | null;
  measure_description: string | null;
  /** Grams of one unit when saved: 1 for grams, the measure's unit weight, NULL for servings. */
  gram_weight: number | null;
}

/** Which version of each shipped reference file is loaded, so a start only reloads what changed. */
export interface ReferenceDataVersionsTable {
  name: string;
  content_hash: string;
  item_count: number;
  loaded_at: IsoInstant;
}

/** A nutritionist's favourite food or dish (migration 0043): private to her. */
export interface FavouritesTable {
  nutritionist_id: string;
  kind: 'food' | 'dish';
  item_id: string;
  created_at: IsoInstant;
}

export interface FoodsDB {
  favourites: FavouritesTable;
  food_groups: FoodGroupsTable;
  foods: FoodsTable;
  food_measures: FoodMeasuresTable;
  food_requests: FoodRequestsTable;
  dishes: DishesTable;
  dish_ingredients: DishIngredientsTable;
  dish_examples: DishExamplesTable;
  dish_example_ingredients: DishExampleIngredientsTable;
  reference_data_versions: ReferenceDataVersionsTable;
}
