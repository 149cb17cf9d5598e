// "Proponer un día" (issue 28): on a formula plan a nutritionist asks for a day of 1,800 kcal 20/30/50,
// reads the proposal meal by meal with its totals and deviation, marks a food "No le gusta" (the next
// proposal leaves it out and says so), applies it, saves, and the day is still there after a reload.
// The dialog at 1366×768 and 390×844, light and dark: on a phone the proposal reads one block per meal,
// never wider than the screen; in English the left-out food reads "disliked". From favourites: she stars a food in Alimentos and a dish in Platos (kept
// after a reload), proposes from "Mis favoritos", sees her dish as a lunch or dinner main course, applies,
// saves, and the dish is the day's line after a reload.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, register, screensDir } from './support';

async function dialogShot(page: Page, name: string) {
  await page.getByRole('dialog').getByTestId('solver-summary').or(page.getByRole('dialog').getByRole('alert')).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screensDir, `${name}.png`) });
}

test('formula plan: propose a day of 1,800 kcal 20/30/50, leave out a food she dislikes, apply, save, reload', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  await page.goto('/nuevo-plan');
  await page.getByRole('radio', { name: 'Por fórmula' }).check();
  await page.getByRole('textbox', { name: 'Título' }).fill('Día propuesto');
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await page.getByRole('textbox', { name: 'Energía objetivo (opcional)' }).fill('1800');

  await page.getByRole('button', { name: 'Proponer un día' }).click();
  const dialog = page.getByRole('dialog', { name: 'Proponer el Lunes' });
  await expect(dialog.getByRole('textbox', { name: 'Energía (kcal)' })).toHaveValue('1800');
  await dialog.getByRole('button', { name: 'Proponer', exact: true }).click();
  await expect(dialog.getByTestId('solver-summary')).toContainText('Cumple los objetivos', { timeout: 60_000 });
  const table = dialog.getByTestId('proposed-day');
  await expect(table).toContainText('Desayuno');
  await expect(table).toContainText('Almuerzo');
  await expectAccessible(page);
  await dialogShot(page, 'plan-propose-day-01-proposal-1366-light');

  // She says the patient dislikes the first food: the next proposal leaves it out and lists why.
  const firstFood = (await table.getByTestId('proposed-name').first().innerText()).trim();
  const again = page.waitForResponse((r) => r.url().endsWith('/api/v1/plans/solve/propose-day') && r.status() === 200);
  await dialog.getByRole('button', { name: `No le gusta: ${firstFood} (proponer sin él)` }).click();
  const answer = (await (await again).json()) as { items: { name: string; grams: number }[]; totals: { energyKcal: number } };
  expect(answer.items.map((i) => i.name)).not.toContain(firstFood);
  await expect(dialog.getByTestId('excluded-foods')).toContainText(`${firstFood} — no le gusta`);
  await expect(dialog.getByTestId('solver-summary')).toContainText('Cumple los objetivos');

  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog).toBeHidden();
  const total = Number((await page.getByTestId('day-total').innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThanOrEqual(1746);
  expect(total).toBeLessThanOrEqual(1854);
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();

  // Saved: after a reload the proposed foods are the day's lines.
  await page.reload();
  for (const item of answer.items.slice(0, 3)) await expect(page.getByText(item.name, { exact: true }).first()).toBeVisible();

  // With lines written, applying says it replaces the day; dark theme, then a phone.
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Proponer un día' }).click();
  await dialog.getByRole('button', { name: 'Proponer', exact: true }).click();
  await expect(dialog.getByTestId('solver-summary')).toContainText('Cumple los objetivos', { timeout: 60_000 });
  await expect(dialog.getByRole('button', { name: 'Reemplazar el día' })).toBeEnabled();
  await dialogShot(page, 'plan-propose-day-02-proposal-1366-dark');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByTestId('proposed-line').first()).toBeVisible();
  await expectFits(page);
  await dialogShot(page, 'plan-propose-day-03-proposal-390-dark');
  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await expect(dialog).toBeHidden();
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'light' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Proponer un día' }).click();
  await dialog.getByRole('button', { name: 'Proponer', exact: true }).click();
  await expect(dialog.getByTestId('solver-summary')).toContainText('Cumple los objetivos', { timeout: 60_000 });
  await expectFits(page);
  await dialogShot(page, 'plan-propose-day-04-proposal-390-light');
  await expectAccessible(page);

  // In English, what was left out reads English: the answer carries a code, the dialog words it.
  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await apiCall(page, 'PATCH', '/me/preferences', { locale: 'en' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Propose a day' }).click();
  const english = page.getByRole('dialog');
  await english.getByRole('button', { name: 'Propose', exact: true }).click();
  await expect(english.getByTestId('solver-summary')).toContainText('Meets the targets', { timeout: 60_000 });
  const food = (await english.getByTestId('proposed-name').first().innerText()).trim();
  await english.getByRole('button', { name: `Dislikes ${food} (propose without it)` }).click();
  await expect(english.getByTestId('excluded-foods')).toContainText(`${food} — disliked`, { timeout: 60_000 });
  await expect(english.getByTestId('excluded-foods')).not.toContainText('no le gusta');
  await english.getByTestId('excluded-foods').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(screensDir, 'plan-propose-day-10-excluded-en-1366-light.png') });
});

