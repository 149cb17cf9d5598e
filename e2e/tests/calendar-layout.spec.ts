// The agenda as a person sees it: a working day (08:00–20:00) fits a laptop screen in the week view while
// times still snap to 5 minutes; on a phone the calendar opens in the day view with no sideways scroll and
// the new-appointment dialog fits; in dark mode "today" is not a bright stripe. Each failed before the fix
// (a 3,000 px week of 5-minute rows; a 7-column week of 40 px on a phone; FullCalendar's yellow).
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, lastEmailTo, register, screenshot } from './support.js';

async function practiceWithHours(page: Page) {
  await register(page);
  const place = await apiCall<{ id: string }>(page, 'POST', '/locations', { name: 'Consultorio Centro' });
  const days = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ start: '08:00', end: '20:00' }] }));
  await apiCall(page, 'PUT', `/locations/${place.id}/schedule`, { days });
}

test('week view at 1366×768: a working day fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await practiceWithHours(page);
  await page.goto('/citas');
  const calendar = page.getByTestId('calendar');
  await expect(calendar.getByRole('columnheader')).toHaveCount(7);
  const top = (await calendar.locator('[data-time="08:00:00"]').last().boundingBox())!;
  const bottom = (await calendar.locator('[data-time="19:30:00"]').last().boundingBox())!;
  const workingDay = bottom.y + bottom.height - top.y;
  expect(workingDay).toBeLessThanOrEqual(768);
  // Still readable: half-hour rows of at least 20 px.
  expect(top.height).toBeGreaterThanOrEqual(20);
  await screenshot(page, 'calendar-layout-01-week-1366');
  await expectAccessible(page);
});

test('on a phone the calendar opens in the day view, nothing scrolls sideways and the dialog fits', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await practiceWithHours(page);
  await page.goto('/citas');
  const calendar = page.getByTestId('calendar');
  await expect(calendar.locator('[data-time="08:00:00"]').first()).toBeVisible();
  await expect(calendar.getByRole('columnheader')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'calendar-layout-02-day-390');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Nueva cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva cita' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // Each kind of appointment (existing patient, new patient, free time) is on screen, none cut off.
  for (const kind of ['Paciente existente', 'Paciente nuevo', 'Tiempo libre']) {
    const option = (await dialog.locator('label').filter({ hasText: kind }).boundingBox())!;
    expect(option.x, kind).toBeGreaterThanOrEqual(box.x);
    expect(option.x + option.width, kind).toBeLessThanOrEqual(box.x + box.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'calendar-layout-03-dialog-390');
});

