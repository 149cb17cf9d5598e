// Household-measure names for display. USDA SR24 ships measure descriptions only in English ('cup',
// 'tbsp', 'cup, chopped', 'serving (3 oz)'…); the es-AR interface and the Spanish plan PDF show them through
// measureDescriptionFor. Stored data and API answers keep the source text: this is a display-only mapping.
//
// Rule: a description is either translated completely or returned unchanged — never half English, half
// Spanish. So the translation is an exact table for the frequent whole descriptions plus a small grammar
// (unit [modifiers] [(quantity)] [, modifiers]) where EVERY piece must be in a table; if any piece is
// unknown (a brand, an inch dimension, an odd phrase) the whole description stays as the source wrote it.
//
// Coverage over SR24 (15,274 measure rows, 1,855 distinct descriptions): 13,281 rows (87.0 %) and 670
// distinct descriptions are shown in Spanish; 'pizza' and 'ml' (41 rows) read the same in both. What stays in
// English is mostly baby-food jars with a brand and shapes given in inches (see docs/foods.md).

export type MeasureLocale = 'es' | 'en';

/** Whole descriptions (normalised: lower case, single spaces, no blanks inside parentheses). */
const EXACT: Record<string, string> = {
  'piece, cooked, excluding refuse (yield from 1 lb raw meat with refuse)':
    'trozo cocido, sin desperdicio (rinde de 1 libra de carne cruda con desperdicio)',
  'piece, cooked (yield from 1 lb raw meat, boneless)': 'trozo cocido (rinde de 1 libra de carne cruda, sin hueso)',
  'piece, cooked, excluding refuse': 'trozo cocido, sin desperdicio',
  'unit, cooked (yield from 1 lb raw meat)': 'unidad cocida (rinde de 1 libra de carne cruda)',
  'loaf (yield from 1 lb raw meat)': 'pan de carne (rinde de 1 libra de carne cruda)',
  'patty (yield from 1/4 lb raw meat)': 'medallón (rinde de 1/4 libra de carne cruda)',
  'portion (yield from 1/2 lb raw meat)': 'porción (rinde de 1/2 libra de carne cruda)',
  'patty (cooked from 4 oz raw)': 'medallón (cocido a partir de 4 onzas crudas)',
  'serving (cooked from 4 oz raw)': 'porción (cocida a partir de 4 onzas crudas)',
  'oz grilled patties': 'onza de medallón a la parrilla',
  'oz cooked, yield': 'onza cocida (rinde)',
  'portion, amount to make 1/2 cup': 'porción, cantidad para 1/2 taza',
  'package yields': 'paquete (rinde preparado)',
  'package yield (2 cups)': 'paquete (rinde 2 tazas)',
  'package (10 oz) yields': 'paquete de 10 onzas (rinde preparado)',
  'package (9 oz), yields': 'paquete de 9 onzas (rinde preparado)',
  'packet prepared': 'sobre preparado',
  'packet (6 fl oz prepared)': 'sobre (6 onzas líquidas preparado)',
  'recipe yield': 'rinde de la receta',
  'fruit without refuse': 'fruta sin desperdicio',
  'fruit without skin and seeds': 'fruta sin cáscara ni semillas',
  'fruit yields': 'fruta (rinde)',
  'ear, yields': 'choclo (rinde)',
  'half, with liquid': 'mitad, con líquido',
  'apricot half with liquid': 'mitad de damasco con líquido',
  'plum with liquid': 'ciruela con líquido',
  'fig with liquid': 'higo con líquido',
  'can or bottle (12 fl oz)': 'lata o botella (12 onzas líquidas)',
  'can or bottle (16 fl oz)': 'lata o botella (16 onzas líquidas)',
  'can (303 x 406)': 'lata (303 × 406)',
  'can, 15 oz (303 x 406)': 'lata de 15 onzas (303 × 406)',
  'cup (1" pieces)': 'taza (trozos de 1 pulgada)',
  'cup 1" pieces': 'taza (trozos de 1 pulgada)',
  'cup (1/2" pieces)': 'taza (trozos de 1/2 pulgada)',
  'cup (1" cubes)': 'taza (cubos de 1 pulgada)',
  'cup, poured from box': 'taza, servido de la caja',
  'cup sections, with juice': 'taza de gajos, con jugo',
  'cup, with pits, yields': 'taza, con carozo (rinde)',
  'cup, whole, without pits': 'taza, entero, sin carozo',
  'cup, crushed, sliced, or chunks': 'taza, triturado, en rodajas o en trozos',
  'cup, halves or slices': 'taza, en mitades o en rodajas',
  'cup, chopped or strips': 'taza, picado o en tiras',
  'cup chopped or dice': 'taza, picado o en cubos',
  'cup elbow shaped': 'taza (codito)',
  'cup small shells': 'taza (caracolitos)',
  'cup spiral shaped': 'taza (tirabuzón)',
  'serving (nlea serving size = 1 cup)': 'porción de rótulo (1 taza)',
  'fl oz cup large': 'vaso grande (onzas líquidas)',
  'each taco': 'taco (unidad)',
  'slice 1/4 of pie': 'porción (1/4 de tarta)',
  'slice or ring (3" dia) with liquid': 'rodaja (3 pulgadas de diámetro) con líquido',
  'tbsp (1/8 cup)': 'cucharada (1/8 taza)',
  'turkey, skin only': 'piel de pavo entero',
  'chicken, skin only': 'piel de pollo entero',
  'roast rump': 'pieza entera (mitad trasera del jamón)',
  'roast shank': 'pieza entera (mitad del codillo)',
  'lb rump': 'libra (mitad trasera del jamón)',
  'oz rump': 'onza (mitad trasera del jamón)',
  'lb shank': 'libra (mitad del codillo)',
  'oz shank': 'onza (mitad del codillo)',
  'small or frozen (approx 3" dia)': 'chico o congelado (unas 3 pulgadas de diámetro)',
  'individual packet': 'sobre individual',
  'container, individual': 'envase individual',
  'bird whole': 'ave entera',
  'piece whole': 'pieza entera',
  'cup whole kernels': 'taza de granos enteros',
  'cup kernels': 'taza de granos',
  'drink box (8.45 fl oz)': 'cajita de bebida (8,45 onzas líquidas)',
  'can (6.8 fl oz, 200 ml)': 'lata (6,8 onzas líquidas, 200 ml)',
  'serving 1 cup 8 fl oz': 'porción (1 taza, 8 onzas líquidas)',
  'jigger 1.5 fl oz': 'medida de 1,5 onzas líquidas',
  'crust, single 9"': 'masa, simple de 9 pulgadas',
  'pie 12" diameter': 'tarta de 12 pulgadas de diámetro',
};

