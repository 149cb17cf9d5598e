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
import { CPU_SLOWDOWN, PHONE, measureVisit, medianVisit, seedAccount, signedInContext, type Account, type Visit } from './first-visit-support';

const PORT = Number(process.env.BENCH_PORT ?? 3233);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

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
  // A phone lists the foods as cards (below 48em), a wider screen as a table.
  '/alimentos': ['[data-testid="food-card"]:visible, [data-testid="foods-table"] tbody tr:visible'],
};

async function visit(browser: Browser, account: Account, route: string, throttled: boolean, signedIn: boolean): Promise<Visit> {
  const context = signedIn ? await signedInContext(browser, BASE, account, { storage: { 'almendra.firstPatientTour': 'done' } }) : await browser.newContext(PHONE);
  const ready = READY[new URL(`${BASE}${route}`).pathname];
  if (!ready) throw new Error(`${route}: no ready selector`);
  const { visit } = await measureVisit(context, `${BASE}${route}`, { throttled, ready });
  await context.close();
  // FIRST_VISIT_LCP=1: every candidate with its element (which paint the figure is).
  if (process.env.FIRST_VISIT_LCP) console.log(`${route} ${throttled ? 'throttled' : 'plain'}: ${visit.lcpLog.join(' | ')}`);
  // FIRST_VISIT_LIST=1: what the screen asked for, in order (to see what loads before the screen).
  if (process.env.FIRST_VISIT_LIST) console.log(`${route} ${throttled ? 'throttled' : 'plain'}:\n  ${visit.urls.join('\n  ')}`);
  return visit;
}

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
    const results: Record<string, { throttled: ReturnType<typeof medianVisit>; unthrottled: ReturnType<typeof medianVisit> }> = {};
    for (const { label, route, signedIn } of routes) {
      const throttled: Visit[] = [];
      const plain: Visit[] = [];
      for (let run = 0; run < RUNS; run++) {
        throttled.push(await visit(browser, account, route, true, signedIn));
        plain.push(await visit(browser, account, route, false, signedIn));
      }
      results[label] = { throttled: medianVisit(throttled), unthrottled: medianVisit(plain) };
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
