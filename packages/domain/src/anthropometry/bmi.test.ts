import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BMI_CATEGORIES,
  BMI_CATEGORY_LABELS_ES,
  bmiImperial,
  bmiMetric,
  classifyBmi,
  type BmiCategory,
} from './bmi.js';

const weight = fc.double({ min: 2, max: 400, noNaN: true });
const height = fc.double({ min: 40, max: 250, noNaN: true });

describe('bmiMetric / bmiImperial', () => {
  // CDC, "About Adult BMI" (How is BMI calculated?): 68 kg, 165 cm → 24.98.
  it('reproduces the CDC metric example (68 kg, 1.65 m → 24.98)', () => {
    expect(bmiMetric(68, 165)).toBeCloseTo(24.98, 2);
  });

  // CDC, same page: 150 lb, 5'5" (65 in) → [150 ÷ 65²] × 703 = 24.96.
  it('reproduces the CDC imperial example (150 lb, 65 in → 24.96)', () => {
    expect(bmiImperial(150, 65)).toBeCloseTo(24.96, 2);
  });

  it('rejects zero, negative and non-finite inputs', () => {
    expect(() => bmiMetric(0, 170)).toThrow(RangeError);
    expect(() => bmiMetric(70, -1)).toThrow(RangeError);
    expect(() => bmiMetric(Number.NaN, 170)).toThrow(RangeError);
    expect(() => bmiImperial(150, 0)).toThrow(RangeError);
  });

  it('property: increases with weight and decreases with height', () => {
    fc.assert(
      fc.property(weight, height, fc.double({ min: 0.1, max: 50, noNaN: true }), (w, h, d) => {
        expect(bmiMetric(w + d, h)).toBeGreaterThan(bmiMetric(w, h));
        expect(bmiMetric(w, h + d)).toBeLessThan(bmiMetric(w, h));
      }),
    );
  });

  it('property: imperial with factor 703 agrees with metric within 0.01 %', () => {
    fc.assert(
      fc.property(weight, height, (kg, cm) => {
        const lb = kg / 0.45359237;
        const inches = cm / 2.54;
        const relative = Math.abs(bmiImperial(lb, inches) - bmiMetric(kg, cm)) / bmiMetric(kg, cm);
        expect(relative).toBeLessThan(1e-4);
      }),
    );
  });
});

describe('classifyBmi (WHO 2000 TRS 894, Table 2.1), on the BMI as displayed', () => {
  it.each<[number, BmiCategory]>([
    [18.44, 'underweight'], // shown "18,4"
    [18.46, 'normal'], // shown "18,5"
    [24.94, 'normal'], // shown "24,9"
    [24.96, 'overweight'], // shown "25,0": never "25,0 Normal"
    [24.97, 'overweight'],
    [25, 'overweight'],
    [29.94, 'overweight'],
    [29.96, 'obesity1'],
    [34.94, 'obesity1'],
    [35, 'obesity2'],
    [39.94, 'obesity2'],
    [39.96, 'obesity3'], // shown "40,0": class 3, as the number says
    [40, 'obesity3'],
    [65, 'obesity3'],
  ])('BMI %s → %s', (bmi, category) => {
    expect(classifyBmi(bmi)).toBe(category);
  });

  it('classes the CDC example (68 kg, 165 cm = 24.977, shown "25,0") as overweight, like its displayed figure', () => {
    expect(classifyBmi(bmiMetric(68, 165))).toBe('overweight');
  });

  it('the category always equals the category of the figure the screen shows (es-AR, one decimal)', () => {
    const shown = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    fc.assert(
      fc.property(fc.double({ min: 10, max: 80, noNaN: true }), (bmi) => {
        const displayed = Number(shown.format(bmi).replace(/\./g, '').replace(',', '.'));
        expect(classifyBmi(bmi)).toBe(classifyBmi(displayed));
      }),
      { numRuns: 5000 },
    );
  });

  it('maps every code to the Spanish label of the spec', () => {
    expect(BMI_CATEGORY_LABELS_ES).toEqual({
      underweight: 'Bajo peso',
      normal: 'Normal',
      overweight: 'Sobrepeso',
      obesity1: 'Obesidad 1°',
      obesity2: 'Obesidad 2°',
      obesity3: 'Obesidad 3°',
    });
    expect(Object.keys(BMI_CATEGORY_LABELS_ES).sort()).toEqual([...BMI_CATEGORIES].sort());
  });

  it('property: category order follows BMI order', () => {
    fc.assert(
      fc.property(fc.double({ min: 5, max: 90, noNaN: true }), fc.double({ min: 5, max: 90, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(BMI_CATEGORIES.indexOf(classifyBmi(lo))).toBeLessThanOrEqual(BMI_CATEGORIES.indexOf(classifyBmi(hi)));
      }),
    );
  });
});
