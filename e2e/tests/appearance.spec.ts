// "Sistema", the default theme: the app follows the phone's or computer's light/dark setting (before, a
// phone set to dark got a white app while the public page followed it), live when the device switches,
// until the person picks Claro/Oscuro/Semioscuro; the choice is saved with the account's preferences.
import { expect, test } from '@playwright/test';
import { apiCall, expectAccessible, register, screenshot } from './support.js';

test('a new account follows the device: dark phone, dark app; a choice sticks and "Sistema" gives it back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await register(page);
  // A practice with a patient: the first-patient popup (which covers half a phone) stays away.
  await apiCall(page, 'POST', '/patients', { firstName: 'Ana', lastName: 'Paz', sex: 'f' });
  await page.reload();
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect((await apiCall<{ user: { theme: string } }>(page, 'GET', '/me')).user.theme).toBe('system');
  await page.getByTestId('theme-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Sistema' })).toHaveAttribute('aria-current', 'true');
  await screenshot(page, 'appearance-01-system-dark-phone');
  await expectAccessible(page);

  // The device turns light (daytime): the app follows without a reload.
  await page.keyboard.press('Escape');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

  // An explicit "Claro" wins over the dark device, is saved to the account and survives a reload.
  await page.getByTestId('theme-menu').click();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/api/v1/me/preferences') && r.status() === 200);
  await page.getByRole('menuitem', { name: 'Claro' }).click();
  await saved;
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  expect((await apiCall<{ user: { theme: string } }>(page, 'GET', '/me')).user.theme).toBe('light');

  // Back to "Sistema" from the account's preferences: dark again, like the device.
  await page.goto('/mi-cuenta');
  await page.getByRole('tab', { name: 'Preferencias' }).click();
  await page.getByLabel('Tema').click();
  await page.getByRole('option', { name: 'Sistema' }).click();
  await page.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect((await apiCall<{ user: { theme: string } }>(page, 'GET', '/me')).user.theme).toBe('system');
  await screenshot(page, 'appearance-02-preferences-system-dark-phone');
});
