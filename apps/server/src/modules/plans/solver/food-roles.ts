// Which part of an Argentine meal a food can be in a proposed day ("Proponer un día"): the dairy of a
// breakfast, its bread, the protein food of a lunch, its cooked starch, its vegetables… A food's USDA group
// code is not enough (group 01 holds milk but also egg, butter and cream; group 16 holds dry raw lentils and
// peanuts; group 11 raw potatoes and parsley), so each role is also read from the food's name, the way the
// food is served. Written after the meal patterns of Torresani & Somoza (Lineamientos para el cuidado
// nutricional, 3.ª ed. 2009) and the Guías Alimentarias para la Población Argentina (Ministerio de Salud,
// 2016: "consumir legumbres, cereales preferentemente integrales, papa, batata, choclo o mandioca"; a
// portion of a legume is of the cooked legume), and the Argentine food layer's names (data/foods/argentina).
// Matching ignores accents and case.

export type FoodRole =
  /** Breakfast and merienda: milk, yogurt, a fresh cheese, café con leche. */
  | 'dairy'
  /** Breakfast and merienda: bread, crackers, rolled oats. */
  | 'bread'
  /** A fresh fruit or squeezed juice (breakfast, snack, dessert). */
  | 'fruit'
  /** On bread or in the cup: sugar, honey, jam, dulce de leche, quesos untables, butter. */
  | 'spread'
  /** Media mañana / media tarde: fruit, yogurt, milk, a handful of nuts, crackers. */
  | 'snack'
  /** Lunch and dinner: meat, poultry, fish, egg, or cooked legumes. */
  | 'protein'
  /** Lunch and dinner: a cooked starch (rice, pasta, potato, sweet potato, corn, cooked legumes). */
  | 'starch'
  /** Lunch and dinner: non-starchy vegetables, raw only when they are eaten raw. */
  | 'vegetables'
  /** Lunch and dinner: a vegetable oil to dress or cook. */
  | 'oil';

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Written as served cooked. */
const COOKED = /\b(cocid[oa]s?|hervid[oa]s?|al horno|asad[oa]s?|a la plancha|grillad[oa]s?|pure|poche|dur[oa]|frit[oa]s?|al vapor|guisad[oa]s?|envasad[oa])\b/;
/** Written as raw, dry or as an ingredient (flour, dough, crumbs): not served as it is. */
const RAW = /\b(crud[oa]s?|sec[oa]s?)\b/;
const INGREDIENT = /\b(harina|almidon|maicena|semola|pan rallado|tapa de|polvo|levadura)\b/;

/** Peanuts are in the legume group (16) but eaten as nuts. */
const PEANUT = /\bmani\b/;
const EGG = /\bhuevo\b/;
/** Parts of an egg, sausages and cold cuts: not a meal's protein food. */
const NOT_MAIN_PROTEIN = /\b(clara|yema|salame|salamin|(?<!bife de )chorizo|mortadela|salchicha|morcilla|fiambre|panceta|bondiola curada|jamon crudo)\b/;
const MEAT_GROUPS = new Set(['05', '10', '13', '15', '17']);

/** Starchy vegetables: a lunch's starch, not its vegetables. */
const STARCHY = /\b(papa|batata|mandioca|choclo|arveja)/;
/** Vegetables eaten only cooked (raw onion only in a salad): raw they are an ingredient, not a serving. */
const COOKED_ONLY_VEG = /\b(acelga|zapall|berenjena|chaucha|brocoli|coliflor|puerro|batata|mandioca|papa|choclo|arveja|espinaca|remolacha|alcaucil|esparrago|cebolla)/;
/** Herbs and aromatics: never 100 g of them. */
const AROMATIC = /\b(ajo|perejil|albahaca|oregano|cilantro|cebolla de verdeo|jengibre|aji)\b/;

