// Builds ar.json from members.json: each group's portion values are the average of its members'
// portions computed from data/foods/usda-sr24.json.gz (per-100 g values rounded to 1 decimal first, as
// seed 1 §9 asks of every food value), rounded to 1 decimal. Run: node data/exchange-groups/build.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
export const MACROS = ['energyKcal', 'carbohydrateG', 'proteinG', 'fatG'];
const round1 = (v) => Math.round(v * 10) / 10;

export function loadFoods() {
  const table = JSON.parse(gunzipSync(readFileSync(join(here, '../foods/usda-sr24.json.gz'))).toString('utf8'));
  return new Map(table.foods.map((f) => [`usda:${f.ndb}`, f]));
}

export function groupValues(members, foods) {
  const out = {};
  for (const key of MACROS) {
    const sum = members.reduce((acc, m) => acc + (round1(Number(foods.get(m.foodId).nutrients[key] ?? 0)) * m.grams) / 100, 0);
    out[key] = round1(sum / members.length);
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const source = JSON.parse(readFileSync(join(here, 'members.json'), 'utf8'));
  const foods = loadFoods();
  const groups = source.groups.map((g, i) => {
    for (const m of g.members) if (!foods.has(m.foodId)) throw new Error(`unknown food ${m.foodId}`);
    return { id: g.id, position: i + 1, nameEs: g.nameEs, nameEn: g.nameEn, portion: groupValues(g.members, foods), members: g.members };
  });
  const result = { format: 'almendra-exchange-groups/1', country: source.country, valuesBasis: 'average-of-members', groups };
  writeFileSync(join(here, 'ar.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(`wrote ${groups.length} groups`);
}
