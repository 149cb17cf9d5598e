// Helpers of the appointments browser test: authenticated API calls from the test (sharing the
// page's cookie jar, so the refresh cookie stays the one the page uses) and calendar dates.
import { expect, type Page } from '@playwright/test';

/** Calls /api/v1 as the signed-in user: renews the access token first (it lives 4 s here). */
export async function apiAs<T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const refresh = await page.request.post('/api/v1/auth/refresh', { headers: { ...headers, 'Content-Type': 'application/json' }, data: {} });
  expect(refresh.ok()).toBe(true);
  const { accessToken } = (await refresh.json()) as { accessToken: string };
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { ...headers, Authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok(), `${method} ${path} → ${response.status()} ${await response.text()}`).toBe(true);
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const displayDay = (d: Date) => `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;

/** Monday of the week after the current one (weeks start on Monday), local time of the test runner. */
export function nextMonday(now = new Date()): Date {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const isoWeekday = ((day.getDay() + 6) % 7) + 1;
  day.setDate(day.getDate() + (8 - isoWeekday));
  return day;
}
