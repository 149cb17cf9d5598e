// Food search (global catalogue in memory + the nutritionist's own foods from the database), food detail,
// groups, own-food create/update/deactivate and the catalogue dumps for the client cache.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DEFAULT_FOOD_COUNTRY,
  OWN_FOOD_READ_ONLY_MESSAGE,
  type CreateOwnFoodInput,
  type FoodDetail,
  type FoodGroup,
  type FoodListResponse,
  type FoodSummary,
  type OwnFoodCatalog,
  type UpdateOwnFoodInput,
} from '@almendra/contracts';
import { buildSearchText, foodRankScore, mergeRanked, parseSearchQuery, prepareSearchable, tierOfScore, type FoodSearchMatch } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { GlobalFoodCatalog, type CatalogDump, type CatalogEntry, type CatalogSnapshot } from './foods-catalog.js';
import { groupMeasures, parseNutrients, serializeNutrients, toCatalogFood, toFoodDetail, toFoodGroup, toFoodSummary } from './foods.mapper.js';
import { foodsRepository as repo, type FoodSummaryRow } from './foods.repository.js';

type Scope = { nutritionistId: string };

export interface FoodsServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
}

export interface FoodSearchInput {
  q?: string | undefined;
  group?: string | undefined;
  source?: 'database' | 'own' | undefined;
  limit: number;
  cursor?: string | undefined;
}

const foodNotFound = () => notFound('No encontramos ese alimento.');

export const groupNotFound = (path = 'group') =>
  new AppError('VALIDATION_ERROR', 'Revisa los datos ingresados.', [{ path, message: 'Ese grupo de alimentos no existe.' }]);

function sharedStart(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return a.slice(0, i);
}

