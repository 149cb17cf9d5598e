// Issue 25, the rest of "money", in Chromium against a real server whose Stripe and Mercado Pago SDKs talk
// to a local stand-in of their APIs (stand-ins/processors.mjs): the nutritionist opens "Enviar link de
// pago" from a patient's Cobros tab (without Mercado Pago connected it says how to connect her own
// account; a token Mercado Pago refuses is shown next to the field; once connected she creates a link and
// cancels it with the app's own dialog), and an operator suspends her account with a reason, which she
// reads after a reload instead of "activa". Second test: Stripe fails (500) when she cancels her
// subscription — she reads that the change is being confirmed, also after a reload; the operator sees the
// job in the console's Trabajos tab (attempts, last error, next attempt) and, once Stripe is back,
// "Reintentar" records the cancellation, which she then sees; the Trabajos tab is checked on a 390×844
// phone too, light and dark (each job a card, nothing off to the right). Third test: a 500 then a
// permanent 400 — the change fails for good, and after a reload she reads the Spanish notice and, in her
// history, why in Spanish (never Stripe's English, which the operator reads in the console).
// Screens at 1366×768 and 390×844.
import { createHmac } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, login, newAccount, register, screenshot } from './support';

const OPERATOR_EMAIL = 'operadora-suspension@e2e.test';
const TOUR_KEY = 'almendra.firstPatientTour';
const REASON = 'Pagos con una tarjeta denunciada. Escribinos a soporte@almendra.test.';

const STAND_IN = process.env.E2E_STAND_IN_URL!;
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stand_in';

/** Steers the processors' stand-in (fail, reset) or reads what reached it. */
async function standIn<T = unknown>(method: 'GET' | 'POST', what: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${STAND_IN}/__stand-in/${what}`, { method, ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}) });
  return (await answer.json()) as T;
}

/** A Stripe webhook as Stripe signs it (Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.payload"). */
async function stripeWebhook(page: Page, event: object) {
  const payload = JSON.stringify({ object: 'event', created: Math.floor(Date.now() / 1000), ...event });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex');
  const answer = await page.request.post('/api/v1/billing/webhooks/stripe', { headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` }, data: payload });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** A practice paying with Stripe: plan, checkout at the stand-in, Stripe's signed webhooks (activation, first invoice). */
async function stripePractice(page: Page, prefix: string) {
  const account = newAccount(prefix);
  await register(page, account);
  const me = await apiCall<{ nutritionist: { id: string } }>(page, 'GET', '/me');
  await apiCall(page, 'POST', '/me/subscription/plan', { planKey: 'ar-mensual' });
  await apiCall(page, 'POST', '/me/subscription/checkout', { processor: 'stripe' });
  const subscription = `sub_e2e_${me.nutritionist.id}`;
  await stripeWebhook(page, { id: `evt_act_${me.nutritionist.id}`, type: 'checkout.session.completed', data: { object: { id: 'cs_e2e', object: 'checkout.session', client_reference_id: me.nutritionist.id, subscription, customer: 'cus_e2e' } } });
  const periodEnd = Math.floor(Date.now() / 1000) + 45 * 86_400;
  await stripeWebhook(page, {
    id: `evt_paid_${me.nutritionist.id}`,
    type: 'invoice.paid',
    data: { object: { id: `in_${me.nutritionist.id}`, object: 'invoice', amount_paid: 4_500_000, amount_due: 4_500_000, currency: 'ars', lines: { data: [{ period: { start: periodEnd - 30 * 86_400, end: periodEnd } }] }, parent: { subscription_details: { metadata: { subscriptionId: me.nutritionist.id } } } } },
  });
  return { account, subscription };
}

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
  // Well-formed, but Mercado Pago does not accept it (checked with Mercado Pago before anything is saved).
  await dialog.getByLabel('Access Token').fill('TEST-1234567890-invalido');
  await dialog.getByRole('button', { name: 'Conectar Mercado Pago' }).click();
  await expect(dialog.getByText(/Mercado Pago no acepta ese Access Token/)).toBeVisible();
  expect((await apiCall<{ configured: boolean }>(nutri.page, 'GET', '/me/mercadopago')).configured).toBe(false);
  await screenshot(nutri.page, 'money-01b-payment-link-token-refused');
  await dialog.getByLabel('Access Token').fill('TEST-1234567890-abcdefghij');
  await dialog.getByRole('button', { name: 'Conectar Mercado Pago' }).click();
  await expect(dialog.getByTestId('payment-link-amount')).toBeVisible();
  await dialog.getByTestId('payment-link-amount').fill('15.000,50');
  await screenshot(nutri.page, 'money-02-payment-link-form');
  await dialog.getByRole('button', { name: 'Crear link' }).click();
  await expect(dialog.getByText(/Link de pago por .*15\.000,50.* listo/)).toBeVisible();
  await dialog.getByRole('button', { name: /Cerrar|Listo|Cancelar/ }).first().click();
  await expect(dialog).toBeHidden();

  // She cancels the link: the app's own dialog says what happens; the link then reads "Anulado".
  await nutri.page.getByTestId('payment-link-pending').getByTestId('payment-link-cancel').click();
  const cancelLink = nutri.page.getByRole('dialog', { name: 'Anular el link de pago' });
  await expect(cancelLink).toContainText('Mercado Pago dejará de aceptar el pago');
  await screenshot(nutri.page, 'money-02b-payment-link-cancel-confirm');
  await cancelLink.getByRole('button', { name: 'Sí, anular el link' }).click();
  await expect(nutri.page.getByTestId('payment-link-cancelled')).toContainText('Anulado');
  await expect(nutri.page.getByTestId('payment-link-pending')).toHaveCount(0);
  const expired = (await standIn<{ method: string; path: string; body: string }[]>('GET', 'requests')).filter((r) => r.method === 'PUT' && r.path.startsWith('/checkout/preferences/'));
  expect(expired).toHaveLength(1);
  expect(JSON.parse(expired[0]!.body)).toMatchObject({ expires: true });
  await screenshot(nutri.page, 'money-02c-payment-link-cancelled');

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