/** Units that can head a description, and appear in quantities: [singular, plural]. */
const UNITS: Record<string, readonly [string, string]> = {
  cup: ['taza', 'tazas'],
  cups: ['taza', 'tazas'],
  tbsp: ['cucharada', 'cucharadas'],
  tablespoon: ['cucharada', 'cucharadas'],
  tablespoons: ['cucharada', 'cucharadas'],
  tsp: ['cucharadita', 'cucharaditas'],
  teaspoon: ['cucharadita', 'cucharaditas'],
  teaspoons: ['cucharadita', 'cucharaditas'],
  oz: ['onza', 'onzas'],
  ounce: ['onza', 'onzas'],
  lb: ['libra', 'libras'],
  'fl oz': ['onza líquida', 'onzas líquidas'],
  'fluid ounce': ['onza líquida', 'onzas líquidas'],
  quart: ['cuarto de galón', 'cuartos de galón'],
  ml: ['ml', 'ml'],
  g: ['g', 'g'],
  serving: ['porción', 'porciones'],
  'nlea serving': ['porción de rótulo', 'porciones de rótulo'],
  portion: ['porción', 'porciones'],
  slice: ['rebanada', 'rebanadas'],
  slices: ['rebanada', 'rebanadas'],
  piece: ['trozo', 'trozos'],
  pieces: ['trozo', 'trozos'],
  item: ['unidad', 'unidades'],
  unit: ['unidad', 'unidades'],
  each: ['unidad', 'unidades'],
  individual: ['unidad', 'unidades'],
  steak: ['bife', 'bifes'],
  fillet: ['filet', 'filets'],
  roast: ['pieza entera', 'piezas enteras'],
  chop: ['chuleta', 'chuletas'],
  patty: ['medallón', 'medallones'],
  medallion: ['medallón', 'medallones'],
  jar: ['frasco', 'frascos'],
  package: ['paquete', 'paquetes'],
  packet: ['sobre', 'sobres'],
  envelope: ['sobre', 'sobres'],
  container: ['envase', 'envases'],
  can: ['lata', 'latas'],
  bottle: ['botella', 'botellas'],
  box: ['caja', 'cajas'],
  bag: ['bolsa', 'bolsas'],
  bar: ['barra', 'barras'],
  stick: ['barra', 'barras'],
  block: ['bloque', 'bloques'],
  scoop: ['medida', 'medidas'],
  'cubic inch': ['pulgada cúbica', 'pulgadas cúbicas'],
  cube: ['cubo', 'cubos'],
  pat: ['rulo', 'rulos'],
  leaf: ['hoja', 'hojas'],
  leaves: ['hoja', 'hojas'],
  clove: ['diente', 'dientes'],
  head: ['planta', 'plantas'],
  stalk: ['tallo', 'tallos'],
  sprigs: ['ramita', 'ramitas'],
  sprig: ['ramita', 'ramitas'],
  spear: ['espárrago', 'espárragos'],
  pod: ['vaina', 'vainas'],
  root: ['raíz', 'raíces'],
  shoot: ['brote', 'brotes'],
  kernel: ['grano', 'granos'],
  ear: ['choclo', 'choclos'],
  strip: ['tira', 'tiras'],
  strips: ['tira', 'tiras'],
  link: ['unidad', 'unidades'],
  links: ['unidad', 'unidades'],
  frankfurter: ['salchicha', 'salchichas'],
  half: ['mitad', 'mitades'],
  large: ['grande (unidad)', 'grandes (unidades)'],
  'extra large': ['extra grande (unidad)', 'extra grandes (unidades)'],
  medium: ['mediano (unidad)', 'medianos (unidades)'],
  small: ['chico (unidad)', 'chicos (unidades)'],
  fruit: ['fruta (unidad)', 'frutas (unidades)'],
  pepper: ['ají (unidad)', 'ajíes (unidades)'],
  potato: ['papa', 'papas'],
  egg: ['huevo', 'huevos'],
  nuts: ['unidad', 'unidades'],
  cookie: ['galletita', 'galletitas'],
  cracker: ['galletita', 'galletitas'],
  wafer: ['oblea', 'obleas'],
  biscuit: ['bizcocho', 'bizcochos'],
  biscuits: ['bizcocho', 'bizcochos'],
  cake: ['unidad', 'unidades'],
  cakes: ['unidad', 'unidades'],
  muffin: ['unidad', 'unidades'],
  pastry: ['unidad', 'unidades'],
  roll: ['pancito', 'pancitos'],
  pie: ['tarta', 'tartas'],
  pizza: ['pizza', 'pizzas'],
  sandwich: ['sándwich', 'sándwiches'],
  pancake: ['panqueque', 'panqueques'],
  croissant: ['medialuna', 'medialunas'],
  doughnut: ['dona', 'donas'],
  meal: ['plato', 'platos'],
  order: ['porción de restaurante', 'porciones de restaurante'],
  chicken: ['pollo entero', 'pollos enteros'],
  turkey: ['pavo entero', 'pavos enteros'],
  duck: ['pato entero', 'patos enteros'],
  goose: ['ganso entero', 'gansos enteros'],
  bird: ['ave', 'aves'],
  breast: ['pechuga', 'pechugas'],
  wing: ['ala', 'alas'],
  thigh: ['muslo', 'muslos'],
  drumstick: ['pata', 'patas'],
  leg: ['pata y muslo', 'patas y muslos'],
  back: ['carcasa', 'carcasas'],
  neck: ['cuello', 'cuellos'],
  liver: ['hígado', 'hígados'],
  heart: ['corazón', 'corazones'],
  giblets: ['menudos', 'menudos'],
  skin: ['piel', 'pieles'],
  rack: ['costillar', 'costillares'],
  ribs: ['costillas', 'costillas'],
  crust: ['masa', 'masas'],
};

