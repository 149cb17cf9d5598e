// "Notificaciones" (issue 27, Web Push): the nutritionist's settings tab and the portal's section explain
// what arrives, never ask the browser's permission on load, and keep the per-event choices; an iPhone
// in a Safari tab gets the "Compartir → Agregar a inicio" explanation instead of a button that cannot work.
// (Delivering a push through the service worker is not covered here: see docs/push.md.)
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, register, screenshot } from './support.js';
import { practiceWithPortalPatient } from './portal-support.js';

/** Counts Notification.requestPermission() calls, so a prompt on load cannot go unnoticed. */
async function countPermissionPrompts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __permissionPrompts: number };
    w.__permissionPrompts = 0;
    if (typeof Notification !== 'undefined') {
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = ((...args: Parameters<typeof Notification.requestPermission>) => {
        w.__permissionPrompts += 1;
        return original(...args);
      }) as typeof Notification.requestPermission;
    }
  });
}
const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __permissionPrompts: number }).__permissionPrompts);

async function screens(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), scheme);
    await screenshot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe.configure({ timeout: 120_000 });

test('the nutritionist chooses her notifications in Configuración, and the patient in her portal', async ({ page, browser }) => {
  await countPermissionPrompts(page);
  const { patientPage } = await practiceWithPortalPatient(page, browser);

  await page.goto('/configuracion?tab=notificaciones');
  const card = page.getByTestId('notifications-card');
  await expect(card.getByRole('heading', { name: 'Notificaciones' })).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('cuando un paciente te escriba, llegue una solicitud de turno');
  await expect(card).toContainText('no muestran datos de salud ni el texto de los mensajes');
  await expect(card.getByRole('button', { name: 'Activar notificaciones' })).toBeVisible();
  // Her events, all on by default; no patient-only ones.
  for (const label of ['Mensajes nuevos', 'Solicitudes de turno desde tu perfil web', 'Pacientes que confirman o cancelan un turno']) {
    await expect(card.getByRole('switch', { name: label })).toBeChecked();
  }
  await expect(card.getByRole('switch', { name: 'Planes nuevos' })).toHaveCount(0);
  expect(await prompts(page)).toBe(0);
  await expectAccessible(page);
  await screens(page, 'push-settings-1366');

  // A choice is kept on the server.
  // (A 401 first is the 4-second test token being renewed; the retried call must succeed.)
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/push/preferences') && r.request().method() === 'PATCH' && r.status() !== 401);
  await card.getByRole('switch', { name: 'Mensajes nuevos' }).click({ force: true });
  expect((await saved).status()).toBe(200);
  await expect(card.getByRole('switch', { name: 'Mensajes nuevos' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByTestId('notifications-card').getByRole('switch', { name: 'Mensajes nuevos' })).not.toBeChecked();
  await expect(page.getByTestId('notifications-card').getByRole('switch', { name: 'Solicitudes de turno desde tu perfil web' })).toBeChecked();
  expect(await prompts(page)).toBe(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('notifications-card').scrollIntoViewIfNeeded();
  await screens(page, 'push-settings-390');

  // The patient: her own events, on the portal's home.
  const portalCard = patientPage.getByTestId('notifications-card');
  await expect(portalCard).toContainText('cuando tu nutricionista te escriba, te llame o publique un plan');
  for (const label of ['Mensajes nuevos', 'Videollamadas entrantes', 'Planes nuevos', 'Recordatorio del turno del día siguiente']) {
    await expect(portalCard.getByRole('switch', { name: label })).toBeChecked();
  }
  await expect(portalCard.getByRole('switch', { name: 'Solicitudes de turno desde tu perfil web' })).toHaveCount(0);
  // Her choices are hers: the nutritionist's "Mensajes nuevos" off did not turn hers off.
  await portalCard.scrollIntoViewIfNeeded();
  await expectAccessible(patientPage);
  await screens(patientPage, 'push-portal-390');
});

test('an iPhone in a Safari tab is told to add Almendra to the home screen first', async ({ browser, page }) => {
  await register(page);
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Camila', lastName: 'Ibarra', sex: 'f', birthDate: '1992-04-02', email: `ios.${Date.now().toString(36)}@e2e.test` });
  const invite = await apiCall<{ code: string }>(page, 'POST', `/patients/${patient.id}/portal-invite`);
  const iphone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    isMobile: true,
    hasTouch: true,
  });
  const ios = await iphone.newPage();
  await ios.goto(`/portal/aceptar?code=${invite.code}`);
  await ios.getByTestId('accept-password').fill('clave-de-camila-1');
  await ios.getByTestId('accept-submit').click();
  await expect(ios).toHaveURL(/\/portal$/);
  const card = ios.getByTestId('notifications-card');
  await expect(ios.getByTestId('push-ios')).toContainText('tocá Compartir y luego «Agregar a inicio»');
  await expect(card.getByRole('button', { name: 'Activar notificaciones' })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await screens(ios, 'push-portal-iphone-390');
  await iphone.close();
});
