import { describe, expect, it } from 'vitest';
import { measureDescriptionFor } from './measure-names.js';

// The 200 most frequent SR24 measure descriptions (about 80 % of all measure rows), as the data file writes them.
const SR24_TOP: readonly string[] = [
  'oz', 'cup', 'tbsp', 'serving', 'lb', 'fl oz', 'piece, cooked, excluding refuse (yield from 1 lb raw meat with refuse)',
  'cup (1 NLEA serving)', 'steak', 'slice', 'tsp', 'fillet', 'roast', 'piece', 'jar', 'cup (8 fl oz)', 'serving 1/2 cup',
  'unit (yield from 1 lb ready-to-cook chicken)', 'unit (yield from 1 lb ready-to-cook turkey)', 'package', 'item',
  'serving (3 oz)', 'tablespoon', 'cup, chopped', 'packet', 'pieces', 'cup, chopped or diced', 'package yields',
  'cup slices', 'patty', 'cubic inch', 'bar', 'oz ( 1 serving )', 'cup, shredded', 'can', 'medium', 'large', 'cup, diced',
  'cup, sliced', 'serving ( 3 oz )', 'cup, cubes', 'package (10 oz)', 'small', 'chop',
  'unit, cooked (yield from 1 lb raw meat)', 'container', 'scoop', 'jar Gerber Second Food (4 oz)', 'pizza',
  'can (303 x 406)', 'stick', 'NLEA serving', 'pastry', 'package (10 oz) yields', 'serving 5 fl oz', 'sandwich', 'quart',
  'cup (4 fl oz)', 'serving 1 cup', 'slices', 'jar Heinz Strained-2 (4 oz)', 'cup, mashed', 'cookie', 'cup (1" pieces)',
  'cup, halves', 'NLEA Serving', 'slice (1 oz)', 'portion, amount to make 1/2 cup', 'jar Beech-Nut Stage 2 (4 oz)',
  'jar Gerber Third Foods (6 oz)', 'cracker', 'turkey, bone removed', 'can (10.75 oz), prepared', 'link', 'leaf',
  'oz, boneless', 'chicken, bone removed', 'strip', 'serving 8 oz', 'piece, cooked (yield from 1 lb raw meat, boneless)',
  'breast, bone and skin removed', 'can (10.75 oz)', 'cake', 'jar Heinz Junior-3 (6 oz)', 'cup pieces', 'jar NFS',
  'cup (1 serving)', 'slice, thin', 'muffin', 'pie', 'teaspoon', 'breast, bone removed', 'wing, bone and skin removed',
  'cup, crushed', 'piece (1/8 of 9" dia)', 'container (8 oz)', 'serving 2 oz', 'fruit without refuse', 'cup, whole',
  'meal', 'package (6 oz)', 'jar Beech-Nut Stage 3 (6 oz)', 'chicken, bone and skin removed',
  'turkey, bone and skin removed', 'packet prepared', 'can (12 fl oz)', 'cubic inch, boneless', 'cakes',
  'thigh, bone and skin removed', 'wing, bone removed', 'cup 8 fl oz', 'fruit', 'pepper', 'jigger 1.5 fl oz',
  'back, bone removed', 'drumstick, bone and skin removed', 'biscuits (1 NLEA serving)', 'cup, pitted', 'raw pr g',
  'medallion', 'serving 8 fl oz', 'roll', 'ribs', 'package (8 oz)', 'biscuit', 'unit (yield from 1 lb ready-to-cook duck)',
  'can (10.5 oz)', 'package (16 oz)', 'chop, excluding refuse (yield from 1 raw chop, with refuse, weighing 113 g)',
  'head', 'block', 'bar (1 oz)', 'slice (3/4 oz)', 'container (6 oz)', 'jar Earth\'s Best (4.5 oz)', 'leg, bone removed',
  'packet, prepared', 'can (6 fl oz)', 'half, with liquid',
  'chop, excluding refuse (yield from 1 raw chop, with refuse, weighing 151 g)', 'ear, yields', 'fluid ounce',
  'can 12 fl oz', 'piece (1/6 of 8" pie)', 'package yield (2 cups)', 'breast, without skin',
  'jar Heinz Strained-2 (4.25 oz)', 'serving 100 ml', 'can (10.5 oz), prepared', 'envelope',
  'slice (1 oz) (4" x 4" x 3/32" thick)', 'frankfurter', 'rack', 'strips', 'recipe yield',
  'piece, cooked, excluding refuse', 'can or bottle (12 fl oz)', 'mini bagel (2-1/2" dia)', 'package (3.5 oz)',
  'drumstick, without skin', 'thigh, without skin', 'wing, without skin', 'cup (not packed)', 'package (3 oz)',
  'container (4 oz)', 'tsp, ground', 'chicken', 'turkey', 'turkey, skin only', 'serving 2 slices', 'cup, unthawed',
  'roast rump', 'roast shank', 'root', 'tbsp chopped', 'cup sliced', 'can or bottle (16 fl oz)', 'small bagel (3" dia)',
  'slice, large', 'package (18.50 oz)', 'crust, single 9"', 'piece (1/8 of 9" crust)', 'slice 1/4 of pie', 'order',
  'tbsp, ground', 'jar Gerber First Foods (2.5 oz)', 'bottle Heinz Strained (4 fl oz)', 'bottle NFS', 'serving (2 tbsp)',
  'tbsp (1 NLEA serving)', 'liver', 'can (5 oz)', 'can (11 oz), prepared', 'cup, cooked', 'cup, thawed',
  'cup sections, with juice', 'cup chopped', 'cup kernels', 'skin', 'serving 6 fl oz',
];

