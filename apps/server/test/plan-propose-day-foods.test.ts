// "Proponer un día" picks foods the way Argentines eat them (issue 28): composed from the whole Argentine
// food layer for a week of days and a few targets, no proposal has dry raw legumes or raw rice, a raw
// potato as the vegetables, an egg or butter as the dairy of a breakfast or as a snack, olives or lemon as
// a fruit, cold cuts as a lunch's protein food, or parsley by the 100 g; and each meal keeps its shape
// (dairy and bread at breakfast, a protein food, a starch and vegetables at lunch and dinner).
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolesOf } from '../src/modules/plans/solver/food-roles.js';
import { proposeDay, type CandidateFood } from '../src/modules/plans/solver/propose-day.js';
import { warmUpPlanSolver } from '../src/modules/plans/solver/warm-up.js';

interface LayerFood { slug: string; nameEs: string; group: string; nutrients: { energyKcal: number; proteinG: number; fatG: number; carbohydrateG: number } }
const layer = JSON.parse(fs.readFileSync(new URL('../../../data/foods/argentina/argentina-es-AR.json', import.meta.url), 'utf8')) as { foods: LayerFood[] };
const foods: CandidateFood[] = layer.foods.map((f) => ({
  id: f.slug,
  name: f.nameEs,
  group: f.group,
  perGram: { energyKcal: f.nutrients.energyKcal / 100, proteinG: f.nutrients.proteinG / 100, fatG: f.nutrients.fatG / 100, carbsG: f.nutrients.carbohydrateG / 100 },
  household: () => null,
}));
const byName = (re: RegExp) => layer.foods.filter((f) => re.test(f.nameEs)).map((f) => f.nameEs);

/** What a person would never be served as it is, or not in that meal. */
const NEVER = /secas?, crud|Arroz (blanco|integral), crudo|Fideos secos \(spaghetti\), crudos|Harina|Polenta.*cruda|Pan rallado|Tapa de|Aceitunas|Limón|Perejil|Ajo|Papa, con cáscara, cruda|Batata, cruda|Mandioca, cruda|Choclo amarillo, crudo|Clara|Yema|Salame|Chorizo|Mortadela|Salchicha|Grasa de cerdo|Margarina/;
const EGG_OR_FAT = /Huevo|Manteca|Crema de leche/;

// As the server does when it starts listening: HiGHS loaded and compiled before the first proposal.
beforeAll(() => warmUpPlanSolver(), 60_000);

