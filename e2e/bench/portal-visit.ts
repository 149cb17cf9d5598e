// Benchmark (issue 27): the patient portal on a phone. A patient with a published plan opens /portal
// signed in, throttled like the first-visit benchmark (Fast 4G: 9 Mbps, 150 ms round trip; 4× CPU
// slowdown; 390×844), in Debian's Chromium:
// - first visit: a fresh browser context (no HTTP cache, no service worker): largest contentful paint,
//   and the JavaScript that crossed the wire (encoded, as the server sent it);
// - repeat visit: the same context once the service worker has installed (it precaches the build after
//   the first load), a new tab at /portal with the HTTP cache disabled: the page comes from the service
//   worker's cache, and its first and largest paint are measured.
// Baseline of the same run: the same visits unthrottled. Prints figures and a BENCH_RESULT line; asserts
// nothing (budgets: first visit LCP < 2.0 s and JS ≤ 150 KB; repeat visit painted in < 1 s).
//   npx tsx e2e/bench/portal-visit.ts           (builds the web app into a temp dir first)
//   WEB_DIST_DIR=/tmp/web-x npx tsx e2e/bench/portal-visit.ts
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startBenchServer } from './app-server';
import { launchChromium } from './chromium';
import { CPU_SLOWDOWN, FAST_4G } from './first-visit-support';

const PORT = Number(process.env.BENCH_PORT ?? 3234);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Visit {
  fcpMs: number;
  lcpMs: number;
  bytes: number;
  scriptBytes: number;
  requests: number;
  /** The document came from the service worker. */
  fromServiceWorker: boolean;
}

