// The agenda as a person sees it: a working day (08:00–20:00) fits a laptop screen in the week view while
// times still snap to 5 minutes; on a phone the calendar opens in the day view with no sideways scroll and
// the new-appointment dialog fits; in dark mode "today" is not a bright stripe. Each failed before the fix
// (a 3,000 px week of 5-minute rows; a 7-column week of 40 px on a phone; FullCalendar's yellow).
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, register, screenshot } from './support.js';

async function practiceWithHours(page: Page) {
  await register(page);
  const place = await apiCall<{ id: string }>(page, 'POST', '/locations', { name: 'Consultorio Centro' });
  const days = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ start: '08:00', end: '20:00' }] }));
  await apiCall(page, 'PUT', `/locations/${place.id}/schedule`, { days });
}

test('week view at 1366×768: a working day fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await practiceWithHours(page);
  await page.goto('/citas');
  const calendar = page.getByTestId('calendar');
  await expect(calendar.getByRole('columnheader')).toHaveCount(7);
  const top = (await calendar.locator('[data-time="08:00:00"]').last().boundingBox())!;
  const bottom = (await calendar.locator('[data-time="19:30:00"]').last().boundingBox())!;
  const workingDay = bottom.y + bottom.height - top.y;
  expect(workingDay).toBeLessThanOrEqual(768);
  // Still readable: half-hour rows of at least 20 px.
  expect(top.height).toBeGreaterThanOrEqual(20);
  await screenshot(page, 'calendar-layout-01-week-1366');
  await expectAccessible(page);
});

test('on a phone the calendar opens in the day view, nothing scrolls sideways and the dialog fits', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await practiceWithHours(page);
  await page.goto('/citas');
  const calendar = page.getByTestId('calendar');
  await expect(calendar.locator('[data-time="08:00:00"]').first()).toBeVisible();
  await expect(calendar.getByRole('columnheader')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'calendar-layout-02-day-390');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Nueva cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva cita' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // Each kind of appointment (existing patient, new patient, free time) is on screen, none cut off.
  for (const kind of ['Paciente existente', 'Paciente nuevo', 'Tiempo libre']) {
    const option = (await dialog.locator('label').filter({ hasText: kind }).boundingBox())!;
    expect(option.x, kind).toBeGreaterThanOrEqual(box.x);
    expect(option.x + option.width, kind).toBeLessThanOrEqual(box.x + box.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'calendar-layout-03-dialog-390');
});

test('dark mode: the calendar follows the dark theme and today is not a bright yellow stripe', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await practiceWithHours(page);
  await page.goto('/citas');
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitem', { name: 'Oscuro', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const calendar = page.getByTestId('calendar');
  await expect(calendar.locator('[data-time="08:00:00"]').first()).toBeVisible();
  const colours = await calendar.evaluate((el) => ({
    today: getComputedStyle(el).getPropertyValue('--fc-classic-today').trim(),
    background: getComputedStyle(el).getPropertyValue('--fc-classic-background').trim(),
  }));
  expect(colours.today).not.toMatch(/^#(facc15|fef08a)/i);
  expect(colours.background).not.toBe('#ffffff');
  await screenshot(page, 'calendar-layout-04-week-dark');
});
