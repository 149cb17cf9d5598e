// Onboarding as a new nutritionist meets it in Chromium: the guided tour offered on /inicio (its stops
// chosen by the practice's size), taken to the end on a desktop and as centred cards on a phone, and
// remembered on the account (a reload or another browser does not offer it again); the first-patient
// popup dismissed in one browser stays dismissed in another, because the account keeps it.
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, login, newAccount, register, screenshot } from './support.js';

async function takeTour(page: Page, expectedStops: number, prefix: string) {
  const popover = page.locator('.driver-popover');
  await expect(popover).toBeVisible();
  await expect(popover.locator('.driver-popover-title')).toHaveText('Te damos la bienvenida a Almendra');
  await expect(popover.locator('.driver-popover-progress-text')).toHaveText(`1 de ${expectedStops}`);
  await screenshot(page, `${prefix}-welcome`);
  for (let stop = 2; stop <= expectedStops; stop += 1) {
    await popover.getByRole('button', { name: 'Siguiente' }).click();
    await expect(popover.locator('.driver-popover-progress-text')).toHaveText(`${stop} de ${expectedStops}`);
    if (stop === 2) await screenshot(page, `${prefix}-second-stop`);
  }
  await expect(popover.locator('.driver-popover-title')).toHaveText('¿Necesitás ayuda?');
  await popover.getByRole('button', { name: 'Listo' }).click();
  await expect(popover).toHaveCount(0);
}

test('a new account is offered the guided tour on /inicio, takes it, and is not offered it again', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // The first-patient popup is the other half of onboarding; register() puts it aside ("Ahora no").
  const account = await register(page);

  const card = page.getByTestId('guided-tour-card');
  await expect(card.getByRole('heading', { name: 'Conocé Almendra en un minuto' })).toBeVisible();
  await screenshot(page, 'onboarding-01-card');
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Empezar el recorrido' }).click();
  // A practice starting out (under 6 patients): welcome, patients, appointments, plans, foods, settings, search, help.
  await expect(page.locator('.driver-active-element:not(#driver-dummy-element)')).toHaveCount(0);
  await page.locator('.driver-popover').getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.locator('.driver-popover-title')).toHaveText('Pacientes');
  await expect(page.locator('.driver-active-element:not(#driver-dummy-element)')).toHaveAttribute('data-tour', 'menu-patients');
  await screenshot(page, 'onboarding-02-patients-stop');
  await page.locator('.driver-popover').getByRole('button', { name: 'Anterior' }).click();
  await takeTour(page, 8, 'onboarding-03');

  await expect(card).toHaveCount(0);
  expect(await apiCall(page, 'GET', '/me/onboarding')).toMatchObject({ guidedTour: 'seen', firstPatientTour: 'dismissed' });
  await page.reload();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  await expect(card).toHaveCount(0);

  // Another browser (nothing in its storage): neither the tour nor the first-patient popup come back.
  const other = await page.context().browser()!.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const phone = await other.newPage();
  await phone.goto('/login');
  await login(phone, account.email, account.password);
  await expect(phone).toHaveURL(/\/inicio$/);
  await expect(phone.getByTestId('dashboard-greeting')).toBeVisible();
  await expect(phone.getByTestId('guided-tour-card')).toHaveCount(0);
  await expect(phone.getByRole('dialog', { name: 'Cargá tu primer paciente' })).toHaveCount(0);
  await other.close();
});

test('on a phone, in dark mode, the tour is a sequence of centred cards; a larger practice gets other stops', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const page = await context.newPage();
  // The popup is left up: creating patients ends it ('completed'), which is checked below.
  await register(page, newAccount(), undefined, { keepFirstPatientPopup: true });
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'dark' });
  // Six patients: the middle band (6 to 14) starts with appointments, plans, chat, marketing and statistics.
  const patients: { id: string }[] = [];
  for (let i = 0; i < 6; i += 1) {
    patients.push(await apiCall(page, 'POST', '/patients', { firstName: `Paciente${i}`, lastName: 'Prueba', sex: i % 2 ? 'm' : 'f' }));
  }
  // A plan left in draft shows in /inicio's 'Pendientes'; a published one does not.
  await apiCall(page, 'POST', '/plans', { type: 1, title: 'Semana de prueba', patientId: patients[0]!.id, draft: 1, content: { simple: [] } });
  await apiCall(page, 'POST', '/plans', { type: 1, title: 'Plan publicado', patientId: patients[1]!.id, content: { simple: [] } });
  expect(await apiCall(page, 'GET', '/me/onboarding')).toMatchObject({ patientBand: '6-to-14', firstPatientTour: 'completed' });
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Cargá tu primer paciente' })).toHaveCount(0);
  const card = page.getByTestId('guided-tour-card');
  await expect(card).toBeVisible();
  const pending = page.getByTestId('dashboard-pending');
  await expect(pending.getByRole('link', { name: 'Semana de prueba · Paciente0 Prueba' })).toBeVisible();
  await expect(pending.getByText('Plan publicado')).toHaveCount(0);
  await expect(pending.getByText('Nada pendiente: no hay mensajes sin leer, solicitudes ni novedades sin ver.')).toBeVisible();
  await screenshot(page, 'onboarding-04-card-phone-dark');
  await card.getByRole('button', { name: 'Empezar el recorrido' }).click();
  const popover = page.locator('.driver-popover');
  await popover.getByRole('button', { name: 'Siguiente' }).click();
  await expect(popover.locator('.driver-popover-title')).toHaveText('Citas');
  // The side menu is a closed drawer on a phone: nothing is highlighted, the card is centred.
  await expect(page.locator('.driver-active-element:not(#driver-dummy-element)')).toHaveCount(0);
  const box = (await popover.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'onboarding-05-stop-phone-dark');
  // Closing it half-way counts as seen too.
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await expect(card).toHaveCount(0);
  await expect.poll(async () => (await apiCall<{ guidedTour: string }>(page, 'GET', '/me/onboarding')).guidedTour).toBe('seen');

  // Reopened (what /ayuda does): /inicio?recorrido=1 starts it at once.
  await apiCall(page, 'PATCH', '/me/onboarding', { guidedTour: 'pending' });
  await page.goto('/inicio?recorrido=1');
  await expect(popover.locator('.driver-popover-title')).toHaveText('Te damos la bienvenida a Almendra');
  await expect(page).toHaveURL(/\/inicio$/);
  await context.close();
});
