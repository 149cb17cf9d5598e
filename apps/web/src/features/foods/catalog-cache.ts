// Client-side food catalogue (seed 2 §9): the global list is kept in IndexedDB ('almendra_cache_v1',
// store 'countryFoods', one record per country with its content hash) and the nutritionist's own foods
// in store 'ownFoods' (one record, keyed by its content hash); both are revalidated with If-None-Match
// (304 = keep the stored copy) and searched in memory with the domain's ranking so pickers work
// without a request per keystroke.
import { useQuery } from '@tanstack/react-query';
import type { CatalogFood, FoodCatalog, OwnFoodCatalog } from '@almendra/contracts';
import { FoodSearchIndex, mergeRanked, parseSearchQuery, type FoodSearchMatch } from '@almendra/domain';
import { apiErrorFromResponse } from '../../lib/api-error';
import { authorizedFetch } from './api/foods-api';

export const CATALOG_DB_NAME = 'almendra_cache_v1';
export const CATALOG_STORE = 'countryFoods';
export const OWN_CATALOG_STORE = 'ownFoods';
/** Version 2 added the ownFoods store. */
const CATALOG_DB_VERSION = 2;
/** The record key of the list used when no country is asked for (the nutritionist's own country). */
const DEFAULT_KEY = 'default';

interface StoredCatalog {
  key: string;
  country: string;
  hash: string;
  catalog: FoodCatalog;
}

interface StoredOwnCatalog {
  hash: string;
  catalog: OwnFoodCatalog;
}

function openDatabase(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(CATALOG_DB_NAME, CATALOG_DB_VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(CATALOG_STORE)) request.result.createObjectStore(CATALOG_STORE, { keyPath: 'key' });
      if (!request.result.objectStoreNames.contains(OWN_CATALOG_STORE)) request.result.createObjectStore(OWN_CATALOG_STORE, { keyPath: 'hash' });
    };
    request.onsuccess = () => resolve(request.result);
    // A private window or a blocked database only loses the cache, never the catalogue.
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

async function readStored(key: string): Promise<StoredCatalog | null> {
  const db = await openDatabase();
  if (!db) return null;
  return new Promise((resolve) => {
    const request = db.transaction(CATALOG_STORE, 'readonly').objectStore(CATALOG_STORE).get(key);
    request.onsuccess = () => resolve((request.result as StoredCatalog | undefined) ?? null);
    request.onerror = () => resolve(null);
  });
}

async function writeStored(record: StoredCatalog): Promise<void> {
  const db = await openDatabase();
  if (!db) return;
  await new Promise<void>((resolve) => {
    const tx = db.transaction(CATALOG_STORE, 'readwrite');
    tx.objectStore(CATALOG_STORE).put(record);
    tx.oncomplete = () => resolve();
    tx.onerror = () => resolve();
  });
}

/** The stored own-foods record (the store holds at most one: each write replaces it). */
async function readStoredOwn(): Promise<StoredOwnCatalog | null> {
  const db = await openDatabase();
  if (!db) return null;
  return new Promise((resolve) => {
    const request = db.transaction(OWN_CATALOG_STORE, 'readonly').objectStore(OWN_CATALOG_STORE).getAll();
    request.onsuccess = () => resolve(((request.result as StoredOwnCatalog[] | undefined) ?? [])[0] ?? null);
    request.onerror = () => resolve(null);
  });
}

async function writeStoredOwn(record: StoredOwnCatalog): Promise<void> {
  const db = await openDatabase();
  if (!db) return;
  await new Promise<void>((resolve) => {
    const tx = db.transaction(OWN_CATALOG_STORE, 'readwrite');
    const store = tx.objectStore(OWN_CATALOG_STORE);
    // Another account may have used this browser: only the latest list is kept.
    store.clear();
    store.put(record);
    tx.oncomplete = () => resolve();
    tx.onerror = () => resolve();
  });
}

export interface LoadedCatalog {
  catalog: FoodCatalog;
  /** 'network': downloaded now · 'cache': the stored copy was still current (304) or the network failed. */
  origin: 'network' | 'cache';
}