describe('Proponer un día, foods as Argentines eat them', () => {
  it('reads each food of the Argentine layer for what it is in a meal', () => {
    const roles = (name: string) => [...rolesOf(name, layer.foods.find((f) => f.nameEs === name)!.group)].sort();
    expect(roles('Lentejas, secas, crudas')).toEqual([]);
    expect(roles('Lentejas, hervidas')).toEqual(['protein', 'starch']);
    expect(roles('Garbanzos, secos, crudos')).toEqual([]);
    expect(roles('Huevo duro')).toEqual(['protein']);
    expect(roles('Huevo entero, crudo')).toEqual(['protein']);
    expect(roles('Clara de huevo, cruda')).toEqual([]);
    expect(roles('Leche descremada')).toEqual(['dairy', 'snack']);
    expect(roles('Queso fresco')).toEqual(['dairy']);
    expect(roles('Queso crema (untable)')).toEqual(['spread']);
    expect(roles('Manteca, con sal')).toEqual(['spread']);
    expect(roles('Crema de leche')).toEqual([]);
    expect(roles('Maní tostado, sin sal')).toEqual(['snack']);
    expect(roles('Papa, con cáscara, cruda')).toEqual([]);
    expect(roles('Papa hervida, sin cáscara')).toEqual(['starch']);
    expect(roles('Tomate, crudo')).toEqual(['vegetables']);
    expect(roles('Acelga, cruda')).toEqual([]);
    expect(roles('Acelga, hervida')).toEqual(['vegetables']);
    expect(roles('Perejil, fresco')).toEqual([]);
    expect(roles('Arroz blanco, crudo')).toEqual([]);
    expect(roles('Arroz blanco, hervido')).toEqual(['starch']);
    expect(roles('Fideos secos, hervidos')).toEqual(['starch']);
    expect(roles('Aceitunas verdes')).toEqual([]);
    expect(roles('Banana, cruda')).toEqual(['fruit', 'snack']);
    expect(roles('Salame')).toEqual([]);
    expect(roles('Bife de chorizo, crudo')).toEqual(['protein']);
    expect(roles('Pan rallado')).toEqual([]);
    expect(roles('Pan francés')).toEqual(['bread']);
    expect(roles('Aceite de girasol')).toEqual(['oil']);
    expect(roles('Mayonesa')).toEqual([]);
    expect(byName(NEVER).length).toBeGreaterThan(20);
  });

  it('composes a week of days from the whole layer with sensible foods in every meal', { timeout: 120_000 }, async () => {
    const targets = [
      { targetEnergyKcal: 1800, macros: { proteinPct: 20, fatPct: 30, carbsPct: 50 } },
      { targetEnergyKcal: 2200, macros: { proteinPct: 18, fatPct: 32, carbsPct: 50 } },
    ];
    const nameOf = new Map(foods.map((f) => [f.id, f.name]));
    let proposals = 0;
    for (const target of targets) {
      for (let day = 1; day <= 7; day += 1) {
        const answer = await proposeDay({ ...target, slots: [1, 2, 3, 4, 5, 6], day }, foods);
        proposals += 1;
        for (const item of answer.items) {
          const name = nameOf.get(item.foodId)!;
          expect(name, `día ${day}, comida ${item.slot}`).not.toMatch(NEVER);
          if ([1, 2, 4, 5].includes(item.slot)) expect(name, `día ${day}, comida ${item.slot}`).not.toMatch(EGG_OR_FAT);
        }
        for (const slot of [3, 6]) {
          const meal = answer.items.filter((i) => i.slot === slot).map((i) => rolesOf(nameOf.get(i.foodId)!, foods.find((f) => f.id === i.foodId)!.group));
          expect(meal.some((r) => r.has('protein')), `día ${day}: ${slot} sin proteico`).toBe(true);
          expect(meal.some((r) => r.has('vegetables')), `día ${day}: ${slot} sin vegetales`).toBe(true);
        }
      }
    }
    expect(proposals).toBe(14);
  });

  it('from favourites, her starred dish is the main course of a lunch or dinner on every day of the week', { timeout: 120_000 }, async () => {
    // A guiso of the layer's foods, 4 portions (e2e/tests/plan-propose-day.spec.ts stars the same one), and
    // a banana: everything else the layer fills in.
    const per = (slug: string, grams: number) => {
      const f = foods.find((x) => x.id === slug)!.perGram;
      return { energyKcal: f.energyKcal * grams, proteinG: f.proteinG * grams, fatG: f.fatG * grams, carbsG: f.carbsG * grams };
    };
    const parts = [per('lenteja-hervida', 600), per('arroz-blanco-hervido', 400), per('papa-hervida', 300), per('aceite-oliva', 20)];
    const sum = (k: 'energyKcal' | 'proteinG' | 'fatG' | 'carbsG') => parts.reduce((a, p) => a + p[k], 0) / 4;
    const guiso = { id: 'guiso', name: 'Guiso de lentejas con arroz', perPortion: { energyKcal: sum('energyKcal'), proteinG: sum('proteinG'), fatG: sum('fatG'), carbsG: sum('carbsG') }, portionGrams: 330, meals: [3, 6] };
    const starred = foods.map((f) => (f.id === 'banana' ? { ...f, favourite: true } : f));
    for (let day = 1; day <= 7; day += 1) {
      const answer = await proposeDay({ targetEnergyKcal: 1800, macros: { proteinPct: 20, fatPct: 30, carbsPct: 50 }, slots: [1, 3, 4, 6], day, preferFavourites: true }, starred, [guiso]);
      expect(answer.dishes.map((d) => d.dishId), `día ${day}`).toEqual(['guiso']);
      expect([3, 6]).toContain(answer.dishes[0]!.slot);
      expect(Math.abs(answer.deviation.energyPct)).toBeLessThanOrEqual(3);
    }
  });
});
