import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSearchText,
  compareFoodMatches,
  FOOD_MATCH_TIER,
  foodRankScore,
  FoodSearchIndex,
  matchTier,
  normalizeSearchText,
  parseSearchQuery,
  prepareSearchable,
  singularWord,
} from './food-search.js';

// Names from the shipped SR24 table, in catalogue (NDB) order.
const catalogue = [
  { id: '04053', nameEs: 'Aceite de oliva', nameEn: 'Oil, olive, salad or cooking' },
  { id: '04581', nameEs: 'Aceite de palta', nameEn: 'Oil, avocado' },
  { id: '05006', nameEs: 'Pollo, carne con piel, cruda', nameEn: 'Chicken, broilers or fryers, meat and skin, raw' },
  { id: '09037', nameEs: 'Palta, cruda, todas las variedades', nameEn: 'Avocados, raw, all commercial varieties' },
  { id: '09038', nameEs: 'Palta de California, cruda', nameEn: 'Avocados, raw, California' },
  { id: '11529', nameEs: 'Tomate rojo, maduro, crudo', nameEn: 'Tomatoes, red, ripe, raw, year round average' },
  { id: '16070', nameEs: 'Lentejas, hervidas, sin sal', nameEn: 'Lentils, mature seeds, cooked, boiled, without salt' },
  { id: '19999', nameEs: null, nameEn: 'Snacks, potato chips, plain, salted' },
  { id: '42999', nameEs: null, nameEn: 'Avocado dip, old release', legacy: true },
  { id: '99001', nameEs: 'Ñandú, carne', nameEn: 'Rhea, meat' },
];
const index = new FoodSearchIndex(catalogue);
const ids = (query: string) => index.search(query).map((m) => m.item.id);

describe('normalizeSearchText', () => {
  it('lower-cases, strips accents (ñ → n) and turns punctuation into single spaces', () => {
    expect(normalizeSearchText('  Ñandú, CARNE (cruda)… ')).toBe('nandu carne cruda');
    expect(normalizeSearchText(null)).toBe('');
    expect(buildSearchText('Palta, cruda', 'Avocados, raw', null)).toBe('palta cruda avocados raw');
  });

  it('property: idempotent and only [a-z0-9 ]', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = normalizeSearchText(text);
        expect(normalizeSearchText(once)).toBe(once);
        expect(once).toMatch(/^[a-z0-9 ]*$/);
      }),
    );
  });
});

describe('food search ranking', () => {
  it("'palta', 'PALTA' and 'avocado' find 09037 first", () => {
    expect(ids('palta')[0]).toBe('09037');
    expect(ids('PALTA')[0]).toBe('09037');
    expect(ids('avocado')[0]).toBe('09037');
  });

  it('ranks first word, Spanish prefix, English prefix, word prefix, then contains', () => {
    expect(ids('palta')).toEqual(['09037', '09038', '04581']);
    const tiers = index.search('palta').map((m) => m.tier);
    expect(tiers).toEqual([FOOD_MATCH_TIER.firstWord, FOOD_MATCH_TIER.firstWord, FOOD_MATCH_TIER.wordPrefix]);
    expect(matchTier(prepareSearchable(catalogue[3]!), parseSearchQuery('pal'))).toBe(FOOD_MATCH_TIER.spanishPrefix);
    expect(matchTier(prepareSearchable(catalogue[3]!), parseSearchQuery('alta'))).toBe(FOOD_MATCH_TIER.contains);
    expect(matchTier(prepareSearchable(catalogue[3]!), parseSearchQuery('avoc'))).toBe(FOOD_MATCH_TIER.englishPrefix);
  });

  it('needs every word of a multi-word query, in any order', () => {
    expect(ids('cruda palta')).toEqual(['09037', '09038']);
    expect(ids('palta cr')).toEqual(['09037', '09038']);
    expect(index.search('palta cr').map((m) => m.tier)).toEqual([FOOD_MATCH_TIER.firstWord, FOOD_MATCH_TIER.firstWord]);
    expect(ids('palta pollo')).toEqual([]);
    // Linking words need not appear ("de"), unless they are the whole query.
    expect(ids('palta de california')).toEqual(['09038']);
    expect(ids('lentejas de hervidas')).toEqual(['16070']);
    expect(parseSearchQuery('de')).toEqual({ text: 'de', words: ['de'], singular: ['de'] });
  });

  it('is accent-insensitive in both directions', () => {
    expect(ids('ñandu')).toEqual(['99001']);
    expect(ids('nandú')).toEqual(['99001']);
    expect(ids('lentejas hervidas')).toEqual(['16070']);
  });

  it('puts legacy foods after all others', () => {
    expect(ids('avocado')).toEqual(['09037', '09038', '04581', '42999']);
  });

  it('lists everything alphabetically (Spanish name, else English) for an empty query', () => {
    expect(ids('  ')).toEqual(['04053', '04581', '16070', '99001', '09037', '09038', '05006', '19999', '11529', '42999']);
  });

  it('pages through the ranking without materializing the rest', () => {
    const ranking = index.rank('a');
    expect(ranking.total).toBe(index.search('a').length);
    expect(ranking.slice(2, 3).map((m) => m.item.id)).toEqual(index.search('a').slice(2, 5).map((m) => m.item.id));
    expect(ranking.slice(ranking.total, 10)).toEqual([]);
  });

  it('applies a filter', () => {
    expect(index.search('a', (f) => f.id.startsWith('09')).map((m) => m.item.id)).toEqual(['09037', '09038']);
  });
});

