// Benchmark (issue 6, budget < 16 ms a keystroke): the client's cached food search over the whole
// shipped catalogue (SR24 + the Argentine layer, as GET /foods/catalog sends it), in Chromium, through the
// web app's catalog-cache.ts (the domain FoodSearchIndex and foodRankScore).
// Every prefix of a few typed queries is one search, as the picker searches on each keystroke. Prints
// p50/p95/p99 per keystroke, the index build time and a bare substring scan of the same names as the
// baseline of the same run, and a BENCH_RESULT line; asserts nothing. (The vitest bench in
// apps/web/src/features/foods/catalog-search.bench.ts measures the same code in jsdom.)
//   npx tsx e2e/bench/catalog-search.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { CatalogFood } from '@almendra/contracts';
import { bundlePage, isolatedPage, launchChromium, summarize } from './chromium';
import type { run } from './pages/catalog-search-page';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const TYPED = ['palta', 'pechuga de pollo', 'avocado', 'queso cremoso', 'zapallo', 'arroz integral', 'leche descremada', 'dulce de leche', 'papas', 'cebolla'];

interface ShippedFood { ndb: string; name: string; nameEs?: string | null; group: string | null; legacy: boolean; nutrients: Record<string, number>; measures?: [number, string, number][] }
const shipped = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(here, '../../data/foods/usda-sr24.json.gz'))).toString('utf8')) as { foods: ShippedFood[] };
interface ArgentineFood { slug: string; nameEs: string; nameEn: string | null; shortName: string; group: string; nutrients: Record<string, number>; measures: [number, string, number][] }
const argentina = JSON.parse(fs.readFileSync(path.join(here, '../../data/foods/argentina/argentina-es-AR.json'), 'utf8')) as { foods: ArgentineFood[] };
// The shape GET /api/v1/foods/catalog sends (names, group, legacy, the four macros, measures), in its
// order: the Argentine layer first, then SR24.
const argentine: CatalogFood[] = argentina.foods
  .map((f) => ({
    id: `ar:${f.slug}`,
    nameEs: f.nameEs,
    nameEn: f.nameEn,
    brand: null,
    group: f.group,
    source: 'argentina' as const,
    legacy: false,
    energyKcal: f.nutrients.energyKcal ?? null,
    proteinG: f.nutrients.proteinG ?? null,
    fatG: f.nutrients.fatG ?? null,
    carbohydrateG: f.nutrients.carbohydrateG ?? null,
    measures: f.measures,
    shortName: f.shortName,
  }))
  .sort((a, b) => (a.id < b.id ? -1 : 1));
const foods: CatalogFood[] = [...argentine, ...shipped.foods.filter((f) => Object.keys(f.nutrients).length > 0).map((f) => ({
  id: `usda:${f.ndb}`,
  nameEs: f.nameEs ?? null,
  nameEn: f.name,
  brand: null,
  group: f.group,
  source: 'usda' as const,
  legacy: f.legacy,
  energyKcal: f.nutrients.energyKcal ?? null,
  proteinG: f.nutrients.proteinG ?? null,
  fatG: f.nutrients.fatG ?? null,
  carbohydrateG: f.nutrients.carbohydrateG ?? null,
  measures: f.measures ?? [],
  shortName: null,
}))];

async function main(): Promise<void> {
  const script = await bundlePage(path.join(here, 'pages/catalog-search-page.ts'), 'catalogBench');
  const browser = await launchChromium();
  try {
    const { page, close } = await isolatedPage(browser, script);
    const result = await page.evaluate(
      ([catalogFoods, typed, rounds]) => (globalThis as unknown as { catalogBench: { run: typeof run } }).catalogBench.run(catalogFoods, typed, rounds),
      [foods, TYPED, ROUNDS] as const,
    );
    await close();
    const keystroke = summarize(result.search);
    const scan = summarize(result.scan);
    const build = summarize(result.builds);
    console.log(`${foods.length} foods, ${result.keystrokes} keystrokes × ${ROUNDS} rounds`);
    console.log(`search per keystroke: p50 ${keystroke.p50.toFixed(3)} ms, p95 ${keystroke.p95.toFixed(3)} ms, p99 ${keystroke.p99.toFixed(3)} ms, max ${keystroke.max.toFixed(2)} ms`);
    console.log(`baseline, bare substring scan: p50 ${scan.p50.toFixed(3)} ms, p95 ${scan.p95.toFixed(3)} ms`);
    console.log(`index build (once per catalogue): median ${build.p50.toFixed(1)} ms`);
    console.log(
      `BENCH_RESULT ${JSON.stringify({ name: 'catalog-search', browser: browser.version(), foods: foods.length, keystrokes: result.keystrokes, rounds: ROUNDS, keystroke, scan, build })}`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
