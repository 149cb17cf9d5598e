// Diagnostic, not part of `npm run bench`: the timeline of one first visit of a signed-in screen under the
// first-visit benchmark's phone profile: resources (start-end ms), long tasks, the LCP element, and with
// PROFILE=/tmp/x a Chromium CPU profile per run (open it in DevTools, or sum self time per script).
//   WEB_DIST_DIR=/tmp/web ROUTE=/inicio RUNS=1 [RES=1] [PLAIN=1] [PROFILE=/tmp/p] [SCREENSHOT=/tmp/s] npx tsx e2e/bench/trace-visit.ts
import fs from 'node:fs';
import { startBenchServer } from './app-server';
import { launchChromium } from './chromium';
import { CPU_SLOWDOWN, FAST_4G, seedAccount, signedInContext } from './first-visit-support';

const PORT = 3241;
const BASE = `http://127.0.0.1:${PORT}`;
const route = process.env.ROUTE ?? '/inicio';
const server = await startBenchServer({ port: PORT, name: 'trace', env: { NODE_ENV: 'production', LOGIN_RATE_LIMIT_PER_EMAIL: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
const browser = await launchChromium();
try {
  const account = await seedAccount(BASE);
  for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
    const context = await signedInContext(browser, BASE, account, { storage: { 'almendra.firstPatientTour': 'done' } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (!process.env.PLAIN) {
      await cdp.send('Network.emulateNetworkConditions', FAST_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: Array<[number, number]> };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    if (process.env.PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${BASE}${route === '/ficha' ? `/ficha?id=${account.patientId}` : route}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    if (process.env.SCREENSHOT) await page.screenshot({ path: `${process.env.SCREENSHOT}-${route.slice(1)}-${run}.png` });
    if (process.env.PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(`${process.env.PROFILE}-${run}.cpuprofile`, JSON.stringify(profile));
    }
    // A buffered observer hands over every LCP candidate so far, with its element.
    const lcp = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) =>
          new PerformanceObserver((list) =>
            resolve(
              list.getEntries().map((e) => {
                const el = (e as unknown as { element?: Element }).element;
                const size = (e as unknown as { size: number }).size;
                return `${Math.round(e.startTime)} ms, ${size} px²: ${el ? `${el.tagName}.${el.getAttribute('class') ?? ''} "${(el.textContent ?? '').slice(0, 50)}"` : '?'}`;
              }),
            ),
          ).observe({ type: 'largest-contentful-paint', buffered: true }),
        ),
    );
    const data = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource').map((r) => [Math.round(r.startTime), Math.round((r as PerformanceResourceTiming).responseEnd), r.name.replace(location.origin, '')] as const);
      const paint = performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)}`);
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const longTasks = (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks;
      return { resources, paint, longTasks, nav: { html: Math.round(nav.responseEnd), dcl: Math.round(nav.domContentLoadedEventEnd), load: Math.round(nav.loadEventEnd) } };
    });
    console.log(`run ${run}: html ${data.nav.html} ms, DOMContentLoaded ${data.nav.dcl}, load ${data.nav.load}; ${data.paint.join(', ')}`);
    console.log(`LCP candidates:\n   ${lcp.join('\n   ')}`);
    console.log(`long tasks ${Math.round(data.longTasks.reduce((sum, [, d]) => sum + d, 0))} ms: ${data.longTasks.map(([t, d]) => `${Math.round(t)}+${Math.round(d)}`).join(' ')}`);
    const shown = process.env.RES ? data.resources : data.resources.filter(([, , name]) => name.startsWith('/api'));
    const scripts = data.resources.filter(([, , name]) => name.endsWith('.js'));
    console.log(`${scripts.length} script files, the last ends at ${Math.max(...scripts.map(([, end]) => end))} ms`);
    for (const [start, end, name] of shown) console.log(`  ${start}-${end} ${name}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
