// The floating chat with more than one conversation open at once (issue 24, seed 1 §4: participants in
// numbered slots, up to 7): at 1366×768 two windows side by side, both usable, each sending its own
// message; minimise turns a window into its head above the launcher and the head brings it back; close
// takes it away. On a phone (390×844) there is no floating window: the header's icon opens /chat, one
// conversation at a time, full screen. Screenshots at both sizes, light and dark.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, register, screenshot } from './support.js';
import { phone } from './portal-support.js';

test.describe.configure({ timeout: 240_000 });

/** A patient with portal access (invited and accepted on a phone), so she is a chat contact. */
async function portalPatient(page: Page, browser: Browser, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}@e2e.test`;
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName, lastName, sex: 'f', birthDate: '1990-05-10', email });
  const invite = await apiCall<{ code: string }>(page, 'POST', `/patients/${patient.id}/portal-invite`);
  const patientPage = await phone(browser);
  await patientPage.goto(`/portal/aceptar?code=${invite.code}`);
  await patientPage.getByTestId('accept-password').fill(`clave-de-${firstName.toLowerCase()}-1`);
  await patientPage.getByTestId('accept-submit').click();
  await expect(patientPage).toHaveURL(/\/portal$/);
  await patientPage.context().close();
  return patient.id;
}

async function pickTheme(page: Page, theme: 'Claro' | 'Oscuro') {
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitem', { name: theme, exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme === 'Oscuro' ? 'dark' : 'light');
}

test('two conversations open at once in floating windows on a laptop; one at a time, full screen, on a phone', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  await portalPatient(page, browser, 'Ana', 'Ruiz');
  await portalPatient(page, browser, 'Bruno', 'Paz');
  await page.goto('/inicio');

  const launcher = page.getByTestId('floating-chat-launcher');
  const ana = page.getByRole('dialog', { name: 'Vos y Ana Ruiz' });
  const bruno = page.getByRole('dialog', { name: 'Vos y Bruno Paz' });
  // The launcher opens 'Nuevo mensaje' (the contact list); each contact opens in its own window.
  await launcher.click();
  const picker = page.getByRole('dialog', { name: 'Nuevo mensaje' });
  await picker.getByTestId('chat-contact').filter({ hasText: 'Ana Ruiz' }).click();
  await expect(ana).toBeVisible();
  await expect(picker).toHaveCount(0);
  await launcher.click();
  await picker.getByTestId('chat-contact').filter({ hasText: 'Bruno Paz' }).click();
  await expect(bruno).toBeVisible();
  await expect(ana).toBeVisible();
  await expect(page.getByTestId('floating-chat')).toHaveCount(2);

  // Side by side, whole on the screen, neither over the other nor over the launcher.
  const a = (await ana.boundingBox())!;
  const b = (await bruno.boundingBox())!;
  const l = (await launcher.boundingBox())!;
  for (const box of [a, b]) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    expect(box.x + box.width).toBeLessThanOrEqual(l.x);
  }
  expect(Math.min(a.x + a.width, b.x + b.width)).toBeLessThanOrEqual(Math.max(a.x, b.x));
  // Each header shows who (her initials: no picture).
  await expect(ana.getByTestId('floating-chat-avatar')).toHaveText('AR');
  await expect(bruno.getByTestId('floating-chat-avatar')).toHaveText('BP');

  // Both are usable: each sends its own message, into its own conversation.
  await ana.getByTestId('chat-input').fill('Hola Ana, ¿cómo venís con el plan?');
  await ana.getByTestId('chat-input').press('Enter');
  await bruno.getByTestId('chat-input').fill('Bruno, te espero el jueves');
  await bruno.getByTestId('chat-send').click();
  await expect(ana.getByTestId('chat-message').filter({ hasText: 'Hola Ana' })).toHaveAttribute('data-status', /sent|delivered|read/);
  await expect(bruno.getByTestId('chat-message').filter({ hasText: 'te espero el jueves' })).toHaveAttribute('data-status', /sent|delivered|read/);
  await expect(ana.getByTestId('chat-message').filter({ hasText: 'jueves' })).toHaveCount(0);
  await expect(bruno.getByTestId('chat-message').filter({ hasText: 'Hola Ana' })).toHaveCount(0);
  await screenshot(page, 'floating-chat-01-two-windows-1366-light');
  await pickTheme(page, 'Oscuro');
  await expect(ana).toBeVisible();
  await expect(bruno).toBeVisible();
  await screenshot(page, 'floating-chat-02-two-windows-1366-dark');

  // Minimise: Ana's window becomes her head above the launcher; Bruno's stays. Her head brings it back.
  await ana.getByRole('button', { name: 'Minimizar' }).click();
  await expect(ana).toHaveCount(0);
  await expect(bruno).toBeVisible();
  const anaHead = page.getByRole('button', { name: 'Abrir el chat con Ana Ruiz' });
  await expect(anaHead).toBeVisible();
  await screenshot(page, 'floating-chat-03-minimised-head-1366-dark');
  await anaHead.click();
  await expect(ana).toBeVisible();
  await expect(ana.getByTestId('chat-message').filter({ hasText: 'Hola Ana' })).toBeVisible();
  await expect(anaHead).toHaveCount(0);
  // Close: Bruno's window goes, with no head left behind (nothing unread).
  await bruno.getByRole('button', { name: 'Cerrar el chat' }).click();
  await expect(bruno).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Abrir el chat con Bruno Paz' })).toHaveCount(0);
  await expect(ana).toBeVisible();

  // The server has each message in its own conversation.
  const conversations = await apiCall<{ items: { name: string; lastMessage?: { text: string } | null }[] }>(page, 'GET', '/conversations?limit=20');
  expect(conversations.items.map((c) => c.name).sort()).toEqual(['Ana Ruiz', 'Bruno Paz']);

  // On a phone: no floating window at all; the header's icon opens /chat with one conversation at a time.
  await pickTheme(page, 'Claro');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('floating-chat')).toHaveCount(0);
  await expect(launcher).toHaveCount(0);
  await page.getByTestId('header-chat').click();
  await expect(page).toHaveURL(/\/chat$/);
  await page.getByTestId('chat-contact').filter({ hasText: 'Ana Ruiz' }).click();
  await expect(page.getByTestId('chat-title')).toHaveText('Vos y Ana Ruiz');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Hola Ana' })).toBeVisible();
  await expect(page.getByTestId('chat-input')).toHaveCount(1);
  await expect(page.getByTestId('chat-contacts')).toHaveCount(0);
  await screenshot(page, 'floating-chat-04-phone-one-conversation-light');
  await page.getByRole('button', { name: 'Volver a los contactos' }).click();
  await page.getByTestId('chat-contact').filter({ hasText: 'Bruno Paz' }).click();
  await expect(page.getByTestId('chat-title')).toHaveText('Vos y Bruno Paz');
  await expect(page.getByTestId('chat-input')).toHaveCount(1);
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Hola Ana' })).toHaveCount(0);
  // The call button keeps its whole label at 390 px (it was cut to "Videollama").
  const label = page.getByTestId('chat-video-call').locator('.mantine-Button-label');
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // The message box takes the row beside the send button (with its length counter it had shrunk to a third).
  const box = await page.getByTestId('chat-input').boundingBox();
  expect(box!.width).toBeGreaterThan(250);
  await pickTheme(page, 'Oscuro');
  await screenshot(page, 'floating-chat-05-phone-one-conversation-dark');

  // Back on the laptop (the floating chat unmounted on the phone and on /chat), the conversation she left
  // open is where she left it: crossing the breakpoint lost every window before.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('link', { name: 'Inicio' }).first().click();
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(ana).toBeVisible();
  await expect(ana.getByTestId('chat-message').filter({ hasText: 'Hola Ana' })).toBeVisible();
  await expect(bruno).toHaveCount(0);
});
