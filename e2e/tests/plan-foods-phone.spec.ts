// Foods in a plan the way an Argentine nutritionist writes one on her phone (issue 24): the picker lists
// each food once by its Spanish name, a food that is not in the catalogue ("queso cremoso") is created
// from its label without leaving the plan, changing a line's unit converts its quantity, the editor fits a
// 390 px screen, and the PDF writes counted foods in units, cheese in fetas or grams and drinks in ml.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiCall, expectAccessible, register, screensDir, screenshot } from './support';
import { pdfToText } from './consultations-support';

test('picker, own food from the picker, unit change, phone width and household measures in the PDF', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page);
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Camila', lastName: 'Ibarra', sex: 'f', birthDate: '1992-04-02' });
  const food = (id: string, quantity: number) => ({ kind: 'food', id, quantity, unit: 'g' });
  const plan = await apiCall<{ id: string }>(page, 'POST', '/plans', {
    type: 2,
    title: 'Plan de Camila — diciembre',
    patientId: patient.id,
    content: {
      formula: [
        {
          day: 1,
          meals: [
            { slot: 1, items: [food('ar:leche-entera', 200), food('ar:pan-frances', 60), food('ar:queso-por-salut', 30), food('ar:mate-cebado', 500)] },
            { slot: 4, items: [food('ar:banana', 100)] },
          ],
        },
      ],
    },
  });
  await page.goto(`/detalle-de-plan?id=${plan.id}`);
  // A target makes the five-column macronutrient table appear: it scrolls in its own box, not the page.
  await page.getByLabel('Energía objetivo (opcional)').fill('1926');
  await expect(page.getByTestId('macros-table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The picker: "banana" lists the banana once, by its Spanish name, and no English-only food.
  const picker = page.getByLabel('Agregar alimento a Desayuno', { exact: true }).first();
  await picker.fill('banana');
  await expect(page.getByRole('option', { name: 'Banana, cruda', exact: true })).toHaveCount(1);
  await expect(page.getByRole('option', { name: /Babyfood/ })).toHaveCount(0);
  await picker.fill('');

  // "Queso cremoso" is not in the catalogue: she writes it from the label and it joins the breakfast.
  await picker.fill('queso cremoso');
  await page.getByRole('option', { name: 'Crear alimento propio «queso cremoso»' }).click();
  const dialog = page.getByTestId('quick-food');
  await expect(dialog.getByLabel('Nombre')).toHaveValue('queso cremoso');
  await dialog.getByLabel('Nombre').fill('Queso cremoso');
  await dialog.getByLabel('Energía (kcal)').fill('290');
  await dialog.getByLabel('Proteínas (g)').fill('19,5');
  await dialog.getByLabel('Grasas (g)').fill('23');
  await dialog.getByLabel('Carbohidratos (g)').fill('1');
  await dialog.getByLabel('Medida casera (opcional)').fill('feta');
  await dialog.getByLabel('Gramos de esa medida').fill('25');
  // The dialog as the phone shows it (not the whole page).
  await page.screenshot({ path: path.join(screensDir, 'plan-foods-01-own-food-phone.png') });
  await dialog.getByTestId('quick-food-save').click();
  const breakfast = page.getByTestId('meal-1');
  const row = breakfast.getByRole('row', { name: /Queso cremoso/ });
  await expect(row).toBeVisible();
  await row.getByRole('textbox', { name: /Cantidad de/ }).fill('50');
  await expect(row.getByTestId('household')).toHaveText('≈ 2 fetas');
  await expect(row).toContainText('145');

  // Changing the mate's unit to "termo" converts 500 g into 1 termo, never "500 termos".
  await breakfast.getByLabel(/Unidad de Mate/).click();
  await page.getByRole('option', { name: /^termo/ }).click();
  await expect(breakfast.getByRole('textbox', { name: /Cantidad de Mate/ })).toHaveValue('1');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await breakfast.scrollIntoViewIfNeeded();
  await screenshot(page, 'plan-foods-02-editor-phone');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  const file = path.join(testInfo.outputDir, 'plan-medidas.pdf');
  await (await downloadPromise).saveAs(file);
  const text = pdfToText(file);
  expect(text).toContain('Leche entera: ¾ taza (194 ml)');
  expect(text).toContain('Pan francés: 2 rodajas (60 g)');
  expect(text).toContain('Queso por salut: 1 feta (30 g)');
  expect(text).toContain('Mate: 1 termo (500 ml)');
  expect(text).toContain('Banana: 1 unidad chica (100 g)');
  expect(text).toContain('Queso cremoso: 2 fetas (50 g)');
  expect(text).not.toMatch(/rallado|en puré/);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', file, path.join(screensDir, 'plan-foods-03-pdf')]);
  fs.rmSync(file);
});
