// The two plan solvers behind the API: reads what they need (the practice's exchange groups, the foods and
// dishes of a day, tenant-scoped) and hands plain numbers to the models.
import type { Kysely } from 'kysely';
import type { Dish, ProposeDayExclusionCause, ProposeDayRequest, ProposeDayResponse, SolveExchangesRequest, SolveExchangesResponse, SolveFormulaDayRequest, SolveFormulaDayResponse } from '@almendra/contracts';
import { householdAmount, measureAmountText, scaleNutrients, type NutrientInput } from '@almendra/domain';
import type { DB } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import type { DishesService } from '../../dishes/dishes.service.js';
import { exchangeGroupsFor } from '../exchange-groups.js';
import { solveExchanges } from './exchange-distribution.js';
import { solveFormulaDay, type ResolvedLine } from './formula-day.js';
import { allergyExclusions, reasonText, type AllergyCause } from './food-exclusions.js';
import { proposeDay, type CandidateDish, type CandidateFood } from './propose-day.js';

type Scope = { nutritionistId: string };

/** Measures counted in units are served by halves ("½ unidad", "1 feta"); anything else in 10 g steps. */
const COUNTED = /\b(unidad|unidades|feta|fetas|rebanada|rebanadas|rodaja|rodajas|porción|porciones)\b/i;
const GRAM_STEP = 10;

