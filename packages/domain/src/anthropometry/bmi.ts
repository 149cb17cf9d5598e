/**
 * Body mass index and its adult weight-status category.
 *
 * Sources:
 * - Definition and cut-offs: World Health Organization. Obesity: preventing and
 *   managing the global epidemic. Report of a WHO Consultation. WHO Technical
 *   Report Series 894. Geneva: WHO; 2000 (Table 2.1: underweight < 18.5,
 *   normal 18.5–24.99, pre-obese 25–29.99, obese class I 30–34.99,
 *   class II 35–39.99, class III ≥ 40).
 * - Imperial factor 703: Centers for Disease Control and Prevention, "About
 *   Adult BMI" / "Adult BMI Calculator" (formula and worked examples).
 */
import { assertPositive, roundAsDisplayed } from './common.js';

export const BMI_CATEGORIES = [
  'underweight',
  'normal',
  'overweight',
  'obesity1',
  'obesity2',
  'obesity3',
] as const;

export type BmiCategory = (typeof BMI_CATEGORIES)[number];

/** Labels shown to the practitioner, as worded in the Almendra spec. */
export const BMI_CATEGORY_LABELS_ES: Readonly<Record<BmiCategory, string>> = {
  underweight: 'Bajo peso',
  normal: 'Normal',
  overweight: 'Sobrepeso',
  obesity1: 'Obesidad 1°',
  obesity2: 'Obesidad 2°',
  obesity3: 'Obesidad 3°',
};

/**
 * Lower bound (inclusive) of each category, in kg/m². WHO (2000) TRS 894,
 * Table 2.1. Comparisons are on the BMI as displayed (one decimal,
 * BMI_DISPLAY_DECIMALS): 24.97 is shown as "25,0" and is therefore overweight,
 * never "25,0 Normal"; 39.96 is shown as "40,0" and is obesity class 3.
 */
export const BMI_CATEGORY_LOWER_BOUNDS: Readonly<Record<BmiCategory, number>> = {
  underweight: Number.NEGATIVE_INFINITY,
  normal: 18.5,
  overweight: 25,
  obesity1: 30,
  obesity2: 35,
  obesity3: 40,
};

/**
 * CDC's rounded conversion constant for lb/in² → kg/m². The exact value is
 * 0.45359237 / 0.0254² ≈ 703.0696; the spec asks for the clinical convention,
 * which differs from the metric result by < 0.01 %.
 */
export const POUNDS_INCHES_BMI_FACTOR = 703;

/** BMI is shown with one decimal everywhere (screen, PDF, email); its category follows that figure. */
export const BMI_DISPLAY_DECIMALS = 1;

/** BMI = weight (kg) / height (m)². WHO (2000) TRS 894. */
export function bmiMetric(weightKg: number, heightCm: number): number {
  assertPositive('weightKg', weightKg);
  assertPositive('heightCm', heightCm);
  const heightM = heightCm / 100;
  return weightKg / (heightM * heightM);
}

/** BMI = 703 · weight (lb) / height (in)². CDC, "About Adult BMI". */
export function bmiImperial(weightLb: number, heightIn: number): number {
  assertPositive('weightLb', weightLb);
  assertPositive('heightIn', heightIn);
  return (POUNDS_INCHES_BMI_FACTOR * weightLb) / (heightIn * heightIn);
}

/** Adult category per WHO (2000) TRS 894 Table 2.1, of the BMI as displayed (one decimal). */
export function classifyBmi(unroundedBmi: number): BmiCategory {
  assertPositive('bmi', unroundedBmi);
  const bmi = roundAsDisplayed(unroundedBmi, BMI_DISPLAY_DECIMALS);
  if (bmi < BMI_CATEGORY_LOWER_BOUNDS.normal) return 'underweight';
  if (bmi < BMI_CATEGORY_LOWER_BOUNDS.overweight) return 'normal';
  if (bmi < BMI_CATEGORY_LOWER_BOUNDS.obesity1) return 'overweight';
  if (bmi < BMI_CATEGORY_LOWER_BOUNDS.obesity2) return 'obesity1';
  if (bmi < BMI_CATEGORY_LOWER_BOUNDS.obesity3) return 'obesity2';
  return 'obesity3';
}
