// Issue 2 end to end, as a new nutritionist would do it in Chromium: register → /inicio → logout →
// login with `to` → the access token expires (4 s in this server) and the next action still works →
// wrong password shows the Spanish error → unknown path shows 404 → English + dark persist on reload;
// plus password reset through the emailed link, lock screen, change password and the admin role.
import { expect, test } from '@playwright/test';
import { expectAccessible, lastEmailTo, login, logout, newAccount, screenshot, signUpThroughForm } from './support.js';

test('register, log out, log in with `to`, survive token expiry, see errors and 404', async ({ page }) => {
  await page.goto('/comenzar');
  await expect(page.getByLabel('País')).toHaveValue(/Argentina/);
  await screenshot(page, '01-register');
  await expectAccessible(page);

  const account = await signUpThroughForm(page);
  await expect(page.getByText('¡Te registraste con éxito!')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Valeria/ })).toBeVisible();
  await screenshot(page, '02-inicio');
  await expectAccessible(page);

  await logout(page);
  await screenshot(page, '03-login');
  await expectAccessible(page);

  // A protected page sends an anonymous visitor to the login with the wanted path in `to`.
  await page.goto('/pacientes');
  await expect(page).toHaveURL(/\/login\?to=%2Fpacientes$/);
  await login(page, account.email, 'no-es-la-clave');
  await expect(page.getByText('Correo electrónico o contraseña incorrectos.')).toBeVisible();
  await screenshot(page, '04-login-wrong-password');
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(/\/pacientes$/);

  // Let the 4-second access token expire (wait for the condition, not for a fixed time), then act.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh') && r.status() === 200);
  await page.waitForFunction(() => {
    const stored = JSON.parse(localStorage.getItem('almendra.session') ?? '{}') as { expiresAt?: string };
    return stored.expiresAt !== undefined && Date.parse(stored.expiresAt) < Date.now();
  });
  await page.goto('/cuenta');
  await page.getByRole('tab', { name: 'Preferencias' }).click();
  await page.getByRole('button', { name: 'Guardar preferencias' }).click();
  await refreshed;
  await expect(page.getByText('Preferencias guardadas')).toBeVisible();
  await expect(page).toHaveURL(/\/cuenta/);

  await page.goto('/does-not-exist');
  await expect(page).toHaveURL(/\/pages\/error-404$/);
  await expect(page.getByRole('heading', { name: /404|no existe/i })).toBeVisible();
  await screenshot(page, '05-error-404');
  await expectAccessible(page);
});

test('English and the dark theme are saved to the account and applied on the next load', async ({ page, browser }, testInfo) => {
  const account = await signUpThroughForm(page);
  await page.goto('/mi-cuenta');
  await page.getByRole('tab', { name: 'Preferencias' }).click();
  await expect(page.getByLabel('Zona horaria del consultorio')).toHaveValue(/America\/Argentina\/Buenos Aires/);
  await screenshot(page, '06-account-preferences');
  await expectAccessible(page);
  await page.getByLabel('Idioma').click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByLabel('Tema').click();
  await page.getByRole('option', { name: /Oscuro/ }).click();
  // The practice's time zone: a searchable list of IANA zones.
  await page.getByLabel('Zona horaria del consultorio').fill('Madrid');
  await page.getByRole('option', { name: /Europe\/Madrid/ }).click();
  await page.getByRole('button', { name: 'Guardar preferencias' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('tab', { name: 'Preferences' })).toBeVisible();
  await page.goto('/inicio');
  await expect(page.getByRole('link', { name: 'Patients' })).toBeVisible();
  await screenshot(page, '07-inicio-english-dark');
  await expectAccessible(page);

  // Saved to the account, not only to this browser: a new browser context (empty local storage,
  // same reduced-motion setting) starts in Spanish and light, and switches once the person signs in.
  const fresh = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    reducedMotion: 'reduce',
  });
  try {
    const other = await fresh.newPage();
    await other.goto('/login');
    // Nothing stored yet: the browser's Argentine Spanish picks es-AR (voice.spec.ts checks the texts).
    await expect(other.locator('html')).toHaveAttribute('lang', 'es-AR');
    await expect(other.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await login(other, account.email, account.password);
    await expect(other).toHaveURL(/\/inicio$/);
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await expect(other.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(other.getByRole('link', { name: 'Patients' })).toBeVisible();
    // …and it stays so on the next load of that browser, before the account is asked again.
    await other.reload();
    await expect(other.locator('html')).toHaveAttribute('lang', 'en');
    await expect(other.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await other.goto('/mi-cuenta?tab=preferencias');
    await expect(other.getByLabel('Practice time zone')).toHaveValue(/Europe\/Madrid/);
    await screenshot(other, '07b-new-browser-english-dark');
  } finally {
    await fresh.close();
  }
});

test('forgot password: the emailed single-use link sets a new password', async ({ page }) => {
  const account = await signUpThroughForm(page);
  await logout(page);
  await page.goto('/forgot-password');
  await screenshot(page, '08-forgot-password');
  await expectAccessible(page);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText(/Si existe una cuenta/)).toBeVisible();

  const email = lastEmailTo(account.email);
  expect(email?.subject).toBe('Almendra: restablecé tu contraseña');
  const link = /(http\S+\/pages\/reset-password\?token=\S+)/.exec(email!.text_body)![1]!;
  await page.goto(link);
  await screenshot(page, '09-reset-password');
  await expectAccessible(page);
  await page.getByLabel('Nueva contraseña').fill('otra-clave-nueva');
  await page.getByLabel('Confirmar contraseña').fill('otra-clave-nueva');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, account.email, 'otra-clave-nueva');
  await expect(page).toHaveURL(/\/inicio$/);

  // The link works once.
  await logout(page);
  await page.goto(link);
  await page.getByLabel('Nueva contraseña').fill('tercera-clave-1');
  await page.getByLabel('Confirmar contraseña').fill('tercera-clave-1');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page.getByText(/no es válido o ya venció/)).toBeVisible();
});

