// The portal as an installable app that works offline (issue 27), in Chromium against the built app:
// - Chromium finds the portal's manifest and the service worker and reports no installability error;
// - once visited, the portal and the patient's latest published plan (its PDF too) open with the network
//   cut, from what the service worker kept, even after the 4-second access token expired;
// - the server's own pages and files are never answered with the app's shell;
// - signing out deletes the kept API answers, so the next person on the phone sees none of them;
// - from the second visit the portal offers "Instalar la app" (Chromium's install event), dismissible;
// - a push message delivered to the portal's service worker through the DevTools protocol (as a push
//   service would deliver it) shows the notification, and the worker's click handler takes the open
//   portal to the chat. A real click on a system notification cannot be driven from CDP or Playwright:
//   the handler runs on a NotificationEvent dispatched in the worker for the notification it showed;
// - a deployment while the portal is open (on a server and a copy of the build of the test's own): the
//   "hay una versión nueva" notice, "Recargar ahora" handing over to the new worker, and otherwise the new
//   version running from the next visit;
// - the kept first paint: a repeat visit shows the home the patient last saw before the app's code has
//   rendered anything, then the live home; after sign-out it is gone, and the next patient signing in on
//   the same browser never has the first one's name in the page.
// Screenshots of the offer at 390×844, light and dark, of the new-version notice, and of the kept first
// paint and the live home that replaces it (light and dark).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { pushTitle } from '../../apps/server/src/modules/push/push-titles.js';
import { instancePorts, servedBuild, startInstance, type Instance } from './instances.js';
import { apiCall, expectAccessible, register, screenshot } from './support.js';

// The rest of the suite runs without service workers (playwright.config.ts); this spec is about them.
test.use({ serviceWorkers: 'allow' });

async function phoneContext(browser: Browser, colorScheme: 'light' | 'dark' = 'light', baseURL?: string): Promise<BrowserContext> {
  return browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    viewport: { width: 390, height: 844 },
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    reducedMotion: 'reduce',
    colorScheme,
    serviceWorkers: 'allow',
  });
}

/** A practice whose patient has a published plan, and the invitation to her portal. */
async function practiceWithPublishedPlan(page: Page) {
  await page.addInitScript(() => localStorage.setItem('almendra.firstPatientTour', 'done'));
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  const email = `pwa.${Date.now().toString(36)}@e2e.test`;
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Camila', lastName: 'Ibarra', sex: 'f', birthDate: '1992-04-02', email });
  const plan = await apiCall<{ id: string }>(page, 'POST', '/plans', {
    type: 1,
    title: 'Plan de primavera',
    patientId: patient.id,
    draft: 0,
    content: { simple: [{ day: 1, meals: [{ slot: 2, text: 'Yogur con frutillas y avena' }] }] },
  });
  await apiCall(page, 'POST', `/plans/${plan.id}/publish-for-patient`);
  const invite = await apiCall<{ inviteUrl: string }>(page, 'POST', `/patients/${patient.id}/portal-invite`);
  return { inviteUrl: invite.inviteUrl.replace(/^https?:\/\/[^/]+/, ''), email };
}

async function acceptInvite(patientPage: Page, inviteUrl: string): Promise<void> {
  await patientPage.goto(inviteUrl);
  await patientPage.getByTestId('accept-password').fill('clave-de-camila-1');
  await patientPage.getByTestId('accept-submit').click();
  await expect(patientPage).toHaveURL(/\/portal$/);
  await expect(patientPage.getByTestId('portal')).toBeVisible();
}

/** Waits for the service worker to be active and to control the page (it claims it on first install). */
async function controlledByServiceWorker(patientPage: Page): Promise<void> {
  // Installing precaches the whole build (~160 files): seconds on a busy machine.
  await patientPage.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await patientPage.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await patientPage.reload();
  await expect(patientPage.getByTestId('portal')).toBeVisible();
  expect(await patientPage.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/**
 * "Cerrar sesión" in the portal's header, clicked. (It used to be hovered first: its tooltip's code, loaded
 * on the first mouse hover, re-mounted the button and swallowed a click arriving in the same moment; the
 * button now stays put, portal.spec's "keeps its button" test.)
 */
async function signOutOfPortal(patientPage: Page): Promise<void> {
  await patientPage.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(patientPage).toHaveURL(/\/login/);
}

const keptPdf = (patientPage: Page) =>
  patientPage.evaluate(async () => {
    const cache = await caches.open('almendra-api');
    const pdf = await cache.match('/api/v1/portal/plan/pdf', { ignoreVary: true });
    return pdf ? { type: pdf.headers.get('content-type'), head: new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5)) } : null;
  });

