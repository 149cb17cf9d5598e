// Loads the example dishes (data/dishes/examples-es-AR.json) into dish_examples and
// dish_example_ingredients. Runs at every start after the foods loader and only writes when the file's
// content hash — or the loaded food table's — differs from the one recorded in reference_data_versions.
//
// Idempotent upsert in one transaction: examples keep their ids ('example:<slug>'), their ingredients are
// replaced, examples that left the file are deactivated. Nutritionists' dishes (copies of examples
// included) are never touched. An example whose food or household measure is not in the loaded food table
// is skipped and logged (the test fixture has 30 foods; the data test guarantees the shipped table has all).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import { buildSearchText } from '@almendra/domain';
import type { Clock } from '../../lib/clock.js';
import type { DB } from '../schema.js';
import { mealsText } from '../../modules/dishes/dishes.mapper.js';
import type { DishExampleIngredientsTable, DishExamplesTable } from '../schema-foods.js';
import { usdaFoodId } from './foods-loader.js';
import { foodsVersionName, loadedHash, recordLoaded } from './versions.js';
import { REPO_ROOT } from '../../lib/paths.js';

export const DEFAULT_DISH_EXAMPLES_FILE = path.join(REPO_ROOT, 'data', 'dishes', 'examples-es-AR.json');

/** Bump when the mapping from file to rows changes, so existing databases reload the same file. */
const LOADER_VERSION = 'dish-examples-loader/2';
const FILE_FORMAT = 'almendra-dish-examples/1';
/** Arbitrary constant: the advisory lock id of this load on PostgreSQL. */
const ADVISORY_LOCK_ID = 4_807_231_010;

export const dishExampleId = (slug: string) => `example:${slug}`;
export const isDishExampleId = (id: string) => id.startsWith('example:');

export interface DishExamplesLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

interface FileIngredient {
  ndb: string;
  grams?: number;
  quantity?: number;
  measure?: string;
}

interface FileDish {
  id: string;
  name: string;
  servings: number;
  /** The meal slots (1–6) it fits; lunch and dinner when absent. */
  meals?: number[];
  preparation?: string;
  ingredients: FileIngredient[];
}

export interface DishExamplesLoadResult {
  loaded: boolean;
  hash: string;
  examples: number;
  skipped: string[];
}

export async function loadDishExamples(
  db: Kysely<DB>,
  clock: Clock,
  log: DishExamplesLog,
  options: { file?: string } = {},
): Promise<DishExamplesLoadResult> {
  const file = options.file ?? DEFAULT_DISH_EXAMPLES_FILE;
  const bytes = fs.readFileSync(file);
  const parsed = JSON.parse(bytes.toString('utf8')) as { format?: string; country?: string; dishes?: FileDish[] };
  if (parsed.format !== FILE_FORMAT || !Array.isArray(parsed.dishes) || !parsed.country) {
    throw new Error(`${file}: expected example dishes of format ${FILE_FORMAT}, found ${String(parsed.format)}`);
  }
  const country = parsed.country;
  const versionName = `dishes:examples:${country}`;
  // The measures are resolved against the loaded foods, so a new food table reloads the examples too.
  const foodsHash = await loadedHash(db, foodsVersionName(country));
  const hash = createHash('sha256')
    .update(LOADER_VERSION)
    .update('\0')
    .update(bytes)
    .update('\0')
    .update(foodsHash ?? '')
    .digest('hex');
  if ((await loadedHash(db, versionName)) === hash) return { loaded: false, hash, examples: 0, skipped: [] };

  const foodIds = [...new Set(parsed.dishes.flatMap((d) => d.ingredients.map((i) => usdaFoodId(i.ndb))))];
  const [foodRows, measureRows] = await Promise.all([
    foodIds.length ? db.selectFrom('foods').select('id').where('id', 'in', foodIds).where('deactivated', '=', 0).execute() : [],
    foodIds.length ? db.selectFrom('food_measures').selectAll().where('food_id', 'in', foodIds).execute() : [],
  ]);
  const known = new Set(foodRows.map((r) => r.id));
  const now = clock.now().toISOString();

  const examples: Insertable<DishExamplesTable>[] = [];
  const ingredients: Insertable<DishExampleIngredientsTable>[] = [];
  const skipped: string[] = [];
  for (const dish of parsed.dishes) {
    const id = dishExampleId(dish.id);
    const rows: Insertable<DishExampleIngredientsTable>[] = [];
    for (const [index, ingredient] of dish.ingredients.entries()) {
      const foodId = usdaFoodId(ingredient.ndb);
      if (!known.has(foodId)) break;
      if (ingredient.measure === undefined) {
        rows.push({ example_id: id, position: index + 1, food_id: foodId, quantity: ingredient.grams ?? 0, measure_kind: 'g', measure_position: null, measure_description: null, gram_weight: 1 });
        continue;
      }
      const measure = measureRows.find((m) => m.food_id === foodId && m.description === ingredient.measure);
      if (!measure) break;
      rows.push({
        example_id: id,
        position: index + 1,
        food_id: foodId,
        quantity: ingredient.quantity ?? 0,
        measure_kind: 'measure',
        measure_position: Number(measure.position),
        measure_description: measure.description,
        gram_weight: Number(measure.gram_weight) / (Number(measure.amount) > 0 ? Number(measure.amount) : 1),
      });
    }
    if (rows.length !== dish.ingredients.length) {
      skipped.push(dish.id);
      continue;
    }
    examples.push({
      id,
      country_code: country,
      name: dish.name,
      description: dish.preparation ?? null,
      search_text: buildSearchText(dish.name),
      servings: dish.servings,
      // The file's meals as stored, "1,4" (lunch and dinner when it names none).
      meals: mealsText(dish.meals ?? []),
      deactivated: 0,
      created_at: now,
      updated_at: now,
    });
    ingredients.push(...rows);
  }

  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const wrote = await db.transaction().execute(async (trx) => {
    if (isPostgres) await sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_ID})`.execute(trx);
    if ((await loadedHash(trx, versionName)) === hash) return false;
    const incoming = examples.map((e) => e.id as string);
    let stale = trx.updateTable('dish_examples').set({ deactivated: 1, updated_at: now }).where('country_code', '=', country).where('deactivated', '=', 0);
    if (incoming.length > 0) stale = stale.where('id', 'not in', incoming);
    await stale.execute();
    if (incoming.length > 0) {
      await trx
        .insertInto('dish_examples')
        .values(examples)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            description: eb.ref('excluded.description'),
            search_text: eb.ref('excluded.search_text'),
            servings: eb.ref('excluded.servings'),
            meals: eb.ref('excluded.meals'),
            deactivated: eb.ref('excluded.deactivated'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      await trx.deleteFrom('dish_example_ingredients').where('example_id', 'in', incoming).execute();
      if (ingredients.length > 0) await trx.insertInto('dish_example_ingredients').values(ingredients).execute();
    }
    await recordLoaded(trx, { name: versionName, hash, itemCount: examples.length, now });
    return true;
  });
  if (!wrote) return { loaded: false, hash, examples: 0, skipped: [] };
  if (skipped.length > 0) log.warn({ skipped, country }, 'example dishes skipped: a food or measure is not in the food table');
  log.info({ examples: examples.length, country }, 'example dishes loaded');
  return { loaded: true, hash, examples: examples.length, skipped };
}
