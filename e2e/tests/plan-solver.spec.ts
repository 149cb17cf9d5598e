// Plans that meet their targets in one click (issue 28): a nutritionist distributes an exchange plan of
// 1,800 kcal 20/30/50 with "Distribuir automáticamente", sees the proposal with its totals and deviation,
// fixes two groups, distributes again (the fixed ones stay), applies, saves, and the PDF prints it; the
// dialog at 1366×768 and 390×844. A formula day is fitted with "Ajustar cantidades".
import path from 'node:path';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, register, screensDir, screenshot } from './support';
import { pdfToText } from './consultations-support';

/** What the screen shows with the dialog open (a full-page capture would stretch the page behind it). */
async function dialogShot(page: Page, name: string) {
  await page.getByRole('dialog').getByTestId('solver-summary').or(page.getByRole('dialog').getByRole('alert')).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screensDir, `${name}.png`) });
}

const proposed = (page: Page, position: number) => page.getByRole('dialog').getByTestId(`proposed-${position}`);
// AR groups: 10 Frutas, 12 Pan.
const FRUTAS = 10;
const PAN = 12;

test('exchange plan: distribute 1,800 kcal 20/30/50 in one click, fix two groups, distribute again, apply, save, PDF', async ({ page }, testInfo) => {
  // Two solves, two accessibility checks and a PDF on a shared 2-core machine.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  await page.goto('/nuevo-plan');
  await page.getByRole('radio', { name: 'Por intercambios' }).check();
  await page.getByRole('textbox', { name: 'Título' }).fill('Intercambios 1800');
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await expect(page.getByTestId('exchange-grid')).toBeVisible();
  await page.getByRole('textbox', { name: 'Energía objetivo (opcional)' }).fill('1800');

  await page.getByRole('button', { name: 'Distribuir automáticamente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Distribuir automáticamente el Lunes' });
  await expect(dialog.getByRole('textbox', { name: 'Energía (kcal)' })).toHaveValue('1800');
  await expect(dialog.getByRole('textbox', { name: 'Proteínas (%)' })).toHaveValue('20');
  await expect(dialog.getByRole('textbox', { name: 'Grasas (%)' })).toHaveValue('30');
  await expect(dialog.getByRole('textbox', { name: 'Carbohidratos (%)' })).toHaveValue('50');
  await expect(dialog.getByTestId('shares-sum')).toContainText('Suma: 100 %');
  await dialog.getByRole('button', { name: 'Distribuir', exact: true }).click();
  await expect(dialog.getByTestId('solver-summary')).toContainText('Cumple los objetivos', { timeout: 30_000 });
  await expect(dialog.getByTestId('solver-summary')).toContainText(/Total: 1\.[78]\d\d kcal/);
  await expect(dialog.getByTestId('solver-proposal')).toContainText('Carnes magras');
  await expectAccessible(page);
  await dialogShot(page, 'plan-solver-01-proposal-1366');

  // Fix two groups: fruit at 3 portions typed, bread locked at what was proposed. Distribute again.
  const breadBefore = (await proposed(page, PAN).innerText()).trim();
  await dialog.getByRole('textbox', { name: 'Porciones fijas de Frutas' }).fill('3');
  await dialog.getByRole('checkbox', { name: 'Fijar Pan' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Porciones fijas de Pan' })).toHaveValue(breadBefore.replace('.', ','));
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/plans/solve/exchanges') && r.status() === 200);
  await dialog.getByRole('button', { name: 'Volver a distribuir' }).click();
  const answer = (await (await answered).json()) as { meals: { slot: number; portions: number[] }[]; totals: { energyKcal: number } };
  const dayTotal = (position: number) => answer.meals.reduce((s, m) => s + m.portions[position - 1]!, 0);
  expect(dayTotal(FRUTAS)).toBe(3);
  expect(String(dayTotal(PAN)).replace('.', ',')).toBe(breadBefore.replace('.', ','));
  await expect(proposed(page, FRUTAS)).toHaveText('3');
  await expect(dialog.getByTestId('solver-summary')).toContainText('Cumple los objetivos');
  await dialogShot(page, 'plan-solver-02-redistributed-1366');

  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog).toBeHidden();
  // The grid holds the proposal, and the day's total is the proposal's.
  const breakfast = answer.meals.find((m) => m.slot === 1)!;
  await expect(page.getByRole('textbox', { name: 'Porciones de Leche y yogur descremados en Desayuno' })).toHaveValue(breakfast.portions[0] ? String(breakfast.portions[0]).replace('.', ',') : '');
  await expect(page.getByTestId('day-total')).toContainText(`${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 }).format(answer.totals.energyKcal)} kcal`);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
  await screenshot(page, 'plan-solver-03-applied-1366');

  // The PDF prints the distributed day.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  const file = path.join(testInfo.outputDir, 'plan-solver.pdf');
  await (await downloadPromise).saveAs(file);
  const text = pdfToText(file);
  fs.rmSync(file);
  expect(text).toContain('Intercambios 1800');
  expect(text).toMatch(/porci[oó]n(es)? de Frutas/);
  // Which meat group the second solve picks is the solver's choice (lean or medium-fat meat meet the targets alike).
  expect(text).toMatch(/porci[oó]n(es)? de Carnes (magras|semigrasas)/);

  // On a phone the dialog fills the screen and the proposal still reads.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Distribuir automáticamente' }).click();
  await dialog.getByRole('button', { name: 'Distribuir', exact: true }).click();
  await expect(dialog.getByTestId('solver-summary')).toContainText('Cumple los objetivos', { timeout: 30_000 });
  await dialogShot(page, 'plan-solver-04-proposal-390');
  await expectAccessible(page);
});

test('exchange plan: targets that cannot be met are explained, not proposed', async ({ page }) => {
  await register(page);
  await page.goto('/nuevo-plan');
  await page.getByRole('radio', { name: 'Por intercambios' }).check();
  await page.getByRole('textbox', { name: 'Título' }).fill('Vegetariano');
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await page.getByRole('textbox', { name: 'Energía objetivo (opcional)' }).fill('1800');
  await page.getByRole('button', { name: 'Distribuir automáticamente' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Proteínas (%)' }).fill('40');
  await dialog.getByRole('textbox', { name: 'Grasas (%)' }).fill('20');
  await dialog.getByRole('textbox', { name: 'Carbohidratos (%)' }).fill('40');
  for (const group of ['Quesos', 'Carnes magras', 'Carnes semigrasas y pescados grasos', 'Huevo']) {
    await dialog.getByRole('textbox', { name: `Máximo de porciones de ${group}` }).fill('0');
  }
  await dialog.getByRole('button', { name: 'Distribuir', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('no se puede llegar a 38 % de proteínas', { timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
  await dialogShot(page, 'plan-solver-05-infeasible-1366');
});

/** Types in a meal's picker and picks the option once that search has answered (as plans.spec.ts does). */
async function pickFood(page: Page, meal: string, search: string, option: RegExp) {
  const picker = page.getByLabel(`Agregar alimento a ${meal}`, { exact: true }).first();
  await picker.fill(search);
  const choice = page.getByRole('option', { name: option }).first();
  await expect(async () => {
    if ((await picker.inputValue()) !== search) await picker.fill(search);
    if (!(await choice.isVisible())) await picker.click();
    await expect(choice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const fetched = page.waitForResponse((r) => /^\/api\/v1\/foods\/[^/]+$/.test(new URL(r.url()).pathname) && r.status() === 200);
  await choice.click();
  await fetched;
}

test('formula plan: "Ajustar cantidades" fits a written day to 1,200 kcal 20/35/45 keeping the locked line', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  await page.goto('/nuevo-plan');
  await page.getByRole('radio', { name: 'Por fórmula' }).check();
  await page.getByRole('textbox', { name: 'Título' }).fill('Fórmula 1200');
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await page.getByRole('textbox', { name: 'Energía objetivo (opcional)' }).fill('1200');
  await pickFood(page, 'Desayuno', 'leche entera', /^Leche entera$/);
  await pickFood(page, 'Almuerzo', 'lentejas hervidas', /Lentejas, hervidas/);
  await pickFood(page, 'Almuerzo', 'aceite de oliva', /^Aceite de oliva/);
  await expect(page.getByTestId('day-total')).not.toContainText(' 0 kcal');

  await page.getByRole('button', { name: 'Ajustar cantidades' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajustar cantidades del Lunes' });
  await expect(dialog.getByRole('textbox', { name: 'Energía (kcal)' })).toHaveValue('1200');
  // Milk, lentils and oil reach 20/35/45 (lentils carry the protein and carbohydrate, oil the fat).
  await dialog.getByRole('textbox', { name: 'Proteínas (%)' }).fill('20');
  await dialog.getByRole('textbox', { name: 'Grasas (%)' }).fill('35');
  await dialog.getByRole('textbox', { name: 'Carbohidratos (%)' }).fill('45');
  await dialog.getByRole('checkbox', { name: /^Fijar Leche entera/ }).check();
  await dialog.getByRole('button', { name: 'Calcular' }).click();
  await expect(dialog.getByTestId('solver-summary')).toContainText('Cumple los objetivos', { timeout: 30_000 });
  await expect(dialog.getByTestId('adjusted-0')).toHaveText(/^100 g/);
  await dialogShot(page, 'plan-solver-06-adjust-1366');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog).toBeHidden();
  const total = Number((await page.getByTestId('day-total').innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThanOrEqual(1164);
  expect(total).toBeLessThanOrEqual(1236);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
});