test('the portal installs as an app and its latest plan stays readable offline; signing out forgets it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { inviteUrl } = await practiceWithPublishedPlan(page);
  const context = await phoneContext(browser);
  const patientPage = await context.newPage();
  await acceptInvite(patientPage, inviteUrl);
  await controlledByServiceWorker(patientPage);

  // The portal links its own manifest, which Chromium reads, and nothing stands in the way of installing.
  expect(await patientPage.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'))).toBe('/portal/manifest.webmanifest');
  const manifest = await patientPage.evaluate(async () => (await fetch('/portal/manifest.webmanifest')).json() as Promise<Record<string, unknown>>);
  expect(manifest).toMatchObject({ start_url: '/portal', scope: '/portal', display: 'standalone' });
  const cdp = await context.newCDPSession(patientPage);
  const appManifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
  expect(appManifest.url).toMatch(/\/portal\/manifest\.webmanifest$/);
  expect(appManifest.errors).toEqual([]);
  const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
  // A Playwright context is an off-the-record profile, which Chromium never installs from; nothing else may be missing.
  expect(installability.installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png', '/apple-touch-icon.png']) {
    const response = await patientPage.request.get(icon);
    expect(response.status(), icon).toBe(200);
    expect(response.headers()['content-type'], icon).toBe('image/png');
  }

  // She reads her plan once online; the service worker keeps it, and its PDF with it.
  await patientPage.getByRole('tab', { name: 'Mi plan' }).click();
  await expect(patientPage.getByTestId('portal-plan')).toContainText('Yogur con frutillas y avena');
  await expect.poll(() => keptPdf(patientPage), { timeout: 30_000 }).toEqual({ type: 'application/pdf', head: '%PDF-' });

  // The network is cut (and her 4-second access token has long expired): the portal still opens.
  await context.setOffline(true);
  await patientPage.waitForFunction(
    () => {
      const session = JSON.parse(localStorage.getItem('almendra.session') ?? 'null') as { expiresAt?: string } | null;
      return session !== null && Date.parse(session.expiresAt ?? '') <= Date.now();
    },
    undefined,
    { timeout: 15_000 },
  );
  await patientPage.reload();
  await expect(patientPage.getByTestId('portal')).toBeVisible();
  await expect(patientPage.getByRole('heading', { name: 'Hola, Camila' })).toBeVisible();
  await expect(patientPage).toHaveURL(/\/portal$/);
  await patientPage.getByRole('tab', { name: 'Mi plan' }).click();
  await expect(patientPage.getByTestId('portal-plan')).toContainText('Plan de primavera');
  await expect(patientPage.getByTestId('portal-plan')).toContainText('Yogur con frutillas y avena');
  // "Descargar PDF" opens the kept PDF.
  const popup = patientPage.waitForEvent('popup');
  await patientPage.getByRole('button', { name: 'Descargar PDF' }).click();
  expect((await popup).url()).toMatch(/^blob:/);
  // A new tab opened offline at /portal starts from the cache too.
  const second = await context.newPage();
  await second.goto('/portal');
  await expect(second.getByRole('heading', { name: 'Hola, Camila' })).toBeVisible();
  await second.close();
  await context.setOffline(false);

  // The server's pages and files are not the app's shell, with or without the service worker.
  const robots = await patientPage.request.get('/robots.txt');
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  await patientPage.goto('/robots.txt');
  expect(await patientPage.locator('body').innerText()).toContain('Allow: /p/');
  const missing = await patientPage.goto('/assets/no-existe-123.js');
  expect(missing?.status()).toBe(404);
  const profile = await patientPage.goto('/p/no-existe-este-perfil');
  expect(profile?.status()).toBe(404);
  expect(await patientPage.locator('#root').count()).toBe(0);

  // Signing out deletes what was kept: offline, the next person gets the sign-in screen, not her plan.
  await patientPage.goto('/portal');
  await expect(patientPage.getByTestId('portal')).toBeVisible();
  expect(await patientPage.evaluate(() => caches.has('almendra-api'))).toBe(true);
  await signOutOfPortal(patientPage);
  expect(await patientPage.evaluate(() => caches.has('almendra-api'))).toBe(false);
  await context.setOffline(true);
  await patientPage.goto('/portal');
  await expect(patientPage).toHaveURL(/\/login/);
  await expect(patientPage.getByText('Yogur con frutillas y avena')).toHaveCount(0);
  await context.close();
});

