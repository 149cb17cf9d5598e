// "Proponer un día" words why a food or dish was left out, and why there is no day, in the interface's
// language from the answer's codes: an English interface never shows the server's Spanish reasons.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { exclusionText, proposeProblemText } from './propose-day-text';

const fixed = (lng: string) => i18n.getFixedT(lng, 'plans');
const meal = (slot: number) => (slot === 1 ? 'Desayuno' : 'Cena');

describe('exclusionText', () => {
  it('words each cause in es, es-AR and en, a dish with the ingredient it is about', () => {
    for (const lng of ['es', 'es-AR']) {
      const t = fixed(lng);
      expect(exclusionText(t, { code: 'allergy', term: 'Huevo' })).toBe('alergia: Huevo');
      expect(exclusionText(t, { code: 'intolerance', term: 'lactosa' })).toBe('intolerancia: lactosa');
      expect(exclusionText(t, { code: 'disliked' })).toBe('no le gusta');
      expect(exclusionText(t, { code: 'neighbour' })).toBe('ya está en un día vecino');
      expect(exclusionText(t, { code: 'allergy', term: 'huevo', ingredient: 'Huevo de gallina' })).toBe('alergia: huevo (lleva Huevo de gallina)');
    }
    const en = fixed('en');
    expect(exclusionText(en, { code: 'allergy', term: 'Huevo' })).toBe('allergy: Huevo');
    expect(exclusionText(en, { code: 'intolerance', term: 'celiaquía' })).toBe('intolerance: celiaquía');
    expect(exclusionText(en, { code: 'disliked' })).toBe('disliked');
    expect(exclusionText(en, { code: 'neighbour' })).toBe('already on a neighbouring day');
    expect(exclusionText(en, { code: 'disliked', ingredient: 'Banana' })).toBe('disliked (contains Banana)');
  });
});

describe('proposeProblemText', () => {
  const infeasible = (details: unknown) => new ApiError(422, 'INFEASIBLE', 'Texto del servidor.', details);

  it('words the reason codes; es-AR in voseo', () => {
    const noMeal = infeasible({ reason: 'no-candidates', slot: 1 });
    expect(proposeProblemText(fixed('en'), 'en', noMeal, meal)).toBe('There are no foods for “Desayuno” with these filters: add foods of its groups or remove exclusions.');
    expect(proposeProblemText(fixed('es'), 'es', noMeal, meal)).toMatch(/^No hay alimentos para «Desayuno» con estos filtros: agrega/);
    expect(proposeProblemText(fixed('es-AR'), 'es-AR', noMeal, meal)).toMatch(/agregá alimentos de sus grupos o quitá exclusiones\.$/);
    expect(proposeProblemText(fixed('en'), 'en', infeasible({ reason: 'no-favourites' }), meal)).toMatch(/^You have no favourite foods or dishes yet/);
    expect(proposeProblemText(fixed('es-AR'), 'es-AR', infeasible({ reason: 'no-favourites' }), meal)).toMatch(/^Todavía no tenés/);
    for (const reason of ['rounding', 'time-limit', 'portions']) expect(proposeProblemText(fixed('en'), 'en', infeasible({ reason }), meal)).toMatch(/^[A-Z][a-z ]+/);
  });

  it('words a target it cannot reach, the limit that stopped it and the closest totals', () => {
    const error = infeasible({
      reason: 'targets',
      violations: [{ target: 'protein', bound: 28, closest: 21.4 }],
      limits: [{ target: 'fat', bound: 27, side: 'max' }],
      closest: { energyKcal: 1795.6, proteinPct: 21.4, fatPct: 27, carbsPct: 51.6 },
    });
    expect(proposeProblemText(fixed('en'), 'en', error, meal)).toBe(
      'With these foods in usual portions the day cannot reach 28 % protein without exceeding 27 % fat. Closest possible: 1,796 kcal, 21.4 % protein, 27 % fat and 51.6 % carbohydrate.',
    );
    expect(proposeProblemText(fixed('es'), 'es', error, meal)).toBe(
      'Con estos alimentos en porciones usuales no se puede llegar a 28 % de proteínas sin superar 27 % de grasas. Lo más cerca posible: 1.796 kcal, 21,4 % de proteínas, 27 % de grasas y 51,6 % de carbohidratos.',
    );
  });

  it('leaves any other error to the server message', () => {
    expect(proposeProblemText(fixed('en'), 'en', infeasible({ reason: 'something-new' }), meal)).toBeNull();
    expect(proposeProblemText(fixed('en'), 'en', new ApiError(400, 'VALIDATION_ERROR', 'Las macros deben sumar 100 %.', []), meal)).toBeNull();
    expect(proposeProblemText(fixed('en'), 'en', new Error('network'), meal)).toBeNull();
  });
});
