// Shared by the portal benchmarks (portal-visit.ts, and the A/B diagnostic compare-portal.ts): a patient
// with a published plan seeded through the real API, and a first visit followed by the repeat visit the
// service worker answers (painted first from the home the first visit kept, then live).
import type { Browser } from '@playwright/test';
import { measureVisit, signedInContext, type Visit } from './first-visit-support';

/** The portal with its data: the greeting over the patient's home tab. */
export const READY = ['[data-testid="portal"] h1:visible'];

export interface Patient {
  email: string;
  password: string;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A practice, a patient with a published plan and her portal account, through the real API. */
export async function seedPatient(BASE: string): Promise<Patient> {
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

/** What the portal marks when its live home shows (apps/web/src/features/portal/lib/home-snapshot.ts). */
export const LIVE_HOME_MARK = 'portal-home-live';
/** Where the portal keeps its home's first paint for the next visit (public/portal-snapshot.js). */
const SNAPSHOT_KEY = 'almendra.portal-snapshot';

/**
 * A first visit in a fresh phone, then, once the service worker controls it, a repeat visit in a new tab.
 * The repeat visit paints first from the home kept on the first (its kept first paint, when the build has
 * one: `keptFirstPaint`); its LCP is what the patient sees first, its `markMs` when the live home showed.
 */
export async function visitPair(browser: Browser, BASE: string, patient: Patient, throttled: boolean): Promise<{ first: Visit; repeat: Visit; keptFirstPaint: boolean }> {
  // The stored session is written only on the first page: the repeat visit finds what the app kept.
  const context = await signedInContext(browser, BASE, patient, { contextOptions: { serviceWorkers: 'allow' }, keepStoredSession: true });
  try {
    const { page, visit: first } = await measureVisit(context, `${BASE}/portal`, { throttled, ready: READY, mark: LIVE_HOME_MARK });
    // The worker installs after the first load (precaching the build) and takes control of the page.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    // The home is kept a second after it settled, when idle (a build without the kept first paint never
    // keeps it: a few seconds lost, then the repeat visit as before).
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, SNAPSHOT_KEY, { timeout: 5_000 }).catch(() => undefined);
    await page.close();
    const { page: again, visit: repeat } = await measureVisit(context, `${BASE}/portal`, { throttled, ready: READY, mark: LIVE_HOME_MARK });
    const keptFirstPaint = await again.evaluate(() => (window as unknown as { __almendraSnapshot?: unknown }).__almendraSnapshot !== undefined);
    await again.close();
    if (!repeat.fromServiceWorker) throw new Error('the repeat visit did not come from the service worker');
    // PORTAL_VISIT_LIST=1: what each visit asked the network for, in order; PORTAL_VISIT_LCP=1: its paints.
    for (const [label, visit] of [['first', first], ['repeat', repeat]] as const) {
      if (process.env.PORTAL_VISIT_LIST) console.log(`${label} ${throttled ? 'throttled' : 'plain'}:\n  ${visit.urls.join('\n  ')}`);
      if (process.env.PORTAL_VISIT_LCP) console.log(`${label} ${throttled ? 'throttled' : 'plain'}: ${visit.lcpLog.join(' | ')}${visit.markMs === null ? '' : ` | live ${Math.round(visit.markMs)} ms`}`);
    }
    return { first, repeat, keptFirstPaint };
  } finally {
    await context.close();
  }
}