test('Stripe fails when she cancels: she reads that it is being confirmed; the operator sees the job and "Reintentar" records it once Stripe is back', async ({ browser }) => {
  test.setTimeout(180_000);
  const nutri = await contextAt(browser, 1366, 768);
  const operator = await contextAt(browser, 1366, 768);
  nutri.page.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
  await standIn('POST', 'reset');

  const { account, subscription } = await stripePractice(nutri.page, 'reintentos');

  // The tax-document tour (its own spec) would cover the tab in the screenshots.
  await apiCall(nutri.page, 'POST', '/me/fiscal/tour-seen', {});
  await nutri.page.goto('/cuenta?tab=facturacion');
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Activa');

  // Stripe answers 500 from now on: she cancels; nothing is recorded as done, she is told the truth.
  await standIn('POST', 'fail', { status: 500, count: 1000 });
  await nutri.page.getByRole('button', { name: 'Cancelar la suscripción' }).click();
  await nutri.page.getByRole('dialog', { name: '¿Cancelar la suscripción?' }).getByRole('button', { name: 'Sí, cancelar la suscripción' }).click();
  const pending = nutri.page.getByTestId('pending-change');
  await expect(pending).toContainText('Estamos confirmando el cambio con Stripe');
  await expect(pending).toContainText('cancelar la suscripción');
  await expect(pending).toContainText('No tenés que hacer nada');
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Activa');
  await expect(nutri.page.getByRole('button', { name: 'Cancelar la suscripción' })).toBeDisabled();
  // After a reload it still says so (the server's truth, not the screen's memory).
  await nutri.page.reload();
  await expect(nutri.page.getByTestId('pending-change')).toContainText('Estamos confirmando el cambio con Stripe');
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Activa');
  await screenshot(nutri.page, 'money-07-pending-change');

  // The operator's console lists the job: her practice, the attempt the outbox already made, Stripe's error, the next attempt.
  await register(operator.page, { ...newAccount('operadora'), email: 'operadora-reintentos@e2e.test' });
  await operator.page.goto('/admin?tab=trabajos');
  const job = operator.page.getByTestId('admin-job').filter({ hasText: account.email });
  await expect(job).toHaveCount(1);
  await expect(job).toContainText('Cambio de suscripción en el procesador de pagos');
  await expect(job.getByTestId('admin-job-status')).toHaveText('Pendiente');
  // One attempt by the outbox right after her request (a second one 30 s later, on a slow machine).
  await expect(job.getByTestId('admin-job-attempts')).toHaveText(/^[12] de 6$/);
  await expect(job.getByTestId('admin-job-error')).toContainText('Stripe is having trouble');
  await expect(job.getByTestId('admin-job-next')).toHaveText(/\d{2}-\d{2}-\d{4}/);
  await screenshot(operator.page, 'money-08-operator-jobs');
  // The same tab on a phone (390×844), light and dark: the page never scrolls sideways and her job — its
  // error and "Reintentar" — is on the screen without scrolling sideways either.
  await operator.page.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ['light', 'dark'] as const) {
    await operator.page.emulateMedia({ colorScheme: scheme });
    await expect(operator.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(job.getByTestId('admin-job-error')).toContainText('Stripe is having trouble');
    await expect(job.getByRole('button', { name: 'Reintentar' })).toBeInViewport();
    expect(await operator.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const part of [job.getByTestId('admin-job-error'), job.getByRole('button', { name: 'Reintentar' }), job.getByTestId('admin-job-next')]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await screenshot(operator.page, `money-08-operator-jobs-phone-${scheme}`);
  }
  await operator.page.emulateMedia({ colorScheme: 'light' });
  await operator.page.setViewportSize({ width: 1366, height: 768 });

  // Stripe is back; "Reintentar" runs it now: the job leaves the list and the cancellation is recorded.
  await standIn('POST', 'reset');
  await job.getByRole('button', { name: 'Reintentar' }).click();
  await expect(job).toHaveCount(0, { timeout: 20_000 });
  await screenshot(operator.page, 'money-09-operator-jobs-done');
  await expect(nutri.page.getByTestId('pending-change')).toHaveCount(0, { timeout: 20_000 });
  await nutri.page.reload();
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Cancelada');
  await expect(nutri.page.getByRole('button', { name: 'Reactivar la suscripción' })).toBeVisible();
  const updates = (await standIn<{ method: string; path: string; body: string }[]>('GET', 'requests')).filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription}`);
  // Her request, the outbox's failed tries, the operator's successful one: all the same cancellation.
  expect(updates.length).toBeGreaterThanOrEqual(3);
  expect(new Set(updates.map((r) => r.body))).toEqual(new Set(['cancel_at_period_end=true']));
  await screenshot(nutri.page, 'money-10-cancel-confirmed');
  await nutri.context.close();
  await operator.context.close();
});

test('Stripe refuses for good after a failure: after a reload she reads, in Spanish, that nothing changed and why; Stripe\'s words only in the console', async ({ browser }) => {
  test.setTimeout(120_000);
  const nutri = await contextAt(browser, 1366, 768);
  const operator = await contextAt(browser, 1366, 768);
  await standIn('POST', 'reset');
  const { account, subscription } = await stripePractice(nutri.page, 'rechazo');
  await apiCall(nutri.page, 'POST', '/me/fiscal/tour-seen', {});
  await nutri.page.goto('/cuenta?tab=facturacion');
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Activa');

  // Her cancellation meets a 500 (kept pending, one job in the outbox); from then on Stripe refuses it (400):
  // the outbox's try right after fails for good — no waiting for its back-off.
  await standIn('POST', 'fail', { status: 500, count: 1, then: { status: 400, count: 1000 } });
  await nutri.page.getByRole('button', { name: 'Cancelar la suscripción' }).click();
  await nutri.page.getByRole('dialog', { name: '¿Cancelar la suscripción?' }).getByRole('button', { name: 'Sí, cancelar la suscripción' }).click();
  // The tab asks again every 5 s while the change is pending: the failed notice replaces it by itself.
  const failed = nutri.page.getByTestId('pending-change-failed');
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await nutri.page.reload();
  await expect(failed).toContainText('No pudimos cancelar la suscripción');
  await expect(failed).toContainText('Stripe rechazó el cambio, así que no cambiamos nada');
  await expect(nutri.page.getByTestId('pending-change')).toHaveCount(0);
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Activa');
  await expect(nutri.page.getByRole('button', { name: 'Cancelar la suscripción' })).toBeEnabled();
  // Her history says why in Spanish; Stripe's own English is not on her screen.
  const history = nutri.page.getByTestId('billing-history');
  await expect(history.locator('[data-event-type="processor.failed"]').getByTestId('billing-history-reason')).toHaveText('El medio de pago rechazó el pedido.');
  await expect(history.locator('[data-event-type="processor.pending"]').getByTestId('billing-history-reason')).toHaveText('El medio de pago no respondió a tiempo (una falla de su lado, no tuya).');
  await expect(nutri.page.locator('body')).not.toContainText('Stand-in');
  await expect(nutri.page.locator('body')).not.toContainText('request refused');
  await screenshot(nutri.page, 'money-11-change-failed-for-good');
  const updates = (await standIn<{ method: string; path: string }[]>('GET', 'requests')).filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription}`);
  expect(updates).toHaveLength(2);

  // The operator reads the same reason and, on a second line, Stripe's own words.
  await register(operator.page, { ...newAccount('operadora'), email: 'operadora-rechazos@e2e.test' });
  await operator.page.goto('/admin?tab=usuarios');
  await operator.page.getByPlaceholder('Buscar por nombre o correo').fill(account.email);
  await operator.page.getByTestId(`admin-user-${account.email}`).getByRole('button', { name: 'Suscripción y pagos' }).click();
  const dialogHistory = operator.page.getByRole('dialog').getByTestId('billing-history');
  const refusal = dialogHistory.locator('[data-event-type="processor.failed"]');
  await expect(refusal.getByTestId('billing-history-reason')).toHaveText('El medio de pago rechazó el pedido.');
  await expect(refusal.getByTestId('billing-history-processor-message')).toHaveText('Respuesta del medio de pago: Stand-in: request refused');

  // "Entendido" puts her notice away.
  await failed.getByRole('button', { name: 'Entendido' }).click();
  await expect(failed).toHaveCount(0);
  await nutri.context.close();
  await operator.context.close();
});
