// Benchmark (issue 5, budget < 150 ms): the /citas week view with 200 appointments, rendered by the real
// web app in Debian's Chromium against the real server (fresh SQLite in a temp dir). The time runs from
// the click on "next week" (dispatched inside the page) until all 200 events are in the DOM and the
// frame showing them has been painted (requestAnimationFrame, then a message-channel task).
//   cold: page just loaded, so the click also fetches GET /api/v1/appointments for that week;
//   warm: the week's answer is in TanStack Query's cache (switching back and forth);
//   baseline: the same switch to an empty week, in the same run.
// Prints figures and a BENCH_RESULT line; asserts nothing.
//   npx tsx e2e/bench/calendar-week.ts           (builds the web app into a temp dir first)
//   WEB_DIST_DIR=/tmp/web-x npx tsx e2e/bench/calendar-week.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { startBenchServer } from './app-server';
import { launchChromium, summarize } from './chromium';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const PORT = Number(process.env.BENCH_PORT ?? 3231);
const BASE = `http://127.0.0.1:${PORT}`;
const APPOINTMENTS = 200;
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 7);
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 20);
const TIME_ZONE = 'America/Argentina/Buenos_Aires';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Monday of the week after the current one, as a calendar date in Buenos Aires (UTC−3, no DST). */
function nextMonday(): Date {
  const local = new Date(Date.now() - 3 * 3600_000);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  const isoWeekday = ((day.getUTCDay() + 6) % 7) + 1;
  day.setUTCDate(day.getUTCDate() + (8 - isoWeekday));
  return day;
}

async function api<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE}/api/v1${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Clicks `button` inside the page and resolves when the calendar shows the week starting `monday` with
 * exactly `expected` events, and that frame has been painted. Milliseconds: DOM complete, painted.
 */
function switchWeek(button: Locator, monday: string, expected: number): Promise<{ dom: number; painted: number }> {
  return button.evaluate(
    (element, [mondayDate, count]) =>
      new Promise<{ dom: number; painted: number }>((resolve) => {
        const calendar = document.querySelector('[data-testid="calendar"]')!;
        const start = performance.now();
        let done = false;
        const check = () => {
          if (done) return;
          const firstDay = calendar.querySelector('[role="cell"][data-date]')?.getAttribute('data-date');
          if (firstDay !== mondayDate || calendar.querySelectorAll('[data-testid="calendar-event"]').length !== count) return;
          done = true;
          observer.disconnect();
          const dom = performance.now() - start;
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ dom, painted: performance.now() - start });
            channel.port2.postMessage(null);
          });
        };
        const observer = new MutationObserver(check);
        observer.observe(calendar, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-date'] });
        (element as HTMLElement).click();
        check();
      }),
    [monday, expected] as const,
  );
}

async function openCalendar(page: Page, thisMonday: string): Promise<{ next: Locator; previous: Locator }> {
  await page.goto(`${BASE}/citas`);
  const calendar = page.getByTestId('calendar');
  await calendar.locator(`[role="cell"][data-date="${thisMonday}"]`).first().waitFor();
  return { next: calendar.getByRole('button', { name: 'Semana siguiente' }), previous: calendar.getByRole('button', { name: 'Semana anterior' }) };
}

async function main(): Promise<void> {
  const server = await startBenchServer({ port: PORT, name: 'calendar' });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ locale: 'es-AR', timezoneId: TIME_ZONE, reducedMotion: 'reduce', viewport: { width: 1440, height: 900 } });
    // tsx compiles this file keeping function names through an `__name` helper that page.evaluate
    // callbacks then reference inside the page; an identity stand-in keeps them working.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    const account = { firstName: 'Ana', lastName: 'Bench', email: `calendar.${Date.now()}@almendra.test`, password: 'clave-segura-1' };
    const registered = await fetch(`${BASE}/api/v1/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify(account) });
    if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
    const token = ((await registered.json()) as { accessToken: string }).accessToken;
    // Signed in through the login form, as a person would: the app keeps its own session state.
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(/\/inicio$/);

    const place = await api<{ id: string }>(token, 'POST', '/locations', { name: 'Consultorio Centro', color: '#4e8cff' });
    await api(token, 'PUT', `/locations/${place.id}/schedule`, { days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ start: '08:00', end: '20:00' }] })) });
    const patients: string[] = [];
    for (let i = 0; i < 30; i += 1) patients.push((await api<{ id: string }>(token, 'POST', '/patients', { firstName: `Paciente ${i + 1}`, lastName: 'Bench' })).id);

    // 200 appointments next week: 28 or 29 a day, 20 minutes each from 08:00 with a few gaps, one free-time block a day.
    const monday = nextMonday();
    const seedStart = performance.now();
    for (let n = 0; n < APPOINTMENTS; n += 1) {
      const dayIndex = n % 7;
      const perDayIndex = Math.floor(n / 7);
      const day = new Date(monday.getTime() + dayIndex * 86_400_000);
      const minute = 8 * 60 + perDayIndex * 20 + (perDayIndex >= 14 ? 20 : 0);
      const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 3, minute); // 03:00 UTC = local midnight
      await api(token, 'POST', '/appointments', {
        locationId: place.id,
        patientId: perDayIndex === 5 ? null : patients[n % patients.length],
        start: new Date(start).toISOString(),
        end: new Date(start + 20 * 60_000).toISOString(),
      });
    }
    console.log(`seeded ${APPOINTMENTS} appointments in the week of ${isoDay(monday)} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    const thisMonday = isoDay(new Date(monday.getTime() - 7 * 86_400_000));
    const nextMondayDate = isoDay(monday);

    const cold: number[] = [];
    const coldDom: number[] = [];
    for (let run = 0; run < COLD_RUNS; run += 1) {
      const { next } = await openCalendar(page, thisMonday);
      const time = await switchWeek(next, nextMondayDate, APPOINTMENTS);
      cold.push(time.painted);
      coldDom.push(time.dom);
    }
    const { next, previous } = await openCalendar(page, thisMonday);
    await switchWeek(next, nextMondayDate, APPOINTMENTS);
    await switchWeek(previous, thisMonday, 0);
    const warm: number[] = [];
    const warmDom: number[] = [];
    const empty: number[] = [];
    for (let run = 0; run < WARM_RUNS; run += 1) {
      const full = await switchWeek(next, nextMondayDate, APPOINTMENTS);
      warm.push(full.painted);
      warmDom.push(full.dom);
      empty.push((await switchWeek(previous, thisMonday, 0)).painted);
    }
    await switchWeek(next, nextMondayDate, APPOINTMENTS);
    const screenshot = path.join(root, 'e2e/output/screens/bench-calendar-week.png');
    fs.mkdirSync(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot });
    await context.close();

    const result = {
      name: 'calendar-week',
      browser: browser.version(),
      appointments: APPOINTMENTS,
      cold: summarize(cold),
      coldDom: summarize(coldDom),
      warm: summarize(warm),
      warmDom: summarize(warmDom),
      empty: summarize(empty),
    };
    console.log(`cold (fetch + render), median of ${COLD_RUNS}: ${result.cold.p50.toFixed(1)} ms (DOM complete ${result.coldDom.p50.toFixed(1)} ms)`);
    console.log(`warm (cached answer), median of ${WARM_RUNS}: ${result.warm.p50.toFixed(1)} ms (DOM complete ${result.warmDom.p50.toFixed(1)} ms)`);
    console.log(`baseline, empty week, median of ${WARM_RUNS}: ${result.empty.p50.toFixed(1)} ms`);
    console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
