// Patients on the other side, in two browsers: the nutritionist invites a patient from the record, the
// patient activates the portal on a phone-size screen, they chat both ways (unread counts, read marks),
// hold a video call with Chromium's fake camera (each side's remote video receives frames), the patient
// logs a day with a meal photo and the nutritionist sees it in the record; revoking signs the patient out.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { practiceWithPortalPatient } from './portal-support.js';
import { apiCall, expectAccessible, lastEmailTo, register, screenshot } from './support.js';

// A 2×2 PNG (a meal photo stand-in): the server re-encodes it, so any valid image will do.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires', reducedMotion: 'reduce' });
  return context.newPage();
}

/** The remote <video> is really playing the other side's camera: frames have a size and time advances. */
async function expectReceivingVideo(page: Page) {
  const video = page.getByTestId('remote-video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(first);
}

test('invite → accept → chat both ways → video call → daily log in the record → revoke', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await register(page);
  await apiCall(page, 'PATCH', '/me/profile', { phone: '011 15 5555-1234' });
  const email = `paciente.${Date.now().toString(36)}@e2e.test`;
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Camila', lastName: 'Ibarra', sex: 'f', birthDate: '1992-04-02', email });
  await apiCall(page, 'POST', '/patients', { firstName: 'Tomás', lastName: 'Ríos', sex: 'm', birthDate: '1985-09-30' });

  // The record invites: code, link and WhatsApp message on screen, the email in the outbox.
  await page.goto(`/ficha?id=${patient.id}`);
  await expect(page.getByTestId('portal-access-status')).toHaveText('Este paciente todavía no tiene acceso al portal.');
  await page.getByTestId('portal-invite-button').click();
  const code = await page.getByTestId('portal-invite-code').inputValue();
  expect(code).toMatch(/^[0-9A-Z]{8}$/);
  const inviteUrl = await page.getByTestId('portal-invite-url').inputValue();
  await expect(page.getByTestId('portal-access-status')).toContainText('Invitación enviada');
  expect(lastEmailTo(email)?.text_body).toContain(inviteUrl);
  await screenshot(page, 'portal-01-record-invite');
  await expectAccessible(page);

  // The patient opens the link on a phone, chooses a password and lands in the portal.
  const patientPage = await phone(browser);
  await patientPage.goto(inviteUrl.replace(/^https?:\/\/[^/]+/, ''));
  await expect(patientPage.getByTestId('accept-code')).toHaveValue(code);
  await patientPage.getByTestId('accept-password').fill('clave-de-camila-1');
  await patientPage.getByTestId('accept-submit').click();
  await expect(patientPage).toHaveURL(/\/portal$/);
  await expect(patientPage.getByRole('heading', { name: 'Hola, Camila' })).toBeVisible();
  // The support widget writes to the practice by WhatsApp, 120 characters at most.
  await patientPage.getByTestId('support-message').fill('Hola! '.repeat(30));
  await expect(patientPage.getByTestId('support-message')).toHaveValue(('Hola! '.repeat(30)).slice(0, 120));
  await expect(patientPage.getByTestId('support-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/5491155551234\?text=Hola/);
  await screenshot(patientPage, 'portal-02-patient-home-phone');
  await expectAccessible(patientPage);
  // A patient who types a practice address is sent back to the portal.
  await patientPage.goto('/pacientes');
  await expect(patientPage).toHaveURL(/\/portal$/);

  // The record now says the access is active; the floating chat shows (the practice has 2 patients).
  await page.reload();
  await expect(page.getByTestId('portal-access-status')).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('floating-chat-launcher')).toBeVisible();

  // Chat: the nutritionist writes from /chat; the patient's Chat tab shows 1 unread at once.
  await page.goto(`/chat`);
  await page.getByTestId('chat-contact').filter({ hasText: 'Camila Ibarra' }).click();
  await expect(page.getByTestId('chat-title')).toHaveText('Vos y Camila Ibarra');
  await page.getByTestId('chat-input').fill('Hola Camila, ¿cómo venís con el plan?');
  await page.getByTestId('chat-input').press('Enter');
  const sent = page.getByTestId('chat-message').filter({ hasText: '¿cómo venís con el plan?' });
  await expect(sent).toHaveAttribute('data-status', /sent|delivered/);
  await expect(patientPage.getByTestId('portal-unread')).toHaveText('1');
  await patientPage.getByTestId('portal-tab-chat').click();
  await expect(patientPage.getByTestId('chat-message').filter({ hasText: '¿cómo venís con el plan?' })).toBeVisible();
  // Opened = read: the nutritionist's message turns to "Leído" without a reload.
  await expect(sent).toHaveAttribute('data-status', 'read');
  // Shift+Enter is a new line, Enter sends; text is shown as typed, never as HTML.
  await patientPage.getByTestId('chat-input').fill('Bien! <b>comí</b> todo');
  await patientPage.getByTestId('chat-input').press('Shift+Enter');
  await patientPage.getByTestId('chat-input').pressSequentially('y tomé agua');
  await patientPage.getByTestId('chat-input').press('Enter');
  const reply = page.getByTestId('chat-message').filter({ hasText: '<b>comí</b> todo' });
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('y tomé agua');
  await expect(page.getByTestId('chat-message').locator('b')).toHaveCount(0);
  await screenshot(page, 'portal-03-chat-nutritionist');
  await screenshot(patientPage, 'portal-04-chat-patient-phone');
  await expectAccessible(page);
  await expectAccessible(patientPage);
  // After a reload both sides still show the conversation.
  await patientPage.reload();
  await patientPage.getByTestId('portal-tab-chat').click();
  await expect(patientPage.getByTestId('chat-message')).toHaveCount(2);

  // Video call: the chat's button opens the call, the patient accepts, both receive frames.
  await page.getByTestId('chat-video-call').click();
  await expect(page).toHaveURL(/\/video-llamadas\?paciente=/);
  await page.getByTestId('call-start').click();
  await expect(patientPage.getByTestId('incoming-call')).toBeVisible();
  await expect(patientPage.getByTestId('incoming-call')).toContainText('Valeria Gómez te está llamando');
  await screenshot(patientPage, 'portal-05-incoming-call-phone');
  await patientPage.getByTestId('call-accept').click();
  await expectReceivingVideo(page);
  await expectReceivingVideo(patientPage);
  await expect(page.getByTestId('call-screen')).toHaveAttribute('data-phase', 'inCall');
  await page.getByTestId('call-mic').click();
  await expect(page.getByTestId('call-mic')).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'portal-06-call-nutritionist');
  await screenshot(patientPage, 'portal-07-call-patient-phone');
  await page.getByTestId('call-end').click();
  await expect(page.getByTestId('call-ended')).toContainText('Llamada finalizada');
  await expect(patientPage.getByTestId('call-ended')).toContainText('Tu nutricionista cortó la llamada');

  // Daily log from the phone, with a meal photo.
  await patientPage.getByRole('button', { name: 'Salir' }).click();
  await patientPage.getByTestId('portal-tab-log').click();
  await patientPage.getByTestId('log-rating').locator('label').nth(3).click();
  await patientPage.getByTestId('log-water').fill('7');
  await patientPage.getByTestId('log-exercise').fill('Bicicleta');
  await patientPage.getByTestId('log-minutes').fill('40');
  await patientPage.getByTestId('log-notes').fill('Merienda con fruta.');
  await patientPage.getByTestId('log-photo').click();
  await patientPage.locator('input[type="file"]').setInputFiles({ name: 'almuerzo.png', mimeType: 'image/png', buffer: PNG });
  await patientPage.getByTestId('log-save').click();
  await expect(patientPage.getByText('Registro guardado')).toBeVisible();
  await expect(patientPage.getByTestId('daily-log-day').first()).toContainText('7 vasos');
  await screenshot(patientPage, 'portal-08-daily-log-phone');

  // /inicio says who wrote since she last looked, practice-wide, with the badge.
  await page.goto('/inicio');
  await expect(page.getByTestId('dashboard-daily-log-badge')).toContainText('1');
  await expect(page.getByTestId('dashboard-daily-log-item')).toHaveCount(1);
  await expect(page.getByTestId('dashboard-daily-log-item')).toContainText('Camila Ibarra');
  await screenshot(page, 'portal-08b-dashboard-daily-log');

  await page.goto(`/ficha?id=${patient.id}`);
  await expect(page.getByTestId('daily-log-badge')).toHaveText('1');
  await page.getByRole('tab', { name: /Registro diario/ }).click();
  const day = page.getByTestId('daily-log-day').first();
  await expect(day).toContainText('Bicicleta · 40 min');
  await expect(day).toContainText('Merienda con fruta.');
  await expect(day).toContainText('Nuevo');
  await expect.poll(() => day.getByTestId('daily-log-photo').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByTestId('daily-log-badge')).toHaveCount(0);
  await screenshot(page, 'portal-09-record-daily-log');
  await expectAccessible(page);
  // Read: /inicio no longer lists her.
  await page.goto('/inicio');
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  await expect(page.getByTestId('dashboard-daily-log')).toHaveCount(0);
  await page.goto(`/ficha?id=${patient.id}`);

  // Revoke: the patient's portal signs out at once.
  await page.getByRole('tab', { name: 'Ficha' }).click();
  await page.getByTestId('portal-revoke-button').click();
  await page.getByTestId('portal-revoke-confirm').click();
  await expect(page.getByTestId('portal-access-status')).toHaveAttribute('data-status', 'none');
  await expect(patientPage).toHaveURL(/\/login/);
  await patientPage.context().close();

  // The conversation stays, to read only: no video call can be placed from it.
  await page.goto('/chat');
  await page.getByTestId('chat-contact').filter({ hasText: 'Camila Ibarra' }).click();
  await expect(page.getByTestId('chat-message').first()).toBeVisible();
  await expect(page.getByTestId('chat-read-only')).toBeVisible();
  await expect(page.getByTestId('chat-video-call')).toHaveCount(0);
  await screenshot(page, 'portal-13-chat-read-only');
});