export function createFoodsService(deps: FoodsServiceDeps) {
  const { db, clock } = deps;
  const catalog = new GlobalFoodCatalog(db);

  /** The country list to use: only one exists today (Argentina's), so no lookup is needed. */
  async function listFor(scope: Scope, snapshot: CatalogSnapshot, requested?: string) {
    if (requested) return catalog.list(snapshot, requested);
    if (snapshot.countries.size <= 1) return catalog.list(snapshot, undefined);
    return catalog.list(snapshot, (await repo.nutritionistCountry(db, scope)) ?? DEFAULT_FOOD_COUNTRY);
  }

  async function requireGroup(code: string, path = 'group'): Promise<FoodGroup> {
    const row = await repo.findGroup(db, code);
    if (!row) throw groupNotFound(path);
    return toFoodGroup(row);
  }

  async function search(scope: Scope, input: FoodSearchInput): Promise<FoodListResponse> {
    const query = parseSearchQuery(input.q);
    const offset = input.cursor ? Number(input.cursor) : 0;
    const snapshot = await catalog.current();
    const group = input.group;

    type Item = { kind: 'global'; entry: CatalogEntry } | { kind: 'own'; row: FoodSummaryRow };
    // Own foods are ranked by the same function as the catalogue (domain foodRankScore) and merged with
    // it by score, own first on equal scores: the order the web's cached search gives too.
    let own: FoodSearchMatch<Item>[] = [];
    if (input.source !== 'database') {
      // The SQL prefilter must not lose a plural match the ranking accepts ('papas' finds an own "Papa"):
      // it looks for what a word and its singular share ('nueces'/'nuez' → 'nue'); the ranking decides.
      const rows = await repo.searchOwn(db, scope, query.words.map((word, i) => sharedStart(word, query.singular[i] ?? word)), group);
      own = rows
        .map((row, order) => {
          const prepared = prepareSearchable({ nameEs: row.name_es, nameEn: row.name_en, brand: row.brand, shortName: row.short_name, source: 'own' });
          const score = query.words.length === 0 ? 0 : foodRankScore(prepared, query);
          return { row, order, score, name: prepared.spanish || prepared.english };
        })
        .filter((m): m is typeof m & { score: number } => m.score !== null)
        .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((m, order) => ({ item: { kind: 'own', row: m.row } as Item, score: m.score, tier: tierOfScore(m.score), legacy: false, order }));
    }
    const list = input.source === 'own' ? null : await listFor(scope, snapshot);
    const ranking = list ? list.index.rank(query, group ? (entry) => entry.groupCode === group : undefined) : null;
    const globalMatches = ranking
      ? ranking.slice(0, offset + input.limit).map((m) => ({ ...m, item: { kind: 'global', entry: m.item } as Item }))
      : [];
    const total = own.length + (ranking?.total ?? 0);
    const page = mergeRanked(own, globalMatches, offset + input.limit).slice(offset).map((m) => m.item);
    const ownOnPage = page.flatMap((m) => (m.kind === 'own' ? [m.row] : []));
    const measures = groupMeasures(await repo.measuresOf(db, ownOnPage.map((r) => r.id)));
    const summaries: FoodSummary[] = page.map((m) =>
      m.kind === 'global' ? m.entry.summary : toFoodSummary(m.row, measures.get(m.row.id) ?? [], snapshot.groups),
    );
    const next = offset + input.limit;
    return { items: summaries, total, nextCursor: next < total ? String(next) : null };
  }

  async function detail(scope: Scope, id: string): Promise<FoodDetail> {
    const row = await repo.findVisible(db, scope, id);
    if (!row) throw foodNotFound();
    const [measureRows, groupRow] = await Promise.all([repo.measuresOf(db, [id]), row.group_code ? repo.findGroup(db, row.group_code) : undefined]);
    return toFoodDetail(row, groupMeasures(measureRows).get(id) ?? [], groupRow ? toFoodGroup(groupRow) : null);
  }

  async function groups(): Promise<FoodGroup[]> {
    return (await repo.listGroups(db)).map(toFoodGroup);
  }

  async function createOwn(scope: Scope, input: CreateOwnFoodInput): Promise<FoodDetail> {
    if (input.group) await requireGroup(input.group);
    const country = (await repo.nutritionistCountry(db, scope)) ?? DEFAULT_FOOD_COUNTRY;
    const id = newId();
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      await repo.insertFood(trx, {
        id,
        nutritionist_id: scope.nutritionistId,
        country_code: country,
        ndb: null,
        name_es: input.nameEs,
        name_en: input.nameEn ?? null,
        search_text: buildSearchText(input.nameEs, input.nameEn, input.brand),
        group_code: input.group ?? null,
        source: 'own',
        brand: input.brand ?? null,
        deactivated: 0,
        legacy: 0,
        nutrients: serializeNutrients(input.nutrients),
        created_at: now,
        updated_at: now,
      });
      await repo.replaceMeasures(trx, id, input.measures);
    });
    return detail(scope, id);
  }

  /** The own food to change; 404 when invisible, 403 for database foods (everyone sees them: not ours to change). */
  async function ownFoodForWrite(scope: Scope, id: string) {
    const row = await repo.findVisible(db, scope, id);
    if (!row) throw foodNotFound();
    if (row.nutritionist_id === null) throw new AppError('FORBIDDEN', OWN_FOOD_READ_ONLY_MESSAGE);
    return row;
  }

  async function updateOwn(scope: Scope, id: string, input: UpdateOwnFoodInput): Promise<FoodDetail> {
    const row = await ownFoodForWrite(scope, id);
    if (input.group) await requireGroup(input.group);
    const nameEs = input.nameEs ?? row.name_es ?? '';
    const nameEn = input.nameEn === undefined ? row.name_en : input.nameEn;
    const brand = input.brand === undefined ? row.brand : input.brand;
    const nutrients = input.nutrients ? { ...parseNutrients(row.nutrients), ...input.nutrients } : undefined;
    await db.transaction().execute(async (trx) => {
      await repo.updateOwn(trx, scope, id, {
        name_es: nameEs,
        name_en: nameEn,
        brand,
        search_text: buildSearchText(nameEs, nameEn, brand),
        ...(input.group !== undefined ? { group_code: input.group } : {}),
        ...(nutrients ? { nutrients: serializeNutrients(nutrients) } : {}),
        updated_at: clock.now().toISOString(),
      });
      if (input.measures) await repo.replaceMeasures(trx, id, input.measures);
    });
    return detail(scope, id);
  }

  /** Deleting an own food deactivates it: hidden from search, still readable by dishes and plans using it. */
  async function deactivateOwn(scope: Scope, id: string): Promise<void> {
    const row = await ownFoodForWrite(scope, id);
    if (Number(row.deactivated) === 1) return;
    await repo.updateOwn(db, scope, id, { deactivated: 1, updated_at: clock.now().toISOString() });
  }

  async function globalCatalog(scope: Scope, country?: string): Promise<CatalogDump> {
    const snapshot = await catalog.current();
    return catalog.dump(snapshot, await listFor(scope, snapshot, country));
  }

  async function ownCatalog(scope: Scope): Promise<{ hash: string; json: Buffer }> {
    const [snapshot, rows] = await Promise.all([catalog.current(), repo.listOwnActive(db, scope)]);
    const measures = groupMeasures(await repo.measuresOf(db, rows.map((r) => r.id)));
    const foods = rows.map((row) => toCatalogFood(toFoodSummary(row, measures.get(row.id) ?? [], snapshot.groups)));
    const hash = createHash('sha256').update(JSON.stringify(foods)).digest('hex').slice(0, 32);
    const body: OwnFoodCatalog = { hash, count: foods.length, foods };
    return { hash, json: Buffer.from(JSON.stringify(body), 'utf8') };
  }

  /** Builds the in-memory catalogue now, so the first search after a start does not pay for it. */
  async function warmUp(): Promise<void> {
    await catalog.current();
  }

  return { search, detail, groups, createOwn, updateOwn, deactivateOwn, globalCatalog, ownCatalog, requireGroup, warmUp };
}

export type FoodsService = ReturnType<typeof createFoodsService>;
