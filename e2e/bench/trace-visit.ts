// Diagnostic, not part of `npm run bench`: the timeline of one first visit of a signed-in screen under the
// first-visit benchmark's phone profile: resources (start-end ms), long tasks, the LCP element, and with
// PROFILE=/tmp/x a Chromium CPU profile per run (open it in DevTools, or sum self time per script).
//   WEB_DIST_DIR=/tmp/web ROUTE=/inicio RUNS=1 [RES=1] [PLAIN=1] [PROFILE=/tmp/p] [SCREENSHOT=/tmp/s] npx tsx e2e/bench/trace-visit.ts
import { startBenchServer } from './app-server';
import { launchChromium } from './chromium';
const PORT = 3241; const BASE = `http://127.0.0.1:${PORT}`;
const route = process.env.ROUTE ?? '/inicio';
const server = await startBenchServer({ port: PORT, name: 'trace', env: { NODE_ENV: 'production', LOGIN_RATE_LIMIT_PER_EMAIL: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
const browser = await launchChromium();
try {
  const email = `t.${Date.now()}@a.test`; const password = 'clave-bench-segura';
  const reg = await fetch(`${BASE}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'L', lastName: 'B', email, password, countryCode: 'AR' }) });
  const s0 = (await reg.json()) as { accessToken: string };
  let pid = '';
  for (let i = 0; i < 30; i++) { const c = await fetch(`${BASE}/api/v1/patients`, { method: 'POST', headers: { authorization: `Bearer ${s0.accessToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'Ana', lastName: `P ${i}`, sex: 'f', birthDate: '1990-05-20' }) }); pid = ((await c.json()) as { id: string }).id; }
  for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'es-AR' });
    const login = await context.request.post(`${BASE}/api/v1/auth/login`, { data: { email, password } });
    const session = (await login.json()) as { accessToken: string; expiresAt: string };
    await context.addInitScript((value) => { localStorage.setItem('almendra.session', value); localStorage.setItem('almendra.firstPatientTour', 'done'); }, JSON.stringify({ accessToken: session.accessToken, expiresAt: session.expiresAt, loggedIn: 'true' }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable'); await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (!process.env.PLAIN) { await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (1.5 * 1024 * 1024) / 8 }); await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 }); }
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: Array<[number, string]>; __lt: Array<[number, number]> };
      w.__lcp = []; w.__lt = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) { const el = (e as unknown as { element?: Element }).element; w.__lcp.push([e.startTime, el ? `${el.tagName}.${el.getAttribute("class") ?? ""}`.slice(0, 80) + ' ' + (el.textContent ?? '').slice(0, 40) : '?']); } }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__lt.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
    });
    const url = route === '/ficha' ? `/ficha?id=${pid}` : route;
    if (process.env.PROFILE) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start'); }
    await page.goto(`${BASE}${url}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    if (process.env.SCREENSHOT) await page.screenshot({ path: `${process.env.SCREENSHOT}-${route.slice(1)}-${run}.png` });
    if (process.env.PROFILE) { const { profile } = await cdp.send('Profiler.stop'); (await import('node:fs')).writeFileSync(`${process.env.PROFILE}-${run}.cpuprofile`, JSON.stringify(profile)); }
    const lcps = await page.evaluate(() => new Promise<string[]>((resolve) => new PerformanceObserver((l) => resolve(l.getEntries().map((e) => { const el = (e as unknown as { element?: Element }).element; return `${Math.round(e.startTime)} ${(e as unknown as { size: number }).size} ${el ? el.tagName + '.' + (el.getAttribute('class') ?? '') + ' ' + (el.textContent ?? '').slice(0, 50) : '?'}`; }))).observe({ type: 'largest-contentful-paint', buffered: true })));
    console.log('LCP entries:\n   ' + lcps.join('\n   '));
    const data = await page.evaluate(() => {
      const w = window as unknown as { __lcp: Array<[number, string]>; __lt: Array<[number, number]> };
      const res = performance.getEntriesByType('resource').map((r) => [Math.round(r.startTime), Math.round((r as PerformanceResourceTiming).responseEnd), r.name.replace(location.origin, '')] as const);
      const paint = performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]);
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { lcp: w.__lcp, lt: w.__lt, res, paint, nav: { resp: Math.round(nav.responseEnd), dcl: Math.round(nav.domContentLoadedEventEnd), load: Math.round(nav.loadEventEnd) } };
    });
    console.log(`run ${run}: nav`, data.nav, 'paint', JSON.stringify(data.paint));
    console.log('LCP candidates', data.lcp.map(([t, e]) => `${Math.round(t)} ${e}`).join('\n   '));
    console.log('long tasks total', Math.round(data.lt.reduce((s, [, d]) => s + d, 0)), 'ms:', data.lt.map(([t, d]) => `${Math.round(t)}+${Math.round(d)}`).join(' '));
    if (process.env.RES) for (const [a, b, n] of data.res) console.log(`  ${a}-${b} ${n}`);
    else { const js = data.res.filter((r) => r[2].endsWith('.js')); console.log(`JS: ${js.length} files, last ends ${Math.max(...js.map((r) => r[1]))}`); for (const r of data.res.filter((r) => r[2].startsWith('/api'))) console.log(`  ${r[0]}-${r[1]} ${r[2]}`); }
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