export function createPlanSolverService(deps: { db: Kysely<DB>; dishes: Pick<DishesService, 'get'> }) {
  const { db, dishes } = deps;

  async function countryOf(scope: Scope): Promise<string> {
    const row = await db.selectFrom('nutritionists').select('country_code').where('id', '=', scope.nutritionistId).executeTakeFirst();
    return row?.country_code ?? 'AR';
  }

  /**
   * Her dishes as candidates: nutrition per portion from the recipe, and left out (with the reason) when an
   * ingredient, at any depth, is an allergy, an intolerance or a food she marked as disliked, or when the dish
   * itself is disliked or on a neighbouring day. `strict`: a dish she picked that does not exist is a 404
   * (a starred dish deleted since is skipped quietly).
   */
  async function candidateDishes(
    scope: Scope,
    ids: readonly string[],
    rules: { reasonOf: (name: string, group: string | null) => AllergyCause | null; disliked: ReadonlySet<string>; dislikedDishes: ReadonlySet<string>; avoid: ReadonlySet<string>; strict: boolean },
  ): Promise<{ dishes: CandidateDish[]; excluded: NonNullable<ProposeDayResponse['excludedDishes']> }> {
    const loaded = new Map<string, Dish | null>();
    const load = async (id: string) => {
      if (!loaded.has(id)) {
        try {
          loaded.set(id, await dishes.get(scope, id));
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
          loaded.set(id, null);
        }
      }
      return loaded.get(id)!;
    };
    /** Every food of a dish, through the dishes it includes. */
    const foodsOf = async (dish: Dish, seen = new Set<string>()): Promise<{ foodId: string; name: string }[]> => {
      seen.add(dish.id);
      const out: { foodId: string; name: string }[] = [];
      for (const ingredient of dish.ingredients) {
        if (ingredient.foodId) out.push({ foodId: ingredient.foodId, name: ingredient.name });
        else if (ingredient.dishId && !seen.has(ingredient.dishId)) {
          const nested = await load(ingredient.dishId);
          if (nested) out.push(...(await foodsOf(nested, seen)));
        }
      }
      return out;
    };
    const found: { dish: Dish; ingredients: { foodId: string; name: string }[] }[] = [];
    for (const [i, id] of ids.entries()) {
      const dish = await load(id);
      if (!dish || dish.deactivated) {
        if (rules.strict) throw new AppError('NOT_FOUND', 'No encontramos ese alimento o plato.', [{ path: `dishIds.${i}`, message: 'No existe o no es tuyo.' }]);
        continue;
      }
      found.push({ dish, ingredients: await foodsOf(dish) });
    }
    // The food groups of every ingredient of every dish, in one query.
    const foodIds = [...new Set(found.flatMap(({ ingredients }) => ingredients.map((f) => f.foodId)))];
    const groups = new Map(foodIds.length ? (await db.selectFrom('foods').select(['id', 'group_code']).where('id', 'in', foodIds).execute()).map((r) => [r.id, r.group_code]) : []);
    const result: CandidateDish[] = [];
    const excluded: NonNullable<ProposeDayResponse['excludedDishes']> = [];
    for (const { dish, ingredients } of found) {
      let cause: ProposeDayExclusionCause | null = null;
      for (const f of ingredients) {
        const why: ProposeDayExclusionCause | null = rules.reasonOf(f.name, groups.get(f.foodId) ?? null) ?? (rules.disliked.has(f.foodId) ? { code: 'disliked' } : null);
        if (why) {
          cause = { ...why, ingredient: f.name };
          break;
        }
      }
      cause ??= rules.dislikedDishes.has(dish.id) ? { code: 'disliked' } : rules.avoid.has(dish.id) ? { code: 'neighbour' } : null;
      if (cause) {
        excluded.push({ dishId: dish.id, name: dish.name, reason: reasonText(cause), cause });
        continue;
      }
      const n = dish.perServing.nutrients;
      result.push({
        id: dish.id,
        name: dish.name,
        perPortion: { energyKcal: n.energyKcal ?? 0, proteinG: n.proteinG ?? 0, fatG: n.fatG ?? 0, carbsG: n.carbohydrateG ?? 0 },
        portionGrams: dish.perServing.grams,
        meals: dish.meals,
      });
    }
    return { dishes: result, excluded };
  }

  return {
    async exchanges(scope: Scope, input: SolveExchangesRequest): Promise<SolveExchangesResponse> {
      const file = input.countryCode ? exchangeGroupsFor(input.countryCode) : (exchangeGroupsFor(await countryOf(scope)) ?? exchangeGroupsFor('AR'));
      if (!file) {
        const message = 'No hay grupos de intercambio para ese país.';
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'countryCode', message }]);
      }
      return solveExchanges(input, file.groups);
    },

    async formulaDay(scope: Scope, input: SolveFormulaDayRequest): Promise<SolveFormulaDayResponse> {
      input.items.forEach((item, i) => {
        if ((item.foodId === undefined) === (item.dishId === undefined)) {
          const message = 'Cada línea lleva un alimento o un plato.';
          throw new AppError('VALIDATION_ERROR', message, [{ path: `items.${i}`, message }]);
        }
      });
      const foodIds = [...new Set(input.items.flatMap((i) => (i.foodId ? [i.foodId] : [])))];
      const foods = foodIds.length
        ? await db
            .selectFrom('foods')
            .select(['id', 'nutrients'])
            .where('id', 'in', foodIds)
            .where((eb) => eb.or([eb('nutritionist_id', 'is', null), eb('nutritionist_id', '=', scope.nutritionistId)]))
            .execute()
        : [];
      const foodMap = new Map(foods.map((f) => [f.id, JSON.parse(f.nutrients) as NutrientInput]));
      const measureRows = foodIds.length ? await db.selectFrom('food_measures').selectAll().where('food_id', 'in', foodIds).orderBy('position').execute() : [];
      const measures = new Map<string, { description: string; gramWeight: number; amount: number }[]>();
      for (const m of measureRows) {
        const list = measures.get(m.food_id) ?? [];
        list.push({ description: m.description, gramWeight: Number(m.gram_weight), amount: Number(m.amount) || 1 });
        measures.set(m.food_id, list);
      }
      const lines: ResolvedLine[] = [];
      for (const [i, item] of input.items.entries()) {
        const notFound = () => new AppError('NOT_FOUND', 'No encontramos ese alimento o plato.', [{ path: `items.${i}`, message: 'No existe o no es tuyo.' }]);
        if (item.foodId) {
          const nutrients = foodMap.get(item.foodId);
          if (!nutrients) throw notFound();
          const per100 = scaleNutrients(nutrients, 100).values;
          const list = measures.get(item.foodId) ?? [];
          const household = (grams: number) => householdAmount(grams, list)?.text ?? null;
          const fit = householdAmount(item.grams, list);
          const stepGrams = fit && COUNTED.test(fit.text) && fit.grams / fit.count / 2 >= GRAM_STEP ? fit.grams / fit.count / 2 : GRAM_STEP;
          lines.push({
            item,
            perGram: { energyKcal: per100.energyKcal / 100, proteinG: per100.proteinG / 100, fatG: per100.fatG / 100, carbsG: per100.carbohydrateG / 100 },
            stepGrams,
            household,
          });
        } else {
          let dish;
          try {
            dish = await dishes.get(scope, item.dishId!);
          } catch (error) {
            if (error instanceof AppError && error.code === 'NOT_FOUND') throw notFound();
            throw error;
          }
          const g = dish.totals.grams;
          const n = dish.totals.nutrients;
          const per = (v: number | undefined) => (g > 0 ? (v ?? 0) / g : 0);
          const servingGrams = dish.perServing.grams;
          lines.push({
            item,
            perGram: { energyKcal: per(n.energyKcal), proteinG: per(n.proteinG), fatG: per(n.fatG), carbsG: per(n.carbohydrateG) },
            stepGrams: GRAM_STEP,
            household: (grams) => {
              if (!(servingGrams > 0) || !(grams > 0)) return null;
              const count = Math.round((grams / servingGrams) * 4) / 4;
              return count > 0 && Math.abs(count * servingGrams - grams) / grams <= 0.15 ? measureAmountText(count, 'porción') : null;
            },
          });
        }
      }
      return solveFormulaDay(input.targetEnergyKcal, input.macros, lines);
    },

    /**
     * "Proponer un día": candidates are the foods and dishes she picked, or else the Argentine layer and her
     * own foods; with `favourites`, her starred foods and dishes come first. The patient's allergies and
     * intolerances (a dish's through its ingredients), her disliked foods and dishes and (unless she allows
     * repeats) the neighbouring days' are left out and listed with the reason.
     */
    async proposeDay(scope: Scope, input: ProposeDayRequest): Promise<ProposeDayResponse> {
      const starred = async (kind: 'food' | 'dish') =>
        input.favourites
          ? (await db.selectFrom('favourites').select('item_id').where('nutritionist_id', '=', scope.nutritionistId).where('kind', '=', kind).execute()).map((r) => r.item_id)
          : [];
      const favouriteFoods = new Set(await starred('food'));
      const favouriteDishes = await starred('dish');
      if (input.favourites && favouriteFoods.size === 0 && favouriteDishes.length === 0 && !input.foodIds?.length && !input.dishIds?.length) {
        throw new AppError('INFEASIBLE', 'Todavía no tienes alimentos ni platos favoritos: márcalos con la estrella en Alimentos o en Platos.', { reason: 'no-favourites' });
      }
      const visibleFoods = () =>
        db
          .selectFrom('foods')
          .select(['id', 'name_es', 'name_en', 'group_code', 'nutrients'])
          .where('deactivated', '=', 0)
          .where((eb) => eb.or([eb('nutritionist_id', 'is', null), eb('nutritionist_id', '=', scope.nutritionistId)]));
      let rows;
      if ((input.foodIds?.length || input.onlyPicked) && !input.favourites) {
        rows = input.foodIds?.length ? await visibleFoods().where('id', 'in', input.foodIds).execute() : [];
        if (rows.length < new Set(input.foodIds ?? []).size) {
          throw new AppError('NOT_FOUND', 'No encontramos ese alimento o plato.', [{ path: 'foodIds', message: 'Alguno no existe o no es tuyo.' }]);
        }
      } else {
        // The Argentine layer and her own foods; with favourites, also her starred foods from any list.
        const extra = [...favouriteFoods, ...(input.foodIds ?? [])];
        rows = await visibleFoods()
          .where((eb) => eb.or([eb('source', '=', 'argentina'), eb('nutritionist_id', '=', scope.nutritionistId), ...(extra.length ? [eb('id', 'in', extra)] : [])]))
          .execute();
      }
      const preferred = new Set([...favouriteFoods, ...(input.favourites ? (input.foodIds ?? []) : [])]);
      let allergies: string | null = null;
      let intolerances: string | null = null;
      if (input.patientId) {
        const patient = await db
          .selectFrom('patients')
          .select('id')
          .where('id', '=', input.patientId)
          .where('nutritionist_id', '=', scope.nutritionistId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!patient) throw new AppError('NOT_FOUND', 'No encontramos ese paciente.', [{ path: 'patientId', message: 'No existe o no es tuyo.' }]);
        const background = await db
          .selectFrom('patient_backgrounds')
          .select(['allergies', 'food_intolerances', 'celiac_disease'])
          .where('patient_id', '=', input.patientId)
          .where('nutritionist_id', '=', scope.nutritionistId)
          .executeTakeFirst();
        allergies = background?.allergies ?? null;
        // Celiac disease ticked in the record counts as a gluten intolerance even when not written out.
        intolerances = [background?.food_intolerances, background?.celiac_disease ? 'celiaquía' : null].filter(Boolean).join(', ') || null;
      }
      const disliked = new Set(input.dislikedFoodIds ?? []);
      const avoid = new Set(input.allowRepeats ? [] : (input.avoidFoodIds ?? []));
      const reasonOf = allergyExclusions(allergies, intolerances);
      const excluded: ProposeDayResponse['excluded'] = [];
      const kept = [];
      for (const row of rows) {
        const name = row.name_es ?? row.name_en ?? '';
        const cause: ProposeDayExclusionCause | null = reasonOf(name, row.group_code) ?? (disliked.has(row.id) ? { code: 'disliked' } : avoid.has(row.id) ? { code: 'neighbour' } : null);
        if (cause) excluded.push({ foodId: row.id, name, reason: reasonText(cause), cause });
        else kept.push(row);
      }
      const ids = kept.map((r) => r.id);
      const measureRows = ids.length ? await db.selectFrom('food_measures').selectAll().where('food_id', 'in', ids).orderBy('position').execute() : [];
      const measures = new Map<string, { description: string; gramWeight: number; amount: number }[]>();
      for (const m of measureRows) measures.set(m.food_id, [...(measures.get(m.food_id) ?? []), { description: m.description, gramWeight: Number(m.gram_weight), amount: Number(m.amount) || 1 }]);
      const candidates: CandidateFood[] = kept.map((row) => {
        const per100 = scaleNutrients(JSON.parse(row.nutrients) as NutrientInput, 100).values;
        const list = measures.get(row.id) ?? [];
        return {
          id: row.id,
          name: row.name_es ?? row.name_en ?? '',
          group: row.group_code,
          perGram: { energyKcal: per100.energyKcal / 100, proteinG: per100.proteinG / 100, fatG: per100.fatG / 100, carbsG: per100.carbohydrateG / 100 },
          household: (grams: number) => householdAmount(grams, list)?.text ?? null,
          ...(preferred.has(row.id) && { favourite: true }),
        };
      });
      const { dishes: dishCandidates, excluded: excludedDishes } = await candidateDishes(scope, [...new Set([...favouriteDishes, ...(input.dishIds ?? [])])], {
        reasonOf,
        disliked,
        dislikedDishes: new Set(input.dislikedDishIds ?? []),
        avoid: new Set(input.allowRepeats ? [] : (input.avoidDishIds ?? [])),
        strict: !input.favourites,
      });
      const day = await proposeDay(
        { targetEnergyKcal: input.targetEnergyKcal, macros: input.macros, slots: input.slots, day: input.day ?? 1, ...(input.distribution && { distribution: input.distribution }), ...(input.favourites && { preferFavourites: true }) },
        candidates,
        dishCandidates,
      );
      const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name, 'es'));
      return { ...day, excluded: byName(excluded), excludedDishes: byName(excludedDishes) };
    },
  };
}
export type PlanSolverService = ReturnType<typeof createPlanSolverService>;