interface Patient {
  email: string;
  password: string;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A practice, a patient with a published plan and her portal account, through the real API. */
async function seedPatient(): Promise<Patient> {
  const stamp = Date.now().toString(36);
  const registered = await json<{ accessToken: string }>(
    await fetch(`${BASE}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Lucía', lastName: 'Bench', email: `bench.portal.${stamp}@almendra.test`, password: 'clave-bench-segura', countryCode: 'AR' }),
    }),
  );
  const headers = { authorization: `Bearer ${registered.accessToken}`, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  const email = `camila.${stamp}@almendra.test`;
  const patient = await json<{ id: string }>(await fetch(`${BASE}/api/v1/patients`, { method: 'POST', headers, body: JSON.stringify({ firstName: 'Camila', lastName: 'Ibarra', sex: 'f', birthDate: '1992-04-02', email }) }));
  const meals = [1, 2, 3, 4, 5, 6].map((slot) => ({ slot, text: 'Yogur con frutillas y avena; una fruta de estación y un puñado de almendras' }));
  const plan = await json<{ id: string }>(
    await fetch(`${BASE}/api/v1/plans`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 1, title: 'Plan de primavera', patientId: patient.id, draft: 0, content: { simple: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, meals })) } }),
    }),
  );
  await json(await fetch(`${BASE}/api/v1/plans/${plan.id}/publish-for-patient`, { method: 'POST', headers, body: '{}' }));
  const invite = await json<{ code: string }>(await fetch(`${BASE}/api/v1/patients/${patient.id}/portal-invite`, { method: 'POST', headers, body: '{}' }));
  const password = 'clave-de-camila-1';
  await json(await fetch(`${BASE}/api/v1/portal/accept`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: invite.code, password }) }));
  return { email, password };
}

/** A phone signed in as the patient: the refresh cookie of a real sign-in and the stored session. */
async function patientContext(browser: Browser, patient: Patient): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'es-AR', serviceWorkers: 'allow' });
  const login = await context.request.post(`${BASE}/api/v1/auth/login`, { data: { email: patient.email, password: patient.password } });
  if (!login.ok()) throw new Error(`patient sign-in: ${login.status()}`);
  const session = (await login.json()) as { accessToken: string; expiresAt: string };
  await context.addInitScript((value) => {
    if (!localStorage.getItem('almendra.session')) localStorage.setItem('almendra.session', value);
  }, JSON.stringify({ accessToken: session.accessToken, expiresAt: session.expiresAt, loggedIn: 'true' }));
  return context;
}

async function measure(context: BrowserContext, throttled: boolean): Promise<{ page: Page; visit: Visit }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  const types = new Map<string, string>();
  const fromWorker = new Set<string>();
  let bytes = 0;
  let scriptBytes = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    if (event.response.fromServiceWorker) fromWorker.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    // What the service worker answered from its cache did not cross the network.
    if (fromWorker.has(event.requestId)) return;
    requests += 1;
    bytes += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') scriptBytes += event.encodedDataLength;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __fcp: number };
    w.__lcp = 0;
    w.__fcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') w.__fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  const response = await page.goto(`${BASE}/portal`, { waitUntil: 'load' });
  await page.locator('[data-testid="portal"] h1:visible').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  const { lcp, fcp } = await page.evaluate(() => ({ lcp: (window as unknown as { __lcp: number }).__lcp, fcp: (window as unknown as { __fcp: number }).__fcp }));
  if (new URL(page.url()).pathname !== '/portal') throw new Error(`ended on ${page.url()}`);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { page, visit: { fcpMs: fcp, lcpMs: lcp, bytes, scriptBytes, requests, fromServiceWorker: response?.fromServiceWorker() ?? false } };
}

async function visitPair(browser: Browser, patient: Patient, throttled: boolean): Promise<{ first: Visit; repeat: Visit }> {
  const context = await patientContext(browser, patient);
  try {
    const { page, visit: first } = await measure(context, throttled);
    // The worker installs after the first load (precaching the build) and takes control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    await page.close();
    const { visit: repeat } = await measure(context, throttled);
    if (!repeat.fromServiceWorker) throw new Error('the repeat visit did not come from the service worker');
    return { first, repeat };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pick = (visits: Visit[]): Visit => ({
  fcpMs: median(visits.map((v) => v.fcpMs)),
  lcpMs: median(visits.map((v) => v.lcpMs)),
  bytes: median(visits.map((v) => v.bytes)),
  scriptBytes: median(visits.map((v) => v.scriptBytes)),
  requests: median(visits.map((v) => v.requests)),
  fromServiceWorker: visits.every((v) => v.fromServiceWorker),
});

async function main(): Promise<void> {
  const server = await startBenchServer({ port: PORT, name: 'portal-visit', env: { NODE_ENV: 'production', LOGIN_RATE_LIMIT_PER_EMAIL: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
  const browser = await launchChromium();
  try {
    const patient = await seedPatient();
    // One unmeasured visit warms the server (first SQL, first file reads), not the browser.
    await visitPair(browser, patient, false);
    const throttled: Array<{ first: Visit; repeat: Visit }> = [];
    const plain: Array<{ first: Visit; repeat: Visit }> = [];
    for (let run = 0; run < RUNS; run++) {
      throttled.push(await visitPair(browser, patient, true));
      plain.push(await visitPair(browser, patient, false));
    }
    const results = {
      first: { throttled: pick(throttled.map((r) => r.first)), unthrottled: pick(plain.map((r) => r.first)) },
      repeat: { throttled: pick(throttled.map((r) => r.repeat)), unthrottled: pick(plain.map((r) => r.repeat)) },
    };
    for (const [label, v] of Object.entries(results)) {
      console.log(`${label.padEnd(7)} LCP ${v.throttled.lcpMs.toFixed(0)} ms throttled (${v.unthrottled.lcpMs.toFixed(0)} ms unthrottled), FCP ${v.throttled.fcpMs.toFixed(0)} ms, ${(v.throttled.bytes / 1024).toFixed(0)} KB on the wire, JS ${(v.throttled.scriptBytes / 1024).toFixed(0)} KB`);
    }
    const result = { name: 'portal-visit', browser: browser.version(), runs: RUNS, network: 'Fast 4G (9 Mbps, 150 ms RTT)', cpuSlowdown: CPU_SLOWDOWN, results };
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
