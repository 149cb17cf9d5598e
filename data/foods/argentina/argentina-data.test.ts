// Data rules over the whole food table a nutritionist reads: the SR24 table with its es-AR names and the
// Argentine layer. (1) No English word in a Spanish name or in a household measure shown in Spanish.
// (2) Every Argentine-layer row says where its values come from. (3) Energy agrees with the macronutrients
// (protein, fat, carbohydrate with SR24's Atwater specific factors where SR24 gives them, else 4/9/4, plus
// alcohol 6.93) within 15 % (or 5 kcal for nearly energy-free foods); the SR24 foods that do not, and why,
// are listed in ../energy-exceptions.tsv (reasons explained in docs/foods.md).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { englishWordsIn, spanishMeasureDescription } from '@almendra/domain';

const here = dirname(fileURLToPath(import.meta.url));

interface SrFood {
  ndb: string;
  name: string;
  nameEs: string | null;
  legacy: boolean;
  atwater: [number, number, number] | null;
  nutrients: Record<string, number>;
  measures: [number, string, number][];
}
interface ArFood {
  slug: string;
  nameEs: string;
  shortName: string;
  group: string;
  kind: 'sr24' | 'recipe' | 'published';
  ref: string;
  provenance: string;
  nutrients: Record<string, number>;
  measures: [number, string, number][];
}

