// Builds data/foods/argentina/argentina-es-AR.json, the Argentine food layer loaded on top of SR24
// (see README.md here). Run: `npx tsx data/foods/argentina/build.ts`. Deterministic: same inputs, same bytes.
//
// Inputs (all authored or cited, in this folder):
//   foods-es-AR.tsv       one row per food: slug, Spanish name, everyday short name, USDA group code,
//                         kind (sr24 | recipe | published) and ref (what the kind points at)
//   recipes.json          standard recipes over SR24 ingredients (`recipe` rows)
//   published.json        other published values (`published` rows)
//   measures-es-AR.tsv    how each food is usually measured (style: unidad | feta | ml) and household
//                         measures in Argentine words, each the translation of an SR24 measure (checked)
// plus ../usda-sr24.json.gz (the SR24 table). The build FAILS when a reference does not resolve, a slug
// repeats, a group is unknown, or a row would end with no nutrient value: nothing is ever filled in.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { measureDescriptionFor } from '../../../packages/domain/src/nutrients/measure-names.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fail = (message: string): never => {
  console.error(`argentina build: ${message}`);
  process.exit(1);
};

type Measure = [number, string, number];
interface SrFood {
  ndb: string;
  name: string;
  nameEs: string | null;
  group: string;
  legacy: boolean;
  nutrients: Record<string, number>;
  measures: Measure[];
}

export const ARGENTINA_FORMAT = 'almendra-foods-ar/1';

const sr = JSON.parse(gunzipSync(fs.readFileSync(path.join(here, '..', 'usda-sr24.json.gz'))).toString('utf8')) as { nutrients: { key: string }[]; foods: SrFood[] };
const srByNdb = new Map(sr.foods.map((f) => [f.ndb, f]));
const nutrientOrder = sr.nutrients.map((n) => n.key);
const groups = JSON.parse(fs.readFileSync(path.join(here, '..', 'food-groups.json'), 'utf8')) as Record<string, unknown>;

function readTsv(file: string, header: string[]): string[][] {
  const lines = fs.readFileSync(path.join(here, file), 'utf8').split('\n').filter((l) => l !== '');
  if (lines[0] !== header.join('\t')) fail(`${file}: header must be ${header.join(' | ')}`);
  return lines.slice(1).map((line, i) => {
    const cells = line.split('\t');
    if (cells.length !== header.length) fail(`${file} line ${i + 2}: expected ${header.length} cells, found ${cells.length}`);
    return cells;
  });
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits));
const fmt = (value: number) => String(round(value, 2)).replace('.', ',');

/** SR24 measures shown in Spanish; one that cannot be said fully in Spanish is left out. */
function spanishMeasures(food: SrFood): Measure[] {
  const out: Measure[] = [];
  for (const [amount, description, grams] of food.measures) {
    const es = measureDescriptionFor(description, 'es');
    if (es === description) continue;
    // Spanish words for US units (onza, libra, galón, pulgada) are not how an Argentine measures food.
    if (/onza|libra|gal[oó]n|pulgada/.test(es)) continue;
    if (out.some((m) => m[1] === es && m[0] === amount)) continue;
    out.push([amount, es, grams]);
  }
  return out;
}

function ordered(values: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of nutrientOrder) if (values[key] !== undefined) out[key] = values[key]!;
  return out;
}

const srFood = (ndb: string, where: string) => {
  const food = srByNdb.get(ndb);
  if (!food || food.legacy) fail(`${where}: SR24 food ${ndb} does not exist (or is legacy)`);
  return food!;
};

// --- Recipes ------------------------------------------------------------------------------------
interface Recipe {
  title: string;
  ingredients: [string, number, string][];
  yield: number;
  units: [number, string, number][];
  notes: string;
}
const recipes = (JSON.parse(fs.readFileSync(path.join(here, 'recipes.json'), 'utf8')) as { recipes: Record<string, Recipe> }).recipes;

