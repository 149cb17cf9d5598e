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
import type { Browser } from '@playwright/test';
import { startBenchServer } from './app-server';
import { launchChromium } from './chromium';
import { CPU_SLOWDOWN, measureVisit, medianVisit, signedInContext, type Visit } from './first-visit-support';

const PORT = Number(process.env.BENCH_PORT ?? 3234);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The portal with its data: the greeting over the patient's home tab. */
const READY = ['[data-testid="portal"] h1:visible'];

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

/** A first visit in a fresh phone, then, once the service worker controls it, a repeat visit in a new tab. */
async function visitPair(browser: Browser, patient: Patient, throttled: boolean): Promise<{ first: Visit; repeat: Visit }> {
  // The stored session is written only on the first page: the repeat visit finds what the app kept.
  const context = await signedInContext(browser, BASE, patient, { contextOptions: { serviceWorkers: 'allow' }, keepStoredSession: true });
  try {
    const { page, visit: first } = await measureVisit(context, `${BASE}/portal`, { throttled, ready: READY });
    // The worker installs after the first load (precaching the build) and takes control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    await page.close();
    const { page: again, visit: repeat } = await measureVisit(context, `${BASE}/portal`, { throttled, ready: READY });
    await again.close();
    if (!repeat.fromServiceWorker) throw new Error('the repeat visit did not come from the service worker');
    // PORTAL_VISIT_LIST=1: what each visit asked the network for, in order; PORTAL_VISIT_LCP=1: its paints.
    for (const [label, visit] of [['first', first], ['repeat', repeat]] as const) {
      if (process.env.PORTAL_VISIT_LIST) console.log(`${label} ${throttled ? 'throttled' : 'plain'}:\n  ${visit.urls.join('\n  ')}`);
      if (process.env.PORTAL_VISIT_LCP) console.log(`${label} ${throttled ? 'throttled' : 'plain'}: ${visit.lcpLog.join(' | ')}`);
    }
    return { first, repeat };
  } finally {
    await context.close();
  }
}

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
      first: { throttled: medianVisit(throttled.map((r) => r.first)), unthrottled: medianVisit(plain.map((r) => r.first)) },
      repeat: { throttled: medianVisit(throttled.map((r) => r.repeat)), unthrottled: medianVisit(plain.map((r) => r.repeat)) },
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
