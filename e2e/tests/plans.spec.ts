// Meal plans in the browser: meal slots in Configuración › Comidas, a formula plan for a patient with
// live totals against the consultation's target, copying a day, saving, PDF and email; a simple
// template with search, duplicate and delete; an exchange plan's portions grid.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, lastEmailTo, register, screenshot } from './support';
import { apiSession, pdfToText } from './consultations-support';

async function pickFood(page: Page, meal: string, search: string, option: RegExp) {
  const picker = page.getByLabel(`Agregar alimento a ${meal}`, { exact: true }).first();
  await picker.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test('formula plan for a patient: meal slots, live totals vs target, copy day, save, PDF and email', async ({ page, baseURL }, testInfo) => {
  const account = await register(page);
  const api = await apiSession(baseURL!, account.email, account.password);
  const patient = await api.call<{ id: string }>('POST', '/api/v1/patients', {
    firstName: 'Martín',
    lastName: 'Ruiz',
    sex: 'm',
    birthDate: '1980-11-02',
    email: 'martin.ruiz@e2e.test',
  });
  await api.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
    date: '2026-01-15',
    time: '09:00',
    measurements: { weightKg: 84.2, heightCm: 178 },
  });

  // Configuración › Comidas: rename slot 2, switch Colación off.
  await page.goto('/configuracion?tab=comidas');
  await page.getByRole('textbox', { name: 'Nombre de la comida 2' }).fill('Media mañana');
  await page.getByRole('switch', { name: 'Habilitar Colación' }).click({ force: true });
  await expectAccessible(page);
  await screenshot(page, 'plans-01-meal-slots');
  await page.getByRole('button', { name: 'Guardar comidas' }).click();
  await expect(page.getByText('Comidas guardadas')).toBeVisible();

  // New formula plan for the patient.
  await page.goto('/nuevo-plan');
  await page.getByRole('radio', { name: 'Por fórmula' }).check();
  await page.getByRole('textbox', { name: 'Título' }).fill('Plan semanal de Martín');
  await page.getByLabel('Objetivo', { exact: true }).click();
  await page.getByRole('option', { name: 'Restricción moderada' }).click();
  await page.getByRole('radio', { name: 'Un paciente' }).check();
  await page.getByLabel('Paciente', { exact: true }).fill('Mart');
  await page.getByRole('option', { name: 'Martín Ruiz' }).click();
  await expectAccessible(page);
  await screenshot(page, 'plans-02-new-plan');
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await expect(page).toHaveURL(/\/detalle-de-plan\?id=/);
  await expect(page.getByRole('heading', { name: 'Plan semanal de Martín' })).toBeVisible();
  await expect(page.getByText('Paciente: Martín Ruiz')).toBeVisible();
  // Target: (10×84,2 + 6,25×178 − 5×45 + 5) × 1,55 × 0,85 — the patient is 45 on the test date.
  await expect(page.getByTestId('target-kcal')).toContainText('kcal');
  // The enabled meals only, with the new name.
  await expect(page.getByRole('heading', { name: 'Media mañana' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Colación' })).toHaveCount(0);

  // Whole milk 61 kcal/100 g → 200 g = 122 kcal, updated live as the quantity changes.
  await pickFood(page, 'Desayuno', 'leche entera', /Leche de vaca entera, 3,25/);
  const breakfast = page.getByTestId('meal-1');
  await expect(breakfast.getByTestId('meal-total')).toContainText('61 kcal');
  await breakfast.getByRole('textbox', { name: /Cantidad de Leche/ }).fill('200');
  await expect(breakfast.getByTestId('meal-total')).toContainText('122 kcal');
  await expect(page.getByTestId('day-total')).toContainText('122 kcal');
  await breakfast.getByRole('textbox', { name: /Cantidad de Leche/ }).fill('-3');
  await expect(breakfast.getByText('Cantidad inválida')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await breakfast.getByRole('textbox', { name: /Cantidad de Leche/ }).fill('1,5');
  await breakfast.getByLabel(/Unidad de Leche/).click();
  await page.getByRole('option', { name: /^cup/ }).click();
  // 1,5 cups × 244 g = 366 g → 223,26 kcal.
  await expect(breakfast.getByTestId('meal-total')).toContainText('223 kcal');
  const monday = page.getByTestId('days-table').getByRole('row', { name: /Lunes/ });
  await expect(monday).toContainText('223 kcal');
  await expect(monday.getByTestId('deviation')).toContainText('Por debajo');
  await expect(monday.getByTestId('deviation')).toContainText('−');

  // Copy Monday to Tuesday and Wednesday.
  await page.getByRole('combobox', { name: 'A los días' }).click({ force: true });
  await page.getByRole('option', { name: 'Martes' }).click();
  await page.getByRole('option', { name: 'Miércoles' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(page.getByTestId('days-table').getByRole('row', { name: /Miércoles/ })).toContainText('223 kcal');
  await expect(page.getByTestId('weekly-kcal')).toContainText('223 kcal');
  await expectAccessible(page);
  await screenshot(page, 'plans-03-formula-editor');

  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
  await page.reload();
  // Micronutrient adequacy for a 45-year-old man (IOM RDA calcium 1.000 mg).
  await expect(page.getByTestId('adequacy').getByRole('row', { name: /Calcio \(mg\)/ })).toContainText('1.000 (RDA)');
  await screenshot(page, 'plans-07-adequacy');
  await page.getByRole('tab', { name: 'Martes' }).click();
  await expect(page.getByTestId('meal-1').getByTestId('meal-total')).toContainText('223 kcal');

  // PDF.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  const download = await downloadPromise;
  const file = path.join(testInfo.outputDir, 'plan.pdf');
  await download.saveAs(file);
  const text = pdfToText(file);
  expect(text).toContain('Valeria Gómez');
  expect(text).toContain('Paciente: Martín Ruiz');
  expect(text).toContain('Martes');
  expect(text).toContain('Leche de vaca entera');
  fs.rmSync(file);

  // Email with the PDF attached, and the WhatsApp link.
  await page.getByRole('button', { name: 'Enviar por correo' }).click();
  await expect(page.getByText('Enviamos el PDF a martin.ruiz@e2e.test.')).toBeVisible();
  expect(lastEmailTo('martin.ruiz@e2e.test')?.subject).toContain('Plan semanal de Martín');
  await expect(page.getByRole('link', { name: 'Compartir por WhatsApp' })).toHaveAttribute('href', /wa\.me\/\?text=.*Leche/);

  // Publish removes the draft badge.
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Publicado', { exact: true })).toBeVisible();

  // A dish of the nutritionist, per serving: lentils 200 g in 2 servings → 116 kcal a serving.
  await api.call('POST', '/api/v1/dishes', { name: 'Guiso de lentejas', servings: 2, ingredients: [{ foodId: 'usda:16070', quantity: 200 }] });
  await page.getByRole('tab', { name: 'Martes' }).click();
  await pickFood(page, 'Almuerzo', 'guiso', /Guiso de lentejas/);
  await expect(page.getByTestId('meal-3').getByTestId('meal-total')).toContainText('116 kcal');
  await expect(page.getByTestId('days-table').getByRole('row', { name: /Martes/ })).toContainText('339 kcal');
  await api.dispose();
});

test('templates: a simple template, search, duplicate and delete with confirmation; an exchange plan', async ({ page }) => {
  await register(page);
  await page.goto('/plantillas');
  await expect(page.getByText('Todavía no tienes plantillas.')).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo plan' }).click();
  await page.getByRole('radio', { name: 'Simple' }).check();
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await expect(page.getByText('Escribe un título.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Título' }).fill('Plantilla de verano');
  // Enter in a field does not create anything by accident: the form validates and submits once.
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await expect(page).toHaveURL(/\/detalle-de-plan\?id=/);
  await page.getByRole('textbox', { name: 'Desayuno' }).fill('Té con tostadas integrales');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
  await screenshot(page, 'plans-04-simple-editor');

  await page.goto('/plantillas');
  await expect(page.getByRole('link', { name: 'Plantilla de verano' })).toBeVisible();
  await expect(page.getByText('Borrador')).toBeVisible();
  await page.getByRole('button', { name: 'Duplicar «Plantilla de verano»' }).click();
  await expect(page.getByText('Plan duplicado')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plantilla de verano' })).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Buscar plantillas' }).fill('invierno');
  await expect(page.getByText('Ninguna plantilla coincide con la búsqueda.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Buscar plantillas' }).fill('verano');
  await expect(page.getByRole('link', { name: 'Plantilla de verano' })).toHaveCount(2);
  await expectAccessible(page);
  await screenshot(page, 'plans-05-templates');
  await page.getByRole('button', { name: 'Eliminar «Plantilla de verano»' }).first().click();
  await expect(page.getByRole('dialog', { name: '¿Eliminar el plan?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Plan eliminado')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plantilla de verano' })).toHaveCount(1);

  // Exchange plan: 2 portions of skim milk at breakfast = 2 × 90 kcal.
  await page.goto('/nuevo-plan');
  await page.getByRole('radio', { name: 'Por intercambios' }).check();
  await page.getByRole('textbox', { name: 'Título' }).fill('Intercambios base');
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await expect(page.getByTestId('exchange-grid')).toBeVisible();
  await page.getByRole('textbox', { name: 'Porciones de Leche y yogur descremados en Desayuno' }).fill('2');
  await expect(page.getByTestId('day-total')).toContainText('180 kcal');
  await page.getByRole('textbox', { name: 'Energía objetivo (opcional)' }).fill('1800');
  await expect(page.getByTestId('days-table').getByRole('row', { name: /Lunes/ }).getByTestId('deviation')).toContainText('Por debajo');
  await page.getByRole('checkbox', { name: 'Descartar Leche y yogur descremados este día' }).check();
  await expect(page.getByTestId('day-total')).toContainText('0 kcal');
  await expectAccessible(page);
  await screenshot(page, 'plans-06-exchange-editor');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
});
