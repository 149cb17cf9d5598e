// Appointments that patients confirm (issue 27), as the two people live it: the nutritionist has her
// agenda open; the patient opens her personal link on a 390×844 phone with JavaScript off (the page is
// plain HTML and forms), taps "No puedo ir", and the agenda changes at once without a reload — the block
// turns into "Cancelada por el paciente" with her reason in its dialog. She changes her mind and confirms;
// later a cancellation while the nutritionist is elsewhere lights the badge on "Citas". The dialog sends
// the reminder by WhatsApp with the link, and a past appointment is marked "No asistió" from the agenda.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, expectAccessible, register, screenshot } from './support.js';

interface Appointment {
  id: string;
  start: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Tomorrow at 10:00 (local, Buenos Aires as the browser). */
function tomorrowAt(hour: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, hour, 0);
}

async function practice(page: Page) {
  await register(page);
  const place = await apiCall<{ id: string }>(page, 'POST', '/locations', {
    name: 'Consultorio Centro',
    street: 'Av. Corrientes',
    streetNumber: '1234',
    latitude: -34.6037,
    longitude: -58.3816,
  });
  const days = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ start: '08:00', end: '20:00' }] }));
  await apiCall(page, 'PUT', `/locations/${place.id}/schedule`, { days });
  const service = await apiCall<{ id: string }>(page, 'POST', `/locations/${place.id}/services`, { name: 'Control mensual', durationMinutes: 30 });
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', {
    firstName: 'Lucía',
    lastName: 'Benítez',
    sex: 'f',
    mobileAreaCode: '011',
    mobileNumber: '15-2345-6789',
  });
  const start = tomorrowAt(10);
  const appointment = await apiCall<Appointment>(page, 'POST', '/appointments', {
    patientId: patient.id,
    locationId: place.id,
    serviceId: service.id,
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
  });
  return { place, service, patient, appointment, start };
}

/** The calendar on the week that holds `day` (it opens on the current one). */
async function showWeekOf(page: Page, day: Date) {
  const today = new Date();
  if (day.getDay() === 1 && day.getDate() !== today.getDate()) {
    await page.getByTestId('calendar').getByRole('button', { name: 'Semana siguiente' }).click();
  }
}

async function phone(browser: Browser) {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    javaScriptEnabled: false,
  });
}

test('a patient says "No puedo ir" from her phone and the open agenda changes live; then she confirms', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const { appointment, start } = await practice(page);
  await page.goto('/citas');
  await showWeekOf(page, start);
  const event = page.getByTestId('calendar-event').filter({ hasText: 'Lucía Benítez' });
  await expect(event).toHaveAttribute('data-kind', 'scheduled');
  await expect(page.getByTestId('calendar-legend')).toContainText('Cancelada por el paciente');

  const link = await apiCall<{ url: string; expiresAt: string }>(page, 'GET', `/appointments/${appointment.id}/confirmation-link`);
  expect(link.expiresAt).toBe(appointment.start);
  expect(link.url).toMatch(/\/turno\/[^/]+$/);

  const patientContext = await phone(browser);
  try {
    const mobile = await patientContext.newPage();
    await mobile.goto(link.url);
    await expect(mobile.getByRole('heading', { level: 1 })).toContainText('Hola, Lucía');
    const details = mobile.getByRole('region', { name: 'Datos del turno' });
    await expect(details).toContainText(`${pad(start.getDate())}-${pad(start.getMonth() + 1)}-${start.getFullYear()}`);
    await expect(details).toContainText('10:00 a 10:30');
    await expect(details).toContainText('Consultorio Centro');
    await expect(details).toContainText('Av. Corrientes 1234');
    await expect(details).toContainText('Control mensual');
    await expect(details.getByRole('link', { name: 'Ver en el mapa' })).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=-34\.6037/);
    await expect(mobile.getByRole('button', { name: 'Confirmo' })).toBeVisible();
    // Nothing wider than the phone.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(mobile, 'turno-01-phone-light');
    await mobile.emulateMedia({ colorScheme: 'dark' });
    await screenshot(mobile, 'turno-02-phone-dark');
    await mobile.emulateMedia({ colorScheme: 'light' });

    // "No puedo ir" opens the reason and the way to ask for another time; nothing is sent by that tap.
    await mobile.getByText('No puedo ir', { exact: true }).tap();
    await mobile.getByLabel('Motivo (opcional)').fill('Me surgió un viaje de trabajo');
    await mobile.getByLabel(/Quiero otro horario/).check();
    await screenshot(mobile, 'turno-03-phone-cancel-form');
    await mobile.getByRole('button', { name: 'Confirmar que no puedo ir' }).tap();
    await expect(mobile.getByRole('status')).toContainText('Avisaste que no podés ir.');
    await expect(mobile.getByRole('status')).toContainText('Motivo: Me surgió un viaje de trabajo');
    await screenshot(mobile, 'turno-04-phone-cancelled');

    // The agenda, open all along, changed without a reload.
    await expect(event).toHaveAttribute('data-kind', 'cancelledByPatient');
    await expect(page.getByRole('alert').filter({ hasText: 'Un paciente canceló' })).toContainText('Lucía Benítez avisó que no puede ir');
    await expect(event.locator('.almendra-event-name')).toHaveCSS('text-decoration-line', 'line-through');
    await screenshot(page, 'turno-05-agenda-cancelled-live');
    await event.click();
    const dialog = page.getByRole('dialog', { name: 'Editar cita' });
    await expect(dialog.getByTestId('confirmation-badge')).toHaveText('Canceló el paciente');
    await expect(dialog.getByTestId('cancelled-by-patient')).toContainText('Motivo: Me surgió un viaje de trabajo');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    // "Quiero otro horario" reached the requests inbox.
    const inbox = await apiCall<{ items: Array<{ name: string; message: string | null }> }>(page, 'GET', '/marketing/requests');
    expect(inbox.items.find((r) => r.name === 'Lucía Benítez')?.message).toMatch(/^Pide otro horario en lugar de su turno del .* a las 10:00\. Motivo: Me surgió un viaje de trabajo$/);

    // She can go after all: the slot is still free, so her confirmation takes it back.
    await mobile.getByRole('button', { name: 'Confirmo' }).tap();
    await expect(mobile.getByRole('status')).toContainText('Confirmaste tu turno.');
    await expect(event).toHaveAttribute('data-kind', 'confirmed');
    await expect(event).toHaveAttribute('data-confirmation', 'confirmed');

    // A cancellation while the nutritionist is elsewhere: the badge on "Citas" until she opens the agenda.
    await page.getByRole('link', { name: 'Inicio' }).first().click();
    await mobile.getByText('No puedo ir', { exact: true }).tap();
    await mobile.getByRole('button', { name: 'Confirmar que no puedo ir' }).tap();
    await expect(mobile.getByRole('status')).toContainText('Avisaste que no podés ir.');
    const badge = page.getByTestId('appointments-badge');
    await expect(badge).toHaveText(/1/);
    await screenshot(page, 'turno-06-badge');
    await page.getByRole('link', { name: /^Citas/ }).first().click();
    await expect(page).toHaveURL(/\/citas$/);
    await expect(badge).toHaveCount(0);

    // A forged link is a Spanish 404.
    const forged = await mobile.goto(`${link.url.slice(0, -3)}abc`);
    expect(forged?.status()).toBe(404);
    await expect(mobile.getByRole('heading', { level: 1 })).toHaveText('Este enlace ya no es válido');
  } finally {
    await patientContext.close();
  }

  // The page passes the accessibility check (axe needs JavaScript: a context with it on).
  const checker = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const check = await checker.newPage();
    await check.goto(link.url);
    await expectAccessible(check);
  } finally {
    await checker.close();
  }
});

