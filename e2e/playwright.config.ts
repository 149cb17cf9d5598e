// Browser tests in Debian's Chromium (never a downloaded browser) against a real server on a fresh
// SQLite database with a 4-second access-token lifetime, so token refresh is exercised constantly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// The payment processors' stand-in (stand-ins/processors.mjs): the server's Stripe and Mercado Pago SDKs
// talk to it instead of the internet; specs steer it through E2E_STAND_IN_URL (set here, inherited).
const standInPort = Number(process.env.E2E_STAND_IN_PORT ?? port + 50);
process.env.E2E_STAND_IN_URL = `http://127.0.0.1:${standInPort}`;
// Set once in the runner process; workers inherit it, so all of them talk about the same server.
// The runner removes the directory it made when it exits: after its webServer teardown has killed the
// server (a globalTeardown would run before that, under a live server). A directory given in
// E2E_DATA_DIR is the caller's and is kept.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));
}
// The tests' own "today" (new Date() in a spec) is the browser's, Buenos Aires (timezoneId below): in
// the machine's UTC, from 21:00 there the specs already lived in tomorrow and expected the wrong day.
// Workers inherit it. The servers keep the machine's zone (UTC unless TZ says otherwise), like a
// production host: E2E_SERVER_TZ, set in the runner before TZ changes, is what the shared server and the
// specs' own instances (instances.ts) get.
process.env.E2E_SERVER_TZ ??= process.env.TZ ?? 'UTC';
process.env.TZ = 'America/Argentina/Buenos_Aires';

export default defineConfig({
  testDir: './tests',
  outputDir: './output/results',
  fullyParallel: false,
  // One spec file at a time by default. E2E_WORKERS=2 runs two against the one server (every spec signs up
  // its own accounts, whose address carries the worker's index); CI keeps one until a full two-worker run
  // is green twice in a row (docs/testing.md keeps the runs).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    // Mantine honours it (theme.respectReducedMotion): no fade-in is ever half-way when axe or a
    // screenshot reads the page.
    contextOptions: { reducedMotion: 'reduce' },
    // The built app registers a service worker (apps/web/src/sw.ts) that precaches the whole app after the
    // first load and answers screens from its cache: blocked here so each spec sees the server's answers
    // and routes (page.route) as before; the specs about it (pwa.spec.ts) allow it with test.use.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: [
    {
      command: 'node stand-ins/processors.mjs',
      cwd: path.dirname(new URL(import.meta.url).pathname),
      url: `http://127.0.0.1:${standInPort}/__stand-in/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { STAND_IN_PORT: String(standInPort) },
    },
    {
      // The server bundled into plain JavaScript first (esbuild, about a second), as `npm start` runs it:
      // no TypeScript compiled at start or on each module load. Specs that start instances of their own
      // (oidc, portal-two-instances, pwa) run the same file (instances.ts).
      command: 'node ../scripts/build-server.mjs --e2e && node --enable-source-maps ../apps/server/dist/e2e/main.js',
      cwd: path.dirname(new URL(import.meta.url).pathname),
      url: `http://127.0.0.1:${port}/api/v1/health`,
      reuseExistingServer: false,
      // A busy machine can take longer to start the server: E2E_SERVER_TIMEOUT_MS raises the wait.
      timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 60_000),
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        TZ: process.env.E2E_SERVER_TZ,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ACCESS_TOKEN_TTL_SECONDS: '4',
        LOGIN_RATE_LIMIT_PER_IP: '1000',
        LOGIN_RATE_LIMIT_PER_EMAIL: '50',
        // One operator per spec file, so each file can register its own whatever ran before it.
        ADMIN_EMAILS: 'operadora@e2e.test,operadora-alimentos@e2e.test,operadora-novedades@e2e.test,operadora-facturacion@e2e.test,operadora-consola@e2e.test,operadora-suspension@e2e.test,operadora-reintentos@e2e.test,operadora-rechazos@e2e.test',
        LOG_LEVEL: 'info',
        // Billing is off on a default install; the suite exercises the product as an operator who sells
        // accounts runs it (trials, /planes, /pagar, the operator's payments).
        BILLING_ENABLED: 'true',
        BILLING_MANUAL_INSTRUCTIONS: 'Transferencia a Almendra SRL\nAlias: almendra.pagos · CBU 0000003100012345678901\nMandá el comprobante desde esta pantalla.',
        // Lets several people run the suite at once, each against their own build of the web app.
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        // Stripe sells the subscription (its SDK pointed at the stand-in); practices' own Mercado Pago too.
        STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in',
        STRIPE_WEBHOOK_SECRET: 'whsec_e2e_stand_in',
        STRIPE_API_BASE: `http://127.0.0.1:${standInPort}`,
        MERCADOPAGO_API_BASE: `http://127.0.0.1:${standInPort}`,
      },
    },
  ],
});
