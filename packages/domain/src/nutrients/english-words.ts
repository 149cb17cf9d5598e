// English words that must not appear in what a Spanish-speaking nutritionist reads: food names, household
// measures. Checked over the whole food table by data tests (data/foods/argentina/argentina-data.test.ts)
// and used by the food screens to leave out a measure that cannot be shown fully in Spanish
// (`spanishMeasureDescription`). Loanwords Argentines use (sándwich, muffin, brownie, nuggets, snack,
// chips, mix, lemon pie), species and variety names (coho, pollock, Cabernet Sauvignon) and brands are
// not in the list: they are how the food is called here too.
import { measureDescriptionFor } from './measure-names.js';

export const ENGLISH_WORDS: ReadonlySet<string> = new Set([
  'acorn', 'added', 'ale', 'all', 'and', 'apple', 'arm', 'baby', 'back', 'baked', 'bar', 'beans', 'beer',
  'biscuits', 'black', 'blade', 'boiled', 'bone', 'boneless', 'bottle', 'bowl', 'bread', 'breast', 'brown', 'buttermilk', 'crispbread',
  'bun', 'butt', 'butter', 'butternut', 'cake', 'cakes', 'calabash', 'can', 'canned', 'carob', 'celtuce',
  'choice', 'chopped', 'chuck', 'clod', 'cocoa', 'commercial', 'container', 'cooked', 'cookie', 'cookies',
  'corn', 'country', 'cracker', 'crackers', 'cream', 'crookneck', 'cubes', 'cup', 'cups', 'danish', 'dia',
  'diced', 'dog', 'drained', 'drumstick', 'dry', 'each', 'enhanced', 'eye', 'fat', 'fillet', 'fish', 'fl',
  'flakes', 'flank', 'flat', 'flesh', 'food', 'from', 'frozen', 'fruit', 'fryer', 'fryers', 'ginger', 'gold',
  'gourd', 'grade', 'grades', 'gravy', 'great', 'half', 'hash', 'head', 'hot', 'iceberg', 'inch', 'inside',
  'iron', 'item', 'jar', 'jelly', 'jerky', 'large', 'lb', 'leaf', 'lean', 'leather', 'link', 'lip', 'loaf',
  'loin', 'long', 'marshmallows', 'mature', 'meat', 'medium', 'milkshake', 'mock', 'nfs', 'northern', 'ns',
  'of', 'off', 'or', 'orange', 'order', 'outside', 'oz', 'package', 'packet', 'pancakes', 'pat', 'patty',
  'pattypan', 'picnic', 'piece', 'pieces', 'pound', 'prepared', 'prime', 'raw', 'recipe', 'red', 'ribeye',
  'ribs', 'roast', 'roll', 'rolls', 'root', 'round', 'salt', 'savoy', 'scalloped', 'scoop', 'sea', 'seeds',
  'select', 'serving', 'servings', 'shake', 'short', 'shoulder', 'shredded', 'skin', 'skirt', 'slice',
  'sliced', 'slices', 'small', 'soft', 'spear', 'squash', 'stalk', 'steak', 'stick', 'style', 'sugar',
  'summer', 'sweetened', 'tablespoon', 'tbsp', 'teaspoon', 'tender', 'tenders', 'the', 'thick', 'thigh',
  'top', 'trail', 'trimmed', 'tsp', 'under', 'unsweetened', 'varieties', 'wafers', 'whiting', 'whole',
  'wing', 'winter', 'with', 'without', 'yield', 'yields',
]);

/** The English words of `text` (normalized: lower case, accents removed). 'Agua de red' and brands such as Red Bull are not English. */
export function englishWordsIn(text: string): string[] {
  const normalized = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\bred bull\b|\broot beer\b|\bde red\b/g, ' ');
  return normalized.split(/[^a-z]+/).filter((word) => ENGLISH_WORDS.has(word));
}

/**
 * A household measure as a Spanish reader sees it: the Spanish description (SR24's English one translated
 * by `measureDescriptionFor`, or one already written in Spanish), or null when it cannot be said fully in
 * Spanish — such a measure is left out of Spanish screens rather than shown half in English.
 */
export function spanishMeasureDescription(description: string): string | null {
  const spanish = measureDescriptionFor(description, 'es');
  return englishWordsIn(spanish).length === 0 ? spanish : null;
}
