// Subscriptions in Chromium (issue 12), two people at once: an operator creates a plan for Uruguay with
// no trial days, so a nutritionist who registers there starts expired — she can still read her screens
// (a banner leads to paying), chooses the plan in /planes, lands on /activar-cuenta (plan, amount, how to pay, her data still downloadable); the
// operator finds her in /admin and records the transfer; her screen moves on to /exitoso by itself and
// the practice works again. Then the fiscal popup: a wrong CUIT check digit is refused on screen, a good
// one is saved and the success state links to the billing tab, which shows it after a reload. The
// operator's audit log lists both actions. She cancels and reactivates from /cuenta and sees the truth after
// each reload. Screens at 1366×768 and 390×844, light and dark.
import { expect, test, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { apiCall, expectAccessible, newAccount, register, screenshot } from './support';

const OPERATOR_EMAIL = 'operadora-facturacion@e2e.test';

async function contextAt(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height } });
  return { context, page: await context.newPage() };
}

test('trial over → plans → pay → an operator records the payment → access back; the fiscal popup', async ({ browser }) => {
  test.setTimeout(180_000);
  const operator = await contextAt(browser, 1366, 768);
  const nutri = await contextAt(browser, 1366, 768);

  // The operator adds a catalogue for Uruguay whose trial lasts 0 days.
  await register(operator.page, { ...newAccount('operadora'), email: OPERATOR_EMAIL });
  await operator.page.goto('/admin?tab=planes');
  await operator.page.getByRole('button', { name: 'Nuevo plan' }).click();
  const planDialog = operator.page.getByRole('dialog');
  await planDialog.getByLabel('Clave').fill('uy-mensual');
  await planDialog.getByLabel('Nombre').fill('Mensual Uruguay');
  await planDialog.getByLabel('País').fill('UY');
  await planDialog.getByLabel('Precio en centavos').fill('150000');
  await planDialog.getByLabel('Moneda').fill('UYU');
  await planDialog.getByLabel('Días de prueba').fill('0');
  await planDialog.getByRole('button', { name: 'Guardar plan' }).click();
  await expect(operator.page.getByRole('row').filter({ hasText: 'uy-mensual' })).toContainText('Mensual Uruguay');
  await screenshot(operator.page, 'billing-01-admin-plans');

  // She registers from Uruguay: the trial is already over, so the app sends her to /planes.
  const account = newAccount('uruguaya');
  await nutri.page.goto('/comenzar');
  await nutri.page.getByLabel('Nombre', { exact: true }).fill(account.firstName);
  await nutri.page.getByLabel('Apellido', { exact: true }).fill(account.lastName);
  await nutri.page.getByLabel('Correo electrónico').fill(account.email);
  await nutri.page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await nutri.page.getByLabel('Confirmar contraseña').fill(account.password);
  await nutri.page.getByLabel('País').fill('Uruguay');
  await nutri.page.getByRole('option', { name: 'Uruguay', exact: true }).click();
  await nutri.page.getByRole('button', { name: 'Crear cuenta' }).click();
  // Expired, not locked out: she can read her screens (issue 25), the shell says the subscription ended
  // and leads to paying; "Ir al inicio" never loops.
  await expect(nutri.page).toHaveURL(/\/inicio$/);
  const expiredAlert = nutri.page.getByTestId('plan-alert');
  await expect(expiredAlert).toContainText('Tu suscripción venció: podés ver tus datos, pero no modificarlos.');
  await nutri.page.goto('/pacientes');
  await expect(nutri.page).toHaveURL(/\/pacientes$/);
  await expect(nutri.page.getByTestId('plan-alert')).toBeVisible();
  await nutri.page.getByTestId('plan-alert').getByRole('link', { name: 'Pagar' }).click();
  await expect(nutri.page).toHaveURL(/\/activar-cuenta$/);
  await expect(nutri.page.getByTestId('inactive-notice')).toContainText('Tu suscripción venció. Podés seguir viendo');
  await nutri.page.getByRole('link', { name: 'Ir al inicio' }).click();
  await expect(nutri.page).toHaveURL(/\/inicio$/);
  await nutri.page.getByTestId('plan-alert').getByRole('link', { name: 'Pagar' }).click();
  await nutri.page.getByRole('link', { name: 'Elegir un plan' }).click();
  await expect(nutri.page).toHaveURL(/\/planes$/);
  const plan = nutri.page.getByTestId('plan-uy-mensual');
  await expect(plan).toContainText('Mensual Uruguay');
  await expect(plan).toContainText('Por mes');
  // A plan with no trial never offers "0 días de prueba gratis".
  await expect(plan).not.toContainText('prueba');
  await expect(nutri.page.getByText(/Tu suscripción venció. Podés seguir viendo/)).toBeVisible();
  await screenshot(nutri.page, 'billing-02-plans-expired');

  // She chooses the plan.
  await nutri.page.getByTestId('plan-uy-mensual').getByRole('button', { name: 'Elegir este plan' }).click();
  await expect(nutri.page).toHaveURL(/\/activar-cuenta$/);
  await expect(nutri.page.getByTestId('payment-plan')).toHaveText('Mensual Uruguay · Por mes');
  await expect(nutri.page.getByTestId('payment-amount')).toContainText('1.500,00');
  await expect(nutri.page.getByTestId('inactive-notice')).toBeVisible();
  await expect(nutri.page.getByTestId('data-export')).toContainText('Descargar contactos (CSV)');
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Vencida');
  // The operator's instructions (BILLING_MANUAL_INSTRUCTIONS), and she sends the transfer's receipt.
  await expect(nutri.page.getByTestId('payment-instructions')).toContainText('Alias: almendra.pagos');
  const receipt = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#f4f4f4' } }).png().toBuffer();
  await nutri.page.locator('input[type="file"]').setInputFiles({ name: 'transferencia.png', mimeType: 'image/png', buffer: receipt });
  await expect(nutri.page.getByText('Comprobante enviado')).toBeVisible();
  await expect(nutri.page.getByTestId('payment-receipts')).toContainText(/Comprobante del \d{2}-\d{2}-\d{4} \(imagen\)/);
  await screenshot(nutri.page, 'billing-03-activate-account');
  // Writing is refused with a clear code while reading still works.
  const refused = await nutri.page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('almendra.session') ?? '{}') as { accessToken?: string };
    const r = await fetch('/api/v1/patients', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${stored.accessToken}` }, body: JSON.stringify({ firstName: 'Ana', lastName: 'Gil' }) });
    return { status: r.status, code: ((await r.json()) as { error?: { code?: string } }).error?.code };
  });
  expect([402, 401]).toContain(refused.status);

  // The operator finds her account and records the transfer.
  await operator.page.goto('/admin?tab=usuarios');
  await operator.page.getByLabel('Buscar por nombre o correo').fill(account.email);
  const row = operator.page.getByTestId(`admin-user-${account.email}`);
  await expect(row).toContainText('Vencida · uy-mensual');
  await row.getByRole('button', { name: 'Suscripción y pagos' }).click();
  const paymentDialog = operator.page.getByRole('dialog');
  await expect(paymentDialog.getByTestId('subscription-status')).toHaveText('Vencida');
  // Her receipt is there for the operator to open before recording the payment.
  await expect(paymentDialog.getByTestId('payment-receipts')).toContainText('(imagen)');
  await paymentDialog.getByLabel('Referencia del comprobante').fill('TRF-E2E-0001');
  await paymentDialog.getByLabel('Nota').fill('Transferencia BROU');
  await screenshot(operator.page, 'billing-04-admin-record-payment');
  await paymentDialog.getByRole('button', { name: 'Registrar pago' }).click();
  await expect(operator.page.getByText('Pago registrado')).toBeVisible();
  await expect(paymentDialog.getByTestId('subscription-status')).toHaveText('Activa');

  // Her screen notices by itself (it polls while waiting) and the practice is open again.
  await expect(nutri.page).toHaveURL(/\/exitoso$/, { timeout: 30_000 });
  await expect(nutri.page.getByText(/Tu suscripción está activa hasta el/)).toBeVisible();
  await screenshot(nutri.page, 'billing-05-success');
  await nutri.page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(nutri.page).toHaveURL(/\/inicio$/);

  // One popup at a time: the first-patient popup first; once she puts it off, the fiscal popup (the plan
  // state's tour_documento). A wrong CUIT check digit is refused on screen.
  const firstPatient = nutri.page.getByRole('dialog', { name: 'Cargá tu primer paciente' });
  await expect(firstPatient).toBeVisible();
  await expect(nutri.page.getByRole('dialog', { name: /Completá tus datos de facturación/ })).toHaveCount(0);
  await firstPatient.getByRole('button', { name: 'Ahora no' }).click();
  const popup = nutri.page.getByRole('dialog', { name: /Completá tus datos de facturación/ });
  await expect(popup).toContainText('Completá tus datos de facturación');
  await popup.getByLabel('Tipo de documento').selectOption('CUIT');
  await popup.getByTestId('fiscal-number').fill('30500010913');
  await expect(popup.getByTestId('fiscal-number')).toHaveValue('30-50001091-3');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(popup.getByText('El CUIT no es válido: el dígito verificador no coincide.')).toBeVisible();
  await screenshot(nutri.page, 'billing-06-fiscal-popup-error');
  await popup.getByTestId('fiscal-number').fill('30-50001091-2');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  const success = nutri.page.getByTestId('fiscal-popup-success');
  await expect(success).toBeVisible();
  await screenshot(nutri.page, 'billing-07-fiscal-popup-success');
  await success.getByRole('link', { name: 'Ir a Facturación' }).click();
  await expect(nutri.page).toHaveURL(/\/cuenta\?tab=facturacion$/);

  // The billing tab after a reload: active, the payment in the history, the CUIT kept.
  await nutri.page.reload();
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Activa');
  await expect(nutri.page.getByTestId('billing-history')).toContainText('Pago aprobado');
  await expect(nutri.page.getByTestId('billing-history')).toContainText('TRF-E2E-0001');
  await expect(nutri.page.getByTestId('fiscal-number')).toHaveValue('30-50001091-2');
  await expect(nutri.page.getByTestId('subscription-fiscal-document')).toHaveText('CUIT 30-50001091-2');
  // Billing dates in the app's one format.
  await expect(nutri.page.getByTestId('subscription-valid-until')).toContainText(/^\d{2}-\d{2}-\d{4}/);
  await expect(nutri.page.getByLabel('Tipo de documento')).toHaveValue('CUIT');
  await expect(nutri.page.getByRole('dialog')).toHaveCount(0);
  await screenshot(nutri.page, 'billing-08-billing-tab');
  await expectAccessible(nutri.page);

  // The practice writes again.
  const created = await apiCall<{ id: string }>(nutri.page, 'POST', '/patients', { firstName: 'Ana', lastName: 'Gil' });
  expect(created.id).toBeTruthy();

  // She cancels from /cuenta: the confirmation says until when it stays and that nothing more is charged;
  // after a reload the tab still says cancelled, with no next charge, and the shell says when it ends.
  await nutri.page.goto('/cuenta?tab=facturacion');
  // The app's own dialog (never the browser's confirm()): "Volver" changes nothing, the named action cancels.
  const nativeDialogs: string[] = [];
  nutri.page.on('dialog', (dialog) => {
    nativeDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await nutri.page.getByRole('button', { name: 'Cancelar la suscripción' }).click();
  const cancelDialog = nutri.page.getByRole('dialog', { name: '¿Cancelar la suscripción?' });
  await expect(cancelDialog).toContainText(/Tu plan sigue vigente hasta el \d{2}-\d{2}-\d{4} y no se vuelve a cobrar/);
  await cancelDialog.getByRole('button', { name: 'Volver, mantenerla' }).click();
  await expect(cancelDialog).toHaveCount(0);
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Activa');
  await nutri.page.getByRole('button', { name: 'Cancelar la suscripción' }).click();
  await cancelDialog.getByRole('button', { name: 'Sí, cancelar la suscripción' }).click();
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Cancelada');
  expect(nativeDialogs).toEqual([]);
  await nutri.page.reload();
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Cancelada');
  await expect(nutri.page.getByTestId('subscription-next-charge')).toHaveText('—');
  await expect(nutri.page.getByTestId('plan-alert')).toContainText(/Tu suscripción termina el \d{2}-\d{2}-\d{4}/);
  await expect(nutri.page.getByTestId('billing-history')).toContainText('Cancelación');
  await screenshot(nutri.page, 'billing-08b-cancelled');
  await nutri.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(nutri.page, 'billing-08c-cancelled-phone');
  await nutri.page.setViewportSize({ width: 1366, height: 768 });
  // She changes her mind: reactivated, and still so after a reload.
  await nutri.page.getByRole('button', { name: 'Reactivar la suscripción' }).click();
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Activa');
  await nutri.page.reload();
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Activa');
  await expect(nutri.page.getByTestId('subscription-next-charge')).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
  await expect(nutri.page.getByTestId('plan-alert')).toHaveCount(0);
  await expect(nutri.page.getByTestId('billing-history')).toContainText('Reactivación');
  await screenshot(nutri.page, 'billing-08d-reactivated');

  // Phone and dark mode.
  await apiCall(nutri.page, 'PATCH', '/me/preferences', { theme: 'dark' });
  await nutri.page.setViewportSize({ width: 390, height: 844 });
  await nutri.page.reload();
  await expect(nutri.page.getByTestId('subscription-status')).toHaveText('Activa');
  await screenshot(nutri.page, 'billing-09-billing-tab-phone-dark');
  await nutri.page.goto('/comprar');
  await expect(nutri.page.getByTestId('plan-uy-mensual')).toContainText('Tu plan');
  await screenshot(nutri.page, 'billing-10-plans-phone-dark');

  // The operator's audit log lists the plan and the payment; it cannot be edited.
  await operator.page.keyboard.press('Escape');
  await operator.page.goto('/admin?tab=auditoria');
  await expect(operator.page.getByTestId('audit-row').filter({ hasText: 'payment.record' })).toBeVisible();
  await expect(operator.page.getByTestId('audit-row').filter({ hasText: 'subscription_plan.create' })).toBeVisible();
  await screenshot(operator.page, 'billing-11-admin-audit');

  await operator.context.close();
  await nutri.context.close();
});

test('account general data: profile photo and currency, kept after a reload', async ({ page }) => {
  await register(page);
  await page.goto('/cuenta');
  const card = page.getByTestId('profile-photo-card');
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a9c6b' } }).png().toBuffer();
  await card.locator('input[type="file"]').setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Foto guardada')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cambiar foto' })).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /^blob:/);
  // The navbar's user menu shows the same photo, at once.
  await expect(page.getByTestId('user-menu-avatar').locator('img')).toHaveAttribute('src', /^blob:/);

  await page.getByTestId('profile-currency').click();
  await page.getByRole('option', { name: /^USD/ }).click();
  await page.getByTestId('profile-form').locator('button[type="submit"]').click();
  await expect(page.getByText('Perfil guardado')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('profile-currency')).toHaveValue(/^USD/);
  await expect(page.getByTestId('profile-photo-card').locator('img')).toHaveAttribute('src', /^blob:/);
  await expect(page.getByTestId('user-menu-avatar').locator('img')).toHaveAttribute('src', /^blob:/);
  await screenshot(page, 'billing-12-account-photo-currency');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'billing-13-account-photo-currency-phone');

  // Removed: both pictures go back to the initials, and stay so after a reload.
  await page.getByTestId('profile-photo-card').getByRole('button', { name: 'Quitar foto' }).click();
  await expect(page.getByText('Foto quitada')).toBeVisible();
  await expect(page.getByTestId('profile-photo-card').locator('img')).toHaveCount(0);
  await expect(page.getByTestId('user-menu-avatar').locator('img')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('profile-currency')).toHaveValue(/^USD/);
  await expect(page.getByTestId('user-menu-avatar')).toHaveText('VG');
  await expect(page.getByTestId('user-menu-avatar').locator('img')).toHaveCount(0);
});
