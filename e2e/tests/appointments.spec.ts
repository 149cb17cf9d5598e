// Appointments end to end in Chromium: a place of care with weekly hours, a service and a position on
// the map; appointments for an existing patient and for a new patient typed inline; dragging one to
// another day with the mouse and resizing it; the taken slots leaving the available list; a 'Tiempo
// libre' block; today's agenda on /inicio. Screenshots and axe on every screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, register, screenshot } from './support.js';
import { apiAs, displayDay, isoDay, nextMonday } from './appointments-support.js';

/** Centre of a calendar time row inside a day column (both located by their data attributes). */
async function pointAt(page: Page, date: string, time: string, scroll = true): Promise<{ x: number; y: number }> {
  const row = page.locator(`[data-testid="calendar"] [data-time="${time}:00"]`).last();
  // Centred, so neither point is near the viewport's edge, where FullCalendar scrolls the page while dragging.
  if (scroll) await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const column = page.locator(`[data-testid="calendar"] [role="cell"][data-date="${date}"]`).first();
  const rowBox = (await row.boundingBox())!;
  const columnBox = (await column.boundingBox())!;
  // Rows are half an hour tall and times snap to 5 minutes: aim just below the row's top line, i.e. at
  // the row's own time, so a grab and a drop at the same offset move by whole rows.
  return { x: columnBox.x + columnBox.width / 2, y: rowBox.y + 3 };
}

/** The answer to the calendar's PATCH (not the 401 of an expired 4-second token that the client retries). */
function patchAnswer(page: Page) {
  return page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/appointments/') && r.status() !== 401);
}

async function pickSlot(dialog: Locator, time: string) {
  await dialog.getByTestId('available-slots').getByText(time, { exact: true }).click();
}

