// The dish page's yield line agrees with its number: "1 porción", "1,5 porciones", "2 porciones" (the
// page said "1 porciones"). i18next picks the form from `count` with the language's plural rules.
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';

const line = (lng: string, servings: number, shown: string) =>
  i18n.getFixedT(lng, 'foods')('dishes.servingsAndWeight', { count: servings, servings: shown, grams: '250' });

describe('dishes.servingsAndWeight', () => {
  it('is singular for one serving and plural otherwise, in es, es-AR and en', () => {
    for (const lng of ['es', 'es-AR']) {
      expect(line(lng, 1, '1')).toBe('1 porción · 250 g en total');
      expect(line(lng, 1.5, '1,5')).toBe('1,5 porciones · 250 g en total');
      expect(line(lng, 4, '4')).toBe('4 porciones · 250 g en total');
    }
    expect(line('en', 1, '1')).toBe('1 serving · 250 g in total');
    expect(line('en', 2, '2')).toBe('2 servings · 250 g in total');
  });
});
