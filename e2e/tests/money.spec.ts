// Issue 25, the rest of "money", in Chromium: the nutritionist opens "Enviar link de pago" from a
// patient's Cobros tab (without Mercado Pago connected it says how to connect her own account; once
// connected it asks the amount — creating the link at Mercado Pago is covered by the server's stand-in
// test), and an operator suspends her account with a reason, which she reads after a reload instead of
// "activa". Screens at 1366×768 and 390×844, light and dark.
import { expect, test, type Browser } from '@playwright/test';
import { apiCall, login, newAccount, register, screenshot } from './support';

const OPERATOR_EMAIL = 'operadora-suspension@e2e.test';
const TOUR_KEY = 'almendra.firstPatientTour';
const REASON = 'Pagos con una tarjeta denunciada. Escribinos a soporte@almendra.test.';

async function contextAt(browser: Browser, width: number, height: number, colorScheme: 'light' | 'dark' = 'light') {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme });
  await context.addInitScript((key) => localStorage.setItem(key, 'done'), TOUR_KEY);
  return { context, page: await context.newPage() };
}

test('"Enviar link de pago" asks to connect Mercado Pago, then the amount; a suspension shows its reason after reload', async ({ browser }) => {
  test.setTimeout(180_000);
  const nutri = await contextAt(browser, 1366, 768);
  const operator = await contextAt(browser, 1366, 768);
  nutri.page.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });

  const account = newAccount('suspendida');
  await register(nutri.page, account);
  const patient = await apiCall<{ id: string }>(nutri.page, 'POST', '/patients', { firstName: 'Ana', lastName: 'Gómez', mobileAreaCode: '11', mobileNumber: '5555-0001' });

  // Not connected: the dialog explains how to connect her own Mercado Pago account.
  await nutri.page.goto(`/ficha?id=${patient.id}&tab=cobros`);
  await nutri.page.getByTestId('send-payment-link').click();
  const dialog = nutri.page.getByRole('dialog', { name: 'Enviar link de pago' });
  await expect(dialog.getByTestId('mercadopago-connect')).toContainText('conectá tu propia cuenta de Mercado Pago');
  await expect(dialog.getByTestId('mercadopago-webhook-url')).toHaveValue(/\/api\/v1\/payment-links\/webhooks\/mercadopago\//);
  await screenshot(nutri.page, 'money-01-payment-link-connect');
  // A token that is not one is refused with the server's message; a good one connects it.
  await dialog.getByLabel('Access Token').fill('no-es-un-token');
  await dialog.getByLabel('Clave secreta de los Webhooks').fill('clave-secreta-de-prueba');
  await dialog.getByRole('button', { name: 'Conectar Mercado Pago' }).click();
  await expect(dialog.getByText(/Peg[aá] el Access Token de producción/)).toBeVisible();
  await dialog.getByLabel('Access Token').fill('TEST-1234567890-abcdefghij');
  await dialog.getByRole('button', { name: 'Conectar Mercado Pago' }).click();
  await expect(dialog.getByTestId('payment-link-amount')).toBeVisible();
  await dialog.getByTestId('payment-link-amount').fill('15.000,50');
  await screenshot(nutri.page, 'money-02-payment-link-form');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The operator suspends her account with a reason (required).
  await register(operator.page, { ...newAccount('operadora'), email: OPERATOR_EMAIL });
  await operator.page.goto('/admin?tab=usuarios');
  await operator.page.getByLabel('Buscar por nombre o correo').fill(account.email);
  const row = operator.page.getByTestId(`admin-user-${account.email}`);
  await row.getByRole('button', { name: 'Suspender' }).click();
  const confirm = operator.page.getByRole('dialog', { name: 'Suspender la cuenta' });
  await confirm.getByLabel('Motivo de la suspensión').fill(REASON);
  await screenshot(operator.page, 'money-03-suspend-with-reason');
  await confirm.getByRole('button', { name: 'Sí, suspender la cuenta' }).click();
  await expect(row.getByTestId('admin-user-suspension-reason')).toHaveText(REASON);

  // She reloads: suspended, and why — not "activa".
  await nutri.page.goto('/cuenta');
  await expect(nutri.page).toHaveURL(/\/activar-cuenta$/);
  await nutri.page.reload();
  await expect(nutri.page.getByRole('heading', { name: 'Tu cuenta está suspendida' })).toBeVisible();
  await expect(nutri.page.getByTestId('suspension-reason')).toContainText(REASON);
  await expect(nutri.page.getByText('Activa', { exact: true })).toHaveCount(0);
  await screenshot(nutri.page, 'money-04-suspended-reason');

  // Phone, dark.
  const phone = await contextAt(browser, 390, 844, 'dark');
  await phone.page.goto('/login');
  await login(phone.page, account.email, account.password);
  await expect(phone.page.getByTestId('suspension-reason')).toContainText(REASON);
  await screenshot(phone.page, 'money-05-suspended-reason-phone-dark');

  // The operator lifts it: the reason is gone and she can open the payment-link dialog again, on the phone.
  await row.getByRole('button', { name: 'Rehabilitar' }).click();
  await expect(row.getByTestId('admin-user-suspension-reason')).toHaveCount(0);
  await phone.page.goto(`/ficha?id=${patient.id}&tab=cobros`);
  await phone.page.getByTestId('send-payment-link').click();
  await expect(phone.page.getByTestId('payment-link-amount')).toBeVisible();
  await screenshot(phone.page, 'money-06-payment-link-phone-dark');
  await phone.context.close();
  await nutri.context.close();
  await operator.context.close();
});