test('the dialog sends the reminder by WhatsApp with the personal link, and a past appointment is marked "No asistió"', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const { place, patient, appointment, start } = await practice(page);
  // Twenty minutes ago, so its time has passed; shown in the list view whatever the hour.
  const pastStart = new Date(Date.now() - 30 * 60_000);
  const past = await apiCall<Appointment>(page, 'POST', '/appointments', {
    patientId: patient.id,
    locationId: place.id,
    start: pastStart.toISOString(),
    end: new Date(pastStart.getTime() + 20 * 60_000).toISOString(),
    allowOutsideSchedule: true,
  });
  await page.goto('/citas');
  await showWeekOf(page, start);
  await page.getByTestId('calendar-event').filter({ hasText: 'Lucía Benítez' }).filter({ hasText: '10:00' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar cita' });
  await expect(dialog.getByTestId('confirmation-badge')).toHaveText('Sin respuesta del paciente');
  const whatsapp = dialog.getByRole('link', { name: 'Enviar recordatorio por WhatsApp' });
  // The Argentine mobile 011 15-2345-6789 becomes 54 9 11 2345 6789 (packages/domain).
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5491123456789\?text=/);
  const href = (await whatsapp.getAttribute('href'))!;
  const text = decodeURIComponent(href.slice(href.indexOf('text=') + 5));
  const link = await apiCall<{ url: string }>(page, 'GET', `/appointments/${appointment.id}/confirmation-link`);
  expect(text).toContain(link.url);
  expect(text).toContain('a las 10:00 en Consultorio Centro');
  expect(text).toContain('Confirmá o avisá si no podés venir');
  await screenshot(page, 'turno-07-dialog-whatsapp');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The past one, in the list view of this week (or the previous one right after midnight on a Monday).
  if (start.getDay() === 1 && new Date().getDay() !== 1) await page.getByTestId('calendar').getByRole('button', { name: 'Semana anterior' }).click();
  await page.getByTestId('calendar').getByRole('tab', { name: 'Ver por lista' }).click();
  const pastEvent = page.getByTestId('calendar-event').filter({ hasText: 'Lucía Benítez' }).filter({ hasNotText: '10:00' });
  await expect(pastEvent.first()).toHaveAttribute('data-attendance', 'unmarked');
  await pastEvent.first().click();
  const pastDialog = page.getByRole('dialog', { name: 'Editar cita' });
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/appointments/${past.id}`) && r.status() !== 401);
  await pastDialog.getByRole('button', { name: 'No asistió' }).click();
  expect((await saved).request().postDataJSON()).toEqual({ attendance: 'no_show' });
  await expect(pastDialog.getByTestId('attendance-badge')).toHaveText('No asistió');
  await pastDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(pastEvent.first()).toHaveAttribute('data-attendance', 'noShow');
  await screenshot(page, 'turno-08-agenda-list-states');
  await expectAccessible(page);
});
