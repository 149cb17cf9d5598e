// The cached catalogue: fetched once, revalidated with If-None-Match (304 keeps the stored copy), and
// searched in memory with the server's ranking (own foods first).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogFood, FoodCatalog } from '@almendra/contracts';
import { loadCatalog, searchCatalog, setCatalog, setOwnCatalog } from './catalog-cache';
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

describe('loadCatalog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends the stored hash and keeps the stored copy on 304', async () => {
    const stored = new Map<string, unknown>();
    // A minimal IndexedDB stand-in: jsdom has none.
    const request = <T>(result: T) => {
      const r: { result: T; onsuccess?: () => void; onerror?: () => void } = { result };
      queueMicrotask(() => r.onsuccess?.());
      return r;
    };
    const db = {
      objectStoreNames: { contains: () => true },
      transaction: () => {
        const tx: { oncomplete?: () => void; onerror?: () => void; objectStore: () => unknown } = {
          objectStore: () => ({
            get: (key: string) => request(stored.get(key)),
            put: (value: { key: string }) => {
              stored.set(value.key, value);
              queueMicrotask(() => tx.oncomplete?.());
            },
          }),
        };
        return tx;
      },
    };
    vi.stubGlobal('indexedDB', { open: () => request(db) });
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