/** Plural source words stay plural as a head ('3 pieces' → '3 trozos'); in a quantity the number decides. */
const PLURAL_HEADS = new Set(['cups', 'tablespoons', 'teaspoons', 'slices', 'pieces', 'strips', 'links', 'leaves', 'cakes', 'biscuits', 'sprigs']);

/** Words after a unit ('cup, chopped', 'tsp ground', 'drumstick without skin'). */
const MODIFIERS: Record<string, string> = {
  chopped: 'picado',
  'chopped or diced': 'picado o en cubos',
  diced: 'en cubos',
  sliced: 'en rodajas',
  slices: 'en rodajas',
  shredded: 'rallado',
  grated: 'rallado',
  cubes: 'en cubos',
  cubed: 'en cubos',
  mashed: 'en puré',
  pureed: 'en puré',
  halves: 'en mitades',
  crushed: 'triturado',
  whole: 'entero',
  pitted: 'sin carozo',
  cooked: 'cocido',
  raw: 'crudo',
  thawed: 'descongelado',
  unthawed: 'congelado',
  frozen: 'congelado',
  drained: 'escurrido',
  melted: 'derretido',
  ground: 'molido',
  boneless: 'sin hueso',
  prepared: 'preparado',
  undiluted: 'sin diluir',
  pieces: 'en trozos',
  chunks: 'en trozos',
  sifted: 'tamizado',
  stirred: 'revuelto',
  sections: 'en gajos',
  kernels: 'en granos',
  crumbs: 'en migas',
  pulp: 'pulpa',
  balls: 'en bolitas',
  leaves: 'en hojas',
  packed: 'compactado',
  'not packed': 'sin compactar',
  'with liquid': 'con líquido',
  'with skin': 'con piel',
  'without skin': 'sin piel',
  'bone removed': 'sin hueso',
  'bone and skin removed': 'sin hueso ni piel',
  'skin only': 'solo piel',
  'excluding refuse': 'sin desperdicio',
  'nlea serving': 'porción de rótulo',
  'individual': 'individual',
};

