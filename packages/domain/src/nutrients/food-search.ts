/**
 * Food search as you type, shared by the server (global catalogue kept in memory, own foods from the
 * database) and the web (cached catalogue): ONE ranking function, `foodRankScore`, so both give the same
 * first result for the same query (checked by data/foods/argentina/ranking-queries.tsv against both).
 *
 * Matching is accent- and case-insensitive over the Spanish name, the everyday short name, the English name
 * and the brand (inside words for Spanish names and brands, at word starts only in English names: "mate"
 * must not find "approximately"), and ignores plurals ('papas' = 'papa', 'nueces' = 'nuez', 'limones' = 'limón'). Every word
 * of the query must appear, at a word start or inside a word (except linking words such as "de", see
 * SEARCH_STOP_WORDS). The ranking is how a nutritionist thinks, in this order of keys:
 *   1. SR foods from before release 24 (legacy) last;
 *   2. the tier (FOOD_MATCH_TIER): the query's first word IS the food's first word (or its short name),
 *      singular or plural ('papa' → "Papa hervida", not "Papada de cerdo"); then the Spanish name starts
 *      with what is typed ('pap'); then the English name starts with the query or its first word is the
 *      query's ('avocado'); then every word starts a word; then every word is somewhere inside a name;
 *   3. the source: the nutritionist's own foods, then the Argentine layer (everyday foods with Argentine
 *      names), then the SR24 table and approved requests;
 *   4. the common form before processed ones: a name with words such as "en polvo", "deshidratado",
 *      "enlatado", "congelado", "instantáneo", "infantil" or "con sal" comes after ('cebolla' → "Cebolla,
 *      cruda", not "Cebolla en polvo");
 *   5. fewer words in the Spanish name, not counting plain-form words ("crudo", "entero", "todas las
 *      variedades") nor linking words: the generic food before its variants;
 *   6. the catalogue's order (USDA numbers list the generic food first).
 * An empty query lists everything alphabetically.
 */

export const FOOD_MATCH_TIER = { firstWord: 0, spanishPrefix: 1, englishPrefix: 2, wordPrefix: 3, contains: 4 } as const;
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

