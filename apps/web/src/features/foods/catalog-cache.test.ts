// The cached catalogue: fetched once, revalidated with If-None-Match (304 keeps the stored copy), and
// searched in memory with the server's ranking (own foods first).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogFood, FoodCatalog } from '@almendra/contracts';
import { CATALOG_STORE, loadCatalog, loadOwnCatalog, OWN_CATALOG_STORE, searchCatalog, setCatalog, setOwnCatalog } from './catalog-cache';
import { filterDecimalInput, formatAmount, parseDecimal } from './components/format';
import { nutrientsFromForm, nutrientsToForm } from './components/nutrient-fields';

const food = (id: string, nameEs: string | null, nameEn: string | null, extra: Partial<CatalogFood> = {}): CatalogFood => ({
  id,
  nameEs,
  nameEn,
  brand: null,
  group: '09',
  source: 'usda',
  legacy: false,
  energyKcal: 100,
  proteinG: 1,
  fatG: 1,
  carbohydrateG: 1,
  measures: [],
  ...extra,
});

const catalog: FoodCatalog = {
  country: 'AR',
  hash: 'h1',
  count: 4,
  groups: [],
  foods: [
    food('usda:09037', 'Palta, cruda, todas las variedades', 'Avocados, raw, all commercial varieties'),
    food('usda:04581', 'Aceite de palta', 'Oil, avocado', { group: '04' }),
    food('usda:05062', 'Pollo, pechuga, sin piel, cruda', 'Chicken, broilers or fryers, breast, meat only, raw', { group: '05' }),
    food('usda:99999', 'Palta vieja', 'Old avocado', { legacy: true }),
  ],
};

describe('searchCatalog', () => {
  afterEach(() => setOwnCatalog(null));

  it("finds the avocado first for 'palta', 'PALTA', 'Pálta' and 'avocado'", () => {
    setCatalog(catalog);
    for (const query of ['palta', 'PALTA', 'Pálta', 'avocado']) {
      expect(searchCatalog(query)[0]?.item.id).toBe('usda:09037');
    }
    // Legacy foods come last; a prefix of the Spanish name ranks above a word inside it.
    expect(searchCatalog('palta').map((m) => m.item.id)).toEqual(['usda:09037', 'usda:04581', 'usda:99999']);
  });

  it('ignores linking words, filters by group and puts own foods first', () => {
    setCatalog(catalog);
    expect(searchCatalog('pechuga de pollo').map((m) => m.item.id)).toEqual(['usda:05062']);
    expect(searchCatalog('palta', { group: '04' }).map((m) => m.item.id)).toEqual(['usda:04581']);
    setOwnCatalog({ hash: 'o', count: 1, foods: [food('own-1', 'Palta rellena de la casa', null, { source: 'own' })] });
    expect(searchCatalog('palta', { limit: 2 }).map((m) => m.item.id)).toEqual(['own-1', 'usda:09037']);
  });
});

/**
 * A minimal IndexedDB stand-in (jsdom has none): one Map per store, keyed by the store's key path, and
 * the upgrade callback run once so the stores it creates are recorded.
 */
function fakeIndexedDb() {
  const stores = new Map<string, { keyPath: string; rows: Map<string, unknown> }>();
  const request = <T>(result: T) => {
    const r: { result: T; onsuccess?: () => void; onerror?: () => void; onupgradeneeded?: () => void } = { result };
    queueMicrotask(() => {
      r.onupgradeneeded?.();
      r.onsuccess?.();
    });
    return r;
  };
  const db = {
    objectStoreNames: { contains: (name: string) => stores.has(name) },
    createObjectStore: (name: string, options: { keyPath: string }) => stores.set(name, { keyPath: options.keyPath, rows: new Map() }),
    transaction: (name: string) => {
      const store = stores.get(name)!;
      const tx: { oncomplete?: () => void; onerror?: () => void; objectStore: () => unknown } = {
        objectStore: () => ({
          get: (key: string) => request(store.rows.get(key)),
          getAll: () => request([...store.rows.values()]),
          clear: () => store.rows.clear(),
          put: (value: Record<string, string>) => {
            store.rows.set(value[store.keyPath]!, value);
            queueMicrotask(() => tx.oncomplete?.());
          },
        }),
      };
      return tx;
    },
  };
  const opened: { name: string; version: number }[] = [];
  vi.stubGlobal('indexedDB', {
    open: (name: string, version: number) => {
      opened.push({ name, version });
      return request(db);
    },
  });
  return { stores, opened };
}