test('dark mode: the calendar follows the dark theme and today is not a bright yellow stripe', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await practiceWithHours(page);
  await page.goto('/citas');
  await page.getByTestId('theme-menu').click();
  await page.getByRole('menuitem', { name: 'Oscuro', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const calendar = page.getByTestId('calendar');
  await expect(calendar.locator('[data-time="08:00:00"]').first()).toBeVisible();
  const colours = await calendar.evaluate((el) => ({
    today: getComputedStyle(el).getPropertyValue('--fc-classic-today').trim(),
    background: getComputedStyle(el).getPropertyValue('--fc-classic-background').trim(),
  }));
  expect(colours.today).not.toMatch(/^#(facc15|fef08a)/i);
  expect(colours.background).not.toBe('#ffffff');
  // The week's title names its days ("23 – 29 nov 2026"), not only the month as the month view does.
  await expect(calendar.getByText(/^\d{1,2}\s*[–-]\s*\d{1,2} \w+\.? \d{4}$|^\d{1,2} \w+\.? [–-] \d{1,2} \w+\.? \d{4}$/)).toBeVisible();
  // The chosen view is the one drawn in the primary colour, and it is the week.
  await expect(calendar.getByRole('tab', { selected: true })).toHaveText('Semana');
  const pressed = await calendar.getByRole('tab', { selected: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
  const other = await calendar.getByRole('tab', { name: 'Ver por mes' }).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(pressed).not.toBe(other);
  await screenshot(page, 'calendar-layout-04-week-dark');
});

test('an appointment gets its own colour and a start time from the 06:00–22:00 list, both kept after reload', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await practiceWithHours(page);
  await page.goto('/citas');
  const now = new Date();
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  await page.getByRole('button', { name: 'Nueva cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva cita' });
  await dialog.locator('label').filter({ hasText: 'Tiempo libre' }).click();
  await dialog.getByLabel('Fecha').fill(`${pad(tomorrow.getDate())}-${pad(tomorrow.getMonth() + 1)}-${tomorrow.getFullYear()}`);
  // The start time is a list: 06:00 … 22:00 every 5 minutes, filtered by typing.
  const startTime = dialog.getByLabel('Hora de inicio');
  await startTime.click();
  await expect(page.getByRole('option', { name: '06:00', exact: true })).toBeAttached();
  await expect(page.getByRole('option', { name: '22:00', exact: true })).toBeAttached();
  await expect(page.getByRole('option', { name: '22:05', exact: true })).toHaveCount(0);
  await startTime.fill('10:35');
  await page.getByRole('option', { name: '10:35', exact: true }).click();
  await expect(startTime).toHaveValue('10:35');
  await dialog.getByLabel('Color de la cita').fill('#7048e8');
  // Close the swatch dropdown by clicking the dialog's title (Escape would close the dialog itself).
  await dialog.getByRole('heading', { name: 'Nueva cita' }).click();
  await screenshot(page, 'calendar-layout-05-colour-and-time');
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/appointments') && r.status() !== 401);
  await dialog.getByRole('button', { name: 'Guardar cita' }).click();
  const answer = (await (await created).json()) as { color: string; customColor: boolean; textColor: string; start: string };
  expect(answer).toMatchObject({ color: '#7048e8', customColor: true, textColor: '#ffffff' });
  expect(new Date(answer.start).getMinutes()).toBe(35);

  if (tomorrow.getDay() === 1) await page.getByTestId('calendar').getByRole('button', { name: 'Semana siguiente' }).click();
  const event = page.getByTestId('calendar-event').first();
  await expect(event).toBeVisible();
  await expect(event).toHaveCSS('color', 'rgb(255, 255, 255)');
  await page.reload();
  if (tomorrow.getDay() === 1) await page.getByTestId('calendar').getByRole('button', { name: 'Semana siguiente' }).click();
  await page.getByTestId('calendar-event').first().click();
  const edit = page.getByRole('dialog', { name: 'Editar cita' });
  await expect(edit.getByLabel('Color de la cita')).toHaveValue('#7048e8');
  await expect(edit.getByLabel('Hora de inicio')).toHaveValue('10:35');
  await expectAccessible(page);
});

test('the place form\'s map asks only for tiles the CSP allows: no Content-Security-Policy error in the console', async ({ page }) => {
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await register(page);
  await page.goto('/configuracion');
  await page.getByRole('button', { name: 'Nuevo lugar' }).click();
  const placeDialog = page.getByRole('dialog', { name: 'Nuevo lugar de atención' });
  const map = placeDialog.getByTestId('location-map');
  await map.scrollIntoViewIfNeeded();
  // Leaflet has asked for its tiles once its tile layer is in the page (they cannot arrive here: no network).
  await expect(map.locator('.leaflet-tile-container, .leaflet-layer').first()).toBeAttached();
  // Its zoom buttons speak Spanish (Leaflet's own say "Zoom in").
  await expect(map.getByRole('button', { name: 'Acercar' })).toBeVisible();
  await expect(map.getByRole('button', { name: 'Alejar' })).toBeVisible();
  await expect(map.getByTitle('Zoom in')).toHaveCount(0);
  await map.click({ position: { x: 120, y: 120 } });
  await expect(placeDialog.getByLabel('Latitud')).toHaveValue(/^-34,\d+/);
  expect(cspErrors).toEqual([]);
});

test('a dragged appointment says where it went, can be put back, offers to tell the patient, and a refused drop says why', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await practiceWithHours(page);
  const place = (await apiCall<Array<{ id: string }>>(page, 'GET', '/locations'))[0]!;
  const email = `paciente-${Date.now()}@correo.test`;
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Lucía', lastName: 'Benítez', sex: 'f', email });
  const now = new Date();
  // Tomorrow, or today on a Sunday: always inside the Monday-to-Sunday week the calendar opens on.
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + (now.getDay() === 0 ? 0 : 1));
  const pad = (n: number) => String(n).padStart(2, '0');
  const iso = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  const at = (time: string) => new Date(`${iso}T${time}:00-03:00`).toISOString();
  await apiCall(page, 'POST', '/appointments', { patientId: patient.id, locationId: place.id, start: at('10:00'), end: at('10:30') });
  await apiCall(page, 'POST', '/appointments', { locationId: place.id, start: at('13:00'), end: at('14:00') });
  await page.goto('/citas');
  const event = page.getByTestId('calendar-event').filter({ hasText: 'Lucía' });
  await expect(event).toContainText('10:00');

  const row = (time: string) => page.locator(`[data-testid="calendar"] [data-time="${time}:00"]`).last();
  /** Drags the appointment shown at `fromTime` to `toTime` and answers the PATCH it sent. */
  async function drag(fromTime: string, toTime: string) {
    await row(fromTime).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const column = (await page.locator(`[data-testid="calendar"] [role="cell"][data-date="${iso}"]`).first().boundingBox())!;
    const from = (await row(fromTime).boundingBox())!;
    const to = (await row(toTime).boundingBox())!;
    const x = column.x + column.width / 2;
    const patch = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/appointments/') && r.status() !== 401);
    await page.mouse.move(x, from.y + 3);
    await page.mouse.down();
    await page.mouse.move(x + 5, from.y + 10, { steps: 4 });
    // FullCalendar 7's hit areas sit half a row above the drawn lines (see appointments.spec.ts).
    await page.mouse.move(x, to.y + 3 - to.height / 2, { steps: 8 });
    await page.mouse.up();
    return patch;
  }

  // A move is saved, said, and can be undone.
  const moved = await drag('10:00', '11:00');
  expect(moved.request().postDataJSON()).toEqual({ start: at('11:00') });
  const toast = page.getByRole('alert').filter({ hasText: 'Cita movida' });
  await expect(toast).toContainText('de 11:00 a 11:30');
  await expect(toast.getByRole('button', { name: 'Avisar al paciente' })).toBeVisible();
  await screenshot(page, 'calendar-layout-06-moved-undo');
  const undone = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/v1/appointments/') && r.status() !== 401);
  await toast.getByRole('button', { name: 'Deshacer' }).click();
  expect((await undone).request().postDataJSON()).toMatchObject({ start: at('10:00'), end: at('10:30') });
  await expect(page.getByText('La cita volvió a su horario anterior.')).toBeVisible();
  await expect(event).toContainText('10:00');

  // Moved again, the patient is told by email when the nutritionist asks.
  await drag('10:00', '11:30');
  const second = page.getByRole('alert').filter({ hasText: 'Cita movida' });
  await expect(second).toContainText('de 11:30 a 12:00');
  await second.getByRole('button', { name: 'Avisar al paciente' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Aviso enviado' })).toContainText(email);
  const sent = lastEmailTo(email);
  expect(sent?.subject).toMatch(/^Tu turno cambió: .* a las 11:30$/);
  expect(sent?.text_body).toContain('Lugar: Consultorio Centro.');

  // A drop on a taken slot is refused: the appointment goes back and the toast says why.
  const refused = await drag('11:30', '13:00');
  expect(refused.status()).toBe(409);
  await expect(page.getByRole('alert').filter({ hasText: 'Ese horario ya está ocupado.' })).toBeVisible();
  await expect(event).toContainText('11:30');
  await screenshot(page, 'calendar-layout-07-refused-drop');
  await page.reload();
  await expect(page.getByTestId('calendar-event').filter({ hasText: 'Lucía' })).toContainText('11:30');
});

/** Every visible piece of appointment text and the contrast against what is actually drawn behind it. */
async function eventTextContrasts(page: Page) {
  return page.getByTestId('calendar').evaluate((calendar) => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba => {
      const m = value.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const [r, g, b, a] = m[1]!.split(/[ ,/]+/).filter(Boolean).map(Number);
      return [r!, g!, b!, a ?? 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    // Relative luminance and contrast ratio as WCAG 2.x defines them.
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    /** The colour behind an element: its own and its ancestors' backgrounds layered until opaque. */
    const backdrop = (element: Element): Rgba => {
      let colour: Rgba = [0, 0, 0, 0];
      for (let node: Element | null = element; node && colour[3] < 1; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') throw new Error(`background image behind event text: ${style.backgroundImage}`);
        colour = over(colour, parse(style.backgroundColor));
      }
      return over(colour, [255, 255, 255, 1]);
    };
    const results: Array<{ text: string; ratio: number; colour: string; background: string }> = [];
    for (const event of Array.from(calendar.querySelectorAll('[data-testid="calendar-event"]'))) {
      const walker = document.createTreeWalker(event, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        const element = node.parentElement!;
        if (!text || element.getClientRects().length === 0) continue;
        // An ancestor drawn half-transparent fades the text and its background together, over the page.
        let opacity = 1;
        for (let up: Element | null = element; up; up = up.parentElement) opacity *= Number(getComputedStyle(up).opacity);
        const behind = backdrop(element);
        const ink = parse(getComputedStyle(element).color);
        const seen = over([ink[0], ink[1], ink[2], ink[3] * opacity], over([behind[0], behind[1], behind[2], opacity], [255, 255, 255, 1]));
        const shownBehind = over([behind[0], behind[1], behind[2], opacity], [255, 255, 255, 1]);
        const [hi, lo] = [luminance(seen), luminance(shownBehind)].sort((a, b) => b - a);
        results.push({ text, ratio: (hi! + 0.05) / (lo! + 0.05), colour: getComputedStyle(element).color, background: `rgb(${behind.slice(0, 3).map(Math.round).join(', ')})` });
      }
    }
    return results;
  });
}

test('every calendar view, light and dark, shows who and in what state, with readable text', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await practiceWithHours(page);
  const place = (await apiCall<Array<{ id: string }>>(page, 'GET', '/locations'))[0]!;
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const iso = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const at = (time: string) => new Date(`${iso}T${time}:00-03:00`).toISOString();
  const patient = (firstName: string) => apiCall<{ id: string }>(page, 'POST', '/patients', { firstName, lastName: 'Paz', sex: 'f' });
  const lucia = await patient('Lucía');
  const ana = await patient('Ana');
  const eva = await patient('Eva');
  // Today: a confirmed 30-minute appointment, a request still to confirm, a completed one in a light
  // colour of its own (dark text), and free time in a dark one (white text).
  await apiCall(page, 'POST', '/appointments', { patientId: lucia.id, locationId: place.id, start: at('09:00'), end: at('09:30') });
  await apiCall(page, 'POST', '/appointments', { patientId: ana.id, locationId: place.id, start: at('10:00'), end: at('10:30'), status: 'pending' });
  await apiCall(page, 'POST', '/appointments', { patientId: eva.id, locationId: place.id, start: at('11:00'), end: at('11:45'), status: 'completed', color: '#ffe066' });
  await apiCall(page, 'POST', '/appointments', { locationId: place.id, start: at('13:00'), end: at('14:00'), color: '#1c2a6b' });
  await page.goto('/citas');
  const calendar = page.getByTestId('calendar');
  const legend = page.getByTestId('calendar-legend');
  await expect(legend).toContainText('Agendada');
  await expect(legend).toContainText('Por confirmar');
  await expect(legend).toContainText('Completada');
  await expect(legend).toContainText('Tiempo libre');

  for (const theme of ['Claro', 'Oscuro']) {
    await page.getByTestId('theme-menu').click();
    await page.getByRole('menuitem', { name: theme, exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme === 'Claro' ? 'light' : 'dark');
    for (const view of ['Mes', 'Semana', 'Día', 'Lista']) {
      await calendar.getByRole('tab', { name: `Ver por ${view.toLowerCase()}` }).click();
      const events = calendar.getByTestId('calendar-event');
      await expect(events).toHaveCount(4);
      // Who, and the state by an icon (a kind each) and not only by colour: the 30-minute one shows its name.
      for (const [name, kind] of [['Lucía Paz', 'scheduled'], ['Ana Paz', 'pending'], ['Eva Paz', 'completed'], ['Tiempo libre', 'free']] as const) {
        const event = events.filter({ hasText: name });
        await expect(event, `${theme} ${view}: ${name}`).toHaveAttribute('data-kind', kind);
        await expect(event.locator('.almendra-event-name'), `${theme} ${view}: ${name}`).toBeVisible();
        await expect(event.locator('svg').first()).toBeVisible();
        const box = (await event.locator('.almendra-event-name').boundingBox())!;
        expect(box.width, `${theme} ${view}: ${name} has room for its name`).toBeGreaterThan(30);
      }
      // The request to confirm is drawn differently (outlined), not just in another colour.
      const pending = events.filter({ hasText: 'Ana Paz' });
      const confirmed = events.filter({ hasText: 'Lucía Paz' });
      if (view !== 'Lista') {
        expect(await pending.evaluate((el) => getComputedStyle(el).borderStyle)).toBe('dashed');
        expect(await confirmed.evaluate((el) => getComputedStyle(el).borderStyle)).not.toBe('dashed');
      }
      if (view === 'Lista' || view === 'Día') {
        // Where there is room (a day, a list row) the state is also said in words, inside the block.
        const said = (await pending.getByText('Por confirmar').boundingBox())!;
        const block = (await pending.boundingBox())!;
        expect(said.y + said.height, `${theme} ${view}: "Por confirmar" inside its block`).toBeLessThanOrEqual(block.y + block.height + 1);
        await expect(confirmed.locator('.almendra-event-time')).toBeVisible();
        // 24-hour HH:mm with two-digit hours, in the list too (it had written "9:00 - 9:30").
        await expect(confirmed.locator('.almendra-event-time')).toHaveText('09:00 – 09:30');
      }
      const contrasts = await eventTextContrasts(page);
      expect(contrasts.length, `${theme} ${view}`).toBeGreaterThanOrEqual(8);
      const unreadable = contrasts.filter((c) => c.ratio < 4.5);
      expect(unreadable, `${theme} ${view}: text below 4.5:1`).toEqual([]);
      await screenshot(page, `calendar-layout-08-${theme === 'Claro' ? 'light' : 'dark'}-${view.toLowerCase()}`);
    }
  }
  await expectAccessible(page);

  // On a phone the list and the day views keep names and states readable too, in both themes (the list
  // was white on white "at both sizes").
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  for (const theme of ['Oscuro', 'Claro']) {
    await page.getByTestId('theme-menu').click();
    await page.getByRole('menuitem', { name: theme, exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme === 'Claro' ? 'light' : 'dark');
    for (const view of ['Lista', 'Día']) {
      await calendar.getByRole('tab', { name: `Ver por ${view.toLowerCase()}` }).click();
      await expect(calendar.getByTestId('calendar-event')).toHaveCount(4);
      await expect(calendar.getByTestId('calendar-event').filter({ hasText: 'Lucía Paz' }).locator('.almendra-event-name')).toBeVisible();
      const contrasts = await eventTextContrasts(page);
      expect(contrasts.length, `phone ${theme} ${view}`).toBeGreaterThanOrEqual(8);
      expect(contrasts.filter((c) => c.ratio < 4.5), `phone ${theme} ${view}`).toEqual([]);
      await screenshot(page, `calendar-layout-09-phone-${theme === 'Claro' ? 'light' : 'dark'}-${view === 'Día' ? 'dia' : 'lista'}`);
    }
  }
});