// Words that must never survive in a Spanish display text (the 'never mixed' rule).
const ENGLISH =
  /\b(cups?|tbsp|tsp|tablespoons?|teaspoons?|slices?|serving|pieces?|chopped|diced|sliced|large|small|medium|oz|lb|fl|with|without|and|or|of|from|yields?|cooked|raw|bone|skin|whole|package|can|jar|each|unit|item|inch|dia|refuse|removed|packet|container|bottle|ground|leaf|clove|stick|fillet|steak)\b/i;

describe('measureDescriptionFor (household measures for display)', () => {
  it.each([
    ['cup', 'taza'],
    ['tbsp', 'cucharada'],
    ['Tbsp', 'cucharada'],
    ['tablespoon', 'cucharada'],
    ['tsp', 'cucharadita'],
    ['teaspoon', 'cucharadita'],
    ['slice', 'rebanada'],
    ['slices', 'rebanadas'],
    ['large', 'grande (unidad)'],
    ['medium', 'mediano (unidad)'],
    ['small', 'chico (unidad)'],
    ['clove', 'diente'],
    ['fillet', 'filet'],
    ['steak', 'bife'],
    ['serving', 'porción'],
    ['piece', 'trozo'],
    ['pieces', 'trozos'],
    ['stick', 'barra'],
    ['can', 'lata'],
    ['jar', 'frasco'],
    ['package', 'paquete'],
    ['leaf', 'hoja'],
    ['oz', 'onza'],
    ['lb', 'libra'],
    ['fl oz', 'onza líquida'],
    ['bar', 'barra'],
    ['cookie', 'galletita'],
    ['cracker', 'galletita'],
    ['NLEA serving', 'porción de rótulo'],
    ['cup, chopped', 'taza, picado'],
    ['cup, diced', 'taza, en cubos'],
    ['cup, chopped or diced', 'taza, picado o en cubos'],
    ['cup slices', 'taza, en rodajas'],
    ['tsp, ground', 'cucharadita, molido'],
    ['slice, thin', 'rebanada fina'],
    ['cup (8 fl oz)', 'taza (8 onzas líquidas)'],
    ['cup (1 NLEA serving)', 'taza (1 porción de rótulo)'],
    ['serving (3 oz)', 'porción (3 onzas)'],
    ['serving ( 3 oz )', 'porción (3 onzas)'],
    ['slice (1 oz)', 'rebanada (1 onza)'],
    ['slice (3/4 oz)', 'rebanada (3/4 onza)'],
    ['serving 1/2 cup', 'porción (1/2 taza)'],
    ['serving 2 slices', 'porción (2 rebanadas)'],
    ['cup 8 fl oz', 'taza (8 onzas líquidas)'],
    ['can (10.75 oz), prepared', 'lata (10,75 onzas), preparado'],
    ['package (2 lb)', 'paquete (2 libras)'],
    ['medium (2-1/2" dia)', 'mediano (2 1/2 pulgadas de diámetro)'],
    ['breast, bone and skin removed', 'pechuga, sin hueso ni piel'],
    ['drumstick without skin', 'pata, sin piel'],
    ['unit (yield from 1 lb ready-to-cook chicken)', 'unidad (rinde de 1 libra de pollo listo para cocinar)'],
    [
      'chop, excluding refuse (yield from 1 raw chop, with refuse, weighing 113 g)',
      'chuleta sin desperdicio (rinde de 1 chuleta cruda con desperdicio de 113 g)',
    ],
    [
      'piece, cooked, excluding refuse (yield from 1 lb raw meat with refuse)',
      'trozo cocido, sin desperdicio (rinde de 1 libra de carne cruda con desperdicio)',
    ],
  ])('%s → %s', (source, spanish) => {
    expect(measureDescriptionFor(source, 'es')).toBe(spanish);
  });

  it('leaves brands and anything not fully translatable exactly as the source wrote it', () => {
    for (const source of [
      'jar Gerber Second Food (4 oz)',
      'jar Heinz Strained-2 (4 oz)',
      'jar Beech-Nut Stage 2 (4 oz)',
      "bottle Earth's Best (4.2 fl oz)",
      'Toaster Strudel',
      'piece (1/8 of 9" dia)',
      'slice (1 oz) (4" x 4" x 3/32" thick)',
      'cup, frobnicated',
      'serving 3 widgets',
      'raw pr g',
      '',
    ]) {
      expect(measureDescriptionFor(source, 'es')).toBe(source);
    }
  });

  it('never mixes languages: the Spanish text is the source unchanged or has no English word left', () => {
    const extra = ['cup (4 fl oz)', 'leaf, large', 'cup, halves and whole', 'oz with bone, cooked (yield after bone removed)', 'tsp dry'];
    for (const source of [...SR24_TOP, ...extra]) {
      const shown = measureDescriptionFor(source, 'es');
      if (shown !== source) expect(shown, source).not.toMatch(ENGLISH);
    }
  });

  it('translates at least 150 of the 200 most frequent descriptions', () => {
    const translated = SR24_TOP.filter((source) => measureDescriptionFor(source, 'es') !== source);
    expect(translated.length).toBeGreaterThanOrEqual(150);
  });

  it("is the identity for 'en'", () => {
    for (const source of [...SR24_TOP, 'jar Gerber Second Food (4 oz)', '']) expect(measureDescriptionFor(source, 'en')).toBe(source);
  });
});
