// A category always agrees with the number printed beside it: a BMI shown as "40,0" is obesity class 3
// and one shown as "25,0" is never "Normal" (both used to be classed from the unrounded value). The
// consultation header names the patient type instead of "Tipo 14".
import { expect, test } from '@playwright/test';
import { apiCall, expectAccessible, register, screenshot } from './support.js';

test('the BMI category follows the BMI as shown, at 40,0 and at 25,0; the header names the patient type', async ({ page }) => {
  await register(page);
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Elena', lastName: 'Sosa', sex: 'f', birthDate: '1980-04-02' });
  await page.goto(`/nueva-consulta?paciente=${patient.id}`);
  await expect(page.getByTestId('patient-line')).toContainText('Genérico');
  await expect(page.getByTestId('patient-line')).not.toContainText('Tipo 14');

  const bmiRow = page.locator('[data-derived="bmi"]');
  // 99,9 kg / 158,1 cm = 39,967 → shown "40,0": obesity class 3, not class 2.
  await page.getByLabel('Talla (cm)', { exact: true }).fill('158,1');
  await page.getByLabel('Peso (kg)', { exact: true }).fill('99,9');
  await expect(bmiRow.locator('[data-value]')).toHaveText('40,0 kg/m²');
  await expect(bmiRow.locator('[data-category]')).toHaveText('Obesidad 3°');
  await screenshot(page, 'classification-01-bmi-40');

  // 68 kg / 165 cm = 24,977 → shown "25,0": overweight, never "25,0 Normal".
  await page.getByLabel('Talla (cm)', { exact: true }).fill('165');
  await page.getByLabel('Peso (kg)', { exact: true }).fill('68');
  await expect(bmiRow.locator('[data-value]')).toHaveText('25,0 kg/m²');
  await expect(bmiRow.locator('[data-category]')).toHaveText('Sobrepeso');
  await expectAccessible(page);
});

// Heath-Carter: each component appears as soon as its own inputs are typed (it used to be all or nothing:
// a visit without bone breadths showed no endomorphy or ectomorphy at all).
test('each Heath-Carter component shows as soon as its own measurements are typed', async ({ page }) => {
  await register(page);
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Julia', lastName: 'Paz', sex: 'f', birthDate: '1990-06-15' });
  await page.goto(`/nueva-consulta?paciente=${patient.id}`);
  const somatotype = page.locator('[data-derived="somatotype"] [data-value]');

  // Height and weight: ectomorphy only. HWR = 165 / ∛58 = 42,626 → 0,732·HWR − 28,58 = 2,62 (Carter 2002).
  await page.getByLabel('Talla (cm)', { exact: true }).fill('165');
  await page.getByLabel('Peso (kg)', { exact: true }).fill('58');
  await expect(somatotype).toHaveText('— – — – 2,6');

  // The three skinfolds of endomorphy: Σ = 12 + 10 + 8 = 30 mm, X = 30·170,18/165 = 30,942,
  // endo = −0,7182 + 0,1451X − 0,00068X² + 0,0000014X³ = 3,16; mesomorphy still needs breadths and girths.
  await page.getByLabel('Tricipital', { exact: true }).fill('12');
  await page.getByLabel('Subescapular', { exact: true }).fill('10');
  await page.getByLabel('Supraespinal', { exact: true }).fill('8');
  await expect(somatotype).toHaveText('3,2 – — – 2,6');
  await screenshot(page, 'classification-02-partial-somatotype');
  await expectAccessible(page);
});
