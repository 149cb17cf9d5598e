// Loads the shipped food table (data/foods/usda-sr24.json.gz, USDA SR24 with es-AR names) and the food
// groups (data/foods/food-groups.json) into food_groups, foods and food_measures. It runs at every start
// after the migrations, but only writes when the files' content hash differs from the one recorded in
// reference_data_versions, so a normal start costs one file hash and one query.
//
// The load is an idempotent upsert inside one transaction: database foods keep their ids ('usda:<ndb>'),
// their measures are replaced, foods that left the table are deactivated (never deleted: dishes and plans
// may use them), and own foods, approved-request foods, requests and dishes are never touched. Foods
// without any nutrient value (the SR24 stub 23999 "ground beef calculator") are skipped. On PostgreSQL a
// transaction-scoped advisory lock makes N instances starting together load it once.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { buildSearchText, isNutrientKey } from '@almendra/domain';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { DB } from '../schema.js';
import { foodsVersionName, loadedHash, recordLoaded } from './versions.js';
import type { FoodMeasuresTable, FoodsTable } from '../schema-foods.js';
import { REPO_ROOT } from '../../lib/paths.js';

type Executor = Kysely<DB> | Transaction<DB>;

export const DEFAULT_FOOD_TABLE_FILE = path.join(REPO_ROOT, 'data', 'foods', 'usda-sr24.json.gz');
export const DEFAULT_FOOD_GROUPS_FILE = path.join(REPO_ROOT, 'data', 'foods', 'food-groups.json');
/** The Argentine layer (built by data/foods/argentina/build.ts): everyday foods with Argentine names and a provenance each. */
export const DEFAULT_ARGENTINA_FILE = path.join(REPO_ROOT, 'data', 'foods', 'argentina', 'argentina-es-AR.json');

/** Bump when the mapping from file to rows changes, so existing databases reload the same file. */
const LOADER_VERSION = 'foods-loader/2';
const ARGENTINA_FORMAT = 'almendra-foods-ar/1';
const TABLE_FORMAT = 'almendra-usda-sr24/1';
/** reference_data_versions row whose hash changes whenever any global food changes (search caches key on it). */
export const GLOBAL_FOODS_REVISION = 'foods:global-revision';
/** Arbitrary constant: the advisory lock id of the food load on PostgreSQL. */
const ADVISORY_LOCK_ID = 4_807_231_009;

const FOOD_BATCH = 400;
const MEASURE_BATCH = 2000;

export interface FoodLoaderLog {
  info(details: object, message: string): void;
}

export interface FoodReferenceOptions {
  /** The gzip JSON table; tests pass a small fixture. */
  file?: string;
  groupsFile?: string;
  /** The country list the table is loaded as. */
  country?: string;
  /**
   * The Argentine layer file; null skips it. Default: the shipped file when the shipped SR24 table is
   * loaded, none when a test passes its own `file` (fixtures stay small and exact).
   */
  argentinaFile?: string | null;
}

export interface FoodLoadResult {
  loaded: boolean;
  hash: string;
  foods: number;
  measures: number;
  /** Foods of the file skipped for having no nutrient value. */
  skipped: number;
  /** Database foods that left the table and were deactivated. */
  deactivated: number;
  milliseconds: number;
}

interface TableFood {
  ndb: string;
  name: string;
  nameEs: string | null;
  group: string;
  legacy: boolean;
  nutrients: Record<string, number>;
  measures: [number, string, number][];
}

interface FoodTable {
  format: string;
  foods: TableFood[];
}

type GroupsFile = Record<string, { en: string; es: string }>;

interface ArgentineFood {
  slug: string;
  nameEs: string;
  shortName: string;
  nameEn: string | null;
  group: string;
  provenance: string;
  nutrients: Record<string, number>;
  measures: [number, string, number][];
}

export const usdaFoodId = (ndb: string) => `usda:${ndb}`;
/** Argentine-layer foods: 'ar:<slug>' (stable: dishes and plans refer to them). */
export const argentineFoodId = (slug: string) => `ar:${slug}`;

