// Shared by the phone-visit benchmarks (first-visit.ts, portal-visit.ts) and their diagnostic
// (trace-visit.ts): the phone profile, a signed-in context, a signed-in practice with patients reached
// through the real API, and one measured visit (throttling, bytes on the wire, paint timings).
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';

/** Fast 4G as Lighthouse/Chrome DevTools define it, with the figures. */
export const FAST_4G = { offline: false, latency: 150, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (1.5 * 1024 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;
/** The phone every visit is made on. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'es-AR' };

export interface Account {
  email: string;
  password: string;
  patientId: string;
}

export async function seedAccount(base: string): Promise<Account> {
  const email = `bench.${Date.now().toString(36)}@almendra.test`;
  const password = 'clave-bench-segura';
  const registered = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Lucía', lastName: 'Bench', email, password, countryCode: 'AR' }),
  });
  const session = (await registered.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' };
  let patientId = '';
  for (let i = 0; i < 30; i++) {
    const created = await fetch(`${base}/api/v1/patients`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: ['Camila', 'Tomás', 'Lara', 'Iván', 'Nora'][i % 5], lastName: `Paciente ${i + 1}`, sex: i % 2 ? 'm' : 'f', birthDate: '1990-05-20' }),
    });
    patientId = ((await created.json()) as { id: string }).id;
  }
  return { email, password, patientId };
}

/**
 * A signed-in phone: the refresh cookie from a real sign-in, and the stored session the app reads (plus
 * any other localStorage entries given), written before the app's code runs on each page. With
 * `keepStoredSession` the entries are written only where none is stored yet (a later page of the same
 * context keeps what the app stored meanwhile, as a phone would).
 */
export async function signedInContext(
  browser: Browser,
  base: string,
  credentials: { email: string; password: string },
  options: { contextOptions?: BrowserContextOptions; storage?: Record<string, string>; keepStoredSession?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, ...options.contextOptions });
  const login = await context.request.post(`${base}/api/v1/auth/login`, { data: { email: credentials.email, password: credentials.password } });
  if (!login.ok()) throw new Error(`sign-in of ${credentials.email}: ${login.status()}`);
  const session = (await login.json()) as { accessToken: string; expiresAt: string };
  await context.addInitScript(
    ({ value, storage, keep }) => {
      if (keep && localStorage.getItem('almendra.session')) return;
      localStorage.setItem('almendra.session', value);
      for (const [key, item] of Object.entries(storage)) localStorage.setItem(key, item);
    },
    { value: JSON.stringify({ accessToken: session.accessToken, expiresAt: session.expiresAt, loggedIn: 'true' }), storage: options.storage ?? {}, keep: options.keepStoredSession ?? false },
  );
  return context;
}

export interface Visit {
  /** First contentful paint, ms from navigation start. */
  fcpMs: number;
  /** The latest largest-contentful-paint candidate once the screen is ready. */
  lcpMs: number;
  /** Encoded bytes that crossed the network (a service worker's cached answers are not counted). */
  bytes: number;
  /** Of which JavaScript. */
  scriptBytes: number;
  requests: number;
  /** The document was answered by a service worker. */
  fromServiceWorker: boolean;
  /**
   * With `mark`: when the page marked it (performance.mark), ms from navigation start; the portal marks
   * 'portal-home-live' when its live home shows (after its kept first paint, if one showed). Null when
   * not asked for or not marked.
   */
  markMs: number | null;
  /** Every LCP candidate with its element, and what crossed the network in order (path and KB). */
  lcpLog: string[];
  urls: string[];
}

/**
 * One visit of `url` in a new page of `context`, HTTP cache disabled, throttled to the phone profile if
 * asked; resolves once every `ready` selector is visible, the network is quiet and two frames have been
 * painted since (LCP is final at the first input; until then the latest candidate counts). The page is
 * left open, unthrottled, for the caller to close.
 */
export async function measureVisit(context: BrowserContext, url: string, options: { throttled: boolean; ready: readonly string[]; mark?: string }): Promise<{ page: Page; visit: Visit }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (options.throttled) {
    await cdp.send('Network.emulateNetworkConditions', FAST_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  const origin = new URL(url).origin;
  const responses = new Map<string, { type: string; path: string; fromWorker: boolean }>();
  const urls: string[] = [];
  let bytes = 0;
  let scriptBytes = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => {
    responses.set(event.requestId, { type: event.type, path: event.response.url.replace(origin, ''), fromWorker: event.response.fromServiceWorker ?? false });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    // What a service worker answered from its cache did not cross the network.
    if (response?.fromWorker) return;
    requests += 1;
    bytes += event.encodedDataLength;
    if (response?.type === 'Script') scriptBytes += event.encodedDataLength;
    urls.push(`${response?.path ?? '?'} ${(event.encodedDataLength / 1024).toFixed(1)} KB`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __fcp: number; __lcpLog: string[] };
    w.__lcp = 0;
    w.__fcp = 0;
    w.__lcpLog = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.__lcp = entry.startTime;
        const element = (entry as unknown as { element?: Element }).element;
        w.__lcpLog.push(`${Math.round(entry.startTime)} ms ${element?.tagName ?? '?'} "${(element?.textContent ?? '').slice(0, 40)}"`);
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') w.__fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  for (const selector of options.ready) await page.locator(selector).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  const paints = await page.evaluate((mark) => {
    const w = window as unknown as { __lcp: number; __fcp: number; __lcpLog: string[] };
    const marked = mark ? performance.getEntriesByName(mark, 'mark')[0] : undefined;
    return { lcpMs: w.__lcp, fcpMs: w.__fcp, lcpLog: w.__lcpLog, markMs: marked ? marked.startTime : null };
  }, options.mark ?? null);
  if (paints.lcpMs === 0) throw new Error(`${url}: no largest-contentful-paint entry`);
  const landed = new URL(page.url()).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`${url} ended on ${landed}`);
  if (options.throttled) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  return { page, visit: { ...paints, bytes, scriptBytes, requests, fromServiceWorker: response?.fromServiceWorker() ?? false, urls } };
}

export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median of each figure over several visits of the same screen (the mark's: null unless every visit has it). */
export function medianVisit(visits: readonly Visit[]): Omit<Visit, 'lcpLog' | 'urls'> {
  const marks = visits.map((v) => v.markMs).filter((ms): ms is number => ms !== null);
  return {
    fcpMs: median(visits.map((v) => v.fcpMs)),
    lcpMs: median(visits.map((v) => v.lcpMs)),
    markMs: marks.length === visits.length && marks.length > 0 ? median(marks) : null,
    bytes: median(visits.map((v) => v.bytes)),
    scriptBytes: median(visits.map((v) => v.scriptBytes)),
    requests: median(visits.map((v) => v.requests)),
    fromServiceWorker: visits.every((v) => v.fromServiceWorker),
  };
}