test('a push message shows its notification from the service worker, and clicking it opens the chat', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const { inviteUrl } = await practiceWithPublishedPlan(page);
  const context = await phoneContext(browser);
  const origin = new URL(baseURL!).origin;
  // What the patient answers when the portal asks (NotificationsCard): without it no notification shows.
  await context.grantPermissions(['notifications'], { origin });
  const patientPage = await context.newPage();
  await acceptInvite(patientPage, inviteUrl);
  await controlledByServiceWorker(patientPage);
  await expect(patientPage.getByRole('tab', { name: 'Inicio' })).toHaveAttribute('aria-selected', 'true');

  // The portal's worker registration, as DevTools lists it.
  const cdp = await context.newCDPSession(patientPage);
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) registrations.set(r.registrationId, r);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => [...registrations.values()].filter((r) => !r.isDeleted && r.scopeURL === `${origin}/`).length).toBe(1);
  const [registrationId] = [...registrations].find(([, r]) => !r.isDeleted && r.scopeURL === `${origin}/`)!;

  // What the server's push job sends when her nutritionist writes to her (chat.service.ts, push.service.ts):
  // a title, a tag and the address to open; no name, no message text.
  const payload = { title: pushTitle('patient', 'chat_message', 'es-AR')!, tag: 'chat', url: '/portal?tab=chat' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
  const shown = () =>
    patientPage.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, tag: n.tag, body: n.body, url: (n.data as { url?: string } | null)?.url, icon: n.icon })),
    );
  await expect.poll(shown, { timeout: 15_000 }).toEqual([
    { title: 'Nuevo mensaje de tu nutricionista', tag: 'chat', body: '', url: `${origin}/portal?tab=chat`, icon: `${origin}/icons/icon-192.png` },
  ]);
  // A second message replaces the notification (same tag) instead of piling up: once the one shown is the
  // second (a later timestamp), it is still the only one.
  const shownAt = () => patientPage.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => (n as Notification & { timestamp: number }).timestamp));
  const [firstShownAt] = await shownAt();
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
  await expect.poll(async () => (await shownAt()).some((at) => at > firstShownAt!), { timeout: 15_000 }).toBe(true);
  expect(await shown()).toHaveLength(1);

  // The click: the worker's notificationclick handler, on the notification it showed, sends the open
  // portal (on its home tab) to the chat and closes the notification.
  const worker = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`);
  expect(worker).toBeDefined();
  await worker!.evaluate(async () => {
    // The worker's global scope (this project's e2e types know the DOM, not WebWorker).
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean; NotificationEvent: new (type: string, init: { notification: Notification }) => Event };
    const [notification] = await scope.registration.getNotifications({ tag: 'chat' });
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(patientPage).toHaveURL(/\/portal\?tab=chat$/);
  await expect(patientPage.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(patientPage.getByTestId('portal-chat')).toBeVisible();
  await expect(patientPage.getByTestId('portal-chat').getByRole('textbox')).toBeVisible();
  await screenshot(patientPage, 'pwa-03-notification-opens-chat');
  expect(await shown()).toEqual([]);
  await context.close();
});

/** A marked deployment's mark on the page that runs (deploy() below); null for the build as it was built. */
const deploymentOf = (patientPage: Page) =>
  patientPage.evaluate(() => document.querySelector('meta[name="almendra-deployment"]')?.getAttribute('content') ?? null);

const workerWaiting = (patientPage: Page) => patientPage.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));

/** The page is controlled by its registration's active worker, and no other one waits. */
const controlledByTheActiveWorker = (patientPage: Page) =>
  patientPage.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return navigator.serviceWorker.controller !== null && registration?.active === navigator.serviceWorker.controller && !registration.waiting;
  });

/** The context's service worker versions as DevTools lists them (the ServiceWorker domain): ids by status. */
async function workerVersions(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const status = new Map<number, string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) status.set(Number(version.versionId), version.status);
  });
  await cdp.send('ServiceWorker.enable');
  const withStatus = (wanted: string) => [...status].filter(([, s]) => s === wanted).map(([id]) => id);
  return { activated: () => withStatus('activated'), waiting: () => withStatus('installed') };
}

/** Writes a file of the served build, and its precompressed twins when the build has them. */
function writeServed(file: string, content: string): void {
  fs.writeFileSync(file, content);
  if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

/**
 * What deploying new web code changes in the build a server serves: index.html and portal.html name other
 * entry chunks (here they carry the deployment's mark, which the page that runs shows), so /health's
 * fingerprint of them changes once the server restarts on them; and sw.js lists them in its precache
 * manifest under new revisions, so the browser finds a new worker, which precaches the new pages.
 */
function deploy(build: string, deployment: number): void {
  const revisions = new Map<string, string>();
  for (const name of ['index.html', 'portal.html']) {
    const file = path.join(build, name);
    const html = fs
      .readFileSync(file, 'utf8')
      .replace(/\n\s*<meta name="almendra-deployment"[^>]*>/, '')
      .replace('<head>', `<head>\n    <meta name="almendra-deployment" content="${deployment}" />`);
    writeServed(file, html);
    revisions.set(name, createHash('md5').update(html).digest('hex'));
  }
  const sw = path.join(build, 'sw.js');
  let replaced = 0;
  const next = fs.readFileSync(sw, 'utf8').replace(/\{"revision":"[^"]*","url":"((?:index|portal)\.html)"\}/g, (_, name: string) => {
    replaced += 1;
    return JSON.stringify({ revision: revisions.get(name), url: name });
  });
  if (replaced !== 2) throw new Error(`sw.js: expected the precache entries of index.html and portal.html, found ${replaced}`);
  writeServed(sw, next);
}

/** The instance this spec starts for the deployment test, and its temp dirs: removed after each test. */
const own: { instance?: Instance; dirs: string[] } = { dirs: [] };
test.afterEach(async () => {
  await own.instance?.stop();
  own.instance = undefined;
  for (const dir of own.dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// A deployment rewrites the served build and restarts the server, so this test has a server of its own
// (instances.ts) serving a copy of the build: the suite's shared server and its build are not touched.
test('a newer deployment: the open portal offers it, "Recargar ahora" hands over to its worker, and otherwise the next visit runs it', async ({ browser }) => {
  test.setTimeout(240_000);
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-e2e-pwa-build-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-e2e-pwa-data-'));
  own.dirs.push(build, dataDir);
  fs.cpSync(servedBuild, build, { recursive: true });
  const start = async () => (own.instance = await startInstance({ port: instancePorts.pwaUpdate, name: 'pwa-update', dataDir, env: { WEB_DIST_DIR: build } }));
  /** As a deployment does: the server stops, the new build replaces the old one, the server starts on it (same data). */
  const redeploy = async (deployment: number) => {
    await own.instance?.stop();
    deploy(build, deployment);
    await start();
  };
  const { baseURL } = await start();

  const nutritionist = await browser.newContext({ baseURL, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires', reducedMotion: 'reduce' });
  const { inviteUrl } = await practiceWithPublishedPlan(await nutritionist.newPage());
  await nutritionist.close();
  const context = await phoneContext(browser, 'light', baseURL);
  const patientPage = await context.newPage();
  const versions = await workerVersions(patientPage);
  await acceptInvite(patientPage, inviteUrl);
  await controlledByServiceWorker(patientPage);
  const notice = patientPage.getByTestId('new-version');
  await expect(notice).toHaveCount(0);
  expect(await deploymentOf(patientPage)).toBeNull();
  await expect.poll(() => versions.activated()).toHaveLength(1);
  const [firstWorker] = versions.activated();

  // A deployment while her portal is open: the page learns of it when its realtime socket reconnects to
  // the restarted server (/health answers another version) and looks for the new worker, which installs
  // and waits while the page is controlled by the current one (lib/service-worker.ts).
  await redeploy(2);
  await expect(notice).toContainText('Hay una versión nueva de Almendra', { timeout: 60_000 });
  await expect.poll(() => workerWaiting(patientPage), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => versions.waiting()).toHaveLength(1);
  const [secondWorker] = versions.waiting();
  expect(secondWorker).toBeGreaterThan(firstWorker!);
  await screenshot(patientPage, 'pwa-04-new-version-notice');

  // "Recargar ahora": the waiting worker skips waiting, takes the page, and the page reloads under it and
  // runs the new deployment's pages.
  const reloaded = patientPage.waitForEvent('load');
  await notice.getByRole('button', { name: 'Recargar ahora' }).click();
  await reloaded;
  await expect(patientPage.getByTestId('portal')).toBeVisible();
  expect(await deploymentOf(patientPage)).toBe('2');
  await expect.poll(() => versions.activated()).toEqual([secondWorker]);
  expect(await controlledByTheActiveWorker(patientPage)).toBe(true);
  await expect(notice).toHaveCount(0);

  // The next deployment; this time she puts the notice off ("Más tarde") and closes the portal.
  await redeploy(3);
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => workerWaiting(patientPage), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => versions.waiting()).toHaveLength(1);
  const [thirdWorker] = versions.waiting();
  expect(thirdWorker).toBeGreaterThan(secondWorker!);
  await notice.getByRole('button', { name: 'Más tarde' }).click();
  await expect(notice).toHaveCount(0);
  expect(await deploymentOf(patientPage)).toBe('2');
  const nextVisit = await context.newPage();
  const later = await workerVersions(nextVisit);
  await patientPage.close();
  // With no window of the portal left, the waiting worker takes over; her next visit runs the new version.
  await expect.poll(() => later.activated(), { timeout: 30_000 }).toEqual([thirdWorker]);
  await nextVisit.goto('/portal');
  await expect(nextVisit.getByTestId('portal')).toBeVisible();
  expect(await deploymentOf(nextVisit)).toBe('3');
  expect(await controlledByTheActiveWorker(nextVisit)).toBe(true);
  await expect(nextVisit.getByTestId('new-version')).toHaveCount(0);
  await context.close();
});

/** What Chromium dispatches when the page can be installed; prompt() is recorded on the window. */
const announceInstallable = (patientPage: Page, outcome: 'accepted' | 'dismissed') =>
  patientPage.evaluate((choice) => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { __prompted: number }).__prompted = ((window as unknown as { __prompted?: number }).__prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test('from the second visit the portal offers to install it: the browser dialog on Android, the steps on an iPhone', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { inviteUrl } = await practiceWithPublishedPlan(page);
  const context = await phoneContext(browser);
  const patientPage = await context.newPage();
  await acceptInvite(patientPage, inviteUrl);

  // First visit: no offer, even once Chromium says the page can be installed (its own infobar is held back).
  expect(await announceInstallable(patientPage, 'dismissed')).toBe(true);
  await expect(patientPage.getByRole('tab', { name: 'Mi plan' })).toBeVisible();
  await expect(patientPage.getByTestId('install-app')).toHaveCount(0);

  // Second visit: offered on the portal's home.
  await patientPage.reload();
  await expect(patientPage.getByTestId('portal')).toBeVisible();
  await announceInstallable(patientPage, 'dismissed');
  const offer = patientPage.getByTestId('install-app');
  await expect(offer).toContainText('Instalá la app del portal');
  await expect(offer).toContainText('Abrí tu plan y tus mensajes desde la pantalla de inicio del teléfono, también sin conexión.');
  await screenshot(patientPage, 'pwa-01-install-offer-light');
  await expectAccessible(patientPage);
  // "Instalar la app" opens the browser's dialog; declined there, the offer goes away for this visit.
  await offer.getByRole('button', { name: 'Instalar la app' }).click();
  await expect(offer).toHaveCount(0);
  expect(await patientPage.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);

  // Dark theme, next visit.
  await patientPage.emulateMedia({ colorScheme: 'dark' });
  await patientPage.reload();
  await expect(patientPage.getByTestId('portal')).toBeVisible();
  await announceInstallable(patientPage, 'dismissed');
  await expect(offer).toBeVisible();
  await screenshot(patientPage, 'pwa-02-install-offer-dark');
  await expectAccessible(patientPage);

  // On an iPhone (same person and device data), Safari has no install event: the two taps are explained.
  const storage = await context.storageState();
  await context.close();
  const iphone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    reducedMotion: 'reduce',
    userAgent: IPHONE_SAFARI,
    storageState: storage,
  });
  const iphonePage = await iphone.newPage();
  await iphonePage.goto('/portal');
  const steps = iphonePage.getByTestId('install-app');
  await expect(steps).toContainText('Agregá el portal a la pantalla de inicio');
  await expect(steps).toContainText('En Safari, tocá Compartir');
  await expect(steps).toContainText('Elegí «Agregar a inicio»');
  await screenshot(iphonePage, 'pwa-03-install-steps-iphone');
  // "Entendido" dismisses it for good on this device.
  await steps.getByRole('button', { name: 'Entendido' }).click();
  await expect(steps).toHaveCount(0);
  await iphonePage.reload();
  await expect(iphonePage.getByTestId('portal')).toBeVisible();
  await expect(iphonePage.getByTestId('install-app')).toHaveCount(0);
  await iphone.close();
});

/**
 * Records, from before the page's own scripts run, when the kept first paint (#portal-snapshot) appears
 * and whether #root was still empty then (the app's code had not rendered), and every text put into the
 * page (to check that another account's name never shows).
 */
function recordSnapshot() {
  const w = window as unknown as { __seen: { snapshotAt: number | null; rootEmpty: boolean | null; texts: string[] } };
  w.__seen = { snapshotAt: null, rootEmpty: null, texts: [] };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (node.textContent) w.__seen.texts.push(node.textContent);
        if (node instanceof Element && node.id === 'portal-snapshot' && w.__seen.snapshotAt === null) {
          w.__seen.snapshotAt = performance.now();
          w.__seen.rootEmpty = document.getElementById('root')?.childElementCount === 0;
        }
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

type Seen = { snapshotAt: number | null; rootEmpty: boolean | null; texts: string[]; live: number | null; shownNow: boolean };
const seen = (patientPage: Page) =>
  patientPage.evaluate(() => {
    const w = window as unknown as { __seen: Omit<Seen, 'live' | 'shownNow'> };
    return { ...w.__seen, live: performance.getEntriesByName('portal-home-live')[0]?.startTime ?? null, shownNow: document.getElementById('portal-snapshot') !== null };
  });

const keptSnapshot = (patientPage: Page) => patientPage.evaluate(() => localStorage.getItem('almendra.portal-snapshot'));

test('a repeat visit paints the home she last saw before the app runs, then the live one; signing out forgets it and the next patient never sees it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const { inviteUrl, email } = await practiceWithPublishedPlan(page);
  const context = await phoneContext(browser);
  const patientPage = await context.newPage();
  await acceptInvite(patientPage, inviteUrl);
  await controlledByServiceWorker(patientPage);
  // The live home, once painted with its data, is kept (a second after it settles, when idle): by this page.
  const keptByThisPage = () => patientPage.evaluate(() => (JSON.parse(localStorage.getItem('almendra.portal-snapshot') ?? '{"at":0}') as { at: number }).at > performance.timeOrigin);
  await expect.poll(keptByThisPage, { timeout: 15_000 }).toBe(true);
  expect(await keptSnapshot(patientPage)).toContain('Hola, Camila');
  const kept = JSON.parse((await keptSnapshot(patientPage))!) as { html: string; styles: string[]; user: string; build: string };
  expect(kept.html).not.toContain('data-testid');
  // Every runtime style Mantine put in the live page (its variables for another colour than the build's,
  // responsive props…) comes with it; the default colour's variables are in the build's own CSS.
  const liveStyles = await patientPage.evaluate(() =>
    Array.from(document.querySelectorAll('style[data-mantine-styles]:not([data-mantine-disable-transition])')).map((style) => style.textContent ?? ''),
  );
  for (const css of liveStyles) expect(kept.html + kept.styles.join('')).toContain(css);
  expect(kept.build).toMatch(/^\/assets\/portal-[\w-]+\.js$/);

  // The next visit, answered by the service worker: the kept home is on screen before the app's code has
  // rendered anything; then the live home replaces it, and it works.
  const again = await context.newPage();
  await again.addInitScript(recordSnapshot);
  const response = await again.goto('/portal');
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(again.getByTestId('portal')).toBeVisible();
  await expect(again.locator('#portal-snapshot')).toHaveCount(0);
  const visit = await seen(again);
  expect(visit.snapshotAt).not.toBeNull();
  expect(visit.rootEmpty).toBe(true);
  expect(visit.live).not.toBeNull();
  expect(visit.live!).toBeGreaterThan(visit.snapshotAt!);
  await expect(again.locator('#root')).toBeVisible();
  await again.getByRole('tab', { name: 'Mi plan' }).click();
  await expect(again.getByTestId('portal-plan')).toContainText('Yogur con frutillas y avena');
  await again.close();

  // Screenshots of the kept first paint alone and of the live home, light and dark: the app is held back
  // (its entry script answered only once the first screenshot is taken) in a phone of the same patient
  // signed in anew, with the snapshot on it (no service worker there: a route sees the entry's request).
  const html = await (await patientPage.request.get('/portal')).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBe(kept.build);
  for (const scheme of ['light', 'dark'] as const) {
    const held = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires', reducedMotion: 'reduce', colorScheme: scheme, serviceWorkers: 'block' });
    const signIn = await held.request.post('/api/v1/auth/login', { data: { email, password: 'clave-de-camila-1' } });
    expect(signIn.ok()).toBe(true);
    const session = (await signIn.json()) as { accessToken: string; expiresAt: string };
    await held.addInitScript(
      ({ session, snapshot }) => {
        localStorage.setItem('almendra.session', JSON.stringify({ accessToken: session.accessToken, expiresAt: session.expiresAt, loggedIn: 'true' }));
        localStorage.setItem('almendra.portal-snapshot', snapshot);
      },
      { session, snapshot: (await keptSnapshot(patientPage))! },
    );
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await held.route((url) => url.pathname === entry, async (route) => {
      await released;
      await route.continue();
    });
    const heldPage = await held.newPage();
    await heldPage.goto('/portal', { waitUntil: 'commit' });
    await expect(heldPage.locator('#portal-snapshot')).toBeVisible();
    await expect(heldPage.locator('#portal-snapshot')).toContainText('Hola, Camila');
    await expect(heldPage.locator('#root')).toBeEmpty();
    await heldPage.evaluate(() => document.fonts.ready.then(() => undefined));
    await screenshot(heldPage, `pwa-10-kept-first-paint-${scheme}`);
    const keptHeight = await heldPage.evaluate(() => document.documentElement.scrollHeight);
    release();
    await expect(heldPage.getByTestId('portal')).toBeVisible();
    await expect(heldPage.locator('#portal-snapshot')).toHaveCount(0);
    // The live home settled (the notifications card finishes after its first frame): the same page.
    await expect(heldPage.getByText('Recordatorio del turno del día siguiente')).toBeVisible();
    await heldPage.waitForLoadState('networkidle');
    await expect.poll(() => heldPage.evaluate(() => document.documentElement.scrollHeight)).toBe(keptHeight);
    await screenshot(heldPage, `pwa-11-live-home-${scheme}`);
    await held.close();
  }

  // Signing out deletes it; the next patient on this phone signs in and never sees the first one's home.
  await patientPage.goto('/portal');
  await expect(patientPage.getByTestId('portal')).toBeVisible();
  await signOutOfPortal(patientPage);
  expect(await keptSnapshot(patientPage)).toBeNull();
  const other = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Julieta', lastName: 'Sosa', sex: 'f', birthDate: '1990-01-15', email: `pwa.otra.${Date.now().toString(36)}@e2e.test` });
  const otherInvite = await apiCall<{ inviteUrl: string }>(page, 'POST', `/patients/${other.id}/portal-invite`);
  const next = await context.newPage();
  await next.addInitScript(recordSnapshot);
  await next.goto(otherInvite.inviteUrl.replace(/^https?:\/\/[^/]+/, ''));
  await next.getByTestId('accept-password').fill('clave-de-julieta-1');
  await next.getByTestId('accept-submit').click();
  await expect(next).toHaveURL(/\/portal$/);
  await expect(next.getByRole('heading', { name: 'Hola, Julieta' })).toBeVisible();
  const first = await seen(next);
  // Her next visit paints her own kept home, never Camila's.
  await expect.poll(() => keptSnapshot(next), { timeout: 15_000 }).toContain('Hola, Julieta');
  await next.goto('/portal');
  await expect(next.getByRole('heading', { name: 'Hola, Julieta' })).toBeVisible();
  const second = await seen(next);
  expect(second.snapshotAt).not.toBeNull();
  for (const texts of [first.texts, second.texts]) expect(texts.filter((text) => /Camila|Ibarra/.test(text))).toEqual([]);
  expect(await next.evaluate(() => document.body.textContent ?? '')).not.toMatch(/Camila|Ibarra/);
  await context.close();
});