/** Milk, yogurt, fresh cheeses (not grated or hard cheeses, a condiment), café con leche. */
const DAIRY = /\b(leche|yogur|queso|ricota|cafe con leche)/;
const NOT_DAIRY = /\b(dulce de leche|crema|manteca|rallado|parmesano|provolone|en polvo|condensada|helado)\b/;
const SPREAD = /\b(azucar|miel|mermelada|dulce de (leche|membrillo|batata)|queso crema|queso untable|manteca)\b/;
/** Bread, crackers, rolled oats; not pastries and sweet biscuits (a treat, not the plan's breakfast). */
const BREAD = /\b(pan|galletita|grisin|tostada|avena|copos de maiz|cereal)/;
const NOT_BREAD = /\b(rallado|tapa de|alfajor|factura|medialuna|bizcochito|torta|budin|vainilla|rellen)/;
/** Fruit group foods that are not a fruit portion (olives, lemon, avocado) or not eaten raw (quince). */
const NOT_FRUIT = /\b(aceituna|limon|palta|membrillo|pasas|deshidratad|almibar|abrillantad)/;
const NUTS = /\b(almendra|nuez|nueces|avellana|castana|pistacho|mani)/;
const OIL = /\baceite\b/;

/** The roles a food can take in a proposed day (empty: it is not proposed on its own). */
export function rolesOf(foodName: string, group: string | null): Set<FoodRole> {
  const name = normalise(foodName);
  const roles = new Set<FoodRole>();
  if (INGREDIENT.test(name)) return roles;
  const raw = RAW.test(name) && !COOKED.test(name);

  if (group === '01' || group === '14') {
    if (EGG.test(name)) {
      // A whole egg is a lunch's or dinner's protein food however it is written ("1 huevo"); never a dairy.
      if (!NOT_MAIN_PROTEIN.test(name)) roles.add('protein');
      return roles;
    }
    if (DAIRY.test(name) && !NOT_DAIRY.test(name)) {
      roles.add('dairy');
      if (/^(leche|yogur)/.test(name)) roles.add('snack');
    }
    if (SPREAD.test(name)) roles.add('spread');
    return roles;
  }
  if (group === '16') {
    if (PEANUT.test(name)) {
      if (!raw) roles.add('snack');
      return roles;
    }
    // Legumes are served cooked: dry raw lentils are an ingredient.
    if (raw || !COOKED.test(name)) return roles;
    roles.add('protein');
    roles.add('starch');
    return roles;
  }
  if (group !== null && MEAT_GROUPS.has(group)) {
    // Meat and fish are written cooked or by their raw weight ("bife de chorizo, 150 g"), as plans do.
    if (!NOT_MAIN_PROTEIN.test(name)) roles.add('protein');
    return roles;
  }
  if (group === '11') {
    if (AROMATIC.test(name)) return roles;
    if (raw && COOKED_ONLY_VEG.test(name)) return roles;
    roles.add(STARCHY.test(name) ? 'starch' : 'vegetables');
    return roles;
  }
  if (group === '20') {
    if (!raw && COOKED.test(name)) roles.add('starch');
    return roles;
  }
  if (group === '18' || group === '08') {
    if (!raw && BREAD.test(name) && !NOT_BREAD.test(name)) {
      roles.add('bread');
      if (/\b(galletita|grisin)/.test(name)) roles.add('snack');
    }
    return roles;
  }
  if (group === '09') {
    if (!NOT_FRUIT.test(name)) {
      roles.add('fruit');
      if (!/\bjugo\b/.test(name)) roles.add('snack');
    }
    return roles;
  }
  if (group === '12') {
    if (NUTS.test(name) && !raw) roles.add('snack');
    return roles;
  }
  if (group === '19') {
    if (SPREAD.test(name)) roles.add('spread');
    return roles;
  }
  if (group === '04') {
    if (OIL.test(name)) roles.add('oil');
    return roles;
  }
  return roles;
}

/**
 * The usual portion of a food in a role, in grams, where it differs from the role's own range: a glass of
 * milk or a pot of yogurt (150–250 g), a slice of cheese (30–80 g), one or two eggs (50–120 g), a handful of
 * nuts (15–30 g), a few crackers (20–50 g), a dish of vegetables (80–250 g). Portions after the household
 * measures of the Argentine layer (measures-es-AR.tsv) and the exchange portions of Torresani & Somoza.
 */
export function usualGrams(foodName: string, role: FoodRole): readonly [number, number] | null {
  const name = normalise(foodName);
  if (role === 'protein' && EGG.test(name)) return [50, 120];
  if (role === 'dairy' || role === 'snack') {
    if (/^(leche|yogur)|cafe con leche/.test(name)) return [150, 250];
    if (/\b(queso|ricota)/.test(name)) return [30, 80];
  }
  if (role === 'snack' && NUTS.test(name)) return [15, 30];
  if (role === 'snack' && /\b(galletita|grisin)/.test(name)) return [20, 50];
  if (role === 'vegetables') return [80, 250];
  return null;
}
