// "Proponer un día" (issue 28): on a formula plan a nutritionist asks for a day of 1,800 kcal 20/30/50,
// reads the proposal meal by meal with its totals and deviation, marks a food "No le gusta" (the next
// proposal leaves it out and says so), applies it, saves, and the day is still there after a reload.
// The dialog at 1366×768 and 390×844, light and dark.
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
  const firstFood = (await table.locator('tbody tr').first().locator('td').nth(1).innerText()).trim();
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
  await dialogShot(page, 'plan-propose-day-03-proposal-390-dark');
  await dialog.getByRole('button', { name: 'Descartar' }).click();
  await expect(dialog).toBeHidden();
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'light' });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.getByRole('button', { name: 'Proponer un día' }).click();
  await dialog.getByRole('button', { name: 'Proponer', exact: true }).click();
  await expect(dialog.getByTestId('solver-summary')).toContainText('Cumple los objetivos', { timeout: 60_000 });
  await dialogShot(page, 'plan-propose-day-04-proposal-390-light');
  await expectAccessible(page);
});