test('the chat and the portal in dark mode and on a laptop screen', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'dark' });
  const email = `oscuro.${Date.now().toString(36)}@e2e.test`;
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Lara', lastName: 'Sosa', sex: 'f', birthDate: '1990-01-01', email });
  await apiCall(page, 'POST', '/patients', { firstName: 'Iván', lastName: 'Paz', sex: 'm', birthDate: '1980-01-01' });
  const invite = await apiCall<{ code: string }>(page, 'POST', `/patients/${patient.id}/portal-invite`);
  const patientPage = await phone(browser);
  await patientPage.emulateMedia({ colorScheme: 'dark' });
  await patientPage.goto(`/portal/aceptar?code=${invite.code}`);
  await patientPage.getByTestId('accept-password').fill('clave-de-lara-1');
  await patientPage.getByTestId('accept-submit').click();
  await expect(patientPage).toHaveURL(/\/portal$/);
  // The patient picks the dark theme in the portal's own appearance menu.
  await patientPage.getByTestId('theme-menu').click();
  await patientPage.getByRole('menuitem', { name: 'Oscuro', exact: true }).click();
  await expect(patientPage.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.goto('/inicio');
  await page.reload();
  await page.getByTestId('floating-chat-launcher').click();
  await expect(page.getByTestId('floating-chat')).toBeVisible();
  await page.getByTestId('chat-contact').filter({ hasText: 'Lara Sosa' }).click();
  // The header shows who: her picture, or her initials without one.
  await expect(page.getByTestId('floating-chat-avatar')).toHaveText('LS');
  await page.getByTestId('chat-input').fill('Mensaje desde la ventana flotante');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'ventana flotante' })).toBeVisible();
  await screenshot(page, 'portal-10-floating-chat-dark');
  await expectAccessible(page);
  // The patient answers while the nutritionist is elsewhere: the menu's Chat badge counts it.
  await page.getByRole('button', { name: 'Cerrar el chat' }).click();
  await patientPage.getByTestId('portal-tab-chat').click();
  await patientPage.getByTestId('chat-input').fill('¡Recibido!');
  await patientPage.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('chat-badge')).toContainText('1');
  await expect(page.getByTestId('floating-chat-unread')).toHaveText('1');
  // Her chat head (slot 1: the first participant opened) shows above the launcher with the count.
  const head = page.getByTestId('floating-chat-head');
  await expect(head).toHaveCount(1);
  await expect(head).toHaveAttribute('data-slot', '1');
  await expect(head).toContainText('1');
  await screenshot(page, 'portal-12-chat-head-dark');
  await head.click();
  await expect(page.getByTestId('floating-chat')).toBeVisible();
  await expect(page.getByTestId('chat-message').filter({ hasText: '¡Recibido!' })).toBeVisible();
  await expect(page.getByTestId('chat-badge')).toHaveCount(0);
  await screenshot(patientPage, 'portal-11-chat-patient-dark-phone');
  await patientPage.context().close();
});