/** Nothing in the dialog is wider than its own box (no sideways scrolling on a phone). */
async function expectFits(page: Page) {
  const overflow = await page.getByRole('dialog').evaluate((dialog) => {
    const body = dialog.querySelector('.mantine-Modal-body') ?? dialog;
    const scrollers = [body, ...Array.from(body.querySelectorAll('*'))].filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible');
    return { body: body.scrollWidth - body.clientWidth, scrollers: scrollers.length };
  });
  expect(overflow).toEqual({ body: 0, scrollers: 0 });
}

test('propose from favourites: a starred food and dish, the dish in the proposal, applied, saved, reloaded', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  const dish = await apiCall<{ id: string }>(page, 'POST', '/dishes', {
    name: 'Guiso de lentejas con arroz',
    servings: 4,
    ingredients: [
      { foodId: 'ar:lenteja-hervida', quantity: 600 },
      { foodId: 'ar:arroz-blanco-hervido', quantity: 400 },
      { foodId: 'ar:papa-hervida', quantity: 300 },
      { foodId: 'usda:04053', quantity: 20 },
    ],
  });
  expect(dish.id).toBeTruthy();

  // A star in Alimentos and one in Platos, still there after a reload.
  await page.goto('/alimentos');
  await page.getByTestId('food-search').fill('Banana');
  const banana = page.getByRole('button', { name: /^Marcar «Banana/ }).first();
  const bananaName = ((await banana.getAttribute('aria-label')) ?? '').replace(/^Marcar «|» como favorito$/g, '');
  await banana.click();
  await expect(page.getByRole('button', { name: `Quitar «${bananaName}» de favoritos` })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/platos');
  await page.getByRole('button', { name: 'Marcar «Guiso de lentejas con arroz» como favorito' }).click();
  await expect(page.getByRole('button', { name: 'Quitar «Guiso de lentejas con arroz» de favoritos' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Quitar «Guiso de lentejas con arroz» de favoritos' })).toHaveAttribute('aria-pressed', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(screensDir, 'plan-propose-day-09-favourite-dish-390-light.png') });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/alimentos');
  await page.getByTestId('food-search').fill('Banana');
  await expect(page.getByRole('button', { name: `Quitar «${bananaName}» de favoritos` })).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: path.join(screensDir, 'plan-propose-day-08-favourite-food-1366-light.png') });

  await page.goto('/nuevo-plan');
  await page.getByRole('radio', { name: 'Por fórmula' }).check();
  await page.getByRole('textbox', { name: 'Título' }).fill('Día con favoritos');
  await page.getByRole('button', { name: 'Crear plan' }).click();
  await page.getByRole('textbox', { name: 'Energía objetivo (opcional)' }).fill('1800');
  await page.getByRole('button', { name: 'Proponer un día' }).click();
  const dialog = page.getByRole('dialog', { name: 'Proponer el Lunes' });
  await dialog.getByRole('radio', { name: /^Mis favoritos/ }).check();
  await expect(dialog.getByRole('radio', { name: 'Toda la base argentina' })).not.toBeChecked();
  // Nothing in the plan yet: "Solo lo que ya está en el plan" has nothing to offer.
  await expect(dialog.getByRole('radio', { name: 'Solo lo que ya está en el plan' })).toBeDisabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page);
  await page.screenshot({ path: path.join(screensDir, 'plan-propose-day-07-sources-390-light.png') });
  await page.setViewportSize({ width: 1366, height: 768 });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/plans/solve/propose-day') && r.status() === 200);
  await dialog.getByRole('button', { name: 'Proponer', exact: true }).click();
  const answer = (await (await answered).json()) as { items: { name: string }[]; dishes: { name: string; slot: number; portions: number }[] };
  await expect(dialog.getByTestId('solver-summary')).toContainText('Cumple los objetivos', { timeout: 60_000 });
  expect(answer.dishes.map((d) => d.name)).toEqual(['Guiso de lentejas con arroz']);
  const line = dialog.getByTestId('proposed-line').filter({ hasText: 'Guiso de lentejas con arroz' });
  await expect(line).toContainText('Plato');
  await expect(line).toContainText(/porci/);
  await dialogShot(page, 'plan-propose-day-05-favourites-1366-light');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(line).toBeVisible();
  await expectFits(page);
  await dialogShot(page, 'plan-propose-day-06-favourites-390-light');
  await page.setViewportSize({ width: 1366, height: 768 });

  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Plan guardado')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Guiso de lentejas con arroz', { exact: true }).first()).toBeVisible();
});
