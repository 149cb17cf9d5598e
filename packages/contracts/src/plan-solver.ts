// Plans that meet their targets in one click (issue 28): POST /plans/solve/exchanges distributes exchange
// portions over the meals, POST /plans/solve/formula-day adjusts the grams of a written day. Both answer
// 422 INFEASIBLE with a Spanish reason when the targets cannot be met. The model is in docs/plans.md.
import { z } from 'zod';
import { idSchema } from './common.js';

/** Tolerances every proposal meets (docs/plans.md "Distribuir automáticamente"). */
export const SOLVER_ENERGY_TOLERANCE_PCT = 3;
export const SOLVER_MACRO_TOLERANCE_PTS = 2;
export const SOLVER_ENERGY_MIN_KCAL = 800;
export const SOLVER_ENERGY_MAX_KCAL = 6000;

const pct = z.number({ error: 'El porcentaje debe ser un número.' }).min(0, { error: 'El porcentaje no puede ser negativo.' }).max(100, { error: 'Como máximo 100 %.' });
const energy = z
  .number({ error: 'La energía debe ser un número.' })
  .min(SOLVER_ENERGY_MIN_KCAL, { error: `La energía debe estar entre ${SOLVER_ENERGY_MIN_KCAL} y ${SOLVER_ENERGY_MAX_KCAL} kcal.` })
  .max(SOLVER_ENERGY_MAX_KCAL, { error: `La energía debe estar entre ${SOLVER_ENERGY_MIN_KCAL} y ${SOLVER_ENERGY_MAX_KCAL} kcal.` });
const slot = z.number().int({ error: 'La comida debe ser un número entero.' }).min(1, { error: 'Comida inválida (1 a 6).' }).max(6, { error: 'Comida inválida (1 a 6).' });
const portions = z.number({ error: 'Las porciones deben ser un número.' }).min(0, { error: 'Las porciones no pueden ser negativas.' }).max(60, { error: 'Como máximo 60 porciones.' });

export const solverMacrosSchema = z.object({ proteinPct: pct, fatPct: pct, carbsPct: pct });
export type SolverMacros = z.infer<typeof solverMacrosSchema>;

export const solveExchangesRequestSchema = z.object({
  targetEnergyKcal: energy,
  macros: solverMacrosSchema,
  distribution: z.array(z.object({ slot, pct })).min(1, { error: 'Indica al menos una comida.' }).max(6),
  groups: z
    .array(
      z.object({
        /** Group position 1..24 (the index + 1 of the plan content's portions). */
        group: z.number().int({ error: 'Grupo inválido.' }).min(1, { error: 'Grupo inválido.' }).max(24, { error: 'Grupo inválido.' }),
        min: portions.optional(),
        max: portions.optional(),
        fixed: portions.optional(),
      }),
    )
    .max(24)
    .optional(),
  step: z.union([z.literal(0.5), z.literal(1)], { error: 'El paso debe ser ½ o 1 porción.' }),
  countryCode: z.string().regex(/^[A-Za-z]{2}$/, { error: 'Elige un país válido.' }).optional(),
});
export type SolveExchangesRequest = z.infer<typeof solveExchangesRequestSchema>;

export const solverTotalsSchema = z.object({
  energyKcal: z.number(),
  proteinG: z.number(),
  fatG: z.number(),
  carbsG: z.number(),
  proteinPct: z.number(),
  fatPct: z.number(),
  carbsPct: z.number(),
});
export type SolverTotals = z.infer<typeof solverTotalsSchema>;
export const solverDeviationSchema = z.object({ energyPct: z.number(), proteinPts: z.number(), fatPts: z.number(), carbsPts: z.number() });
export type SolverDeviation = z.infer<typeof solverDeviationSchema>;

export const solveExchangesResponseSchema = z.object({
  meals: z.array(z.object({ slot: z.number().int(), portions: z.array(z.number()).length(24) })),
  totals: solverTotalsSchema,
  deviation: solverDeviationSchema,
});
export type SolveExchangesResponse = z.infer<typeof solveExchangesResponseSchema>;

const grams = z.number({ error: 'Los gramos deben ser un número.' }).min(0, { error: 'Los gramos no pueden ser negativos.' }).max(5000, { error: 'Como máximo 5000 g.' });
export const formulaDayItemSchema = z.object({
  foodId: idSchema.optional(),
  dishId: idSchema.optional(),
  slot,
  grams,
  locked: z.boolean().optional(),
  minGrams: grams.optional(),
  maxGrams: grams.optional(),
});
export type FormulaDayItem = z.infer<typeof formulaDayItemSchema>;
export const solveFormulaDayRequestSchema = z.object({
  targetEnergyKcal: energy,
  macros: solverMacrosSchema,
  items: z.array(formulaDayItemSchema).min(1, { error: 'El día no tiene alimentos.' }).max(80, { error: 'Como máximo 80 alimentos en un día.' }),
});
export type SolveFormulaDayRequest = z.infer<typeof solveFormulaDayRequestSchema>;
export const solveFormulaDayResponseSchema = z.object({
  items: z.array(formulaDayItemSchema.extend({ grams: z.number(), household: z.string().nullable() })),
  totals: solverTotalsSchema,
  deviation: solverDeviationSchema,
});
export type SolveFormulaDayResponse = z.infer<typeof solveFormulaDayResponseSchema>;

