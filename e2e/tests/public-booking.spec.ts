// Public profile and online booking end to end in Chromium: the nutritionist publishes her web profile
// from /configuracion (Perfil web); a visitor, in a second browser context at phone size, opens
// /p/{slug} (server-rendered, JavaScript off), picks a free slot and sends the request; the
// nutritionist's marketing badge rises without a reload; she confirms from /marketing; the appointment
// is in /citas, the patient in the new-patients tab of /pacientes, and the visitor's email in the outbox.
// Screenshots at 1366×768 and 390×844 (app screens light and dark), axe on every app screen.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, lastEmailTo, register, screenshot } from './support.js';
import { apiAs, isoDay, nextMonday } from './appointments-support.js';

async function setTheme(page: Page, name: 'Claro' | 'Oscuro') {
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', name === 'Oscuro' ? 'dark' : 'light');
}

test('a visitor books from /p/{slug} on a phone; the badge rises live; confirmed from /marketing', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await register(page);
  const monday = nextMonday();
  const place = await apiAs<{ id: string }>(page, 'POST', '/locations', { name: 'Consultorio Palermo', street: 'Av. Santa Fe', streetNumber: '3200', latitude: -34.588, longitude: -58.41 });
  await apiAs(page, 'PUT', `/locations/${place.id}/schedule`, { days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: '09:00', end: '13:00' }] })) });
  await apiAs(page, 'POST', `/locations/${place.id}/services`, { name: 'Primera consulta', durationMinutes: 45, priceCents: 2500000 });

  // --- The nutritionist publishes her profile ----------------------------------------------------
  const slug = `lic-valeria-${Date.now().toString(36)}`;
  await page.goto('/configuracion?tab=perfil-web');
  await expect(page.getByRole('tab', { name: 'Perfil web' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Dirección de tu perfil').fill('Otra Dirección!');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Usá solo letras minúsculas sin acentos, números y guiones (por ejemplo lic-ana-perez).').first()).toBeVisible();
  await page.getByLabel('Dirección de tu perfil').fill(slug);
  await page.getByLabel('Frase de presentación').fill('Nutrición clínica y deportiva en Palermo');
  const titles = page.getByTestId('list-titles');
  await titles.getByRole('button', { name: 'Agregar título' }).click();
  await titles.getByLabel('Título 1').fill('Especialista en nutrición deportiva');
  await titles.getByRole('button', { name: 'Agregar título' }).click();
  await titles.getByLabel('Título 2').fill('Licenciada en Nutrición');
  await titles.getByLabel('Detalle (opcional)').nth(1).fill('UBA');
  // Reordered: the degree first.
  await titles.getByRole('button', { name: 'Subir el elemento 2' }).click();
  await expect(titles.getByLabel('Título 1')).toHaveValue('Licenciada en Nutrición');
  await page.getByRole('checkbox', { name: 'Consultorio Palermo' }).check();
  await page.getByText('Lunes 09:00–13:00').first().waitFor();
  await page.getByRole('switch', { name: 'Perfil publicado' }).check();
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Guardamos los cambios: tu perfil está publicado.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Ver mi perfil público/ })).toHaveAttribute('href', `/p/${slug}`);
  await screenshot(page, 'public-booking-01-settings-profile');
  await expectAccessible(page);
  // A long unbroken word in her text must wrap on a phone, not push the page sideways.
  await apiAs(page, 'PATCH', '/me/public-profile', { about: `Atiendo en ${'Nutricióndeportivayclínica'.repeat(8)} y online.` });

  // --- A visitor on a phone, JavaScript off: the page is server-rendered HTML ---------------------
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
  const visitor = await visitorContext.newPage();
  const otherOrigins: string[] = [];
  visitor.on('request', (request) => {
    if (!request.url().startsWith(new URL(page.url()).origin)) otherOrigins.push(request.url());
  });
  await visitor.goto(`/p/${slug}`);
  await expect(visitor).toHaveTitle(/Valeria Gómez — Nutricionista · Turnos online/);
  await expect(visitor.getByRole('heading', { name: 'Valeria Gómez', level: 1 })).toBeVisible();
  await expect(visitor.getByText('Licenciada en Nutrición')).toBeVisible();
  // An Argentine practice speaks voseo to her visitors.
  await expect(visitor.getByRole('link', { name: 'Pedí tu turno' })).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await screenshot(visitor, 'public-booking-02-profile-phone');
  // Only her services, with their price; no made-up "Consulta".
  await expect(visitor.getByLabel('Servicio').locator('option')).toHaveText([/^Primera consulta \(45 min, \$\s?25\.000\)$/]);
  await visitor.getByLabel('Servicio').selectOption({ label: 'Primera consulta (45 min, $ 25.000)' });
  await visitor.getByLabel('Fecha').fill(isoDay(monday));
  await visitor.getByRole('button', { name: 'Ver horarios libres' }).click();
  await visitor.getByRole('radio', { name: '09:30' }).check();
  await visitor.getByLabel('Nombre y apellido').fill('Lucía Fernández');
  await visitor.getByLabel('Teléfono').fill('011 15 4567-8901');
  const email = `lucia.${Date.now().toString(36)}@e2e.test`;
  await visitor.getByLabel('Correo electrónico').fill(email);
  await visitor.getByLabel('Mensaje (opcional)').fill('Quisiera empezar un plan para correr.');
  await screenshot(visitor, 'public-booking-03-slots-phone');
  // A failed submit on the phone opens the answer on the first wrong field, focused and on screen.
  await visitor.getByLabel('Correo electrónico').fill('lucia@');
  await visitor.getByRole('button', { name: 'Enviar solicitud' }).click();
  const emailField = visitor.getByLabel('Correo electrónico');
  await expect(emailField).toBeFocused();
  await expect(emailField).toBeInViewport();
  await expect(visitor.getByText('Ingresá un correo electrónico válido.')).toBeInViewport();
  await screenshot(visitor, 'public-booking-03b-error-phone');
  await expect(visitor.getByRole('radio', { name: '09:30' })).toBeChecked();
  await emailField.fill(email);

  // The nutritionist waits on /citas, on next week: the badge and the calendar must follow without a reload.
  await page.goto('/citas');
  await page.getByTestId('calendar').getByRole('button', { name: 'Semana siguiente' }).click();
  await expect(page.getByTestId('marketing-badge')).toHaveCount(0);
  await visitor.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(visitor.getByRole('heading', { name: '¡Solicitud enviada!' })).toBeVisible();
  // The confirmation restates day, time and place.
  const summary = visitor.locator('dl.summary');
  await expect(summary).toContainText(`Día${'lunes'} ${isoDay(monday).split('-').reverse().join('-')}`);
  await expect(summary).toContainText('Hora09:30');
  await expect(summary).toContainText('LugarConsultorio Palermo · Av. Santa Fe 3200');
  await expect(summary).toContainText('ServicioPrimera consulta');
  await screenshot(visitor, 'public-booking-04-sent-phone');
  expect(otherOrigins).toEqual([]);
  await expect(page.getByTestId('marketing-badge')).toHaveText(/1/);
  const pendingEvent = page.getByTestId('calendar-event').filter({ hasText: 'Lucía Fernández' });
  await expect(pendingEvent).toContainText('Por confirmar');
  expect(lastEmailTo(email)?.subject).toMatch(/^Recibimos tu solicitud/);

  // A second visitor, same slot, from a desktop browser with dark colours: the slot is gone (and 09:00, whose 45 minutes would overlap it).
  const desktopContext = await browser.newContext({ viewport: { width: 1366, height: 768 }, colorScheme: 'dark', locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
  const second = await desktopContext.newPage();
  await second.goto(`/p/${slug}?lugar=${place.id}&fecha=${isoDay(monday)}`);
  await expect(second.getByRole('radio', { name: '11:00' })).toBeVisible();
  await expect(second.getByRole('radio', { name: '09:30' })).toHaveCount(0);
  await screenshot(second, 'public-booking-05-profile-desktop-dark');
  await expectAccessible(second);
  await desktopContext.close();

  // --- The inbox ----------------------------------------------------------------------------------
  await page.getByRole('link', { name: /Marketing/ }).first().click();
  await expect(page).toHaveURL(/\/marketing$/);
  const card = page.getByTestId('request-card').first();
  await expect(card).toContainText('Lucía Fernández');
  await expect(card).toContainText('09:30 · Consultorio Palermo · Primera consulta');
  await expect(card.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/5491145678901\?text=/);
  await expect(card.getByRole('button', { name: 'Pasar a Lucía Fernández a mis pacientes' })).toBeVisible();
  await screenshot(page, 'public-booking-06-marketing');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Marcar todas como vistas' }).click();
  await expect(page.getByTestId('marketing-badge')).toHaveCount(0);
  await expect(card.getByText('Nueva', { exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Confirmar' }).click();
  await expect(card).toContainText('Confirmada');
  await expect.poll(() => lastEmailTo(email)?.subject).toMatch(/^Turno confirmado/);
  expect(lastEmailTo(email)?.text_body).toContain('09:30');
  await setTheme(page, 'Oscuro');
  await screenshot(page, 'public-booking-07-marketing-dark');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'public-booking-08-marketing-dark-phone');
  await setTheme(page, 'Claro');
  await screenshot(page, 'public-booking-09-marketing-phone');
  await page.setViewportSize({ width: 1366, height: 768 });

  // --- The appointment in /citas and the patient among the new ones ------------------------------
  await page.goto('/citas');
  const calendar = page.getByTestId('calendar');
  await calendar.getByRole('button', { name: 'Semana siguiente' }).click();
  await expect(calendar.getByTestId('calendar-event').filter({ hasText: 'Lucía Fernández' })).toBeVisible();
  await screenshot(page, 'public-booking-10-calendar');

  await page.goto('/pacientes');
  await expect(page.getByTestId('patients-table').getByRole('link', { name: 'Fernández, Lucía' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Nuevos' }).click();
  await expect(page.getByTestId('patients-table').getByRole('link', { name: 'Fernández, Lucía' })).toBeVisible();
  // The new-patients tab offers the move too, on her row (as the inbox and the record do).
  await expect(page.getByTestId('patients-table').getByRole('button', { name: 'Pasar a Lucía Fernández a mis pacientes' })).toBeVisible();
  await screenshot(page, 'public-booking-11-new-patients');
  // She is new (a badge on the record) until her first consultation, or until the nutritionist moves her.
  await page.getByTestId('patients-table').getByRole('link', { name: 'Fernández, Lucía' }).click();
  await expect(page.getByTestId('record-new')).toHaveText('Nuevo');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'public-booking-11b-new-record-phone');
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, 'public-booking-11c-new-record');
  await page.getByTestId('record-new-hint').getByRole('button', { name: 'Pasar a Lucía Fernández a mis pacientes' }).click();
  await expect(page.getByText('Lucía Fernández ya está en tu lista de pacientes.')).toBeVisible();
  await expect(page.getByTestId('record-new')).toHaveCount(0);
  await page.goto('/pacientes');
  await page.getByLabel('Buscar paciente').fill('Fernández');
  await expect(page.getByTestId('patients-table').getByRole('link', { name: 'Fernández, Lucía' })).toBeVisible();
  await page.goto('/marketing');
  await expect(page.getByTestId('request-card').first()).toContainText('Lucía Fernández');
  await expect(page.getByRole('button', { name: /a mis pacientes$/ })).toHaveCount(0);

  // Settings screen in dark and at phone size.
  await page.goto('/configuracion?tab=perfil-web');
  await setTheme(page, 'Oscuro');
  await expect(page.getByLabel('Dirección de tu perfil')).toHaveValue(slug);
  await screenshot(page, 'public-booking-12-settings-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'public-booking-13-settings-dark-phone');
  await setTheme(page, 'Claro');
  await visitorContext.close();
});

test('a failed save of the place-of-care modal on a phone lands on the first invalid field', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page);
  await page.goto('/configuracion');
  await page.getByRole('button', { name: 'Nuevo lugar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo lugar de atención' });
  await dialog.getByLabel('Latitud').fill('95');
  await dialog.getByRole('button', { name: 'Guardar lugar' }).click();
  // The name (empty) is the first error, a screen above the button: focused and scrolled into view.
  const name = dialog.getByLabel('Nombre del lugar');
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await expect(dialog.getByText('Ingresá el nombre del lugar.')).toBeVisible();
  await expect(dialog.getByText('La latitud debe estar entre -90 y 90.')).toBeAttached();
  await screenshot(page, 'public-booking-14-place-modal-error-phone');
});