test('places, hours, services, appointments, rescheduling, free time and today on /inicio', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page);
  const monday = nextMonday();
  const tuesday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 1);

  // --- Places of care --------------------------------------------------------------------------
  await page.goto('/configuracion');
  await expect(page.getByRole('tab', { name: 'Lugares de atención' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('places-empty')).toBeVisible();
  await screenshot(page, 'appointments-01-places-empty');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Nuevo lugar' }).click();
  const placeDialog = page.getByRole('dialog', { name: 'Nuevo lugar de atención' });
  await placeDialog.getByLabel('Nombre del lugar').fill('Consultorio Palermo');
  await placeDialog.getByLabel('Calle').fill('Av. Santa Fe');
  await placeDialog.getByLabel('Número', { exact: true }).fill('3200');
  await placeDialog.getByLabel('Celular: código de área').fill('11');
  await placeDialog.getByLabel('Celular: número').fill('5555-1234');
  await placeDialog.getByLabel('Color en el calendario').fill('#fff3bf');
  // Enter in a field never submits the form.
  await placeDialog.getByLabel('Nombre del lugar').press('Enter');
  await expect(placeDialog).toBeVisible();
  // The map takes clicks even with no tiles loaded: the marker fills latitude and longitude.
  const map = placeDialog.getByTestId('location-map');
  await map.scrollIntoViewIfNeeded();
  await map.click({ position: { x: 120, y: 120 } });
  await expect(placeDialog.getByLabel('Latitud')).toHaveValue(/^-34,\d+/);
  // Typed with a comma decimal, as in Argentina.
  await placeDialog.getByLabel('Latitud').fill('-34,5875');
  await placeDialog.getByLabel('Longitud').fill('-58,4100');
  await screenshot(page, 'appointments-02-place-form');
  await expectAccessible(page);
  await placeDialog.getByRole('button', { name: 'Guardar lugar' }).click();
  await expect(placeDialog).toBeHidden();
  const card = page.getByRole('article', { name: 'Consultorio Palermo' });
  await expect(card).toContainText('Av. Santa Fe 3200');
  await expect(card).toContainText('Turnos cada 30 minutos');

  // Weekly hours: every day 07:00–13:00 and 14:00–21:00 (two ranges), Monday first.
  await card.getByRole('button', { name: 'Horarios' }).click();
  const hoursDialog = page.getByRole('dialog', { name: 'Horarios de Consultorio Palermo' });
  const firstDay = hoursDialog.getByRole('group').first();
  await expect(firstDay).toHaveAccessibleName('Lunes');
  // Monday typed once, then "Copiar a los demás días" fills the rest of the week.
  await hoursDialog.getByRole('button', { name: 'Agregar franja al Lunes' }).click();
  // An hour typed short ("7") is completed on leaving the field.
  await hoursDialog.getByLabel('Lunes: desde (franja 1)').fill('7');
  await hoursDialog.getByLabel('Lunes: hasta (franja 1)').fill('13:00');
  await expect(hoursDialog.getByLabel('Lunes: desde (franja 1)')).toHaveValue('07:00');
  await hoursDialog.getByRole('button', { name: 'Agregar franja al Lunes' }).click();
  await hoursDialog.getByLabel('Lunes: desde (franja 2)').fill('14:00');
  await hoursDialog.getByLabel('Lunes: hasta (franja 2)').fill('21:00');
  await hoursDialog.getByRole('button', { name: 'Copiar los horarios del Lunes a los demás días' }).click();
  for (const day of ['Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']) {
    await expect(hoursDialog.getByLabel(`${day}: desde (franja 1)`)).toHaveValue('07:00');
    await expect(hoursDialog.getByLabel(`${day}: hasta (franja 2)`)).toHaveValue('21:00');
  }
  // Two mistakes on two days: both marked at once, next to their day and range, and nothing is saved.
  await hoursDialog.getByLabel('Miércoles: hasta (franja 2)').fill('25:00');
  await hoursDialog.getByLabel('Viernes: desde (franja 2)').fill('12:00');
  await hoursDialog.getByRole('button', { name: 'Guardar horarios' }).click();
  await expect(hoursDialog.getByRole('group', { name: 'Miércoles' })).toContainText('Usá el formato de hora HH:mm (00:00 a 24:00).');
  await expect(hoursDialog.getByRole('group', { name: 'Viernes' })).toContainText('Los horarios de un mismo día no pueden superponerse.');
  await expect(hoursDialog.getByTestId('schedule-issues')).toHaveText('Revisá los 2 horarios marcados.');
  await expect(hoursDialog.getByLabel('Miércoles: hasta (franja 2)')).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'appointments-03-schedule-errors');
  await hoursDialog.getByLabel('Miércoles: hasta (franja 2)').fill('21:00');
  await hoursDialog.getByLabel('Viernes: desde (franja 2)').fill('14:00');
  await expect(hoursDialog.getByTestId('schedule-issues')).toHaveCount(0);
  await screenshot(page, 'appointments-03-schedule');
  await expectAccessible(page);
  await hoursDialog.getByRole('button', { name: 'Guardar horarios' }).click();
  await expect(hoursDialog).toBeHidden();
  await expect(page.getByText('Horarios guardados')).toBeVisible();

  // A service with a price typed with comma decimals.
  await card.getByRole('button', { name: 'Servicios' }).click();
  const servicesDialog = page.getByRole('dialog', { name: 'Servicios de Consultorio Palermo' });
  await servicesDialog.getByLabel('Nombre del servicio').fill('Consulta inicial');
  await servicesDialog.getByLabel('Duración (minutos)').fill('45');
  await servicesDialog.getByLabel('Precio').fill('4.500,50');
  await servicesDialog.getByRole('button', { name: 'Guardar servicio' }).click();
  const table = servicesDialog.getByTestId('services-table');
  await expect(table).toContainText('Consulta inicial');
  await expect(table).toContainText('45 minutos');
  await expect(table).toContainText(/\$\s?4\.500,50/);
  await screenshot(page, 'appointments-04-services');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(servicesDialog).toBeHidden();

  // The iCalendar feed: privacy warning, then a private address to copy.
  await expect(page.getByText('Los nombres de tus pacientes salen de Almendra')).toBeVisible();
  await page.getByRole('button', { name: 'Crear dirección privada' }).click();
  await expect(page.getByTestId('feed-url')).toHaveValue(/\/api\/v1\/calendar-feed\/.+\.ics$/);
  await expect(page.getByRole('button', { name: 'Revocar' })).toBeVisible();
  await screenshot(page, 'appointments-05-places');
  await expectAccessible(page);

  // --- Calendar -----------------------------------------------------------------------------------
  const patient = await apiAs<{ id: string }>(page, 'POST', '/patients', { firstName: 'Lucía', lastName: 'Fernández' });
  expect(patient.id).toBeTruthy();

  await page.goto('/citas');
  const calendar = page.getByTestId('calendar');
  // Spanish, Monday first, hours from the places' schedule (07:00–21:00).
  await expect(calendar.getByRole('columnheader').first()).toContainText('lun');
  await expect(calendar.getByText('07:00', { exact: true })).toBeVisible();
  await expect(calendar.getByText('06:00', { exact: true })).toHaveCount(0);
  await calendar.getByRole('button', { name: 'Semana siguiente' }).click();
  await expect(calendar.getByRole('columnheader').first()).toContainText(`lun ${monday.getDate()}`);

  // Existing patient, with the debounced search and the available-slot list.
  await page.getByRole('button', { name: 'Nueva cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva cita' });
  await dialog.getByLabel('Paciente', { exact: true }).fill('Luc');
  await page.getByRole('option', { name: 'Lucía Fernández' }).click();
  await dialog.getByLabel('Servicio').click();
  await page.getByRole('option', { name: 'Consulta inicial' }).click();
  await expect(dialog.getByLabel('Duración (minutos)')).toHaveValue('45');
  await dialog.getByLabel('Fecha').fill(displayDay(monday));
  await expect(dialog.getByTestId('available-slots')).toContainText('10:00');
  await pickSlot(dialog, '10:00');
  await expect(dialog.getByLabel('Hora de inicio')).toHaveValue('10:00');
  await screenshot(page, 'appointments-06-new-appointment');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Guardar cita' }).click();
  await expect(dialog).toBeHidden();
  const lucia = calendar.getByTestId('calendar-event').filter({ hasText: 'Lucía Fernández' });
  await expect(lucia).toBeVisible();
  await expect(lucia).toContainText('Consultorio Palermo');
  // Light yellow place: black text (average brightness over 80 %).
  const eventColors = await lucia.evaluate((el) => {
    let node: Element | null = el;
    while (node && getComputedStyle(node).backgroundColor === 'rgba(0, 0, 0, 0)') node = node.parentElement;
    return { text: getComputedStyle(el).color, background: node ? getComputedStyle(node).backgroundColor : '' };
  });
  expect(eventColors).toEqual({ text: 'rgb(0, 0, 0)', background: 'rgb(255, 243, 191)' });

  // The booked time left the available list: 10:00 and 10:30 are taken on Monday, 11:00 is not.
  await page.getByRole('button', { name: 'Nueva cita' }).click();
  await dialog.getByLabel('Fecha').fill(displayDay(monday));
  await expect(dialog.getByTestId('available-slots')).toContainText('11:00');
  await expect(dialog.getByTestId('available-slots').getByText('10:00', { exact: true })).toHaveCount(0);
  await expect(dialog.getByTestId('available-slots').getByText('10:30', { exact: true })).toHaveCount(0);

  // New patient typed inline, Tuesday 09:00.
  await dialog.locator('label').filter({ hasText: 'Paciente nuevo' }).click();
  await dialog.getByLabel('Nombre', { exact: true }).fill('Martín');
  await dialog.getByLabel('Apellido', { exact: true }).fill('Sosa');
  await dialog.getByLabel('Fecha').fill(displayDay(tuesday));
  await pickSlot(dialog, '09:00');
  await dialog.getByRole('button', { name: 'Guardar cita' }).click();
  await expect(dialog).toBeHidden();
  await expect(calendar.getByTestId('calendar-event').filter({ hasText: 'Martín Sosa' })).toBeVisible();

  // Reschedule Lucía from Monday 10:00 to Tuesday 11:00 by dragging her event with the mouse: grab it on
  // its first time row, move in several steps (past FullCalendar's 5 px drag threshold) to Tuesday's 11:00
  // row and release. The PATCH carries the new start; the length (45 min) is kept.
  const grab = await pointAt(page, isoDay(monday), '10:00');
  const drop = await pointAt(page, isoDay(tuesday), '11:00', false);
  const moved = patchAnswer(page);
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 10, grab.y + 10, { steps: 4 });
  await page.mouse.move((grab.x + drop.x) / 2, (grab.y + drop.y) / 2, { steps: 8 });
  // Measured with FullCalendar 7: its time-grid hit areas sit half a row above the drawn lines, so a drop
  // 3 px under the 11:00 line lands at 11:15; aim half a row higher, where its drag preview shows 11:00.
  const halfRow = (await page.locator('[data-testid="calendar"] [data-time="11:00:00"]').last().boundingBox())!.height / 2;
  await page.mouse.move(drop.x, drop.y - halfRow, { steps: 8 });
  await page.mouse.up();
  const moveResponse = await moved;
  expect(moveResponse.status()).toBe(200);
  // The browser runs in Buenos Aires (UTC−3, no daylight saving since 2009), the test runner may not.
  const tuesdayAt = (h: number, m = 0) =>
    new Date(`${isoDay(tuesday)}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00-03:00`).toISOString();
  expect(moveResponse.request().postDataJSON()).toEqual({ start: tuesdayAt(11) });
  const afterMove = (await moveResponse.json()) as { start: string; end: string };
  expect([afterMove.start, afterMove.end]).toEqual([tuesdayAt(11), tuesdayAt(11, 45)]);
  // The event now sits in Tuesday's column.
  const tuesdayColumn = (await page.locator(`[data-testid="calendar"] [role="cell"][data-date="${isoDay(tuesday)}"]`).first().boundingBox())!;
  await expect
    .poll(async () => {
      const box = await lucia.boundingBox();
      return box ? box.x + box.width / 2 : -1;
    })
    .toBeGreaterThan(tuesdayColumn.x);
  expect((await lucia.boundingBox())!.x).toBeLessThan(tuesdayColumn.x + tuesdayColumn.width);

  // Resize: pull the bottom edge of the event down by half an hour, one row (11:00–11:45 → 11:00–12:15).
  // FullCalendar's end resizer: a thin box at the bottom of the event (its class names are hashed, so it
  // is found by geometry, not by class). The whole event and the drop point must be inside the viewport.
  await lucia.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await lucia.hover();
  const edge = await lucia.evaluate((content) => {
    let event = content as HTMLElement;
    // Up to the event box: the day column above it is a whole working day tall (≥ 400 px).
    while (event.parentElement && event.parentElement.getBoundingClientRect().height < 400) event = event.parentElement;
    const bottom = event.getBoundingClientRect().bottom;
    const resizer = Array.from(event.querySelectorAll<HTMLElement>('*')).find((el) => {
      const r = el.getBoundingClientRect();
      return !el.contains(content) && !content.contains(el) && r.height > 0 && r.height < 20 && r.bottom >= bottom - 12;
    });
    const r = (resizer ?? event).getBoundingClientRect();
    return resizer ? { x: r.x + r.width / 2, y: r.y + r.height / 2, found: true } : { x: r.x + r.width / 2, y: r.bottom - 3, found: false };
  });
  expect(edge.found).toBe(true);
  const rowHeight = (await page.locator('[data-testid="calendar"] [data-time="11:00:00"]').last().boundingBox())!.height;
  const resized = patchAnswer(page);
  await page.mouse.move(edge.x, edge.y);
  await page.mouse.down();
  await page.mouse.move(edge.x, edge.y + rowHeight / 2, { steps: 5 });
  await page.mouse.move(edge.x, edge.y + rowHeight, { steps: 5 });
  await page.mouse.up();
  const resizeResponse = await resized;
  expect(resizeResponse.status()).toBe(200);
  expect(resizeResponse.request().postDataJSON()).toEqual({ end: tuesdayAt(12, 15) });
  await expect(lucia).toContainText('11:00 – 12:15');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'appointments-06b-dragged-resized');

  // The slot list follows: Tuesday 11:00–12:00 are taken now, 12:30 is free, Monday 10:00 returned.
  await page.getByRole('button', { name: 'Nueva cita' }).click();
  await dialog.getByLabel('Fecha').fill(displayDay(tuesday));
  await expect(dialog.getByTestId('available-slots')).toContainText('12:30');
  for (const taken of ['11:00', '11:30', '12:00']) {
    await expect(dialog.getByTestId('available-slots').getByText(taken, { exact: true })).toHaveCount(0);
  }
  await dialog.getByLabel('Fecha').fill(displayDay(monday));
  await expect(dialog.getByTestId('available-slots').getByText('10:00', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // A taken time answers 409: the Error toast shows the server's message.
  await page.getByRole('button', { name: 'Nueva cita' }).click();
  await dialog.locator('label').filter({ hasText: 'Tiempo libre' }).click();
  await dialog.getByLabel('Fecha').fill(displayDay(tuesday));
  await dialog.getByLabel('Hora de inicio').fill('09:00');
  await page.getByRole('option', { name: '09:00', exact: true }).click();
  await dialog.getByRole('button', { name: 'Guardar cita' }).click();
  await expect(page.getByText('Ese horario ya está ocupado.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // Free time by clicking an empty slot in the calendar: Monday 16:00.
  const slot = await pointAt(page, isoDay(monday), '16:00');
  await page.mouse.click(slot.x, slot.y);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Hora de inicio')).toHaveValue('16:00');
  await dialog.locator('label').filter({ hasText: 'Tiempo libre' }).click();
  await dialog.getByLabel('Duración (minutos)').fill('60');
  await dialog.getByRole('button', { name: 'Guardar cita' }).click();
  await expect(dialog).toBeHidden();
  await expect(calendar.getByTestId('calendar-event').filter({ hasText: 'Tiempo libre' })).toBeVisible();
  await screenshot(page, 'appointments-07-calendar-week');
  await expectAccessible(page);

  // Edit: mark Martín's appointment completed.
  await calendar.getByTestId('calendar-event').filter({ hasText: 'Martín Sosa' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar cita' });
  await editDialog.getByRole('button', { name: 'Marcar como completada' }).click();
  await expect(editDialog).toBeHidden();
  await expect(calendar.getByTestId('calendar-event').filter({ hasText: 'Martín Sosa' })).toContainText('Completada');

  // Month view, in Spanish: each appointment is a filled block whose text contrasts with it (it used to be
  // white text on the white cell, only a dot showing).
  await calendar.getByRole('tab', { name: 'Ver por mes' }).click();
  const monthEvent = calendar.getByTestId('calendar-event').filter({ hasText: 'Lucía Fernández' });
  await expect(monthEvent).toBeVisible();
  const monthColors = await monthEvent.evaluate((el) => {
    let block: Element | null = el;
    while (block && getComputedStyle(block).backgroundColor.match(/rgba\(0, 0, 0, 0\)|transparent/)) block = block.parentElement;
    return { text: getComputedStyle(el).color, background: block ? getComputedStyle(block).backgroundColor : '' };
  });
  // A filled block in the place's light yellow, not the bare white cell.
  expect(monthColors.background).not.toBe('rgb(255, 255, 255)');
  expect(contrastRatio(monthColors.text, monthColors.background)).toBeGreaterThanOrEqual(4.5);
  await screenshot(page, 'appointments-08-calendar-month');
  await expectAccessible(page);

  // --- Today on /inicio --------------------------------------------------------------------------
  const now = new Date();
  const todayStart = new Date(now.getTime() + 60 * 60_000);
  todayStart.setSeconds(0, 0);
  todayStart.setMinutes(Math.ceil(todayStart.getMinutes() / 5) * 5);
  // "Today" is the practice's day in Buenos Aires, the test process's zone too (playwright.config.ts):
  // from 21:00 there an hour later is already tomorrow, and the card would be empty.
  if (todayStart.getDate() !== now.getDate()) todayStart.setTime(now.getTime() + 60_000);
  const place = (await apiAs<{ id: string }[]>(page, 'GET', '/locations'))[0]!;
  await apiAs(page, 'POST', '/appointments', {
    locationId: place.id,
    patientId: patient.id,
    start: todayStart.toISOString(),
    end: new Date(todayStart.getTime() + 30 * 60_000).toISOString(),
    allowOutsideSchedule: true,
  });
  await page.goto('/inicio');
  const today = page.getByTestId('today-appointment').filter({ hasText: 'Lucía Fernández' });
  await expect(today).toBeVisible();
  await expect(today).toHaveAttribute('data-next', 'true');
  await expect(today).toContainText('Próxima');
  await expect(today.getByRole('link', { name: 'Lucía Fernández' })).toHaveAttribute('href', `/ficha?id=${patient.id}`);
  await screenshot(page, 'appointments-09-inicio-today');
  await expectAccessible(page);
});

test('deleting a place with future appointments shows the server message; hiding works', async ({ page }) => {
  await register(page);
  const place = await apiAs<{ id: string }>(page, 'POST', '/locations', { name: 'Sede Centro' });
  const start = new Date(Date.now() + 2 * 86_400_000);
  await apiAs(page, 'POST', '/appointments', {
    locationId: place.id,
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
  });
  await page.goto('/configuracion2');
  const card = page.getByRole('article', { name: 'Sede Centro' });
  await card.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('dialog', { name: 'Eliminar lugar de atención' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Este lugar tiene turnos agendados a futuro.', { exact: false })).toBeVisible();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Ocultar' }).click();
  await expect(card.getByText('Oculto')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mostrar' })).toBeVisible();
  await screenshot(page, 'appointments-10-place-hidden');
});

/** WCAG 2 contrast ratio of two CSS rgb()/rgba() colours (alpha ignored: the blocks are opaque). */
function contrastRatio(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}
