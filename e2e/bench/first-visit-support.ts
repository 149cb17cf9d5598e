// Shared by the first-visit benchmark and its diagnostic (trace-visit.ts): the phone profile and a
// signed-in practice with patients, reached through the real API.
import type { Browser, BrowserContext } from '@playwright/test';

/** Fast 4G as Lighthouse/Chrome DevTools define it, with the figures. */
export const FAST_4G = { offline: false, latency: 150, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (1.5 * 1024 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;

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

/** A signed-in context: the refresh cookie from a real sign-in, the stored session the app reads. */
export async function signedInContext(browser: Browser, base: string, account: Account): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'es-AR' });
  const login = await context.request.post(`${base}/api/v1/auth/login`, { data: { email: account.email, password: account.password } });
  const session = (await login.json()) as { accessToken: string; expiresAt: string };
  await context.addInitScript((value) => {
    localStorage.setItem('almendra.session', value);
    localStorage.setItem('almendra.firstPatientTour', 'done');
  }, JSON.stringify({ accessToken: session.accessToken, expiresAt: session.expiresAt, loggedIn: 'true' }));
  return context;
}
