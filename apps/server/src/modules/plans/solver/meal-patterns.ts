// Where Argentine exchange plans put each group, meal by meal: the "sensible plan" part of the exchange
// distribution model (docs/plans.md, "Distribuir automáticamente"). Written from the way the plans of
// Torresani & Somoza (Lineamientos para el cuidado nutricional, 3.ª ed. 2009) and the hospital plans built
// on them are laid out: dairy, bread, cereal, fruit and sugar at breakfast and merienda; meat, egg,
// vegetables, cereal or legumes, bread, oil and a fruit for dessert at lunch and dinner; dairy, fruit or a
// few nuts for the small snacks. A group missing from a slot's table never goes in that meal.

/** Meal slot positions (plan content): 1 Desayuno, 2 Media mañana, 3 Almuerzo, 4 Merienda, 5 Media tarde, 6 Cena. */
export const SLOT_NAMES_ES: Record<number, string> = { 1: 'desayuno', 2: 'media mañana', 3: 'almuerzo', 4: 'merienda', 5: 'media tarde', 6: 'cena' };

type Kind = 'breakfast' | 'snack' | 'main';
const KIND_OF_SLOT: Record<number, Kind> = { 1: 'breakfast', 2: 'snack', 3: 'main', 4: 'breakfast', 5: 'snack', 6: 'main' };

/**
 * Allowed groups per kind of meal, each with its "unusual" cost per portion: 0 for what that meal is
 * usually made of, more for what fits but is less common (a cheese at breakfast, a semi-fat cut of meat).
 * The cost is in the objective's unit, one percentage point of the day's energy away from a meal's share.
 */
const ALLOWED: Record<Kind, Record<string, number>> = {
  breakfast: {
    'leche-descremada': 0,
    'leche-entera': 0.1,
    quesos: 0.3,
    huevo: 0.6,
    frutas: 0.2,
    'cereales-legumbres': 0.3,
    pan: 0,
    'frutos-secos': 0.4,
    'azucar-dulces': 0.1,
  },
  snack: {
    'leche-descremada': 0,
    'leche-entera': 0.1,
    quesos: 0.3,
    frutas: 0,
    'cereales-legumbres': 0.4,
    pan: 0.3,
    'frutos-secos': 0.2,
    'azucar-dulces': 0.5,
  },
  main: {
    quesos: 0.4,
    'carnes-magras': 0,
    'carnes-semigrasas': 0.2,
    huevo: 0.2,
    'vegetales-a': 0,
    'vegetales-b': 0,
    'vegetales-c': 0.1,
    frutas: 0,
    'cereales-legumbres': 0,
    pan: 0.2,
    aceites: 0,
    'frutos-secos': 0.5,
    'azucar-dulces': 0.5,
  },
};

/**
 * Portions per 1,000 kcal of a meal above which a group stops looking like a plan a person eats (the
 * model charges each extra portion; never forbidden, so high-fat or high-protein targets stay reachable).
 * At least one portion is always "usual".
 */
export const USUAL_PER_1000_KCAL: Record<string, number> = {
  'leche-descremada': 2.5,
  'leche-entera': 2.5,
  quesos: 1.5,
  'carnes-magras': 3,
  'carnes-semigrasas': 3,
  huevo: 2,
  'vegetales-a': 3,
  'vegetales-b': 2,
  'vegetales-c': 2.5,
  frutas: 2,
  'cereales-legumbres': 3,
  pan: 3,
  aceites: 3,
  'frutos-secos': 1.5,
  'azucar-dulces': 3,
};

/**
 * What a meal should contain at least one portion of (soft: each missing portion is charged): vegetables
 * and a protein food at lunch and dinner, a dairy at breakfast and merienda. A vegetarian plan with meat
 * at 0 still meets "protein" with egg or cheese.
 */
export const MEAL_COMPONENTS: Record<Kind, { name: string; groups: string[] }[]> = {
  breakfast: [{ name: 'dairy', groups: ['leche-descremada', 'leche-entera', 'quesos'] }],
  snack: [],
  main: [
    { name: 'veg', groups: ['vegetales-a', 'vegetales-b'] },
    { name: 'protein', groups: ['carnes-magras', 'carnes-semigrasas', 'huevo', 'quesos'] },
  ],
};

/** Meals that Argentine plans write alike (their portions of a group are kept close). */
export const SIMILAR_MEALS: readonly (readonly [number, number])[] = [
  [1, 4],
  [3, 6],
  [2, 5],
];

export const kindOfSlot = (slot: number): Kind => KIND_OF_SLOT[slot] ?? 'snack';

/** The unusual-cost of a group in a slot, or null when the group does not go in that meal. */
export function slotCost(slot: number, groupId: string): number | null {
  return ALLOWED[kindOfSlot(slot)][groupId] ?? null;
}

/** The slots (of those given) where a group may go. */
export const slotsAllowing = (groupId: string, slots: readonly number[]) => slots.filter((s) => slotCost(s, groupId) !== null);
