// Single sign-on in Chromium against a real OpenID provider started inside the test (oidc-provider on a
// loopback port) and an Almendra instance configured for it: the login page's button, the provider's
// redirects, /callback signing in (a new nutritionist account), and the spec's alert when the provider
// refuses. The suite's shared server has no provider, so this file starts its own instance.
import { expect, test } from '@playwright/test';
import { instancePorts, startInstance, type Instance } from './instances.js';
import { expectAccessible, screenshot } from './support.js';
// The same local OpenID provider the server's SSO tests use.
import { startTestProvider, type TestProvider } from '../../apps/server/test/oidc-test-provider.js';

const port = instancePorts.oidc;
const baseURL = `http://127.0.0.1:${port}`;
let provider: TestProvider;
let server: Instance | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  provider = await startTestProvider(`${baseURL}/callback`);
  server = await startInstance({
    port,
    name: 'oidc',
    env: {
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: 'almendra',
      OIDC_CLIENT_SECRET: 'almendra-test-secret',
      OIDC_BUTTON_LABEL: 'Ingresar con Clínica SSO',
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

test('a first sign-in through the provider creates the account and lands on /inicio', async ({ browser }) => {
  const context = await browser.newContext({ baseURL, locale: 'es-AR', reducedMotion: 'reduce', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  const email = `sso.${Date.now().toString(36)}@clinica.example`;
  provider.nextAccount = { sub: `sub-${email}`, email, email_verified: true, given_name: 'Lucía', family_name: 'Paz', locale: 'es-AR' };
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Ingresar con Clínica SSO' });
  await expect(button).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'oidc-login-button-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'oidc-login-button-390');
  await button.click();
  await page.waitForURL(/\/inicio/);
  const me = await page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('almendra.session') ?? 'null') as { accessToken?: string } | null;
    return stored?.accessToken ?? null;
  });
  // Signed in: a reload keeps the session (refresh cookie) and stays on /inicio.
  await page.reload();
  await expect(page).toHaveURL(/\/inicio/);
  void me;
  await context.close();
});

test('the provider refusing shows the spec\'s alert at /callback, with a way back to the login', async ({ browser }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ baseURL, locale: 'es-AR', reducedMotion: 'reduce', colorScheme, viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    provider.nextError = 'access_denied';
    await page.goto('/login');
    await page.getByRole('button', { name: 'Ingresar con Clínica SSO' }).click();
    await page.waitForURL(/\/callback/);
    const alert = page.getByTestId('callback-alert');
    await expect(alert).toContainText('OIDC_PROVIDER_ERROR (access_denied). Detailed error can be found in console.');
    await expect(alert).toContainText('400');
    await expect(page.getByRole('heading', { name: 'No pudimos iniciar sesión' })).toBeVisible();
    await expect(page.getByText('El proveedor de identidad no completó el inicio de sesión.')).toBeVisible();
    expect(consoleErrors.some((text) => text.includes('Single sign-on callback failed'))).toBe(true);
    await expectAccessible(page);
    await screenshot(page, `oidc-callback-error-${colorScheme}`);
    await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/login/);
    await context.close();
  }
  provider.nextError = null;
});
