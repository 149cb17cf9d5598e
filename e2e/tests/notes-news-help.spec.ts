// Notes, news, help and referrals in Chromium: a patient note and an own note (pinned, bold) survive a
// reload and are searchable; an admin publishes news, the nutritionist's topbar badge rises and clears
// on /novedades; the FAQ answers a search; a colleague who signs up through the referral link appears
// in the referrer's list. Every screen is shot at 1366×768 and 390×844, light and dark, with axe checks.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, expectAccessible, newAccount, register, screenshot } from './support.js';

const ADMIN_EMAIL = 'operadora-novedades@e2e.test';
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

// Each flow shoots several screens at two sizes with an axe check on each: more than the default minute
// on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** Waits until the shell has finished moving its main area (the navbar slides in or out on resize). */
async function settled(page: Page) {
  const left = () => page.locator('#main-content').evaluate((el) => (el.firstElementChild ?? el).getBoundingClientRect().left);
  let previous = -1;
  await expect
    .poll(async () => {
      const current = await left();
      const stable = current === previous;
      previous = current;
      return stable;
    }, { intervals: [150] })
    .toBe(true);
}

/** Shoots the current screen at both sizes in the current theme, checking accessibility on each. */
async function shootBothSizes(page: Page, name: string, ready: () => Promise<void>) {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await settled(page);
    await ready();
    await screenshot(page, `notes-news-help-${name}-${size}`);
    await expectAccessible(page);
  }
  await page.setViewportSize(DESKTOP);
}

async function typeRichText(page: Page, testId: string, parts: Array<{ text: string; bold?: boolean }>) {
  const editor = page.getByTestId(testId);
  await editor.click();
  for (const part of parts) {
    if (part.bold) await page.keyboard.press('Control+b');
    await page.keyboard.type(part.text);
    if (part.bold) await page.keyboard.press('Control+b');
  }
}

async function newNutritionistPage(browser: Browser, account = newAccount('notas')) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await register(page, account);
  return { page, account };
}

test('notes: a patient note and an own note, pinned and bold, survive a reload and are searchable', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await register(page, newAccount('notas'));
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Camila', lastName: 'Ibarra', sex: 'f', birthDate: '1992-04-02' });

  // The record's Notas tab.
  await page.goto(`/ficha?id=${patient.id}&tab=notas`);
  await expect(page.getByTestId('notes-empty')).toBeVisible();
  await page.getByTestId('new-note').click();
  await page.getByTestId('note-title').fill('Alergia al maní');
  await typeRichText(page, 'note-body', [{ text: 'Evitar ' }, { text: 'frutos secos', bold: true }, { text: ' en todas las comidas.' }]);
  await page.getByTestId('note-pinned').check();
  await page.getByTestId('note-save').click();
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  await page.getByTestId('new-note').click();
  await page.getByTestId('note-title').fill('Control de marzo');
  await page.getByTestId('note-date').fill('02-03-2026');
  await typeRichText(page, 'note-body', [{ text: 'Bajó 2 kg; buena adherencia.' }]);
  await page.getByTestId('note-save').click();
  await expect(page.getByTestId('note-card')).toHaveCount(2);

  await page.reload();
  const cards = page.getByTestId('note-card');
  await expect(cards).toHaveCount(2);
  // Pinned first, with its bold text rendered as bold.
  await expect(cards.first()).toContainText('Alergia al maní');
  await expect(cards.first().getByTestId('note-pinned-badge')).toBeVisible();
  await expect(cards.first().locator('strong')).toHaveText('frutos secos');
  await expect(cards.nth(1)).toContainText('02-03-2026');
  await page.getByTestId('notes-search').fill('adherencia');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Control de marzo');
  await page.getByTestId('notes-search').fill('');
  await expect(cards).toHaveCount(2);
  await shootBothSizes(page, 'record-notes', async () => {
    await expect(cards).toHaveCount(2);
  });

  // The nutritionist's own notes on /nueva-nota: the form is open, her notes listed below.
  await page.goto('/nueva-nota');
  await expect(page.getByTestId('notes-empty')).toBeVisible();
  await page.getByTestId('note-title').fill('Congreso SAN');
  await typeRichText(page, 'note-body', [{ text: 'Inscribirme antes del ' }, { text: 'viernes', bold: true }, { text: '.' }]);
  await page.getByTestId('note-pinned').check();
  await page.getByTestId('note-save').click();
  await expect(page.getByTestId('note-card')).toHaveCount(1);
  // The form is empty again for the next note.
  await expect(page.getByTestId('note-title')).toHaveValue('');
  await page.getByTestId('note-title').fill('Leer guía alimentaria');
  await page.getByTestId('note-save').click();
  await expect(page.getByTestId('note-card')).toHaveCount(2);

  await page.reload();
  const own = page.getByTestId('note-card');
  await expect(own).toHaveCount(2);
  await expect(own.first()).toContainText('Congreso SAN');
  await expect(own.first().locator('strong')).toHaveText('viernes');
  // The patient's notes are not among her own.
  await expect(page.getByText('Alergia al maní')).toHaveCount(0);
  await page.getByTestId('notes-search').fill('guia');
  await expect(own).toHaveCount(1);
  await expect(own.first()).toContainText('Leer guía alimentaria');
  await page.getByTestId('notes-search').fill('');
  await expect(own).toHaveCount(2);
  await shootBothSizes(page, 'own-notes', async () => {
    await expect(own).toHaveCount(2);
  });

  // Unpin, and delete after confirming.
  await own.first().getByRole('button', { name: 'Dejar de fijar' }).click();
  await expect(own.first().getByTestId('note-pinned-badge')).toHaveCount(0);
  await own.filter({ hasText: 'Leer guía' }).getByRole('button', { name: 'Eliminar' }).click();
  await page.getByTestId('confirm-delete-note').click();
  await expect(own).toHaveCount(1);
});