/** Size words after 'slice': they describe the slice (feminine), not the food. */
const SLICE_SIZES: Record<string, string> = {
  thin: 'fina',
  thick: 'gruesa',
  large: 'grande',
  medium: 'mediana',
  small: 'chica',
  regular: 'común',
  cooked: 'cocida',
};

// The packaging lines of baby foods and similar carry a brand; a brand is never translated (the whole
// description is left as is), even if the rest would be.
const BRANDS = /\b(gerber|heinz|beech-nut|earth's best|nestle|kellogg|toaster strudel|pop tarts)\b/;

const NUMBER = /^(\d+(?:\.\d+)?|\.\d+|\d+\/\d+|\d+-\d+\/\d+)$/;

/** The description for display: 'en' is the source text; 'es' is Spanish when fully translatable, else the source. */
export function measureDescriptionFor(description: string, locale: MeasureLocale): string {
  if (locale === 'en') return description;
  const key = normalise(description);
  if (!key || BRANDS.test(key)) return description;
  return translate(key) ?? description;
}

function normalise(description: string): string {
  return description.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\(\s+/g, '(').replace(/\s+\)/g, ')');
}

function translate(key: string): string | null {
  const exact = EXACT[key];
  if (exact) return exact;
  return yieldRule(key) ?? withParentheses(key) ?? servingOf(key) ?? unitWithQuantity(key) ?? unitWithModifiers(key);
}