/** The stored list when the server says it is current, else the new list (which replaces it). */
export async function loadCatalog(country?: string): Promise<LoadedCatalog> {
  const key = country ?? DEFAULT_KEY;
  const stored = await readStored(key);
  const path = `/foods/catalog${country ? `?country=${encodeURIComponent(country)}` : ''}`;
  let response: Response;
  try {
    response = await authorizedFetch(path, { headers: stored ? { 'If-None-Match': `"${stored.hash}"` } : {} });
  } catch (error) {
    if (stored) return { catalog: stored.catalog, origin: 'cache' };
    throw error;
  }
  if (response.status === 304 && stored) return { catalog: stored.catalog, origin: 'cache' };
  if (!response.ok) throw await apiErrorFromResponse(response);
  const catalog = (await response.json()) as FoodCatalog;
  await writeStored({ key, country: catalog.country, hash: catalog.hash, catalog });
  return { catalog, origin: 'network' };
}

export interface LoadedOwnCatalog {
  catalog: OwnFoodCatalog;
  origin: 'network' | 'cache';
}

/**
 * The stored own foods when the server says they are current (same hash), else the new list. The hash
 * is of the caller's own foods, so a copy stored by another account never matches and is replaced.
 */
export async function loadOwnCatalog(): Promise<LoadedOwnCatalog> {
  const stored = await readStoredOwn();
  let response: Response;
  try {
    response = await authorizedFetch('/foods/catalog/own', { headers: stored ? { 'If-None-Match': `"${stored.hash}"` } : {} });
  } catch (error) {
    if (stored) return { catalog: stored.catalog, origin: 'cache' };
    throw error;
  }
  if (response.status === 304 && stored) return { catalog: stored.catalog, origin: 'cache' };
  if (!response.ok) throw await apiErrorFromResponse(response);
  const catalog = (await response.json()) as OwnFoodCatalog;
  await writeStoredOwn({ hash: catalog.hash, catalog });
  return { catalog, origin: 'network' };
}

let index: FoodSearchIndex<CatalogFood> | null = null;
let indexedHash: string | null = null;

/** Builds (or keeps) the in-memory index for a catalogue. */
export function setCatalog(catalog: FoodCatalog): void {
  if (indexedHash === catalog.hash && index) return;
  index = new FoodSearchIndex(catalog.foods);
  indexedHash = catalog.hash;
}

let ownIndex: FoodSearchIndex<CatalogFood> | null = null;

/** Indexes the nutritionist's own foods (searched before the global list, as the server ranks them on ties). */
export function setOwnCatalog(catalog: OwnFoodCatalog | null): void {
  // Own foods carry source 'own' already; the ranking puts them first among equals.
  ownIndex = catalog ? new FoodSearchIndex(catalog.foods) : null;
}

/**
 * Ranked matches in the cached catalogue: the domain's foodRankScore (the server's ranking), own foods
 * merged in by score and first on ties — the same order GET /foods answers; [] until the catalogue is loaded.
 */
export function searchCatalog(query: string, options: { limit?: number; group?: string | null } = {}): FoodSearchMatch<CatalogFood>[] {
  const limit = options.limit ?? 20;
  const group = options.group ?? null;
  const accept = group ? (food: CatalogFood) => food.group === group : undefined;
  const parsed = parseSearchQuery(query);
  const own = ownIndex ? ownIndex.rank(parsed, accept).slice(0, limit) : [];
  if (!index) return own;
  return mergeRanked(own, index.rank(parsed, accept).slice(0, limit), limit);
}

/** The caller's active own foods (small; revalidated against the stored copy on every mount of a picker). */
export function useOwnFoodCatalog() {
  return useQuery({
    queryKey: ['foods', 'catalog-own'],
    queryFn: async () => {
      const { catalog } = await loadOwnCatalog();
      setOwnCatalog(catalog);
      return catalog;
    },
  });
}

/** Loads the catalogue once per session (stored copy revalidated with its hash) and indexes it. */
export function useFoodCatalog(country?: string) {
  return useQuery({
    queryKey: ['foods', 'catalog', country ?? DEFAULT_KEY],
    queryFn: async () => {
      const loaded = await loadCatalog(country);
      setCatalog(loaded.catalog);
      return loaded;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
