// A practice open on two devices: a patient added on one appears in the other's /pacientes list and in
// /inicio's recent patients without a reload (the realtime 'pacientes-actualizados').
import { expect, test } from '@playwright/test';
import { apiCall, login, register, screenshot } from './support.js';

test('a patient added on one device appears on the other without a reload', async ({ page, browser }) => {
  const account = await register(page);
  await apiCall(page, 'POST', '/patients', { firstName: 'Primera', lastName: 'Paciente', sex: 'f' });

  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  await phone.goto('/login');
  await login(phone, account.email, account.password);
  await expect(phone).toHaveURL(/\/inicio$/);
  await phone.goto('/pacientes');
  await expect(phone.getByRole('link', { name: 'Paciente, Primera' }).first()).toBeVisible();

  // The desktop adds a patient through the app's own form.
  await page.goto('/nuevo-paciente');
  await page.getByLabel('Nombre', { exact: true }).fill('Segunda');
  await page.getByLabel('Apellido', { exact: true }).fill('Llegada');
  await page.getByLabel('Sexo', { exact: true }).click();
  await page.getByRole('option', { name: 'Femenino' }).click();
  await page.getByRole('button', { name: 'Crear paciente' }).click();
  await expect(page).toHaveURL(/\/ficha\?id=/);

  await expect(phone.getByRole('link', { name: 'Llegada, Segunda' }).first()).toBeVisible();
  await screenshot(phone, 'live-01-list-updated-phone');
  await other.close();
});
