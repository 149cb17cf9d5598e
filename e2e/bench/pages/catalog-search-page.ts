// Runs inside Chromium (bundled by e2e/bench/catalog-search.ts): the web app's cached food search
// (catalog-cache.ts: setCatalog builds the domain FoodSearchIndex, searchCatalog ranks), one search per
// keystroke over every prefix of typed queries. Baseline of the same run: a bare substring scan of the
// same normalised names (no ranking, no tiers), i.e. the least any search over the catalogue must do.
import type { CatalogFood, FoodCatalog } from '@almendra/contracts';
import { normalizeSearchText } from '@almendra/domain';
import { searchCatalog, setCatalog } from '../../../apps/web/src/features/foods/catalog-cache';

export function run(foods: CatalogFood[], typed: string[], rounds: number) {
  const now = () => performance.now();
  const catalog: FoodCatalog = { country: 'AR', hash: 'bench-0', count: foods.length, groups: [], foods };
  const builds: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const t = now();
    setCatalog({ ...catalog, hash: `bench-${i}` });
    builds.push(now() - t);
  }
  const keystrokes = typed.flatMap((word) => Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1)));
  const names = foods.map((f) => normalizeSearchText(`${f.nameEs ?? ''} ${f.nameEn ?? ''}`));
  const search: number[] = [];
  const scan: number[] = [];
  let results = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const query of keystrokes) {
      let t = now();
      results += searchCatalog(query, { limit: 20 }).length;
      search.push(now() - t);
      t = now();
      const needle = normalizeSearchText(query);
      let found = 0;
      for (const name of names) if (name.includes(needle) && (found += 1) >= 20) break;
      scan.push(now() - t);
      results += found;
    }
  }
  return { builds, search, scan, keystrokes: keystrokes.length, results };
}