function computeRecipe(slug: string, recipe: Recipe) {
  const where = `recipes.json ${slug}`;
  if (!(recipe.yield > 0 && recipe.yield <= 1.5)) fail(`${where}: yield must be in (0, 1.5]`);
  const rawGrams = recipe.ingredients.reduce((sum, [, grams]) => sum + grams, 0);
  const cookedGrams = rawGrams * recipe.yield;
  const foods = recipe.ingredients.map(([ndb]) => srFood(ndb, where));
  const nutrients: Record<string, number> = {};
  for (const key of nutrientOrder) {
    // A total is only meaningful when every ingredient has the nutrient (water has no protein value in SR
    // only when it is truly absent; SR lists 0 where it measured 0).
    if (!foods.every((f) => f.nutrients[key] !== undefined)) continue;
    const total = recipe.ingredients.reduce((sum, [, grams], i) => sum + (foods[i]!.nutrients[key]! * grams) / 100, 0);
    // Water is what cooking removes or adds: the other nutrients are conserved.
    nutrients[key] = key === 'waterG' ? round(((total - (rawGrams - cookedGrams)) / cookedGrams) * 100) : round((total / cookedGrams) * 100);
  }
  const measures: Measure[] = recipe.units.map(([amount, description, units]) => [amount, description, round(cookedGrams / units, 1)]);
  const list = recipe.ingredients.map(([ndb, grams]) => `${ndb} ${fmt(grams)} g`).join(', ');
  const provenance = `Receta estándar de Almendra «${recipe.title}» (data/foods/argentina/recipes.json, ${slug}) calculada sobre USDA SR24: ${list}; rendimiento ${fmt(recipe.yield)}. ${recipe.notes}`;
  return { nutrients, measures, provenance };
}

// --- Published ----------------------------------------------------------------------------------
interface Published {
  source: string;
  per: string;
  basisGrams: number;
  nutrients: Record<string, number>;
  measures: Measure[];
}
const published = (JSON.parse(fs.readFileSync(path.join(here, 'published.json'), 'utf8')) as { entries: Record<string, Published> }).entries;

// --- Rows ---------------------------------------------------------------------------------------
export interface ArgentineFood {
  slug: string;
  nameEs: string;
  shortName: string;
  /** English name when the row is an SR24 food under its Argentine name (search finds it in English too). */
  nameEn: string | null;
  group: string;
  kind: 'sr24' | 'recipe' | 'published';
  ref: string;
  provenance: string;
  nutrients: Record<string, number>;
  measures: Measure[];
}

const rows = readTsv('foods-es-AR.tsv', ['slug', 'nameEs', 'shortName', 'group', 'kind', 'ref']);
const seen = new Set<string>();
const foods: ArgentineFood[] = rows.map(([slug, nameEs, shortName, group, kind, ref], i) => {
  const where = `foods-es-AR.tsv line ${i + 2} (${slug})`;
  if (!/^[a-z0-9-]+$/.test(slug!)) fail(`${where}: slug must be lower-case words joined by '-'`);
  if (seen.has(slug!)) fail(`${where}: repeated slug`);
  seen.add(slug!);
  if (!groups[group!]) fail(`${where}: unknown group ${group}`);
  if (!nameEs || !shortName) fail(`${where}: name and short name are required`);
  const base = { slug: slug!, nameEs: nameEs!, shortName: shortName!, group: group!, ref: ref! };
  switch (kind) {
    case 'sr24': {
      const food = srFood(ref!, where);
      return {
        ...base,
        kind,
        nameEn: food.name,
        provenance: `USDA SR24 NDB ${food.ndb} (${food.name}): el mismo alimento con su nombre argentino; medidas caseras de esa fila, en castellano.`,
        nutrients: ordered(food.nutrients),
        measures: spanishMeasures(food),
      };
    }
    case 'recipe': {
      const recipe = recipes[ref!];
      if (!recipe) fail(`${where}: recipe ${ref} is not in recipes.json`);
      return { ...base, kind, nameEn: null, ...computeRecipe(ref!, recipe!) };
    }
    case 'published': {
      const entry = published[ref!];
      if (!entry) fail(`${where}: ${ref} is not in published.json`);
      const per100 = Object.fromEntries(Object.entries(entry!.nutrients).map(([k, v]) => [k, round((v * 100) / entry!.basisGrams)]));
      return { ...base, kind, nameEn: null, provenance: `${entry!.source} Valores por ${entry!.per}, llevados a 100 g.`, nutrients: ordered(per100), measures: entry!.measures };
    }
    default:
      return fail(`${where}: unknown kind ${kind}`);
  }
});

