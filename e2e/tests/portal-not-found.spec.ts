// An address under /portal the portal does not know (/portal/xyz): the server and the service worker
// answer it with the portal's page, so the portal shows its own "page not found" (the app's 404 screen
// and texts, a link to /portal) instead of reloading the same address for ever (app/portal-screens.ts).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, screenshot } from './support.js';

async function phone(browser: Browser, colorScheme: 'light' | 'dark', serviceWorkers: 'allow' | 'block' = 'block'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    reducedMotion: 'reduce',
    colorScheme,
    serviceWorkers,
  });
  return context.newPage();
}

/** Counts the page's document loads (a reload loop would add one every few hundred milliseconds). */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => void (loads += 1));
  return () => loads;
}

async function expectNotFound(page: Page) {
  const screen = page.getByTestId('error-404');
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('heading', { level: 1 })).toHaveText('Esta página no existe');
  await expect(screen).toContainText('Código 404');
  await expect(screen).toContainText('La dirección que buscás no existe o cambió de lugar.');
  await expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/portal');
}

test('an unknown /portal/… address shows the page not found once, in light and dark, with a link to the portal', async ({ browser }) => {
  for (const scheme of ['light', 'dark'] as const) {
    const page = await phone(browser, scheme);
    const loads = countLoads(page);
    await page.goto('/portal/xyz?a=1');
    await expectNotFound(page);
    await expect(page).toHaveTitle(/Esta página no existe/);
    // No reload: still the first document once the page has settled (nothing loading for half a second;
    // a reload loop never settles), at the same address.
    await page.waitForLoadState('networkidle');
    expect(loads()).toBe(1);
    await expect(page).toHaveURL(/\/portal\/xyz\?a=1$/);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await screenshot(page, `portal-not-found-01-${scheme}-phone`);
    await expectAccessible(page);
    if (scheme === 'light') {
      // The link goes to the portal's home in the page; without a session its check sends to the sign-in.
      await page.getByRole('link', { name: 'Volver al inicio' }).click();
      await expect(page).toHaveURL(/\/login\?/);
    }
    await page.context().close();
  }
});

test('the service worker answers an unknown /portal/… address offline: the page not found, no loop', async ({ browser }) => {
  const page = await phone(browser, 'light', 'allow');
  await page.goto('/portal/aceptar');
  await expect(page.getByTestId('accept-code')).toBeVisible();
  // Installing precaches the build; the worker claims the page.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const loads = countLoads(page);
  await page.context().setOffline(true);
  await page.goto('/portal/otra/cosa');
  await expectNotFound(page);
  await page.waitForLoadState('networkidle');
  expect(loads()).toBe(1);
  await page.context().close();
});