/** 'unit (yield from 1 lb ready-to-cook chicken)', 'chop, excluding refuse (yield from 1 raw chop, with refuse, weighing 113 g)'. */
function yieldRule(key: string): string | null {
  const poultry = /^unit \(yield from 1 lb ready-to-? ?(cook|eat) (chicken|turkey|duck|goose|capon|quail|squab|pheasant)\)$/.exec(key);
  if (poultry) {
    const birds: Record<string, string> = { chicken: 'pollo', turkey: 'pavo', duck: 'pato', goose: 'ganso', capon: 'capón', quail: 'codorniz', squab: 'pichón', pheasant: 'faisán' };
    return `unidad (rinde de 1 libra de ${birds[poultry[2]!]!} listo para ${poultry[1] === 'cook' ? 'cocinar' : 'comer'})`;
  }
  const cut = /^(chop|steak), excluding refuse \(yield from 1 raw (chop|steak), with refuse, weighing (\d+(?:\.\d+)?) g\)$/.exec(key);
  if (cut && cut[1] === cut[2]) {
    const noun = cut[1] === 'chop' ? 'chuleta' : 'bife';
    const raw = cut[1] === 'chop' ? 'cruda' : 'crudo';
    return `${noun} sin desperdicio (rinde de 1 ${noun} ${raw} con desperdicio de ${number(cut[3]!)} g)`;
  }
  return null;
}

/** 'cup (8 fl oz)', 'serving (3 oz)', 'slice (1 oz)', 'package (10 oz)', 'can (10.75 oz), prepared'. */
function withParentheses(key: string): string | null {
  const match = /^([^()]+) \(([^()]+)\)(?:, ([^()]+))?$/.exec(key);
  if (!match) return null;
  const head = unitWithModifiers(match[1]!);
  const inner = quantity(match[2]!) ?? parenthesisedNote(match[2]!);
  if (!head || !inner) return null;
  const tail = match[3] === undefined ? '' : modifierList(match[3]);
  if (tail === null) return null;
  // 'medium (2-1/2" dia)': the parenthesis already says what the unit is, so no 'mediano (unidad) (…)'.
  return `${head.replace(/ \(unidad\)$/, '')} (${inner})${tail ? `, ${tail}` : ''}`;
}

/** Non-quantity notes in parentheses. */
function parenthesisedNote(inner: string): string | null {
  const notes: Record<string, string> = { 'not packed': 'sin compactar', packed: 'compactado', 'nlea serving': 'porción de rótulo' };
  if (notes[inner]) return notes[inner]!;
  const dia = /^(\d+(?:-\d+\/\d+|\/\d+)?)" dia$/.exec(inner);
  if (dia) return `${fraction(dia[1]!)} ${dia[1] === '1' ? 'pulgada' : 'pulgadas'} de diámetro`;
  return null;
}

/** 'serving 1/2 cup', 'serving 5 fl oz', 'serving 2 slices' → 'porción (1/2 taza)'. */
function servingOf(key: string): string | null {
  const match = /^(serving|portion) (.+)$/.exec(key);
  if (!match) return null;
  const inner = quantity(match[2]!);
  return inner ? `porción (${inner})` : null;
}

/** 'cup 8 fl oz', 'can 12 fl oz', 'oz 1 serving', 'bottle 16 fl oz' → 'taza (8 onzas líquidas)'. */
function unitWithQuantity(key: string): string | null {
  const match = /^([a-z]+(?: [a-z]+)?) (\S+ .+)$/.exec(key);
  if (!match) return null;
  const head = UNITS[match[1]!];
  const inner = quantity(match[2]!);
  return head && inner ? `${head[0]} (${inner})` : null;
}

