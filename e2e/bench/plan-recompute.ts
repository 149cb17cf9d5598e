// Benchmark (issue 7): live totals of a formula plan (7 days × 6 meals × 8 foods, all 71 nutrients) in
// Chromium, through the web editor's own functions (editor-state.ts → packages/domain). Baselines of the
// same run: the path before the optimisation (per-value toPrecision rounding, nested sumTotals) and the
// bare arithmetic over the same numbers. Prints figures and a BENCH_RESULT line; asserts nothing.
//   npx tsx e2e/bench/plan-recompute.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { bundlePage, isolatedPage, launchChromium, summarize } from './chromium';
import type { BenchFood, run } from './pages/plan-recompute-page';

const here = path.dirname(fileURLToPath(import.meta.url));
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 400);

interface ShippedFood { ndb: string; name: string; nameEs?: string | null; legacy: boolean; nutrients: Record<string, number>; measures?: [number, string, number][] }

const table = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(here, '../../data/foods/usda-sr24.json.gz'))).toString('utf8')) as { foods: ShippedFood[] };
// 60 distinct everyday foods (Spanish-named, current SR24, with a household measure), spread over the table.
const candidates = table.foods.filter((f) => f.nameEs && !f.legacy && f.measures && f.measures.length > 0 && Object.keys(f.nutrients).length > 20);
const step = Math.floor(candidates.length / 60);
const foods: BenchFood[] = Array.from({ length: 60 }, (_, i) => candidates[i * step]!).map((f) => ({
  id: `usda:${f.ndb}`,
  name: f.nameEs ?? f.name,
  nutrients: f.nutrients,
  measures: (f.measures ?? []).map(([amount, description, gramWeight], index) => ({ position: index + 1, amount, description, gramWeight })),
}));

async function main(): Promise<void> {
  const script = await bundlePage(path.join(here, 'pages/plan-recompute-page.ts'), 'planBench');
  const browser = await launchChromium();
  try {
    const { page, close } = await isolatedPage(browser, script);
    const result = await page.evaluate(
      ([benchFoods, keystrokes]) => (globalThis as unknown as { planBench: { run: typeof run } }).planBench.run(benchFoods, keystrokes),
      [foods, KEYSTROKES] as const,
    );
    await close();
    const keystroke = summarize(result.optimised);
    const naive = summarize(result.naive);
    const plain = summarize(result.plain);
    const open = summarize(result.openTimes);
    console.log(`plan: ${result.lines} lines × ${result.nutrients} nutrients, ${foods.length} distinct foods; results identical to the old path: ${result.identical}`);
    console.log(`keystroke (editor path): p50 ${keystroke.p50.toFixed(3)} ms, p95 ${keystroke.p95.toFixed(3)} ms, p99 ${keystroke.p99.toFixed(3)} ms`);
    console.log(`opening the plan (nothing cached): p50 ${open.p50.toFixed(3)} ms, p95 ${open.p95.toFixed(3)} ms`);
    console.log(`baseline, old path: p50 ${naive.p50.toFixed(3)} ms, p95 ${naive.p95.toFixed(3)} ms`);
    console.log(`baseline, bare arithmetic: p50 ${plain.p50.toFixed(3)} ms, p95 ${plain.p95.toFixed(3)} ms`);
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        name: 'plan-recompute',
        browser: browser.version(),
        lines: result.lines,
        nutrients: result.nutrients,
        distinctFoods: foods.length,
        identical: result.identical,
        keystroke,
        open,
        naive,
        plain,
      })}`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
