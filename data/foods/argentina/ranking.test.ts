// Search ranking measured on the real catalogue: every query of ranking-queries.tsv must put its expected
// food first when ranked by the domain's FoodSearchIndex over the shipped tables, built exactly as the
// server's catalogue is (the Argentine layer, then SR24 by NDB; legacy flags; sources; short names).
// apps/server/test/foods-ranking.test.ts runs the same list through GET /api/v1/foods.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { FoodSearchIndex } from '@almendra/domain';

const here = dirname(fileURLToPath(import.meta.url));

export interface RankingQuery {
  query: string;
  expected: string;
  note: string;
}

export function readRankingQueries(): RankingQuery[] {
  const lines = readFileSync(join(here, 'ranking-queries.tsv'), 'utf8').split('\n').filter((l) => l !== '');
  return lines.slice(1).map((line) => {
    const [query, expected, note] = line.split('\t');
    return { query: query!, expected: expected!, note: note ?? '' };
  });
}

interface Item {
  id: string;
  nameEs: string | null;
  nameEn: string | null;
  shortName: string | null;
  source: string;
  legacy: boolean;
}

function catalogue(): Item[] {
  const sr = JSON.parse(gunzipSync(readFileSync(join(here, '..', 'usda-sr24.json.gz'))).toString('utf8')) as {
    foods: { ndb: string; name: string; nameEs: string | null; legacy: boolean; nutrients: Record<string, number> }[];
  };
  const ar = JSON.parse(readFileSync(join(here, 'argentina-es-AR.json'), 'utf8')) as {
    foods: { slug: string; nameEs: string; nameEn: string | null; shortName: string }[];
  };
  const argentine = ar.foods
    .map((f) => ({ id: `ar:${f.slug}`, nameEs: f.nameEs, nameEn: f.nameEn, shortName: f.shortName, source: 'argentina', legacy: false }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const usda = sr.foods
    .filter((f) => Object.keys(f.nutrients).length > 0)
    .map((f) => ({ id: `usda:${f.ndb}`, nameEs: f.nameEs, nameEn: f.name, shortName: null, source: 'usda', legacy: f.legacy }));
  return [...argentine, ...usda];
}

const queries = readRankingQueries();
const index = new FoodSearchIndex(catalogue());

describe('food search ranking over the shipped catalogue (domain)', () => {
  it('has at least 60 everyday queries', () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
  });

  it.each(queries)('"$query" → "$expected" first', ({ query, expected }) => {
    const first = index.rank(query).slice(0, 3).map((m) => `${m.item.id} ${m.item.nameEs ?? m.item.nameEn}`);
    // An empty expectation means: no food should match (better nothing than a wrong food first).
    expect(first[0]?.split(' ')[0] ?? '', first.join(' | ')).toBe(expected);
  });

  it('never puts "Papada de cerdo" before a potato, nor powder before the onion', () => {
    const papa = index.search('papa').map((m) => m.item.nameEs ?? '');
    expect(papa.findIndex((n) => n.startsWith('Papada'))).toBeGreaterThan(papa.findIndex((n) => n.startsWith('Papa,') || n.startsWith('Papa ')));
    const cebolla = index.search('cebolla').map((m) => m.item.nameEs ?? '');
    expect(cebolla[0]).toBe('Cebolla, cruda');
    expect(cebolla.findIndex((n) => /polvo/.test(n))).toBeGreaterThan(2);
  });
});