test('news: an admin publishes, the nutritionist sees the badge, opens /novedades and it clears', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await register(page, newAccount('novedades'));
  await expect(page.getByTestId('news-bell')).toBeVisible();
  await expect(page.getByTestId('news-badge')).toHaveCount(0);

  const admin = await newNutritionistPage(browser, { ...newAccount('operadora'), email: ADMIN_EMAIL });
  await admin.page.goto('/admin?tab=contenidos');
  await admin.page.getByTestId('admin-news-title-input').fill('Nuevo: notas con formato');
  await typeRichText(admin.page, 'admin-news-body', [{ text: 'Ahora las notas admiten ' }, { text: 'negrita', bold: true }, { text: ', listas y enlaces.' }]);
  await admin.page.getByTestId('admin-news-save').click();
  await expect(admin.page.getByTestId('admin-news-item').filter({ hasText: 'Nuevo: notas con formato' })).toBeVisible();
  await shootBothSizes(admin.page, 'admin-panels', async () => {
    await expect(admin.page.getByTestId('admin-faq-category').first()).toBeVisible();
  });

  // The badge counts it (the count refreshes on load and every minute).
  await page.reload();
  await expect(page.getByTestId('news-badge')).toHaveText('1');
  await shootBothSizes(page, 'news-badge', async () => {
    await expect(page.getByTestId('news-badge')).toHaveText('1');
  });
  await page.getByTestId('news-bell').click();
  await expect(page).toHaveURL(/\/novedades$/);
  const item = page.getByTestId('news-item').filter({ hasText: 'Nuevo: notas con formato' });
  await expect(item).toBeVisible();
  await expect(item.locator('strong')).toHaveText('negrita');
  await expect(item.getByTestId('news-new')).toBeVisible();
  await expect(page.getByTestId('news-badge')).toHaveCount(0);
  await shootBothSizes(page, 'news', async () => {
    await expect(item).toBeVisible();
  });
  // Seen for good: after a reload the item is no longer new and the badge stays away.
  await page.reload();
  await expect(item).toBeVisible();
  await expect(item.getByTestId('news-new')).toHaveCount(0);
  await expect(page.getByTestId('news-badge')).toHaveCount(0);

  // The admin adds a question to the FAQ; the nutritionist finds it in /ayuda.
  await admin.page.getByTestId('admin-faq-new-item').click();
  const dialog = admin.page.getByRole('dialog', { name: 'Nueva pregunta' });
  await dialog.getByTestId('admin-faq-question').fill('¿Cómo cargo la obra social del paciente?');
  await typeRichText(admin.page, 'admin-faq-answer', [{ text: 'En la ficha, ' }, { text: 'Datos personales', bold: true }, { text: ': obra social y número de socio.' }]);
  await dialog.getByTestId('admin-faq-save').click();
  await expect(dialog).toBeHidden();
  await expect(admin.page.getByTestId('admin-faq-category').first()).toContainText('¿Cómo cargo la obra social del paciente?');
  await page.goto('/ayuda');
  await page.getByTestId('faq-search').fill('obra social');
  await expect(page.getByTestId('faq-item')).toHaveCount(1);
  await expect(page.getByTestId('faq-item').locator('strong')).toHaveText('Datos personales');
  await admin.page.context().close();
});