/** Marks the global catalogue as changed; every server instance rebuilds its search index on next use. */
export async function markGlobalFoodsChanged(db: Executor, now: string): Promise<void> {
  await db
    .insertInto('reference_data_versions')
    .values({ name: GLOBAL_FOODS_REVISION, content_hash: newId(), item_count: 0, loaded_at: now })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({ content_hash: eb.ref('excluded.content_hash'), loaded_at: eb.ref('excluded.loaded_at') })),
    )
    .execute();
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function cleanNutrients(values: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(values)) {
    if (isNutrientKey(key) && typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  return out;
}

export async function loadFoodReferenceData(
  db: Kysely<DB>,
  clock: Clock,
  log: FoodLoaderLog,
  options: FoodReferenceOptions = {},
): Promise<FoodLoadResult> {
  const started = performance.now();
  const file = options.file ?? DEFAULT_FOOD_TABLE_FILE;
  const groupsFile = options.groupsFile ?? DEFAULT_FOOD_GROUPS_FILE;
  const country = options.country ?? 'AR';
  const versionName = foodsVersionName(country);

  const argentinaFile = options.argentinaFile !== undefined ? options.argentinaFile : options.file ? null : DEFAULT_ARGENTINA_FILE;

  const compressed = fs.readFileSync(file);
  const groupsBytes = fs.readFileSync(groupsFile);
  const argentinaBytes = argentinaFile ? fs.readFileSync(argentinaFile) : Buffer.alloc(0);
  const hash = createHash('sha256')
    .update(LOADER_VERSION)
    .update('\0')
    .update(compressed)
    .update('\0')
    .update(groupsBytes)
    .update('\0')
    .update(argentinaBytes)
    .digest('hex');

  const result = (loaded: boolean, counts: Partial<FoodLoadResult> = {}): FoodLoadResult => ({
    loaded,
    hash,
    foods: 0,
    measures: 0,
    skipped: 0,
    deactivated: 0,
    ...counts,
    milliseconds: Math.round(performance.now() - started),
  });

  if ((await loadedHash(db, versionName)) === hash) return result(false);

  const table = JSON.parse(gunzipSync(compressed).toString('utf8')) as FoodTable;
  if (table.format !== TABLE_FORMAT || !Array.isArray(table.foods)) {
    throw new Error(`${file}: expected a food table of format ${TABLE_FORMAT}, found ${String(table.format)}`);
  }
  const groups = JSON.parse(groupsBytes.toString('utf8')) as GroupsFile;
  const now = clock.now().toISOString();

  const foodRows: Insertable<FoodsTable>[] = [];
  const measureRows: Insertable<FoodMeasuresTable>[] = [];
  let skipped = 0;
  for (const food of table.foods) {
    const nutrients = cleanNutrients(food.nutrients ?? {});
    if (Object.keys(nutrients).length === 0) {
      skipped += 1;
      continue;
    }
    const id = usdaFoodId(food.ndb);
    foodRows.push({
      id,
      nutritionist_id: null,
      country_code: country,
      ndb: food.ndb,
      name_es: food.nameEs || null,
      name_en: food.name,
      search_text: buildSearchText(food.nameEs, food.name),
      group_code: food.group || null,
      source: 'usda',
      brand: null,
      deactivated: 0,
      legacy: food.legacy ? 1 : 0,
      nutrients: JSON.stringify(nutrients),
      provenance: null,
      short_name: null,
      created_at: now,
      updated_at: now,
    });
    (food.measures ?? []).forEach(([amount, description, gramWeight], index) => {
      measureRows.push({ food_id: id, position: index + 1, amount, description, gram_weight: gramWeight });
    });
  }

  if (argentinaFile) {
    const layer = JSON.parse(argentinaBytes.toString('utf8')) as { format: string; foods: ArgentineFood[] };
    if (layer.format !== ARGENTINA_FORMAT || !Array.isArray(layer.foods)) {
      throw new Error(`${argentinaFile}: expected the Argentine layer of format ${ARGENTINA_FORMAT}, found ${String(layer.format)}`);
    }
    for (const food of layer.foods) {
      const nutrients = cleanNutrients(food.nutrients ?? {});
      if (Object.keys(nutrients).length === 0) {
        skipped += 1;
        continue;
      }
      const id = argentineFoodId(food.slug);
      foodRows.push({
        id,
        nutritionist_id: null,
        country_code: country,
        ndb: null,
        name_es: food.nameEs,
        name_en: food.nameEn,
        // The short name is searched too ("papa" finds "Papa hervida, sin cáscara" by either).
        search_text: buildSearchText(food.nameEs, food.nameEn, food.shortName),
        group_code: food.group || null,
        source: 'argentina',
        brand: null,
        deactivated: 0,
        legacy: 0,
        nutrients: JSON.stringify(nutrients),
        provenance: food.provenance,
        short_name: food.shortName,
        created_at: now,
        updated_at: now,
      });
      food.measures.forEach(([amount, description, gramWeight], index) => {
        measureRows.push({ food_id: id, position: index + 1, amount, description, gram_weight: gramWeight });
      });
    }
  }

  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const outcome = await db.transaction().execute(async (trx) => {
    if (isPostgres) await sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_ID})`.execute(trx);
    // Another instance may have loaded it while this one waited for the lock.
    if ((await loadedHash(trx, versionName)) === hash) return null;

    const groupRows = Object.entries(groups).map(([code, names]) => ({ code, name_es: names.es, name_en: names.en }));
    if (groupRows.length > 0) {
      await trx
        .insertInto('food_groups')
        .values(groupRows)
        .onConflict((oc) => oc.column('code').doUpdateSet((eb) => ({ name_es: eb.ref('excluded.name_es'), name_en: eb.ref('excluded.name_en') })))
        .execute();
    }

    const incoming = new Set(foodRows.map((r) => r.id));
    const existing = await trx
      .selectFrom('foods')
      .select('id')
      .where('source', 'in', argentinaFile ? ['usda', 'argentina'] : ['usda'])
      .where('country_code', '=', country)
      .where('deactivated', '=', 0)
      .execute();
    const stale = existing.map((r) => r.id).filter((id) => !incoming.has(id));
    for (const batch of chunks(stale, MEASURE_BATCH)) {
      await trx.updateTable('foods').set({ deactivated: 1, updated_at: now }).where('id', 'in', batch).execute();
    }

    // Measures of the foods in the file are replaced; deactivated foods keep theirs (still readable).
    for (const batch of chunks([...incoming] as string[], MEASURE_BATCH)) {
      await trx.deleteFrom('food_measures').where('food_id', 'in', batch).execute();
    }

    for (const batch of chunks(foodRows, FOOD_BATCH)) {
      await trx
        .insertInto('foods')
        .values(batch)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            country_code: eb.ref('excluded.country_code'),
            ndb: eb.ref('excluded.ndb'),
            name_es: eb.ref('excluded.name_es'),
            name_en: eb.ref('excluded.name_en'),
            search_text: eb.ref('excluded.search_text'),
            group_code: eb.ref('excluded.group_code'),
            deactivated: eb.ref('excluded.deactivated'),
            legacy: eb.ref('excluded.legacy'),
            nutrients: eb.ref('excluded.nutrients'),
            provenance: eb.ref('excluded.provenance'),
            short_name: eb.ref('excluded.short_name'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    for (const batch of chunks(measureRows, MEASURE_BATCH)) {
      await trx.insertInto('food_measures').values(batch).execute();
    }

    await recordLoaded(trx, { name: versionName, hash, itemCount: foodRows.length, now });
    await markGlobalFoodsChanged(trx, now);
    return { deactivated: stale.length };
  });

  if (!outcome) return result(false);
  const loaded = result(true, { foods: foodRows.length, measures: measureRows.length, skipped, deactivated: outcome.deactivated });
  log.info(
    { foods: loaded.foods, measures: loaded.measures, skipped, deactivated: loaded.deactivated, ms: loaded.milliseconds, country },
    'food reference data loaded',
  );
  return loaded;
}
