// Helpers for the consultations browser tests: an API session of its own (separate cookie jar, so it
// never rotates the browser's refresh token), the nutritionist's licence number, and PDF text.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { request, type APIRequestContext } from '@playwright/test';

export async function apiSession(baseURL: string, email: string, password: string) {
  const context: APIRequestContext = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Requested-With': 'XMLHttpRequest' } });
  let token = '';
  const login = async () => {
    const response = await context.post('/api/v1/auth/login', { data: { email, password } });
    if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
    token = ((await response.json()) as { accessToken: string }).accessToken;
  };
  await login();
  const call = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown): Promise<T> => {
    const send = () => context.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
    let response = await send();
    // The e2e server's access token lives 4 s: sign in again rather than share the browser's refresh.
    if (response.status() === 401) {
      await login();
      response = await send();
    }
    if (!response.ok()) throw new Error(`${method} ${url} failed: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return { call, dispose: () => context.dispose() };
}

/** There is no licence-number screen yet: write it where the report reads it. */
export function setLicenceNumber(email: string, licence: string): void {
  const file = path.join(process.env.E2E_DATA_DIR!, 'almendra.db');
  const db = new Database(file, { fileMustExist: true });
  try {
    db.prepare('update nutritionists set licence_number = ? where email = ?').run(licence, email);
  } finally {
    db.close();
  }
}

export function pdfToText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

export function isoDaysAgo(days: number): string {
  const now = new Date();
  const local = new Date(now.toLocaleString('en-US', { timeZone: 'America/Argentina/Buenos_Aires' }));
  local.setDate(local.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

export function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
