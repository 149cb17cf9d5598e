// Long forms on a phone (390×844) and a laptop (1366×768), issue 24:
// - their save bars stay at the bottom of the screen (StickyActions, marked data-sticky-actions) and the chat
//   button — the floating launcher on a laptop, the header icon on a phone — never covers one, wherever the
//   form is scrolled;
// - a failed submit takes the person to the first error, also in forms built by hand: the dish editor
//   (its own check) and the lab results (the server's 400), both with the button far below the field.
import { expect, test, type Page } from '@playwright/test';
import { apiCall, register, screenshot } from './support.js';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

/** Two patients (the floating chat shows from 2 on); register() puts the first-patient popup away. */
async function practice(page: Page) {
  await register(page);
  const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Rosa', lastName: 'Quiroga', sex: 'f', birthDate: '1970-02-14', heightCm: 158 });
  await apiCall(page, 'POST', '/patients', { firstName: 'Martín', lastName: 'Sosa', sex: 'm' });
  return patient;
}

/** The sticky bars on screen, whether each sits inside the viewport, and any chat button box overlapping one. */
async function stickyState(page: Page) {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
    };
    const bars = Array.from(document.querySelectorAll('[data-sticky-actions]')).filter(visible);
    const chats = Array.from(document.querySelectorAll('[data-testid="floating-chat-launcher"], [data-testid="header-chat"]')).filter(visible);
    const overlaps: string[] = [];
    for (const chat of chats) {
      const a = chat.getBoundingClientRect();
      for (const bar of bars) {
        const b = bar.getBoundingClientRect();
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 0 && y > 0) overlaps.push(`${chat.getAttribute('data-testid')} over "${(bar.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return {
      bars: bars.length,
      chats: chats.map((c) => c.getAttribute('data-testid')),
      // Once its form is on screen (a sticky bar cannot leave its form), the bar sits inside the viewport.
      inView: bars.every((bar) => {
        const box = bar.getBoundingClientRect();
        const form = (bar.closest('form') ?? bar.parentElement)!.getBoundingClientRect();
        const formShown = form.top + 2 * box.height < window.innerHeight && form.bottom > 0;
        return !formShown || (box.bottom <= window.innerHeight + 1 && box.top >= 0);
      }),
      overlaps,
    };
  });
}

for (const size of SIZES) {
  test(`save bars stay on screen and the chat button never covers one at ${size.width}×${size.height}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(size);
    const patient = await practice(page);
    const screens: Array<{ name: string; url: string; ready: (p: Page) => Promise<void> }> = [
      { name: 'consulta', url: `/nueva-consulta?paciente=${patient.id}`, ready: (p) => expect(p.getByRole('button', { name: 'Guardar consulta' })).toBeVisible() },
      { name: 'ficha', url: `/ficha?id=${patient.id}`, ready: (p) => expect(p.getByRole('button', { name: 'Guardar datos personales' })).toBeVisible() },
      { name: 'nuevo-paciente', url: '/nuevo-paciente', ready: (p) => expect(p.getByRole('button', { name: 'Crear paciente' })).toBeVisible() },
      { name: 'nuevo-alimento', url: '/nuevo-alimento', ready: (p) => expect(p.getByRole('button', { name: 'Guardar alimento' })).toBeVisible() },
      { name: 'nueva-comida', url: '/nueva-comida', ready: (p) => expect(p.getByRole('button', { name: 'Guardar plato' })).toBeVisible() },
    ];
    for (const screen of screens) {
      await page.goto(screen.url);
      await screen.ready(page);
      await expect(page.getByTestId(size.width > 400 ? 'floating-chat-launcher' : 'header-chat')).toBeVisible();
      // Top, middle and end of the form: the bar is on screen each time and nothing of the chat is over it.
      for (const fraction of [0, 0.5, 1]) {
        await page.evaluate((f) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * f), fraction);
        // Until the layout has settled after the scroll: one save bar on screen, one chat button, none over it.
        await expect
          .poll(
            async () => {
              const state = await stickyState(page);
              return { bars: state.bars, chats: state.chats.length, inView: state.inView, overlaps: state.overlaps };
            },
            { message: `${screen.name} ${fraction}: the save bar is on screen and nothing of the chat is over it` },
          )
          .toEqual({ bars: 1, chats: 1, inView: true, overlaps: [] });
      }
      await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) / 2));
      await page.screenshot({ path: `e2e/output/screens/forms-phone-sticky-${screen.name}-${size.width}.png` });
    }
  });
}

test('a failed submit on a phone focuses the first error, also in forms built by hand', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const patient = await practice(page);

  // The dish editor checks the name itself; its "Guardar plato" is at the bottom bar, the name at the top.
  await page.goto('/nueva-comida');
  const name = page.getByLabel('Nombre del plato');
  await expect(name).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole('button', { name: 'Guardar plato' }).click();
  await expect(page.getByText(/Escrib[eí] el nombre del plato\./)).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await screenshot(page, 'forms-phone-01-dish-name-focused-390');

  // The lab results learn of a bad date from the server's 400: the date field takes the focus when it arrives.
  await page.goto(`/ficha?id=${patient.id}`);
  await page.getByRole('button', { name: 'Análisis de laboratorio' }).click();
  const date = page.getByLabel('Fecha del análisis');
  await date.fill('45-13-2026');
  await page.getByRole('combobox', { name: 'Análisis', exact: true }).fill('Glucemia');
  await page.getByLabel('Valor', { exact: true }).fill('90');
  const add = page.getByRole('button', { name: 'Agregar resultado' });
  await add.scrollIntoViewIfNeeded();
  await add.click();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expect(date).toBeFocused();
  await expect(date).toBeInViewport();
  await screenshot(page, 'forms-phone-02-lab-date-focused-390');
});