/** A word without its plural ending, for whole-word comparison: 'papas' → 'papa', 'nueces' → 'nuez', 'limones' → 'limon'. */
export function singularWord(word: string): string {
  if (word.length > 4 && word.endsWith('ces')) return `${word.slice(0, -3)}z`;
  if (word.length > 4 && word.endsWith('es') && !/[aeiou]/.test(word[word.length - 3]!)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export interface SearchableFood {
  readonly nameEs: string | null;
  readonly nameEn: string | null;
  readonly brand?: string | null;
  /** The everyday name ("Papa"), searched and ranked like the Spanish name. */
  readonly shortName?: string | null;
  /** usda | argentina | request | own: own foods and the Argentine layer rank before the SR24 table. */
  readonly source?: string | null;
}

export interface PreparedSearchable {
  readonly spanish: string;
  readonly english: string;
  /** ' ' + the Spanish name, short name and brand, normalized: ' ' + word finds word starts, word finds insides. */
  readonly text: string;
  /** ' ' + the English name: only word starts count there ("mate" is not inside "approximately"). */
  readonly englishText: string;
  /** ' ' + every word in singular + ' ', so ' ' + singular + ' ' finds whole words. */
  readonly singularText: string;
  /** Singular of the Spanish name's first word ('' without a Spanish name: an English first word ranks as tier englishPrefix). */
  readonly firstWord: string;
  /** Singular of the English name's first word. */
  readonly englishFirstWord: string;
  /** Singular words of the short name, joined by spaces ('' when none). */
  readonly shortName: string;
  /** Source rank: 0 own, 1 Argentine layer, 2 everything else. */
  readonly sourceRank: number;
  /** 1 when the Spanish name says a processed or less common form (see PROCESSED_FORMS), else 0. */
  readonly processed: number;
  /** Words of the Spanish name, not counting plain-form words (PLAIN_FORM_WORDS), capped at 30. */
  readonly wordCount: number;
}

/** Words that mark a processed or less common form of a food (normalized, matched at word starts). */
export const PROCESSED_FORMS: readonly string[] = [
  'polvo', 'deshidratad', 'liofilizad', 'enlatad', 'congelad', 'instantane', 'infantil', 'concentrad',
  'almibar', 'premezcla', 'comercial', 'con sal', 'sopa', 'salsa', 'untable', 'snack', 'imitacion',
];

const SOURCE_RANK: Record<string, number> = { own: 0, argentina: 1 };

/** Words that state the plain form and do not make a name more specific ("Huevo entero, crudo" is the egg). */
const PLAIN_FORM_WORDS: ReadonlySet<string> = new Set([
  'crudo', 'cruda', 'crudos', 'crudas', 'entero', 'entera', 'fresco', 'fresca', 'todas', 'todos', 'variedades', 'tipos', 'comun',
]);

export function prepareSearchable(food: SearchableFood): PreparedSearchable {
  const spanish = normalizeSearchText(food.nameEs);
  const english = normalizeSearchText(food.nameEn);
  const short = normalizeSearchText(food.shortName);
  const text = ` ${buildSearchText(food.nameEs, food.shortName, food.brand)}`;
  const englishText = english ? ` ${english}` : '';
  const all = `${text} ${english}`.trim();
  const words = all ? all.split(' ') : [];
  const spaced = ` ${spanish} `;
  return {
    spanish,
    english,
    text,
    englishText,
    singularText: ` ${words.map(singularWord).join(' ')} `,
    firstWord: spanish ? singularWord(spanish.split(' ')[0] ?? '') : '',
    englishFirstWord: singularWord(english.split(' ')[0] ?? ''),
    shortName: short ? short.split(' ').map(singularWord).join(' ') : '',
    sourceRank: SOURCE_RANK[food.source ?? ''] ?? 2,
    processed: spanish && PROCESSED_FORMS.some((w) => spaced.includes(` ${w}`)) ? 1 : 0,
    wordCount: Math.min(30, spanish ? spanish.split(' ').filter((w) => !PLAIN_FORM_WORDS.has(w) && !SEARCH_STOP_WORDS.has(w)).length : 30),
  };
}

export interface SearchQuery {
  /** The whole normalized query (name-prefix tiers). */
  readonly text: string;
  /** The words that must all appear. */
  readonly words: readonly string[];
  /** The same words in singular. */
  readonly singular: readonly string[];
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
  const words = significant.length > 0 ? significant : all;
  return { text, words, singular: words.map(singularWord) };
}

/** Does every query word appear (as typed, or its singular as a whole word)? */
function matchesAll(food: PreparedSearchable, query: SearchQuery): boolean {
  for (let i = 0; i < query.words.length; i += 1) {
    const word = query.words[i]!;
    if (!food.text.includes(word) && !food.englishText.includes(` ${word}`) && !food.singularText.includes(` ${query.singular[i]!} `)) return false;
  }
  return true;
}

function startsWords(food: PreparedSearchable, query: SearchQuery): boolean {
  for (let i = 0; i < query.words.length; i += 1) {
    const word = ` ${query.words[i]!}`;
    if (!food.text.includes(word) && !food.englishText.includes(word) && !food.singularText.includes(` ${query.singular[i]!} `)) return false;
  }
  return true;
}

/** The tier of a prepared food for a query, or null when some word is absent. */
export function matchTier(food: PreparedSearchable, query: SearchQuery): FoodMatchTier | null {
  if (query.words.length === 0) return FOOD_MATCH_TIER.firstWord;
  if (!matchesAll(food, query)) return null;
  const wordStarts = startsWords(food, query);
  const first = query.singular[0]!;
  if (wordStarts && (food.firstWord === first || (food.shortName !== '' && (food.shortName === first || food.shortName.startsWith(`${first} `))))) {
    return FOOD_MATCH_TIER.firstWord;
  }
  if (food.spanish.startsWith(query.text)) return FOOD_MATCH_TIER.spanishPrefix;
  if (food.english.startsWith(query.text) || (wordStarts && food.englishFirstWord === first)) return FOOD_MATCH_TIER.englishPrefix;
  if (wordStarts) return FOOD_MATCH_TIER.wordPrefix;
  return FOOD_MATCH_TIER.contains;
}

/** Ranking keys packed in one number (lower = better); ties keep the catalogue's order. */
const LEGACY = 1e8;
const TIER = 1e6;
const SOURCE = 1e5;
const PROCESSED = 1e4;
const WORDS = 100;
/** Positions packed under the score in one sort key (catalogues up to 65,536 foods; larger ones fall back to a comparator sort). */
const POSITION_SPACE = 65_536;

/**
 * THE ranking: the score of a food for a query, or null when it does not match. Lower is better; equal
 * scores keep the catalogue's order. Used by FoodSearchIndex (server catalogue and web cache) and by the
 * server for own foods read from the database, so every list ranks alike.
 */
export function foodRankScore(food: PreparedSearchable, query: SearchQuery, legacy = false): number | null {
  const tier = matchTier(food, query);
  if (tier === null) return null;
  return (legacy ? LEGACY : 0) + tier * TIER + food.sourceRank * SOURCE + food.processed * PROCESSED + food.wordCount * WORDS;
}

/** The tier encoded in a score. */
export const tierOfScore = (score: number): FoodMatchTier => (Math.floor((score % LEGACY) / TIER) as FoodMatchTier);

export interface FoodSearchMatch<T> {
  readonly item: T;
  readonly tier: FoodMatchTier;
  readonly legacy: boolean;
  /** foodRankScore (0 for an empty query). */
  readonly score: number;
  /** Position in the catalogue's order (query) or in alphabetical order (empty query). */
  readonly order: number;
}

/** Score, then order. */
export function compareFoodMatches<T>(a: FoodSearchMatch<T>, b: FoodSearchMatch<T>): number {
  return a.score - b.score || a.order - b.order;
}

/**
 * Merges two ranked lists (each best first) into one, the first list winning ties: how own foods join
 * the catalogue on the server and in the web cache alike.
 */
export function mergeRanked<T>(first: readonly FoodSearchMatch<T>[], second: readonly FoodSearchMatch<T>[], limit = Number.POSITIVE_INFINITY): FoodSearchMatch<T>[] {
  const out: FoodSearchMatch<T>[] = [];
  let i = 0;
  let j = 0;
  while (out.length < limit && (i < first.length || j < second.length)) {
    if (j >= second.length || (i < first.length && first[i]!.score <= second[j]!.score)) out.push(first[i++]!);
    else out.push(second[j++]!);
  }
  return out;
}

export interface IndexableFood extends SearchableFood {
  readonly legacy?: boolean;
}

/** Display name: Spanish when present, else English. */
export function foodDisplayName(food: SearchableFood): string {
  return food.nameEs || food.nameEn || '';
}

export interface FoodSearchRanking<T> {
  /** Matches in all. */
  readonly total: number;
  /** The matches from `offset`, at most `limit`, best first. */
  slice(offset: number, limit: number): FoodSearchMatch<T>[];
}

/**
 * An in-memory index over a fixed list (in catalogue order). A search is one pass over the list with a
 * few `includes` per food, then a sort of the matches' packed scores (numbers, not objects): a few
 * milliseconds at worst (one-letter queries) for the ~9,100 foods, well under a millisecond for a word.
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
    const { items, prepared } = this;
    const matches: FoodSearchMatch<T>[] = [];
    if (parsed.words.length === 0) {
      const legacy: FoodSearchMatch<T>[] = [];
      for (const index of this.alphabetical) {
        const item = items[index]!;
        if (accept && !accept(item)) continue;
        const isLegacy = item.legacy === true;
        (isLegacy ? legacy : matches).push({ item, tier: FOOD_MATCH_TIER.firstWord, legacy: isLegacy, score: isLegacy ? LEGACY : 0, order: 0 });
      }
      matches.push(...legacy);
      matches.forEach((m, i) => ((m as { order: number }).order = i));
    } else {
      // One number per match, score × 2^16 + position, sorted natively (no comparator, no object per
      // food): ties keep the catalogue's order. Matches become objects only for the page asked for.
      if (items.length > POSITION_SPACE) return this.rankLarge(parsed, accept);
      const keys = new Float64Array(items.length);
      let count = 0;
      for (let index = 0; index < items.length; index += 1) {
        const item = items[index]!;
        if (accept && !accept(item)) continue;
        const score = foodRankScore(prepared[index]!, parsed, item.legacy === true);
        if (score === null) continue;
        keys[count] = score * POSITION_SPACE + index;
        count += 1;
      }
      const sorted = keys.subarray(0, count).sort();
      const at = (i: number): FoodSearchMatch<T> => {
        const key = sorted[i]!;
        const score = Math.floor(key / POSITION_SPACE);
        const position = key - score * POSITION_SPACE;
        return { item: items[position]!, tier: tierOfScore(score), legacy: score >= LEGACY, score, order: position };
      };
      return {
        total: count,
        slice: (offset, limit) => {
          const out: FoodSearchMatch<T>[] = [];
          for (let i = Math.max(0, offset); i < count && out.length < limit; i += 1) out.push(at(i));
          return out;
        },
      };
    }
    return { total: matches.length, slice: (offset, limit) => matches.slice(Math.max(0, offset), Math.max(0, offset) + limit) };
  }

  /** The same ranking for catalogues too large to pack positions into the sort key. */
  private rankLarge(parsed: SearchQuery, accept?: (item: T) => boolean): FoodSearchRanking<T> {
    const { items, prepared } = this;
    const matches: FoodSearchMatch<T>[] = [];
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index]!;
      if (accept && !accept(item)) continue;
      const score = foodRankScore(prepared[index]!, parsed, item.legacy === true);
      if (score !== null) matches.push({ item, tier: tierOfScore(score), legacy: score >= LEGACY, score, order: index });
    }
    matches.sort(compareFoodMatches);
    return { total: matches.length, slice: (offset, limit) => matches.slice(Math.max(0, offset), Math.max(0, offset) + limit) };
  }

  /** Every match, best first. */
  search(query: string | SearchQuery, accept?: (item: T) => boolean): FoodSearchMatch<T>[] {
    return this.rank(query, accept).slice(0, Number.POSITIVE_INFINITY);
  }
}
