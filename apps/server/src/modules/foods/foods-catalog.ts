// The global food catalogue (database foods and foods approved from requests) held in memory per server
// process: a search index per country list and the compact dump the web caches. It is read-only reference
// data, identical on every instance, so keeping it in memory does not break the stateless rule; own foods
// are never cached here. Each use checks the catalogue's revision (one primary-key read); when the loader or
// an approval changed the global rows, the next use rebuilds from the database — on every instance.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { DEFAULT_FOOD_COUNTRY, type FoodCatalog, type FoodGroup, type FoodSummary } from '@almendra/contracts';
import { FoodSearchIndex } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import { groupMeasures, toCatalogFood, toFoodGroup, toFoodSummary } from './foods.mapper.js';
import { foodsRepository as repo, type FoodSummaryRow } from './foods.repository.js';

export interface CatalogEntry {
  readonly id: string;
  readonly nameEs: string | null;
  readonly nameEn: string | null;
  readonly brand: string | null;
  readonly legacy: boolean;
  readonly shortName: string | null;
  readonly source: string;
  readonly groupCode: string | null;
  readonly summary: FoodSummary;
}

export interface CatalogDump {
  country: string;
  hash: string;
  json: Buffer;
  gzip: Buffer;
}

export interface CountryCatalog {
  readonly country: string;
  readonly index: FoodSearchIndex<CatalogEntry>;
  dump?: CatalogDump;
}

export interface CatalogSnapshot {
  readonly revision: string | null;
  readonly countries: ReadonlyMap<string, CountryCatalog>;
  readonly groups: ReadonlyMap<string, FoodGroup>;
  readonly groupList: readonly FoodGroup[];
}

const SOURCE_ORDER: Record<string, number> = { argentina: 0, usda: 1 };

/** The Argentine layer, then SR24 foods in NDB order (the order search ties follow), then approved requests oldest first. */
function catalogueOrder(a: FoodSummaryRow, b: FoodSummaryRow): number {
  const aRank = SOURCE_ORDER[a.source] ?? 2;
  const bRank = SOURCE_ORDER[b.source] ?? 2;
  if (aRank !== bRank) return aRank - bRank;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export class GlobalFoodCatalog {
  private snapshot: CatalogSnapshot | undefined;
  private building: { revision: string | null; promise: Promise<CatalogSnapshot> } | undefined;

  constructor(private readonly db: Kysely<DB>) {}

  async current(): Promise<CatalogSnapshot> {
    const revision = await repo.globalRevision(this.db);
    if (this.snapshot && this.snapshot.revision === revision) return this.snapshot;
    if (this.building?.revision === revision) return this.building.promise;
    const promise = this.build(revision).then((built) => {
      this.snapshot = built;
      return built;
    });
    this.building = { revision, promise };
    promise.finally(() => {
      if (this.building?.promise === promise) this.building = undefined;
    }).catch(() => undefined);
    return promise;
  }

  /** The list of `country`, else Argentina's (the only list shipped), else an empty one. */
  list(snapshot: CatalogSnapshot, country: string | undefined): CountryCatalog {
    return (
      (country ? snapshot.countries.get(country) : undefined) ??
      snapshot.countries.get(DEFAULT_FOOD_COUNTRY) ??
      snapshot.countries.values().next().value ?? { country: country ?? DEFAULT_FOOD_COUNTRY, index: new FoodSearchIndex<CatalogEntry>([]) }
    );
  }

  /** The compact catalogue of one list, serialized and gzipped once per revision. */
  dump(snapshot: CatalogSnapshot, list: CountryCatalog): CatalogDump {
    if (list.dump) return list.dump;
    const foods = list.index.items.map((entry) => toCatalogFood(entry.summary));
    const groups = [...snapshot.groupList];
    const hash = createHash('sha256').update(JSON.stringify({ country: list.country, groups, foods })).digest('hex').slice(0, 32);
    const body: FoodCatalog = { country: list.country, hash, count: foods.length, groups, foods };
    const json = Buffer.from(JSON.stringify(body), 'utf8');
    list.dump = { country: list.country, hash, json, gzip: gzipSync(json, { level: 6 }) };
    return list.dump;
  }

  private async build(revision: string | null): Promise<CatalogSnapshot> {
    const [groupRows, rows, measureRows] = await Promise.all([
      repo.listGroups(this.db),
      repo.listGlobalFoods(this.db),
      repo.listGlobalMeasures(this.db),
    ]);
    const groupList = groupRows.map(toFoodGroup);
    const groups = new Map(groupList.map((g) => [g.code, g]));
    const measures = groupMeasures(measureRows);
    const byCountry = new Map<string, CatalogEntry[]>();
    for (const row of [...rows].sort(catalogueOrder)) {
      const entry: CatalogEntry = {
        id: row.id,
        nameEs: row.name_es,
        nameEn: row.name_en,
        brand: row.brand,
        legacy: Number(row.legacy) === 1,
        shortName: row.short_name ?? null,
        source: row.source,
        groupCode: row.group_code,
        summary: toFoodSummary(row, measures.get(row.id) ?? [], groups),
      };
      const list = byCountry.get(row.country_code);
      if (list) list.push(entry);
      else byCountry.set(row.country_code, [entry]);
    }
    const countries = new Map<string, CountryCatalog>();
    for (const [country, entries] of byCountry) countries.set(country, { country, index: new FoodSearchIndex(entries) });
    return { revision, countries, groups, groupList };
  }
}
