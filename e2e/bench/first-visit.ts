// Benchmark (issue 15): the first visit of five screens on a phone — /login, /inicio, /pacientes,
// /ficha and /alimentos — each in a fresh browser context (cold cache) in Debian's Chromium, throttled
// like Lighthouse's mobile profile on Fast 4G: 9 Mbps down, 150 ms round trip, 4× CPU slowdown, a
// 390×844 screen. Per screen: largest contentful paint (the browser's own LCP entry) and the bytes that
// crossed the wire (encoded, as the server sent them: compressed where it compresses), the JavaScript
// share of them, and the requests. The baseline of the same run: the same screen unthrottled.
// Prints figures and a BENCH_RESULT line; asserts nothing (budget LCP < 2.5 s, login JS ≤ 200 KB).
//   npx tsx e2e/bench/first-visit.ts           (builds the web app into a temp dir first)
//   WEB_DIST_DIR=/tmp/web-x npx tsx e2e/bench/first-visit.ts
import type { Browser } from '@playwright/test';
import { startBenchServer } from './app-server';
import { launchChromium } from './chromium';
import { CPU_SLOWDOWN, FAST_4G, seedAccount, signedInContext, type Account } from './first-visit-support';

const PORT = Number(process.env.BENCH_PORT ?? 3233);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
interface Visit {
  lcpMs: number;
  bytes: number;
  scriptBytes: number;
  requests: number;
}

/**
 * What a person waits for on each screen: its content, with the data. The largest paint is read only
 * once that is on screen (and painted): read at "network quiet" alone, a screen that renders a spinner
 * first and its content in a long task after its data arrived was measured at the spinner's paint (the
 * network goes quiet while that task still runs), which favoured exactly the slower pattern.
 */
const READY: Record<string, string[]> = {
  '/login': ['form button[type="submit"]:visible'],
  // A new account's /inicio: the guided-tour invitation and the recent patients.
  '/inicio': ['[data-testid="guided-tour-card"]:visible', '[data-testid="dashboard-recent-patients"] a:visible'],
  '/pacientes': ['[data-testid="patients-table"] tbody tr:visible'],
  '/ficha': ['h1:has-text("Paciente"):visible'],
  '/alimentos': ['[data-testid="foods-table"] tbody tr:visible'],
};

async function visit(browser: Browser, account: Account, route: string, throttled: boolean, signedIn: boolean): Promise<Visit> {
  const context = signedIn
    ? await signedInContext(browser, BASE, account)
    : await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'es-AR' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  const types = new Map<string, string>();
  let bytes = 0;
  let scriptBytes = 0;
  let requests = 0;
  const urls: string[] = [];
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    urls.push(event.response.url.replace(BASE, ''));
  });
  cdp.on('Network.loadingFinished', (event) => {
    requests += 1;
    bytes += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') scriptBytes += event.encodedDataLength;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __lcpLog: string[] };
    w.__lcp = 0;
    w.__lcpLog = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.__lcp = entry.startTime;
        const element = (entry as unknown as { element?: Element }).element;
        w.__lcpLog.push(`${Math.round(entry.startTime)} ms ${element?.tagName ?? '?'} "${(element?.textContent ?? '').slice(0, 40)}"`);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(`${BASE}${route}`, { waitUntil: 'load' });
  const ready = READY[new URL(`${BASE}${route}`).pathname];
  if (!ready) throw new Error(`${route}: no ready selector`);
  for (const selector of ready) await page.locator(selector).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // LCP is final at the first input; until then take the latest candidate once the screen's content is
  // there, the network is quiet and two frames have been painted since.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  // FIRST_VISIT_LCP=1: every candidate with its element (which paint the figure is).
  if (process.env.FIRST_VISIT_LCP) console.log(`${route} ${throttled ? 'throttled' : 'plain'}: ${(await page.evaluate(() => (window as unknown as { __lcpLog: string[] }).__lcpLog)).join(' | ')}`);
  if (lcpMs === 0) throw new Error(`${route}: no largest-contentful-paint entry`);
  const landed = new URL(page.url()).pathname;
  if (landed !== new URL(`${BASE}${route}`).pathname) throw new Error(`${route} ended on ${landed}`);
  await context.close();
  // FIRST_VISIT_LIST=1: what the screen asked for, in order (to see what loads before the screen).
  if (process.env.FIRST_VISIT_LIST) console.log(`${route} ${throttled ? 'throttled' : 'plain'}:\n  ${urls.join('\n  ')}`);
  return { lcpMs, bytes, scriptBytes, requests };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  // Production mode: what `npm start` serves (precompressed assets, immutable caching).
  const server = await startBenchServer({ port: PORT, name: 'first-visit', env: { NODE_ENV: 'production', LOGIN_RATE_LIMIT_PER_EMAIL: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
  const browser = await launchChromium();
  try {
    const account = await seedAccount(BASE);
    const allRoutes: Array<{ label: string; route: string; signedIn: boolean }> = [
      { label: '/login', route: '/login', signedIn: false },
      { label: '/inicio', route: '/inicio', signedIn: true },
      { label: '/pacientes', route: '/pacientes', signedIn: true },
      { label: '/ficha', route: `/ficha?id=${account.patientId}`, signedIn: true },
      { label: '/alimentos', route: '/alimentos', signedIn: true },
    ];
    // FIRST_VISIT_ROUTES=/inicio,/ficha measures only those screens.
    const only = process.env.FIRST_VISIT_ROUTES?.split(',');
    const routes = only ? allRoutes.filter((r) => only.includes(r.label)) : allRoutes;
    // One unmeasured visit warms the server (first SQL, first file reads), not the browser.
    await visit(browser, account, '/login', false, false);
    const results: Record<string, { throttled: Visit; unthrottled: Visit }> = {};
    for (const { label, route, signedIn } of routes) {
      const throttled: Visit[] = [];
      const plain: Visit[] = [];
      for (let run = 0; run < RUNS; run++) {
        throttled.push(await visit(browser, account, route, true, signedIn));
        plain.push(await visit(browser, account, route, false, signedIn));
      }
      const pick = (visits: Visit[]): Visit => ({
        lcpMs: median(visits.map((v) => v.lcpMs)),
        bytes: median(visits.map((v) => v.bytes)),
        scriptBytes: median(visits.map((v) => v.scriptBytes)),
        requests: median(visits.map((v) => v.requests)),
      });
      results[label] = { throttled: pick(throttled), unthrottled: pick(plain) };
      console.log(`${label.padEnd(11)} LCP ${results[label].throttled.lcpMs.toFixed(0)} ms throttled (${results[label].unthrottled.lcpMs.toFixed(0)} ms unthrottled), ${(results[label].throttled.bytes / 1024).toFixed(0)} KB on the wire, JS ${(results[label].throttled.scriptBytes / 1024).toFixed(0)} KB`);
    }
    const result = { name: 'first-visit', browser: browser.version(), runs: RUNS, network: 'Fast 4G (9 Mbps, 150 ms RTT)', cpuSlowdown: CPU_SLOWDOWN, results };
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