/** '3 oz', '1 NLEA serving', '10.75 oz', '1-1/2 cups' → '3 onzas', '1 porción de rótulo', '10,75 onzas', '1 1/2 tazas'. */
function quantity(text: string): string | null {
  const match = /^(\S+) (.+)$/.exec(text);
  if (!match || !NUMBER.test(match[1]!)) return null;
  const unit = UNITS[match[2]!];
  if (!unit || !isQuantityUnit(match[2]!)) return null;
  return `${fraction(match[1]!)} ${singular(match[1]!) ? unit[0] : unit[1]}`;
}

const QUANTITY_UNITS = new Set([
  'cup', 'cups', 'tbsp', 'tablespoon', 'tablespoons', 'tsp', 'teaspoon', 'teaspoons', 'oz', 'ounce', 'lb', 'fl oz', 'fluid ounce',
  'quart', 'ml', 'g', 'serving', 'nlea serving', 'slice', 'slices', 'piece', 'pieces', 'container', 'link', 'links', 'item',
]);

function isQuantityUnit(unit: string): boolean {
  return QUANTITY_UNITS.has(unit);
}

/** 'cup', 'cup, chopped', 'cup chopped', 'tsp, ground', 'slice, thin', 'drumstick without skin', 'breast, bone removed'. */
function unitWithModifiers(text: string): string | null {
  const unit = UNITS[text];
  if (unit) return unit[PLURAL_HEADS.has(text) ? 1 : 0];
  const comma = text.indexOf(', ');
  if (comma > 0) {
    const head = text.slice(0, comma);
    const rest = text.slice(comma + 2);
    if (head === 'slice' || head === 'slices') {
      const size = SLICE_SIZES[rest];
      if (size) return `${UNITS[head]![0]} ${size}`;
    }
    const headUnit = UNITS[head];
    const tail = modifierList(rest);
    return headUnit && tail ? `${headUnit[PLURAL_HEADS.has(head) ? 1 : 0]}, ${tail}` : null;
  }
  // No comma: the longest known unit at the start, then one modifier ('cup chopped', 'drumstick with skin').
  const words = text.split(' ');
  for (let cut = words.length - 1; cut >= 1; cut--) {
    const head = words.slice(0, cut).join(' ');
    const rest = words.slice(cut).join(' ');
    const headUnit = UNITS[head];
    if (!headUnit) continue;
    if ((head === 'slice' || head === 'slices') && SLICE_SIZES[rest]) return `${headUnit[0]} ${SLICE_SIZES[rest]}`;
    const modifier = MODIFIERS[rest];
    if (modifier) return `${headUnit[0]}, ${modifier}`;
  }
  return null;
}

/** 'chopped', 'chopped or diced', 'bone and skin removed', 'whole, without pits' → Spanish, or null if any part is unknown. */
function modifierList(text: string): string | null {
  const parts = text.split(', ');
  const out: string[] = [];
  for (const part of parts) {
    const direct = MODIFIERS[part];
    if (direct) {
      out.push(direct);
      continue;
    }
    const alternatives = part.split(' or ');
    if (alternatives.length > 1 && alternatives.every((a) => MODIFIERS[a])) {
      out.push(alternatives.map((a) => MODIFIERS[a]!).join(' o '));
      continue;
    }
    return null;
  }
  return out.join(', ');
}

/** '1/2' and '1' take the singular ('1/2 taza', '1 onza'); anything above one the plural. */
function singular(value: string): boolean {
  if (value.includes('-')) return false;
  if (value.includes('/')) {
    const [a, b] = value.split('/').map(Number);
    return a! / b! <= 1;
  }
  return Number(value) <= 1;
}

/** es-AR numbers: '10.75' → '10,75', '.75' → '0,75', '1-1/2' → '1 1/2'. */
function fraction(value: string): string {
  if (value.includes('/')) return value.replace('-', ' ');
  return number(value);
}

function number(value: string): string {
  return (value.startsWith('.') ? `0${value}` : value).replace('.', ',');
}