/**
 * POST /plans/solve/propose-day ("Proponer un día"): a day composed from foods (and dishes) for the plan's
 * meals that meets the targets. Candidates: the foods and dishes she picks (`foodIds`, `dishIds`), or else
 * the Argentine layer and her own foods; with `favourites` her starred foods and dishes come first (other
 * foods only fill what they cannot) plus any she picks. A dish goes only at the meals it fits (Dish.meals), in
 * steps of ½ portion: a lunch's or dinner's main course, a breakfast's or merienda's dairy and bread, a snack. The patient's recorded allergies and intolerances (a dish's through its ingredients),
 * the foods and dishes she marks as disliked and (unless she allows repeats) those of the neighbouring days
 * are left out. `day` (1–7) varies the choice across the week.
 */
export const proposeDayRequestSchema = z.object({
  targetEnergyKcal: energy,
  macros: solverMacrosSchema,
  slots: z.array(slot).min(1, { error: 'Elige al menos una comida.' }).max(6),
  day: z.number().int().min(1).max(7).optional(),
  distribution: z.array(z.object({ slot, pct })).optional(),
  patientId: idSchema.optional(),
  foodIds: z.array(idSchema).max(200, { error: 'Como máximo 200 alimentos.' }).optional(),
  dislikedFoodIds: z.array(idSchema).max(200).optional(),
  avoidFoodIds: z.array(idSchema).max(200).optional(),
  allowRepeats: z.boolean().optional(),
  dishIds: z.array(idSchema).max(50, { error: 'Como máximo 50 platos.' }).optional(),
  favourites: z.boolean().optional(),
  /** Only the foods and dishes she picks (`foodIds`, `dishIds`), even when she picks no food ("Solo lo que ya está en el plan"). */
  onlyPicked: z.boolean().optional(),
  dislikedDishIds: z.array(idSchema).max(50).optional(),
  avoidDishIds: z.array(idSchema).max(50).optional(),
});
export type ProposeDayRequest = z.infer<typeof proposeDayRequestSchema>;
/**
 * Why a food or a dish is left out of a proposed day, for the interface to word in its language: `allergy` and
 * `intolerance` name the patient's recorded `term` ("maní", "celiaquía"), `disliked` is a food or dish she
 * marked "No le gusta", `neighbour` one on the day before or after. For a dish, `ingredient` names the food
 * of its recipe the reason is about ("Huevo de gallina, entero, crudo").
 */
export const PROPOSE_DAY_EXCLUSION_CODES = ['allergy', 'intolerance', 'disliked', 'neighbour'] as const;
export const proposeDayExclusionCauseSchema = z.object({
  code: z.enum(PROPOSE_DAY_EXCLUSION_CODES),
  term: z.string().optional(),
  ingredient: z.string().optional(),
});
export type ProposeDayExclusionCause = z.infer<typeof proposeDayExclusionCauseSchema>;
export const proposeDayResponseSchema = z.object({
  items: z.array(z.object({ foodId: idSchema, name: z.string(), slot, grams: z.number(), household: z.string().nullable() })),
  totals: solverTotalsSchema,
  deviation: solverDeviationSchema,
  /**
   * Foods left out: `cause` is what to show (a code and its parameters); `reason` is the same in Spanish
   * ("alergia: maní", "no le gusta", "ya está en un día vecino"), kept for API clients that read it.
   */
  excluded: z.array(z.object({ foodId: idSchema, name: z.string(), reason: z.string(), cause: proposeDayExclusionCauseSchema })),
  /** Dishes proposed at meals they fit: portions in steps of ½, their grams, "1 porción". */
  dishes: z.array(z.object({ dishId: idSchema, name: z.string(), slot, portions: z.number(), grams: z.number(), household: z.string().nullable() })).optional(),
  /** Dishes left out, as `excluded` ("alergia: huevo (Huevo de gallina, entero, crudo)": `cause` with the ingredient). */
  excludedDishes: z.array(z.object({ dishId: idSchema, name: z.string(), reason: z.string(), cause: proposeDayExclusionCauseSchema })).optional(),
});
export type ProposeDayResponse = z.infer<typeof proposeDayResponseSchema>;
