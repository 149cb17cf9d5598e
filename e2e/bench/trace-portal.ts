// Diagnostic, not part of `npm run bench`: the timeline of the portal's first and repeat visit (the one
// the service worker answers) under the portal-visit benchmark's phone profile: every resource the page
// asked for (start → end ms, and whether the worker answered it), long tasks, paints and when the
// greeting appeared. Where portal-visit.ts says how long, this says where the time went.
//   WEB_DIST_DIR=/tmp/web RUNS=1 [PLAIN=1] [EXPIRED=1] [CHROME_TRACE=/tmp/t.json] npx tsx e2e/bench/trace-portal.ts
// CHROME_TRACE writes the repeat visit's Chrome performance trace (open it in DevTools' Performance
// panel, or summarize its main-thread tasks with e2e/bench/trace-tasks.ts).
// EXPIRED=1 makes the stored access token look expired before the repeat visit (a patient coming back
// after the token's 15 minutes: the app renews the session first).
import fs from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import { startBenchServer } from './app-server';
import { launchChromium } from './chromium';
import { CPU_SLOWDOWN, FAST_4G, signedInContext } from './first-visit-support';
import { seedPatient } from './portal-support';

const PORT = Number(process.env.BENCH_PORT ?? 3242);
const BASE = `http://127.0.0.1:${PORT}`;

async function visit(context: BrowserContext, label: string): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (!process.env.PLAIN) {
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  // A string: tsx would wrap named inner functions in a helper the page does not have.
  await page.addInitScript({
    content: `(() => {
      const trace = (window.__trace = []);
      const log = (text) => trace.push(Math.round(performance.now()) + ' ms ' + text);
      const observe = (type, describe) => {
        try {
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) trace.push(Math.round(e.startTime) + ' ms ' + describe(e));
          }).observe({ type, buffered: true });
        } catch (error) {
          log('no ' + type + ' observer: ' + error);
        }
      };
      observe('longtask', (e) => 'long task ' + Math.round(e.duration) + ' ms');
      observe('paint', (e) => 'paint ' + e.name);
      observe('largest-contentful-paint', (e) => 'lcp ' + (e.element ? e.element.tagName + ' "' + (e.element.textContent || '').slice(0, 30) + '"' : '?'));
      let greeted = false;
      const poll = () => {
        if (!greeted && document.querySelector('[data-testid="portal"] h1')) {
          greeted = true;
          log('greeting in the DOM');
        }
        if (!greeted) requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    })();`,
  });
  if (process.env.CHROME_TRACE && label === 'repeat') {
    await context.browser()!.startTracing(page, { path: process.env.CHROME_TRACE, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'toplevel', 'loading'] });
  }
  if (process.env.PROFILE && label === 'repeat') {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(`${BASE}/portal`, { waitUntil: 'load' });
  await page.locator('[data-testid="portal"] h1').waitFor({ state: 'visible', timeout: 60_000 });
  if (process.env.PROFILE && label === 'repeat') {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(process.env.PROFILE, JSON.stringify(profile));
  }
  await page.waitForLoadState('networkidle');
  if (process.env.CHROME_TRACE && label === 'repeat') await context.browser()!.stopTracing();
  const { trace, resources } = await page.evaluate(() => ({
    trace: (window as unknown as { __trace: string[] }).__trace,
    resources: [...performance.getEntriesByType('mark').map((e) => `${Math.round(e.startTime)} ms mark ${e.name}`), ...performance.getEntriesByType('resource').map((e) => {
      const r = e as PerformanceResourceTiming;
      return `${Math.round(r.startTime)} → ${Math.round(r.responseEnd)} ms ${r.workerStart > 0 ? 'sw ' : ''}${r.name.replace(location.origin, '')}`;
    })],
  }));
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return `navigation: worker ${Math.round(n.workerStart)}, response ${Math.round(n.responseStart)}-${Math.round(n.responseEnd)}, domInteractive ${Math.round(n.domInteractive)}, DCL ${Math.round(n.domContentLoadedEventEnd)}, load ${Math.round(n.loadEventEnd)}`;
  });
  console.log(`\n== ${label} (${trace.length} trace entries)\n${nav}\n${[...resources, ...trace].sort((a, b) => parseInt(a) - parseInt(b)).join('\n')}`);
  if (!process.env.PLAIN) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  if (label === 'first') {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
  }
  if (label === 'first' && process.env.EXPIRED) {
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem('almendra.session')!) as { expiresAt: string };
      localStorage.setItem('almendra.session', JSON.stringify({ ...session, expiresAt: new Date(Date.now() - 1000).toISOString() }));
    });
  }
  await page.close();
}

const server = await startBenchServer({ port: PORT, name: 'trace-portal', env: { NODE_ENV: 'production', LOGIN_RATE_LIMIT_PER_EMAIL: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
const browser = await launchChromium();
try {
  const patient = await seedPatient(BASE);
  for (let run = 0; run < Number(process.env.RUNS ?? 1); run++) {
    const context = await signedInContext(browser, BASE, patient, { contextOptions: { serviceWorkers: 'allow' }, keepStoredSession: true });
    await visit(context, 'first');
    await visit(context, 'repeat');
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
