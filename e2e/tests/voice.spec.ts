// Issue 13, "Argentine voice", the welcome page and toasts, in Chromium: an account from Argentina
// reads voseo and can switch to neutral Spanish; accounts from Mexico and Spain read tú; a signed-out
// visitor of "/" learns what Almendra is; a toast never covers the navbar's buttons or a dialog's
// close button.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, expectAccessible, logout, newAccount, register, screenshot } from './support.js';

/** Registers through /comenzar choosing the country. */
const registerFrom = (page: Page, country: string) => register(page, newAccount('voz'), country, { keepFirstPatientPopup: true });

test('an account from Argentina reads vos, and neutral Spanish chosen in preferences shows tú after a reload', async ({ page }) => {
  await register(page, newAccount(), undefined, { keepFirstPatientPopup: true });
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  const tour = page.getByRole('dialog', { name: 'Cargá tu primer paciente' });
  await expect(tour).toBeVisible();
  await screenshot(page, 'voice-01-inicio-voseo');
  await tour.getByRole('button', { name: 'Ahora no' }).click();

  await page.goto('/pacientes');
  await expect(page.getByTestId('patients-empty')).toContainText('Creá el primero con «Nuevo paciente» o importá una planilla.');

  await page.goto('/mi-cuenta?tab=preferencias');
  await expect(page.getByLabel('Idioma')).toHaveValue('Español de Argentina y Uruguay (vos)');
  await expect(page.getByPlaceholder('Buscá una ciudad o zona')).toBeVisible();
  await expectAccessible(page);
  // The three languages, at desktop and phone width, light and dark.
  for (const [width, height, theme] of [
    [1366, 768, 'Claro'],
    [390, 844, 'Oscuro'],
    [1366, 768, 'Oscuro'],
    [390, 844, 'Claro'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByTestId('theme-menu').click();
    await page.getByRole('menuitem', { name: theme, exact: true }).click();
    await page.getByLabel('Idioma').click();
    await expect(page.getByRole('option', { name: 'Español neutro (tú)' })).toBeVisible();
    await screenshot(page, `voice-02-preferences-languages-${width}-${theme === 'Claro' ? 'light' : 'dark'}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
  }
  await page.getByLabel('Idioma').click();
  await page.getByRole('option', { name: 'Español neutro (tú)' }).click();
  await page.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(page.getByText('Preferencias guardadas')).toBeVisible();
  await expect(page.getByPlaceholder('Busca una ciudad o zona')).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByLabel('Idioma')).toHaveValue('Español neutro (tú)');
  await page.goto('/pacientes');
  await expect(page.getByTestId('patients-empty')).toContainText('Crea el primero con «Nuevo paciente» o importa una planilla.');
  await screenshot(page, 'voice-03-pacientes-tu');

  // ES ⇄ EN in the navbar comes back to the Spanish of the practice's country.
  await page.getByTestId('locale-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('locale-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
  await expect(page.getByTestId('patients-empty')).toContainText('Creá el primero');
});

for (const country of ['México', 'España']) {
  test(`an account from ${country} reads neutral Spanish (tú)`, async ({ page }) => {
    await registerFrom(page, country);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('dialog', { name: 'Carga tu primer paciente' })).toBeVisible();
    await page.goto('/mi-cuenta?tab=preferencias');
    await expect(page.getByLabel('Idioma')).toHaveValue('Español neutro (tú)');
    await expect(page.getByPlaceholder('Busca una ciudad o zona')).toBeVisible();
  });
}

test('a signed-out visitor of / sees what Almendra is, with sign-up and sign-in; a signed-in one lands on /inicio', async ({ page }) => {
  for (const [width, height, name] of [
    [1366, 768, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/login');
      await page.evaluate((value) => localStorage.setItem('almendra.preferences', JSON.stringify({ locale: 'es', theme: value, primaryColor: 'teal' })), theme);
      await page.goto('/');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Tu consultorio de nutrición, en orden' })).toBeVisible();
      for (const feature of ['Pacientes y ficha clínica', 'Consultas con antropometría', 'Agenda', 'Planes alimentarios', 'Base de alimentos']) {
        await expect(page.getByRole('heading', { level: 2, name: feature })).toBeVisible();
      }
      const start = page.getByRole('link', { name: 'Crear cuenta' });
      const signIn = page.getByRole('link', { name: 'Ingresar' });
      await expect(start).toBeInViewport();
      await expect(signIn).toBeInViewport();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `welcome-${name}-${theme}`);
      await expectAccessible(page);
    }
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('link', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/comenzar$/);
  await page.goto('/');
  await page.getByRole('link', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await register(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/inicio$/);
  await logout(page);
  await page.goto('/');
  await expect(page.getByTestId('welcome')).toBeVisible();
});

test('a visitor reads the Spanish of the browser: vos from Argentina and Uruguay, tú from elsewhere', async ({ browser }, testInfo) => {
  for (const [locale, lang, subtitle] of [
    ['es-AR', 'es-AR', 'Ingresá con tu cuenta para continuar.'],
    ['es-UY', 'es-AR', 'Ingresá con tu cuenta para continuar.'],
    ['es-MX', 'es', 'Ingresa con tu cuenta para continuar.'],
  ] as const) {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, locale, reducedMotion: 'reduce' });
    try {
      const visitor = await context.newPage();
      await visitor.goto('/login');
      await expect(visitor.locator('html')).toHaveAttribute('lang', lang);
      await expect(visitor.getByText(subtitle)).toBeVisible();
    } finally {
      await context.close();
    }
  }
});

/** True when two boxes share any area. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, String(locator)).not.toBeNull();
  return box!;
}

test('a toast covers neither the navbar buttons nor an open dialog’s close button, on desktop and phone', async ({ page }) => {
  await register(page);
  // The import check answers an error: the toast shows while the import dialog stays open.
  await page.route('**/api/v1/patients/import?**', (route) =>
    route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: { code: 'IMPORT_REJECTED', message: 'Archivo rechazado en la prueba.' } }) }),
  );
  for (const [width, height, name, theme] of [
    [1366, 768, 'desktop', 'Claro'],
    [390, 844, 'phone', 'Claro'],
    [390, 844, 'phone-dark', 'Oscuro'],
    [1366, 768, 'desktop-dark', 'Oscuro'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/pacientes');
    await page.getByTestId('theme-menu').click();
    await page.getByRole('menuitem', { name: theme, exact: true }).click();
    await expect(page.getByRole('menu')).toBeHidden();
    const headerButtons = page.locator('header').getByRole('button');
    await expect(headerButtons.first()).toBeVisible();
    // Hidden buttons (none today) have no box and are skipped.
    const header = await Promise.all((await headerButtons.all()).map((b) => b.boundingBox()));
    expect(header.filter(Boolean).length).toBeGreaterThanOrEqual(3);

    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar pacientes desde un CSV o Excel' });
    await expect(dialog).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'pacientes.csv', mimeType: 'text/csv', buffer: Buffer.from('Nombre,Apellido\nAna,Paz\n') });
    await dialog.getByRole('button', { name: 'Revisar archivo' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Archivo rechazado en la prueba.' });
    await expect(toast).toBeVisible();
    await expect(dialog).toBeVisible();
    const toastBox = await boxOf(toast);
    const closeBox = await boxOf(dialog.getByRole('button', { name: 'Cerrar' }));
    expect(overlaps(toastBox, closeBox), `${name}: toast over the dialog's close button`).toBe(false);
    for (const box of header) if (box) expect(overlaps(toastBox, box), `${name}: toast over a navbar button`).toBe(false);
    // On a phone the toast takes the width of the screen, at the bottom.
    if (name.startsWith('phone')) {
      expect(toastBox.width).toBeGreaterThan(width - 40);
      expect(toastBox.y + toastBox.height).toBeGreaterThan(height - 40);
    } else {
      expect(toastBox.y + toastBox.height).toBeGreaterThan(height - 40);
    }
    await screenshot(page, `toast-over-dialog-${name}`);
    // The spec's 2500 ms: it goes away by itself.
    await expect(toast).toBeHidden();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
  }
});

test('the English interface names default meals in English and keeps a meal name the nutritionist typed', async ({ page }) => {
  await register(page);
  await apiCall(page, 'PUT', '/meal-slots', {
    slots: [1, 2, 3, 4, 5, 6].map((slot) => ({ slot, name: slot === 4 ? 'Mate con facturas' : null, enabled: true })),
  });
  const plan = await apiCall<{ id: string }>(page, 'POST', '/plans', { type: 1, title: 'Semana 1', content: { simple: [] } });
  await page.goto(`/detalle-de-plan?id=${plan.id}`);
  await expect(page.getByRole('textbox', { name: 'Media mañana', exact: true })).toBeVisible();
  await page.getByTestId('locale-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const name of ['Breakfast', 'Mid-morning snack', 'Lunch', 'Mate con facturas', 'Late-afternoon snack', 'Dinner']) {
    await expect(page.getByRole('textbox', { name, exact: true })).toBeVisible();
  }
  for (const spanish of ['Desayuno', 'Media mañana', 'Almuerzo', 'Cena']) {
    await expect(page.getByRole('textbox', { name: spanish, exact: true })).toHaveCount(0);
  }
  await screenshot(page, 'voice-06-plan-in-english');
  await page.getByTestId('locale-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-AR');
});
