// Benchmark: recompute a formula plan (7 days × 6 meals × 8 foods, every nutrient) through the same
// domain path the server uses on read (scaleNutrients per line → computePlanTotals → target/deviation).
// Run: npx tsx apps/server/test/plans-bench.ts
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { computePlanTotals, energyDeviation, macroTargets, planTargetEnergy, scaleNutrients, type DayLines } from '@almendra/domain';

const file = fileURLToPath(new URL('../../../data/foods/usda-sr24.json.gz', import.meta.url));
const table = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as { foods: { nutrients: Record<string, number> }[] };
const foods = table.foods.slice(0, 336).map((f) => f.nutrients);

function recompute(): number {
  let k = 0;
  const days: DayLines[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    meals: [1, 2, 3, 4, 5, 6].map((slot) => ({ slot, lines: Array.from({ length: 8 }, () => scaleNutrients(foods[k++ % foods.length]!, 50 + (k % 150))) })),
  }));
  const totals = computePlanTotals(days);
  const target = planTargetEnergy(null, 2200, 'restriction-moderate')!;
  for (const d of totals.days) energyDeviation(d.totals.values.energyKcal, target);
  macroTargets(target, undefined, 70);
  return totals.weeklyAverage.values.energyKcal;
}

for (let i = 0; i < 20; i += 1) recompute();
const runs = 200;
const start = performance.now();
let sink = 0;
for (let i = 0; i < runs; i += 1) sink += recompute();
const ms = (performance.now() - start) / runs;
console.log(`formula plan recompute (7 days × 6 meals × 8 foods, all nutrients): ${ms.toFixed(3)} ms per plan (mean of ${runs}; checksum ${sink.toFixed(0)})`);