const sr = JSON.parse(gunzipSync(readFileSync(join(here, '..', 'usda-sr24.json.gz'))).toString('utf8')) as { foods: SrFood[] };
const srByNdb = new Map(sr.foods.map((f) => [f.ndb, f]));
const ar = JSON.parse(readFileSync(join(here, 'argentina-es-AR.json'), 'utf8')) as { counts: Record<string, number>; foods: ArFood[] };
const groups = JSON.parse(readFileSync(join(here, '..', 'food-groups.json'), 'utf8')) as Record<string, { es: string }>;
const exceptions = new Map(
  readFileSync(join(here, '..', 'energy-exceptions.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => l.split('\t') as [string, string]),
);
const EXCEPTION_REASONS = new Set(['fibre', 'sweeteners', 'organic-acids', 'label', 'source']);

const GENERAL: [number, number, number] = [4, 9, 4];

/** null when the food lacks a macro (nothing to compare), else [stated, from macros]. */
function energyCheck(n: Record<string, number>, factors: [number, number, number]): [number, number] | null {
  if (n.energyKcal === undefined || n.proteinG === undefined || n.fatG === undefined || n.carbohydrateG === undefined) return null;
  const [p, f, c] = factors;
  return [n.energyKcal, p * n.proteinG + f * n.fatG + c * n.carbohydrateG + 6.93 * (n.alcoholG ?? 0)];
}
const agrees = ([stated, computed]: [number, number]) => Math.abs(stated - computed) <= Math.max(0.15 * stated, 5);
const factorsOf = (food: SrFood | undefined) => (food?.atwater && food.atwater.every((x) => x > 0) ? food.atwater : GENERAL);

describe('Spanish names and measures', () => {
  it('no SR24 Spanish name has an English word', () => {
    const offenders = sr.foods.filter((f) => f.nameEs && englishWordsIn(f.nameEs).length > 0).map((f) => `${f.ndb} ${f.nameEs}`);
    expect(offenders).toEqual([]);
  });

  it('no Argentine-layer name, short name or measure has an English word', () => {
    const offenders = ar.foods.flatMap((f) =>
      [f.nameEs, f.shortName, ...f.measures.map((m) => m[1])].filter((text) => englishWordsIn(text).length > 0).map((text) => `${f.slug}: ${text}`),
    );
    expect(offenders).toEqual([]);
  });

  it('every SR24 household measure is shown fully in Spanish or left out', () => {
    let shown = 0;
    let all = 0;
    for (const food of sr.foods) {
      for (const [, description] of food.measures) {
        all += 1;
        const spanish = spanishMeasureDescription(description);
        if (spanish === null) continue;
        shown += 1;
        expect(englishWordsIn(spanish), `${food.ndb} ${description} → ${spanish}`).toEqual([]);
      }
    }
    // The avocado's "avocado, NS as to Florida or California" is one of those left out.
    expect(spanishMeasureDescription('avocado, NS as to Florida or California')).toBeNull();
    expect(spanishMeasureDescription('cup, cubes')).toBe('taza, en cubos');
    expect(shown / all).toBeGreaterThan(0.85);
  });

  it('food groups read as Spanish for Argentina', () => {
    for (const [code, names] of Object.entries(groups)) expect(englishWordsIn(names.es), code).toEqual([]);
    expect(groups['35']!.es).not.toMatch(/EE\. UU\. y Alaska/);
  });

  it('"calabaza" is the squash in the Argentine layer, the bottle gourd is "porongo"', () => {
    expect(srByNdb.get('11218')!.nameEs).toMatch(/^Porongo/);
    expect(ar.foods.find((f) => f.slug === 'zapallo-anco')!.nameEs).toMatch(/calabaza/);
  });
});

describe('Argentine layer provenance', () => {
  it('has at least 150 foods, every one with a source of its kind', () => {
    expect(ar.foods.length).toBeGreaterThanOrEqual(150);
    const patterns: Record<ArFood['kind'], RegExp> = {
      sr24: /^USDA SR24 NDB \d{5} \(/,
      recipe: /^Receta estándar de Almendra .*USDA SR24: (\d{5} [\d,]+ g(, )?)+; rendimiento/,
      published: /^Instituto Nacional de la Yerba Mate|^[A-ZÁÉÍÓÚ].+ \(https?:\/\//,
    };
    for (const food of ar.foods) expect(food.provenance, food.slug).toMatch(patterns[food.kind]);
    expect(ar.counts.foods).toBe(ar.foods.length);
  });

  it('an SR24 row carries exactly the SR24 values of the food it names', () => {
    for (const food of ar.foods.filter((f) => f.kind === 'sr24')) expect(food.nutrients, food.slug).toEqual(srByNdb.get(food.ref)!.nutrients);
  });

  it('every row has a short name and measures with positive grams', () => {
    for (const food of ar.foods) {
      expect(food.shortName.length, food.slug).toBeGreaterThan(0);
      for (const [amount, , grams] of food.measures) expect(amount > 0 && grams > 0, food.slug).toBe(true);
    }
  });
});

describe('usual measures (measures-es-AR.tsv)', () => {
  const bySlug = new Map(ar.foods.map((f) => [f.slug, f]));
  it('counted foods have units, cheeses only fetas, drinks an ml measure', () => {
    for (const slug of ['banana', 'manzana', 'naranja', 'papa-cruda', 'tomate', 'pan-frances']) {
      expect(bySlug.get(slug)!.measures.some(([, d]) => /^(unidad|pancito|rodaja)/.test(d)), slug).toBe(true);
    }
    for (const slug of ['queso-por-salut', 'queso-mozzarella', 'queso-fresco', 'queso-provolone']) {
      expect(bySlug.get(slug)!.measures.every(([, d]) => /^(feta|rebanada)/.test(d)), slug).toBe(true);
    }
    for (const slug of ['leche-entera', 'mate-cebado', 'agua', 'cafe', 'te', 'jugo-de-naranja']) {
      const ml = bySlug.get(slug)!.measures.find(([, d]) => d === 'ml');
      expect(ml?.[2], slug).toBeGreaterThan(0.95);
      expect(ml?.[2], slug).toBeLessThan(1.1);
    }
    expect(bySlug.get('mate-cebado')!.measures).toContainEqual([1, 'termo', 500]);
  });
});

describe('energy agrees with the macronutrients (within 15 %)', () => {
  it('for every SR24 food, except the listed ones', () => {
    const offenders: string[] = [];
    for (const food of sr.foods) {
      if (food.legacy) continue;
      const check = energyCheck(food.nutrients, factorsOf(food));
      if (!check || agrees(check) || exceptions.has(food.ndb)) continue;
      offenders.push(`${food.ndb} ${food.name}: ${check[0]} kcal stated, ${Math.round(check[1])} from macros`);
    }
    expect(offenders).toEqual([]);
  });

  it('every listed exception is still one, with a known reason', () => {
    for (const [ndb, reason] of exceptions) {
      const food = srByNdb.get(ndb)!;
      expect(EXCEPTION_REASONS.has(reason), `${ndb} ${reason}`).toBe(true);
      expect(agrees(energyCheck(food.nutrients, factorsOf(food))!), ndb).toBe(false);
    }
  });

  it('for every Argentine-layer row (SR24 rows with their SR24 factors)', () => {
    const offenders: string[] = [];
    for (const food of ar.foods) {
      const check = energyCheck(food.nutrients, food.kind === 'sr24' ? factorsOf(srByNdb.get(food.ref)) : GENERAL);
      if (food.kind === 'published') {
        // INYM states energy and fat only (no protein or carbohydrate): nothing to compare.
        expect(check, food.slug).toBeNull();
        continue;
      }
      if (!check) offenders.push(`${food.slug}: missing a macronutrient`);
      else if (!agrees(check)) offenders.push(`${food.slug}: ${check[0]} kcal stated, ${Math.round(check[1])} from macros`);
    }
    expect(offenders).toEqual([]);
  });
});