test('the invitation page: its code from the address, its link to sign in and back (the portal has no router of its own)', async ({ browser }) => {
  const patientPage = await phone(browser);
  await patientPage.goto('/portal/aceptar?code=ABCD1234');
  await expect(patientPage.getByTestId('accept-code')).toHaveValue('ABCD1234');
  // The portal's link: a page of the professional's app (its sign-in for patients).
  await patientPage.getByRole('link', { name: 'Iniciá sesión' }).click();
  await expect(patientPage).toHaveURL(/\/login\?para=paciente$/);
  await expect(patientPage.getByTestId('login-patient-footer')).toBeVisible();
  // Back: the invitation page again, with its code (the link was a page load: before, a pushed entry
  // of the portal's page under /login made this a same-document step of the professional's app, whose
  // /portal/aceptar route showed the error screen).
  await patientPage.goBack();
  await expect(patientPage).toHaveURL(/\/portal\/aceptar\?code=ABCD1234$/);
  await expect(patientPage.getByTestId('accept-code')).toHaveValue('ABCD1234');
  // Forward, then the sign-in's own link back to the invitation page (a page load of the portal).
  await patientPage.goForward();
  await expect(patientPage.getByTestId('login-patient-footer')).toBeVisible();
  await patientPage.getByTestId('login-patient-footer').getByRole('link').click();
  await expect(patientPage).toHaveURL(/\/portal\/aceptar$/);
  await expect(patientPage.getByTestId('accept-code')).toHaveValue('');
  await patientPage.context().close();
});