// --- Usual measures -------------------------------------------------------------------------------
// A counted food gets its units (SR24's size measures in inches were left out above: "medium (7" to
// 7-7/8" long)" is said "unidad mediana"), a cheese is measured in slices or grams (never "taza,
// rallado" for a cheese that is not grated), a drink in ml (a `ml` measure: grams per millilitre, from
// the SR24 row's fl oz weight, so the plan can print "(200 ml)").
const FL_OZ_ML = 29.5735;
const styles = new Map<string, string>();
const usual = new Map<string, { measures: Measure[]; notes: string[] }>();
for (const [i, [slug, style, amount, description, grams, source]] of readTsv('measures-es-AR.tsv', ['slug', 'style', 'amount', 'description', 'grams', 'source']).entries()) {
  const where = `measures-es-AR.tsv line ${i + 2} (${slug})`;
  const food = foods.find((f) => f.slug === slug);
  if (!food) fail(`${where}: no such food`);
  if (!['unidad', 'feta', 'ml'].includes(style!)) fail(`${where}: style must be unidad, feta or ml`);
  if (styles.has(slug!) && styles.get(slug!) !== style) fail(`${where}: one style per food`);
  styles.set(slug!, style!);
  const entry = usual.get(slug!) ?? { measures: [], notes: [] };
  usual.set(slug!, entry);
  if (!amount) continue;
  const match = /^(\d{5}) (.+)$/.exec(source!);
  if (!match) fail(`${where}: source must be "<SR24 NDB> <its measure>"`);
  const sr24 = srFood(match![1]!, where);
  const measure = sr24.measures.find(([a, d, g]) => d === match![2] && a === Number(amount) && g === Number(grams));
  if (!measure) fail(`${where}: SR24 ${match![1]} has no measure "${match![2]}" of ${amount} = ${grams} g`);
  entry.measures.push([Number(amount), description!, Number(grams)]);
  entry.notes.push(`${amount} ${description} = ${fmt(Number(grams))} g (SR24 NDB ${match![1]}, ${match![2]})`);
}
for (const food of foods) {
  const style = styles.get(food.slug);
  if (!style) continue;
  const entry = usual.get(food.slug)!;
  let measures = [...entry.measures, ...food.measures.filter((m) => !entry.measures.some((u) => u[1] === m[1] && u[0] === m[0]))];
  if (style === 'feta') measures = measures.filter(([, d]) => /^(feta|rebanada)/.test(d));
  const notes = [...entry.notes];
  if (style === 'ml') {
    const flOz = food.kind === 'sr24' ? srFood(food.ref, food.slug).measures.find(([a, d]) => a === 1 && d === 'fl oz') : undefined;
    const perMl = flOz ? round(flOz[2] / FL_OZ_ML) : 1;
    measures.push([1, 'ml', perMl]);
    notes.push(flOz ? `1 ml = ${fmt(perMl)} g (SR24 NDB ${food.ref}, 1 fl oz = ${fmt(flOz[2])} g)` : '1 ml = 1 g (infusión o preparación líquida, como el agua: supuesto)');
  }
  food.measures = measures;
  const said = { unidad: 'se cuenta en unidades', feta: 'queso: en fetas o en gramos', ml: 'bebida: en ml' }[style as 'unidad' | 'feta' | 'ml'];
  food.provenance += ` Medida habitual (measures-es-AR.tsv): ${said}${notes.length ? `; ${notes.join('; ')}` : ''}.`;
}

for (const food of foods) if (Object.keys(food.nutrients).length === 0) fail(`${food.slug}: no nutrient value`);

const counts = { foods: foods.length, sr24: 0, recipe: 0, published: 0 } as Record<string, number>;
for (const food of foods) counts[food.kind]! += 1;

const out = {
  format: ARGENTINA_FORMAT,
  about: 'Argentine food layer over USDA SR24: everyday foods with Argentine names and household measures; each row says where its values come from (provenance).',
  counts,
  foods,
};
fs.writeFileSync(path.join(here, 'argentina-es-AR.json'), `${JSON.stringify(out, null, 1)}\n`);
console.log(`argentina build: ${JSON.stringify(counts)}`);