test('help: the FAQ answers a search and the guided tour can be reopened', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await register(page, newAccount('ayuda'));
  await page.goto('/ayuda');
  await expect(page.getByRole('heading', { name: 'Pacientes', exact: true })).toBeVisible();
  await expect(page.getByTestId('faq-item').first()).toBeVisible();
  await shootBothSizes(page, 'help', async () => {
    await expect(page.getByTestId('faq-list')).toBeVisible();
  });
  await page.getByTestId('faq-search').fill('invito portal');
  const items = page.getByTestId('faq-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('¿Cómo invito a un paciente al portal?');
  // Search results open with their answer showing.
  await expect(page.getByText('Invitar al portal', { exact: false }).first()).toBeVisible();
  await shootBothSizes(page, 'help-search', async () => {
    await expect(items).toHaveCount(1);
  });
  await page.getByTestId('faq-search').fill('xyzxyz');
  await expect(page.getByTestId('faq-empty')).toContainText('Probá con otras palabras');

  // Reopening the tour from /ayuda (features/onboarding): /inicio starts it at once.
  await apiCall(page, 'PATCH', '/me/onboarding', { guidedTour: 'seen' });
  await page.getByTestId('reopen-tour').click();
  await expect(page.locator('.driver-popover-title')).toHaveText('Te damos la bienvenida a Almendra');
  await expect(page).toHaveURL(/\/inicio$/);
  expect((await apiCall<{ guidedTour: string }>(page, 'GET', '/me/onboarding')).guidedTour).toBe('pending');
});

test('referrals: a colleague who signs up through the link is attributed to the referrer', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await register(page, newAccount('referente'));
  await page.goto('/gratis');
  await expect(page.getByTestId('referrals-empty')).toBeVisible();
  const link = await page.getByTestId('referral-link').inputValue();
  expect(link).toMatch(/\/comenzar\?ref=[A-HJ-NP-Z2-9]{8}$/);
  const whatsapp = await page.getByTestId('share-referral-whatsapp').getAttribute('href');
  expect(decodeURIComponent(whatsapp ?? '')).toContain(link);
  await shootBothSizes(page, 'referrals-empty', async () => {
    await expect(page.getByTestId('referral-link')).toBeVisible();
  });

  // A colleague opens the link on her phone and signs up.
  const context = await browser.newContext({ viewport: PHONE });
  const colleague = await context.newPage();
  await colleague.goto(link);
  await expect(colleague.getByTestId('register-referral')).toBeVisible();
  await screenshot(colleague, 'notes-news-help-register-referral-phone');
  await colleague.getByLabel('Nombre', { exact: true }).fill('Carla');
  await colleague.getByLabel('Apellido', { exact: true }).fill('Gómez');
  await colleague.getByLabel('Correo electrónico').fill(`carla.${Date.now().toString(36)}@e2e.test`);
  await colleague.getByLabel('Contraseña', { exact: true }).fill('clave-e2e-segura');
  await colleague.getByLabel('Confirmar contraseña').fill('clave-e2e-segura');
  await colleague.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(colleague).toHaveURL(/\/inicio$/);
  await context.close();

  await page.reload();
  const table = page.getByTestId('referrals-table');
  await expect(table).toContainText('Carla Gómez');
  await expect(table).toContainText('Activa');
  await expect(page.getByTestId('referrals-total')).toHaveText('1 referido');
  await shootBothSizes(page, 'referrals', async () => {
    await expect(table).toBeVisible();
  });
});

/** A new practice in the dark theme, on a laptop screen. */
async function darkPractice(page: Page) {
  await page.setViewportSize(DESKTOP);
  await register(page, newAccount('oscuro'));
  await apiCall(page, 'PATCH', '/me/preferences', { theme: 'dark' });
}

// The same screens in dark mode: three tests, each on its own account.
test('the same screens in dark mode: own notes and the record\'s notes', async ({ page }) => {
  await darkPractice(page);
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Lara', lastName: 'Sosa', sex: 'f', birthDate: '1990-01-01' });
  await apiCall(page, 'POST', `/patients/${patient.id}/notes`, { title: 'Antecedentes familiares', bodyHtml: '<p>Madre con <strong>diabetes tipo 2</strong>.</p><ul><li>Control anual</li></ul>', pinned: true });
  await apiCall(page, 'POST', '/notes', { title: 'Pedir turno al laboratorio', bodyHtml: '<p>Para el <em>lunes</em>.</p>' });
  await page.goto('/nueva-nota');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shootBothSizes(page, 'own-notes-dark', async () => {
    await expect(page.getByTestId('note-card')).toHaveCount(1);
  });
  await page.goto(`/ficha?id=${patient.id}&tab=notas`);
  await shootBothSizes(page, 'record-notes-dark', async () => {
    await expect(page.getByTestId('note-card')).toHaveCount(1);
  });
});

test('the same screens in dark mode: news and help', async ({ page }) => {
  await darkPractice(page);
  await page.goto('/novedades');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shootBothSizes(page, 'news-dark', async () => {
    await expect(page.getByTestId('news-list').or(page.getByTestId('news-empty'))).toBeVisible();
  });
  await page.goto('/ayuda');
  await shootBothSizes(page, 'help-dark', async () => {
    await expect(page.getByTestId('faq-list')).toBeVisible();
  });
});

test('the same screens in dark mode: referrals', async ({ page }) => {
  await darkPractice(page);
  await page.goto('/gratis');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await shootBothSizes(page, 'referrals-dark', async () => {
    await expect(page.getByTestId('referral-link')).toBeVisible();
  });
});