describe('loadCatalog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('sends the stored hash and keeps the stored copy on 304', async () => {
    const { stores, opened } = fakeIndexedDb();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(catalog), { status: 200 }))
      .mockResolvedValueOnce(new Response(null, { status: 304 }));
    vi.stubGlobal('fetch', fetchMock);
    window.fetch = fetchMock as typeof window.fetch;

    const first = await loadCatalog();
    expect(first.origin).toBe('network');
    expect(new Headers((fetchMock.mock.calls[0]![1] as RequestInit).headers).get('If-None-Match')).toBeNull();

    const second = await loadCatalog();
    expect(second.origin).toBe('cache');
    expect(second.catalog.count).toBe(4);
    expect(new Headers((fetchMock.mock.calls[1]![1] as RequestInit).headers).get('If-None-Match')).toBe('"h1"');
    expect(opened[0]).toEqual({ name: 'almendra_cache_v1', version: 2 });
    expect([...stores.keys()]).toEqual([CATALOG_STORE, OWN_CATALOG_STORE]);
    expect([...stores.get(CATALOG_STORE)!.rows.keys()]).toEqual(['default']);
  });
});

describe('loadOwnCatalog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("keeps the own foods in the 'ownFoods' store keyed by their hash, revalidated with If-None-Match", async () => {
    const { stores } = fakeIndexedDb();
    const own = (hash: string, name: string) => ({ hash, count: 1, foods: [food(`own-${hash}`, name, null, { source: 'own' })] });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify(own('o1', 'Pan casero')), { status: 200 }))
      .mockResolvedValueOnce(new Response(null, { status: 304 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(own('o2', 'Pan casero integral')), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    window.fetch = fetchMock as typeof window.fetch;

    const first = await loadOwnCatalog();
    expect(first).toMatchObject({ origin: 'network', catalog: { hash: 'o1' } });
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/foods/catalog/own');
    expect(new Headers((fetchMock.mock.calls[0]![1] as RequestInit).headers).get('If-None-Match')).toBeNull();
    expect([...stores.get(OWN_CATALOG_STORE)!.rows.keys()]).toEqual(['o1']);

    const second = await loadOwnCatalog();
    expect(second).toMatchObject({ origin: 'cache', catalog: { hash: 'o1' } });
    expect(new Headers((fetchMock.mock.calls[1]![1] as RequestInit).headers).get('If-None-Match')).toBe('"o1"');

    // An edited own food changes the hash: the new list replaces the stored one.
    const third = await loadOwnCatalog();
    expect(third).toMatchObject({ origin: 'network', catalog: { hash: 'o2' } });
    expect([...stores.get(OWN_CATALOG_STORE)!.rows.keys()]).toEqual(['o2']);
    expect(stores.get(CATALOG_STORE)!.rows.size).toBe(0);
  });
});

describe('number input and display', () => {
  it('accepts comma or dot and drops other characters', () => {
    expect(filterDecimalInput('12,5a')).toBe('12,5');
    expect(filterDecimalInput('1.2.3')).toBe('1.23');
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('')).toBeUndefined();
  });

  it('formats es-AR amounts: kcal without decimals, the rest with one', () => {
    expect(formatAmount(160, 'es', 'kcal')).toBe('160');
    expect(formatAmount(2, 'es', 'g')).toBe('2,0');
    expect(formatAmount(1700, 'es', 'mg')).toBe('1.700,0');
  });

  it('edits omega 3 in mg and sends grams; empty macros count as 0', () => {
    expect(nutrientsToForm({ omega3G: 0.11 })).toEqual({ omega3G: '110' });
    const sent = nutrientsFromForm({ omega3G: '110', proteinG: '8,5' });
    expect(sent.omega3G).toBeCloseTo(0.11);
    expect(sent.proteinG).toBe(8.5);
    expect(sent.energyKcal).toBe('');
  });
});
