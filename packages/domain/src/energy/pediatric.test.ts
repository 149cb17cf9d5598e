// IOM 2005 estimated energy requirement for children and adolescents (Dietary Reference Intakes for
// Energy…, chapter 5). Worked examples computed by hand from the published equations.
import { describe, expect, it } from 'vitest';
import { activityLevelOfPal, iomEstimatedEnergyRequirement } from './pediatric.js';

describe('iomEstimatedEnergyRequirement', () => {
  it('boy of 10 years, 32 kg, 140 cm, low active: 88.5 − 61.9·10 + 1.13·(26.7·32 + 903·1.40) + 25 = 1888.5 kcal', () => {
    // 26.7·32 = 854.4; 903·1.40 = 1264.2; 1.13 · 2118.6 = 2394.018; 88.5 − 619 + 2394.018 + 25 = 1888.518
    expect(iomEstimatedEnergyRequirement({ sex: 'm', ageMonths: 120, weightKg: 32, heightCm: 140, activityLevel: 'lowActive' })).toBeCloseTo(1888.518, 6);
  });
  it('girl of 4 years, 16 kg, 102 cm, active: 135.3 − 30.8·4 + 1.31·(10·16 + 934·1.02) + 20 = 1489.4 kcal', () => {
    // 934·1.02 = 952.68; + 160 = 1112.68; · 1.31 = 1457.6108; 135.3 − 123.2 + 1457.6108 + 20 = 1489.7108
    expect(iomEstimatedEnergyRequirement({ sex: 'f', ageMonths: 48, weightKg: 16, heightCm: 102, activityLevel: 'active' })).toBeCloseTo(1489.7108, 6);
  });
  it('infant of 5 months, 7 kg: 89·7 − 100 + 56 = 579 kcal; toddler of 20 months, 11 kg: 89·11 − 100 + 20 = 899 kcal', () => {
    expect(iomEstimatedEnergyRequirement({ sex: 'm', ageMonths: 5, weightKg: 7, activityLevel: 'lowActive' })).toBe(579);
    expect(iomEstimatedEnergyRequirement({ sex: 'f', ageMonths: 20, weightKg: 11, activityLevel: 'lowActive' })).toBe(899);
  });
  it('needs height from 3 years and refuses ages from 19 years', () => {
    expect(() => iomEstimatedEnergyRequirement({ sex: 'm', ageMonths: 40, weightKg: 15, activityLevel: 'active' })).toThrow(RangeError);
    expect(() => iomEstimatedEnergyRequirement({ sex: 'm', ageMonths: 228, weightKg: 60, heightCm: 170, activityLevel: 'active' })).toThrow(RangeError);
  });
});

describe('activityLevelOfPal (IOM PAL ranges)', () => {
  it('1.3 sedentary, 1.55 (the form default) low active, 1.6 active, 1.9 very active', () => {
    expect([1.3, 1.55, 1.6, 1.89, 1.9].map(activityLevelOfPal)).toEqual(['sedentary', 'lowActive', 'active', 'active', 'veryActive']);
  });
});
