// Shared helpers for the browser tests: unique accounts, screenshots of every screen, axe checks,
// and reading the server's outbox (the embedded mode writes emails there when no SMTP is set).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const screensDir = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'output', 'screens');
fs.mkdirSync(screensDir, { recursive: true });

let counter = 0;
export function newAccount(prefix = 'nutri') {
  counter += 1;
  return {
    firstName: 'Valeria',
    lastName: 'Gómez',
    // The worker's index keeps two parallel workers from minting the same address in the same millisecond.
    email: `${prefix}.${Date.now().toString(36)}.w${process.env.TEST_WORKER_INDEX ?? '0'}.${counter}@e2e.test`,
    password: 'clave-e2e-segura',
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

// axe-core as @axe-core/playwright itself loads it, so the rules are the ones its analyze() runs anyway.
const axeCore = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string };
// Put into a document once: the app is one page, so the next check of the same document (another screen
// reached by a link, another size, the dark theme) finds it there and skips a 500 KB script.
const axeSource = `if (typeof window.axe !== 'object' || typeof window.axe.run !== 'function') { ${axeCore.source} }`;

/**
 * No serious or critical accessibility violations on the current screen. Every rule of axe runs, in the
 * page itself ("legacy mode", iframes included): the default mode opens a blank page per check to merge
 * the frames' partial results, which took about half of each check.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page, axeSource }).setLegacyMode(true).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The newest email the server wrote to its outbox for an address. */
export function lastEmailTo(address: string): { subject: string; text_body: string } | undefined {
  const file = path.join(process.env.E2E_DATA_DIR!, 'almendra.db');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select subject, text_body from outbox_emails where to_address = ? order by created_at desc, id desc limit 1')
      .get(address) as { subject: string; text_body: string } | undefined;
  } finally {
    db.close();
  }
}

/** The first-patient popup of a practice without patients (the shell shows it on every main screen). */
export function firstPatientPopup(page: Page) {
  return page.getByRole('dialog', { name: /^(Cargá|Carga) tu primer paciente$|^Add your first patient$/ });
}

/** Puts the first-patient popup away as a person would ("Ahora no"): the account remembers it. */
export async function dismissFirstPatientPopup(page: Page): Promise<void> {
  const popup = firstPatientPopup(page);
  await popup.getByRole('button', { name: /^(Ahora no|Not now)$/ }).click();
  await expect(popup).toHaveCount(0);
}

export interface RegisterOptions {
  /** Leave the first-patient popup up (the specs about it). By default it is put away ("Ahora no"). */
  keepFirstPatientPopup?: boolean;
}

/**
 * A new practice (or operator) signed in on /inicio. The sign-up form is the subject of foundation.spec
 * and of the specs that pick a country (`country`, its name as listed): those go through /comenzar
 * (signUpThroughForm). Every other spec only needs the account, so it is created with the same call the
 * form makes (POST /auth/register, the refresh cookie set in this browser), which saves the sign-up
 * screen's load and typing in about a hundred tests. The new practice has no patient, so the
 * first-patient popup would show on every main screen: unless asked to keep it, it is put away as "Ahora
 * no" does (PATCH /me/onboarding and this browser's memory of it), so a spec's own clicks are never under it.
 */
export async function register(page: Page, account = newAccount(), country?: string, options: RegisterOptions = {}) {
  if (country) return signUpThroughForm(page, account, country, options);
  // Any page of the server's origin lets the browser call the API with its cookies and write the session
  // where the app reads it; the health answer is the lightest.
  await page.goto('/api/v1/health');
  await page.evaluate(
    async ({ account, putPopupAway }) => {
      const headers = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
      const answer = await fetch('/api/v1/auth/register', {
        method: 'POST',
        headers,
        credentials: 'same-origin',
        body: JSON.stringify({ firstName: account.firstName, lastName: account.lastName, email: account.email, password: account.password }),
      });
      if (answer.status !== 201) throw new Error(`POST /auth/register → ${answer.status} ${await answer.text()}`);
      const session = (await answer.json()) as { accessToken: string; expiresAt: string; user: { id: string; role: string } };
      localStorage.setItem('almendra.session', JSON.stringify({ accessToken: session.accessToken, expiresAt: session.expiresAt, loggedIn: 'true' }));
      if (putPopupAway && session.user.role === 'nutritionist') {
        const dismissed = await fetch('/api/v1/me/onboarding', {
          method: 'PATCH',
          headers: { ...headers, Authorization: `Bearer ${session.accessToken}` },
          body: JSON.stringify({ firstPatientTour: 'dismissed' }),
        });
        if (!dismissed.ok) throw new Error(`PATCH /me/onboarding → ${dismissed.status} ${await dismissed.text()}`);
        localStorage.setItem(`almendra.firstPatientTour.${session.user.id}`, 'done');
      }
    },
    { account, putPopupAway: !options.keepFirstPatientPopup },
  );
  await page.goto('/inicio');
  await expect(page).toHaveURL(/\/inicio$/);
  await expect(page.getByTestId('dashboard-greeting')).toContainText(account.firstName);
  return account;
}

/**
 * Signs up through /comenzar, as a person does; `country` (its name as listed) replaces the default,
 * Argentina. Unless asked to keep it, the first-patient popup is put away with its "Ahora no" button.
 */
export async function signUpThroughForm(page: Page, account = newAccount(), country?: string, options: RegisterOptions = {}) {
  await page.goto('/comenzar');
  await page.getByLabel('Nombre', { exact: true }).fill(account.firstName);
  await page.getByLabel('Apellido', { exact: true }).fill(account.lastName);
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByLabel('Confirmar contraseña').fill(account.password);
  if (country) {
    await page.getByLabel('País').fill(country);
    await page.getByRole('option', { name: country, exact: true }).click();
    await expect(page.getByLabel('País')).toHaveValue(country);
  }
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/inicio$/);
  if (!options.keepFirstPatientPopup && (await apiCall<{ user: { role: string } }>(page, 'GET', '/me')).user.role === 'nutritionist') {
    await dismissFirstPatientPopup(page);
  }
  return account;
}

export async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Calls the API as the signed-in page does (bearer from localStorage; the 4 s token is refreshed first). */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = async () => {
        const stored = JSON.parse(localStorage.getItem('almendra.session') ?? '{}') as { accessToken?: string; expiresAt?: string };
        if (stored.expiresAt && Date.parse(stored.expiresAt) > Date.now() + 1000) return stored.accessToken!;
        const r = await fetch('/api/v1/auth/refresh', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
          body: '{}',
          credentials: 'same-origin',
        });
        const session = (await r.json()) as { accessToken: string; expiresAt?: string; accessTokenExpiresAt?: string };
        localStorage.setItem(
          'almendra.session',
          JSON.stringify({ ...stored, accessToken: session.accessToken, expiresAt: session.expiresAt ?? session.accessTokenExpiresAt }),
        );
        return session.accessToken;
      };
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${await token()}`,
          'X-Requested-With': 'XMLHttpRequest',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}
