// A category always agrees with the number printed beside it: a BMI shown as "40,0" is obesity class 3
// and one shown as "25,0" is never "Normal" (both used to be classed from the unrounded value). The
// consultation header names the patient type instead of "Tipo 14".
import { expect, test } from '@playwright/test';
import { apiCall, expectAccessible, register, screenshot } from './support.js';

test('the BMI category follows the BMI as shown, at 40,0 and at 25,0; the header names the patient type', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('almendra.firstPatientTour', 'done'));
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
