// Diagnostic, not part of `npm run bench`: an A/B of web builds on the portal-visit benchmark's phone
// profile, for a machine too loaded for two separate bench runs to compare. Each round serves each build
// in turn (a fresh server and patient) and measures one throttled first visit and the repeat visit the
// service worker answers; the medians per build come at the end. Build each variant first:
//   (cd apps/web && npx vite build --outDir /tmp/web-a --emptyOutDir)
//   BENCH_PORT=3770 DISTS=before:/tmp/web-a,after:/tmp/web-b ROUNDS=5 [PAIRS=1] npx tsx e2e/bench/compare-portal.ts
import { startBenchServer } from './app-server';
import { launchChromium } from './chromium';
import { median } from './first-visit-support';
import { seedPatient, visitPair } from './portal-support';
const PORT = Number(process.env.BENCH_PORT ?? 3234);
const BASE = `http://127.0.0.1:${PORT}`;
const dists = (process.env.DISTS ?? '').split(',').map((d) => d.split(':') as [string, string]);
const rounds = Number(process.env.ROUNDS ?? 3);
const out: Record<string, { fcp: number[]; lcp: number[]; live: number[]; firstLcp: number[]; log: string[] }> = {};
for (let r = 0; r < rounds; r++) {
  for (const [name, dir] of dists) {
    process.env.WEB_DIST_DIR = dir;
    let server;
    try {
      server = await startBenchServer({ port: PORT, name: 'compare-' + name, env: { NODE_ENV: 'production', LOGIN_RATE_LIMIT_PER_EMAIL: '1000', LOGIN_RATE_LIMIT_PER_IP: '1000' } });
    } catch (error) {
      console.log(`${name} round ${r}: server failed ${String(error)}`);
      continue;
    }
    const browser = await launchChromium();
    try {
      const patient = await seedPatient(BASE);
      await visitPair(browser, BASE, patient, false);
      for (let i = 0; i < Number(process.env.PAIRS ?? 1); i++) {
        const { first, repeat, keptFirstPaint } = await visitPair(browser, BASE, patient, true);
        const o = (out[name] ??= { fcp: [], lcp: [], live: [], firstLcp: [], log: [] });
        o.fcp.push(Math.round(repeat.fcpMs)); o.lcp.push(Math.round(repeat.lcpMs)); o.firstLcp.push(Math.round(first.lcpMs));
        // When the live home showed (the portal's mark; a build without it: its LCP, the live home's paint).
        o.live.push(Math.round(repeat.markMs ?? repeat.lcpMs));
        o.log.push(repeat.lcpLog.join(' | '));
        console.log(`${name} round ${r}: repeat FCP ${Math.round(repeat.fcpMs)} LCP ${Math.round(repeat.lcpMs)} live ${repeat.markMs === null ? '-' : Math.round(repeat.markMs)}${keptFirstPaint ? ' (kept first paint)' : ''}; first LCP ${Math.round(first.lcpMs)}  [${repeat.lcpLog.join(' | ')}]`);
      }
    } catch (error) {
      console.log(`${name} round ${r}: failed ${String(error)}`);
    } finally {
      await browser.close();
      await server.stop();
    }
  }
}
for (const [name, o] of Object.entries(out)) console.log(`${name}: repeat FCP median ${median(o.fcp)} LCP median ${median(o.lcp)} (${o.lcp.join(' ')}) live median ${median(o.live)} (${o.live.join(' ')}); first LCP median ${median(o.firstLcp)} (${o.firstLcp.join(' ')})`);
