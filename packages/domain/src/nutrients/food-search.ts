/**
 * Food search as you type, shared by the server (global catalogue kept in memory) and the web (cached
 * catalogue), so both rank the same way.
 *
 * Matching is accent- and case-insensitive over the Spanish and English names (and the brand): 'palta',
 * 'PALTA' and 'avocado' find the same food. Every word of the query must appear (except linking words
 * such as "de", see SEARCH_STOP_WORDS). Ranking tiers:
 *   0  the Spanish name starts with the query          ('palta cr' → "Palta, cruda, …")
 *   1  the English name starts with the query          ('avocado' → "Avocados, raw, …")
 *   2  every word starts a word of a name              ('cruda palta')
 *   3  every word appears somewhere inside a name      ('alta')
 * Legacy foods (from SR releases before 24) come after all others; inside a tier the catalogue's own
 * order decides (USDA numbers list the generic food before its variants: 09037 "all varieties" before
 * 09038 California). An empty query lists everything alphabetically.
 */

export const FOOD_MATCH_TIER = { spanishPrefix: 0, englishPrefix: 1, wordPrefix: 2, contains: 3 } as const;
export type FoodMatchTier = (typeof FOOD_MATCH_TIER)[keyof typeof FOOD_MATCH_TIER];

/** Lower case, accents removed (ñ → n), anything but letters and digits → one space, trimmed. */
export function normalizeSearchText(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The stored search text of a food or dish: its normalized names joined by spaces. */
export function buildSearchText(...names: readonly (string | null | undefined)[]): string {
  return names.map(normalizeSearchText).filter(Boolean).join(' ');
}

export interface SearchQuery {
  /** The whole normalized query (name-prefix tiers). */
  readonly text: string;
  /** The words that must all appear. */
  readonly words: readonly string[];
}

/**
 * Articles and linking words people type but names often leave out ("pechuga de pollo" must find
 * "Pollo, pechuga, …"): not required to match, unless the query has nothing else. Words that change the
 * meaning ("sin", "con") are not in the list.
 */
export const SEARCH_STOP_WORDS: ReadonlySet<string> = new Set(['de', 'del', 'la', 'las', 'el', 'los', 'y', 'e', 'al', 'of', 'the', 'and']);

export function parseSearchQuery(query: string | null | undefined): SearchQuery {
  const text = normalizeSearchText(query);
  const all = text ? text.split(' ') : [];
  const significant = all.filter((w) => !SEARCH_STOP_WORDS.has(w));
  return { text, words: significant.length > 0 ? significant : all };
}

export interface SearchableFood {
  readonly nameEs: string | null;
  readonly nameEn: string | null;
  readonly brand?: string | null;
}

export interface PreparedSearchable {
  readonly spanish: string;
  readonly english: string;
  /** ' ' + every normalized name, so ' ' + word finds word starts. */
  readonly text: string;
}

export function prepareSearchable(food: SearchableFood): PreparedSearchable {
  const spanish = normalizeSearchText(food.nameEs);
  const english = normalizeSearchText(food.nameEn);
  return { spanish, english, text: ` ${buildSearchText(food.nameEs, food.nameEn, food.brand)}` };
}

/** The tier of a prepared food for a query, or null when some word is absent. */
export function matchTier(food: PreparedSearchable, query: SearchQuery): FoodMatchTier | null {
  if (query.words.length === 0) return FOOD_MATCH_TIER.spanishPrefix;
  for (const word of query.words) if (!food.text.includes(word)) return null;
  if (food.spanish.startsWith(query.text)) return FOOD_MATCH_TIER.spanishPrefix;
  if (food.english.startsWith(query.text)) return FOOD_MATCH_TIER.englishPrefix;
  for (const word of query.words) if (!food.text.includes(` ${word}`)) return FOOD_MATCH_TIER.contains;
  return FOOD_MATCH_TIER.wordPrefix;
}

export interface FoodSearchMatch<T> {
  readonly item: T;
  readonly tier: FoodMatchTier;
  readonly legacy: boolean;
  /** Position in the catalogue's order (query) or in alphabetical order (empty query). */
  readonly order: number;
}

/** Legacy last, then tier, then order. */
export function compareFoodMatches<T>(a: FoodSearchMatch<T>, b: FoodSearchMatch<T>): number {
  return Number(a.legacy) - Number(b.legacy) || a.tier - b.tier || a.order - b.order;
}

export interface IndexableFood extends SearchableFood {
  readonly legacy?: boolean;
}

/** Display name: Spanish when present, else English. */
export function foodDisplayName(food: SearchableFood): string {
  return food.nameEs || food.nameEn || '';
}

/** Number of ranking buckets: (legacy 0|1) × 4 tiers; bucket = legacy × 4 + tier. */
export const FOOD_RANK_BUCKETS = 8;

export interface FoodSearchRanking<T> {
  /** Matches in all buckets. */
  readonly total: number;
  /** Item positions per bucket (legacy × 4 + tier), each in ranking order. */
  readonly buckets: readonly (readonly number[])[];
  /** The matches from `offset`, at most `limit`, best first. */
  slice(offset: number, limit: number): FoodSearchMatch<T>[];
}

/**
 * An in-memory index over a fixed list (in catalogue order). A search is one pass over the list with a
 * few `includes` per food, collecting positions into tier buckets, so it needs no sort and materializes
 * only the page asked for: well under a millisecond for the 8,858 SR24 foods.
 */
export class FoodSearchIndex<T extends IndexableFood> {
  private readonly prepared: readonly PreparedSearchable[];
  /** Item positions in alphabetical order of the normalized display name (empty queries). */
  private readonly alphabetical: readonly number[];

  constructor(readonly items: readonly T[]) {
    this.prepared = items.map(prepareSearchable);
    const names = this.prepared.map((p) => p.spanish || p.english);
    const positions = items.map((_, index) => index);
    positions.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : a - b));
    this.alphabetical = positions;
  }

  get size(): number {
    return this.items.length;
  }

  rank(query: string | SearchQuery, accept?: (item: T) => boolean): FoodSearchRanking<T> {
    const parsed = typeof query === 'string' ? parseSearchQuery(query) : query;
    const buckets: number[][] = Array.from({ length: FOOD_RANK_BUCKETS }, () => []);
    const { items, prepared } = this;
    if (parsed.words.length === 0) {
      for (const index of this.alphabetical) {
        const item = items[index]!;
        if (accept && !accept(item)) continue;
        buckets[item.legacy === true ? 4 : 0]!.push(index);
      }
    } else {
      for (let index = 0; index < items.length; index += 1) {
        const item = items[index]!;
        if (accept && !accept(item)) continue;
        const tier = matchTier(prepared[index]!, parsed);
        if (tier === null) continue;
        buckets[(item.legacy === true ? 4 : 0) + tier]!.push(index);
      }
    }
    const total = buckets.reduce((sum, b) => sum + b.length, 0);
    const alphabeticalRank = parsed.words.length === 0;
    return {
      total,
      buckets,
      slice: (offset, limit) => {
        const out: FoodSearchMatch<T>[] = [];
        let skip = Math.max(0, offset);
        for (let bucket = 0; bucket < FOOD_RANK_BUCKETS && out.length < limit; bucket += 1) {
          const positions = buckets[bucket]!;
          if (skip >= positions.length) {
            skip -= positions.length;
            continue;
          }
          for (let i = skip; i < positions.length && out.length < limit; i += 1) {
            const index = positions[i]!;
            out.push({ item: items[index]!, tier: (bucket % 4) as FoodMatchTier, legacy: bucket >= 4, order: alphabeticalRank ? i : index });
          }
          skip = 0;
        }
        return out;
      },
    };
  }

  /** Every match, best first. */
  search(query: string | SearchQuery, accept?: (item: T) => boolean): FoodSearchMatch<T>[] {
    return this.rank(query, accept).slice(0, Number.POSITIVE_INFINITY);
  }
}