test('lock screen asks for the password again; change password from the account', async ({ page }) => {
  const account = await signUpThroughForm(page);
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Bloquear pantalla' }).click();
  await expect(page).toHaveURL(/\/pages\/lock-screen/);
  await page.reload();
  await expect(page).toHaveURL(/\/pages\/lock-screen/);
  await page.goto('/inicio');
  await expect(page).toHaveURL(/\/pages\/lock-screen/);
  await screenshot(page, '10-lock-screen');
  await expectAccessible(page);
  await page.getByLabel('Contraseña', { exact: true }).fill('equivocada');
  await page.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page.getByText('La contraseña no es correcta.')).toBeVisible();
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page).toHaveURL(/\/inicio$/);

  await page.goto('/cuenta');
  await page.getByRole('tab', { name: 'Seguridad' }).click();
  await screenshot(page, '11-account-security');
  await page.getByLabel('Contraseña actual').fill(account.password);
  await page.getByLabel('Nueva contraseña').fill('clave-cambiada-9');
  await page.getByLabel('Confirmar contraseña').fill('clave-cambiada-9');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText(/Contraseña actualizada/)).toBeVisible();
  await logout(page);
  await login(page, account.email, 'clave-cambiada-9');
  await expect(page).toHaveURL(/\/inicio$/);
});

test('the professional profile (name, licence number, phone) is edited and kept', async ({ page }) => {
  await signUpThroughForm(page);
  await page.goto('/mi-cuenta');
  await expect(page.getByRole('tab', { name: 'Perfil' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByTestId('profile-form');
  await form.getByLabel('Teléfono').fill('llamame');
  await form.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(form.getByText('Escribí el teléfono solo con números, espacios, +, ( ) o guiones.')).toBeVisible();
  await form.getByLabel('Teléfono').fill('+54 11 4444-5555');
  await form.getByLabel('Matrícula').fill('MN 4521');
  await form.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await form.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(page.getByText('Tus datos profesionales se actualizaron.')).toBeVisible();
  await screenshot(page, '16-account-profile');
  await expectAccessible(page);
  await page.reload();
  await expect(form.getByLabel('Matrícula')).toHaveValue('MN 4521');
  await expect(form.getByLabel('Teléfono')).toHaveValue('+54 11 4444-5555');
  await expect(form.getByLabel('Nombre', { exact: true })).toHaveValue('Lucía');
});

test('leaving a page while its token refresh is in flight does not sign the nutritionist out', async ({ page }) => {
  await signUpThroughForm(page);
  // The access token counts as expired, so the next screen starts with a refresh.
  await page.evaluate(() => {
    const stored = JSON.parse(window.localStorage.getItem('almendra.session')!);
    window.localStorage.setItem('almendra.session', JSON.stringify({ ...stored, expiresAt: '2000-01-01T00:00:00.000Z' }));
  });
  // The server rotates the refresh token, but its answer never reaches the page: the person moves on.
  let rotatedOnServer!: () => void;
  const rotated = new Promise<void>((resolve) => (rotatedOnServer = resolve));
  await page.route('**/api/v1/auth/refresh', async (route) => {
    const answer = await route.fetch();
    expect(answer.status()).toBe(200);
    rotatedOnServer();
  });
  void page.goto('/pacientes').catch(() => undefined);
  await rotated;
  await page.unroute('**/api/v1/auth/refresh');
  // The next page presents the old refresh token again, seconds later: still signed in.
  await page.goto('/plantillas');
  await expect(page).toHaveURL(/\/plantillas$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('logging in while already signed in warns instead of calling the server', async ({ page }) => {
  await signUpThroughForm(page);
  await page.goto('/login');
  await expect(page.getByText('¡Ya iniciaste sesión!')).toBeVisible();
});

test('only platform operators reach the admin screen', async ({ page }) => {
  await signUpThroughForm(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/pages\/not-authorized$/);
  await screenshot(page, '12-not-authorized');
  await logout(page);

  await signUpThroughForm(page, { ...newAccount(), email: 'operadora@e2e.test' });
  await page.getByRole('link', { name: 'Administración' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(/Nutricionistas/)).toBeVisible();
  await screenshot(page, '13-admin');
  await expectAccessible(page);
});

test('the app shell: menu entries in order, navbar search with starred pages, mobile drawer', async ({ page }) => {
  await signUpThroughForm(page);
  const menu = page.getByRole('navigation', { name: /Menú principal/ });
  const labels = await menu.getByRole('link').allInnerTexts();
  expect(labels.map((l) => l.trim().split('\n')[0])).toEqual([
    'Inicio',
    'Pacientes',
    'Citas',
    'Plantillas',
    'Alimentos',
    'Platos',
    'Estadísticas',
    'Marketing',
    'Chat',
    'Configuración',
  ]);
  await page.keyboard.press('Control+K');
  await page.getByPlaceholder(/Buscar/).fill('alim');
  await expect(page.getByRole('button', { name: /Alimentos/ }).first()).toBeVisible();
  await screenshot(page, '14-navbar-search');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/inicio');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: /Abrir menú|menú/i }).first().click();
  await expect(menu).toBeVisible();
  await screenshot(page, '15-mobile-drawer');
});
