// The two plan solvers behind the API: reads what they need (the practice's exchange groups, the foods and
// dishes of a day, tenant-scoped) and hands plain numbers to the models.
import type { Kysely } from 'kysely';
import type { SolveExchangesRequest, SolveExchangesResponse, SolveFormulaDayRequest, SolveFormulaDayResponse } from '@almendra/contracts';
import { householdAmount, measureAmountText, scaleNutrients, type NutrientInput } from '@almendra/domain';
import type { DB } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import type { DishesService } from '../../dishes/dishes.service.js';
import { exchangeGroupsFor } from '../exchange-groups.js';
import { solveExchanges } from './exchange-distribution.js';
import { solveFormulaDay, type ResolvedLine } from './formula-day.js';

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
  };
}
export type PlanSolverService = ReturnType<typeof createPlanSolverService>;