describe('ranking like a nutritionist', () => {
  const foods = [
    { id: 'usda:10100', nameEs: 'Papada de cerdo, cruda', nameEn: 'Pork, jowl, raw', source: 'usda' },
    { id: 'usda:11282', nameEs: 'Cebolla, cruda', nameEn: 'Onions, raw', source: 'usda' },
    { id: 'usda:02026', nameEs: 'Cebolla en polvo', nameEn: 'Onion powder', source: 'usda' },
    { id: 'usda:11354', nameEs: 'Papa blanca, con cáscara, cruda', nameEn: 'Potatoes, white, flesh and skin, raw', source: 'usda' },
    { id: 'usda:11218', nameEs: 'Porongo (calabaza del mate), crudo', nameEn: 'Gourd, white-flowered (calabash), raw', source: 'usda' },
    { id: 'ar:zapallo-anco', nameEs: 'Zapallo anco (calabaza), crudo', nameEn: null, shortName: 'Zapallo anco', source: 'argentina' },
    { id: 'own-1', nameEs: 'Papas noisette de la casa', nameEn: null, source: 'own' },
  ];
  const idx = new FoodSearchIndex(foods);
  const first = (q: string) => idx.search(q).map((m) => m.item.id);

  it("'papa' gives a potato before 'Papada de cerdo'; the nutritionist's own food leads among equals", () => {
    expect(first('papa')).toEqual(['own-1', 'usda:11354', 'usda:10100']);
    // A plural matches whole words only: 'papas' is not the start of 'papada'.
    expect(first('papas')).toEqual(['own-1', 'usda:11354']);
  });

  it("'cebolla' gives the onion before onion powder", () => {
    expect(first('cebolla')[0]).toBe('usda:11282');
  });

  it("'calabaza' gives the Argentine-layer squash before the bottle gourd", () => {
    expect(first('calabaza')[0]).toBe('ar:zapallo-anco');
  });

  it('singular and plural are the same word', () => {
    expect(singularWord('papas')).toBe('papa');
    expect(singularWord('nueces')).toBe('nuez');
    expect(singularWord('limones')).toBe('limon');
    expect(singularWord('pan')).toBe('pan');
  });

  it('property: a score exists exactly when the food matches, and the ranking is sorted by it', () => {
    fc.assert(
      fc.property(fc.constantFrom('pa', 'papa', 'cebolla', 'cal', 'raw', 'de', 'crud'), (q) => {
        const ranked = idx.search(q);
        for (let i = 1; i < ranked.length; i += 1) expect(compareFoodMatches(ranked[i - 1]!, ranked[i]!)).toBeLessThanOrEqual(0);
        const parsed = parseSearchQuery(q);
        for (const food of foods) {
          const score = foodRankScore(prepareSearchable(food), parsed);
          expect(score === null).toBe(!ranked.some((m) => m.item.id === food.id));
        }
      }),
    );
  });
});