test('the portal downloads no English on a Spanish visit, and paints in English when that is the patient\'s language', async ({ page, browser }) => {
  const { patientPage } = await practiceWithPortalPatient(page, browser);
  // The English texts of the start-up namespaces are lazy chunks (lib/i18n.ts): never on a Spanish visit.
  const english: string[] = [];
  patientPage.on('request', (request) => {
    if (/\/assets\/locales-en/.test(request.url())) english.push(request.url());
  });
  await patientPage.reload();
  await expect(patientPage.getByRole('heading', { name: 'Hola, Camila' })).toBeVisible();
  expect(english).toEqual([]);

  // Her account in English: the portal follows it, and the next visit starts in English (the header's
  // appearance button is a start-up text, nav; the greeting is the portal's lazy namespace).
  await apiCall(patientPage, 'PATCH', '/me/preferences', { locale: 'en' });
  await patientPage.reload();
  await expect(patientPage.getByRole('heading', { name: 'Hi, Camila' })).toBeVisible();
  await patientPage.reload();
  await expect(patientPage.getByRole('heading', { name: 'Hi, Camila' })).toBeVisible();
  await expect(patientPage.getByTestId('theme-menu')).toHaveAttribute('aria-label', 'Appearance');
  expect(english.some((url) => url.includes('/assets/locales-en-boot'))).toBe(true);
  expect(english.some((url) => url.includes('/assets/locales-en-app'))).toBe(false);
  await screenshot(patientPage, 'portal-13-patient-home-english');
  await patientPage.context().close();
});

test('"Cerrar sesión" keeps its button when its tooltip loads: the same node before and after, and a click pressed before the tooltip and released after it signs out', async ({ page, browser }) => {
  const { patientPage } = await practiceWithPortalPatient(page, browser);
  await patientPage.setViewportSize({ width: 1366, height: 768 });
  const button = patientPage.getByRole('button', { name: 'Cerrar sesión' });
  const tooltip = patientPage.getByRole('tooltip', { name: 'Cerrar sesión' });
  const mark = () => button.evaluate((el) => void ((el as HTMLElement & { mark?: number }).mark = 1));
  const marked = () => button.evaluate((el) => (el as HTMLElement & { mark?: number }).mark ?? null);

  // Hovered: the tooltip's code loads (the mouse does not move again) and shows it beside the same button.
  await expect(button).toBeVisible();
  await mark();
  await button.hover();
  await expect(tooltip).toBeVisible();
  expect(await marked()).toBe(1);
  await screenshot(patientPage, 'portal-14-sign-out-tooltip-light');
  await patientPage.emulateMedia({ colorScheme: 'dark' });
  await expect(patientPage.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await screenshot(patientPage, 'portal-14-sign-out-tooltip-dark');
  await patientPage.emulateMedia({ colorScheme: 'light' });
  await patientPage.mouse.move(5, 5);
  await expect(tooltip).toBeHidden();

  // The appearance button beside it is a stand-in until clicked (then the real menu replaces it, opened):
  // on a fresh page a click pressed as the mouse arrives (its code loading meanwhile) opens the menu.
  await patientPage.reload();
  const themeButton = patientPage.getByTestId('theme-menu');
  const themeBox = (await themeButton.boundingBox())!;
  await patientPage.mouse.move(themeBox.x + themeBox.width / 2, themeBox.y + themeBox.height / 2);
  await patientPage.mouse.down();
  await patientPage.waitForLoadState('networkidle');
  await patientPage.mouse.up();
  await expect(patientPage.getByRole('menuitem', { name: 'Oscuro', exact: true })).toBeVisible();
  await patientPage.keyboard.press('Escape');
  await expect(patientPage.getByRole('menu')).toBeHidden();

  // A fresh page (the code not yet asked for): the mouse presses the button as it arrives, the tooltip
  // loads and shows while it is held down, and the release on the same node is a click that signs out.
  await patientPage.reload();
  await expect(button).toBeVisible();
  await mark();
  const box = (await button.boundingBox())!;
  await patientPage.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await patientPage.mouse.down();
  await expect(tooltip).toBeVisible();
  expect(await marked()).toBe(1);
  await patientPage.mouse.up();
  await expect(patientPage).toHaveURL(/\/login\?para=paciente$/);
  await patientPage.context().close();
});
