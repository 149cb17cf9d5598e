// Layout a person notices on a phone (390×844) and on a laptop (1366×768): the chat button never sits over
// a button, a sticky save bar or a dialog. Before: on a phone the floating launcher covered the public
// profile's "Guardar cambios" and the new-appointment dialog's "Guardar cita".
import { expect, test, type Page } from '@playwright/test';
import { apiCall, expectAccessible, newAccount, register, screenshot } from './support.js';

/** Practice with two patients (the spec shows the floating chat from 2 patients on) and one place. */
async function practice(page: Page) {
  await register(page);
  for (const firstName of ['Lucía', 'Martín']) await apiCall(page, 'POST', '/patients', { firstName, lastName: 'Sosa', sex: 'f' });
  const place = await apiCall<{ id: string }>(page, 'POST', '/locations', { name: 'Consultorio Centro' });
  const days = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ start: '08:00', end: '20:00' }] }));
  await apiCall(page, 'PUT', `/locations/${place.id}/schedule`, { days });
}

/** Every visible chat button (floating launcher or header icon) and what it covers: buttons, links,
 * fields, sticky action bars and dialogs it intersects by more than a pixel while drawn on top of them. */
async function chatButtonOverlaps(page: Page) {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
    };
    const chatButtons = Array.from(document.querySelectorAll('[data-testid="floating-chat-launcher"], [data-testid="header-chat"]')).filter(visible);
    const targets = Array.from(
      document.querySelectorAll('button, a[href], input, textarea, select, [role="button"], [data-sticky-actions], [role="dialog"][aria-modal="true"]'),
    ).filter(visible);
    const found: string[] = [];
    for (const chat of chatButtons) {
      const a = chat.getBoundingClientRect();
      // The header's icon sits in the fixed header bar: what scrolls beneath the bar is hidden by the bar
      // itself, not covered by the icon.
      const bar = chat.closest('header');
      for (const target of targets) {
        if (target === chat || target.contains(chat) || chat.contains(target)) continue;
        if (bar && !bar.contains(target) && !target.matches('[role="dialog"]') && target.getBoundingClientRect().top < bar.getBoundingClientRect().bottom) continue;
        const b = target.getBoundingClientRect();
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x <= 1 || y <= 1) continue;
        // Over it only when the chat button is what is drawn on top there (a full-screen dialog covers
        // the header's icon, which is then under it, not over it).
        const hit = document.elementFromPoint((Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2, (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2);
        if (hit && chat.contains(hit)) found.push(`${chat.getAttribute('data-testid')} over ${target.tagName.toLowerCase()} "${(target.textContent ?? target.getAttribute('aria-label') ?? '').trim().slice(0, 40)}"`);
      }
    }
    return { shown: chatButtons.map((c) => c.getAttribute('data-testid')), found };
  });
}

test('on a phone the chat is a header icon: nothing floats over the sticky save bar or a dialog', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await practice(page);
  await page.goto('/configuracion');
  await page.getByRole('tab', { name: 'Perfil web' }).click();
  const save = page.getByRole('button', { name: 'Guardar cambios' });
  await expect(save).toBeVisible();
  const headerChat = page.getByTestId('header-chat');
  await expect(headerChat).toBeVisible();
  // The header still fits the phone: nothing pushes the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  let overlaps = await chatButtonOverlaps(page);
  expect(overlaps.shown).toEqual(['header-chat']);
  expect(overlaps.found).toEqual([]);
  await screenshot(page, 'phone-layout-01-profile-save-bar-390');
  // Scrolled to the middle of the form, the sticky bar stays clear too (checked once the page has moved:
  // the wheel scrolls asynchronously).
  await page.mouse.wheel(0, 900);
  await page.waitForFunction(() => window.scrollY > 0);
  expect((await chatButtonOverlaps(page)).found).toEqual([]);

  await page.goto('/citas');
  await page.getByRole('button', { name: 'Nueva cita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva cita' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar cita' }).scrollIntoViewIfNeeded();
  overlaps = await chatButtonOverlaps(page);
  expect(overlaps.found).toEqual([]);
  await screenshot(page, 'phone-layout-02-dialog-390');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectAccessible(page);

  // The header icon opens the full-page chat.
  await headerChat.click();
  await expect(page).toHaveURL(/\/chat$/);
});

test('on a laptop the floating chat button steps aside for a dialog and rises above a sticky save bar', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await practice(page);
  await page.goto('/configuracion');
  await page.getByRole('tab', { name: 'Perfil web' }).click();
  await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeVisible();
  const launcher = page.getByTestId('floating-chat-launcher');
  await expect(launcher).toBeVisible();
  await expect(page.getByTestId('header-chat')).toHaveCount(0);
  expect((await chatButtonOverlaps(page)).found).toEqual([]);
  await screenshot(page, 'phone-layout-03-profile-save-bar-1366');

  await page.goto('/citas');
  await expect(launcher).toBeVisible();
  await page.getByRole('button', { name: 'Nueva cita' }).click();
  await expect(page.getByRole('dialog', { name: 'Nueva cita' })).toBeVisible();
  await expect(launcher).toBeHidden();
  expect((await chatButtonOverlaps(page)).found).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(launcher).toBeVisible();
});

test('the operator console at 390 px: badges whole, the audit\'s details readable, dates in dd-mm-yyyy HH:mm', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A practice to list, then the operator, who leaves an audited trace (a banned and re-enabled user, a news item).
  const practiceAccount = await register(page);
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await register(page, { ...newAccount(), email: 'operadora-consola@e2e.test' });
  await apiCall(page, 'POST', '/admin/news', { title: 'Nueva función de agenda con un título largo para ver cómo se ajusta', bodyHtml: '<p>Texto</p>' });

  await page.goto('/admin?tab=usuarios');
  const row = page.getByTestId(`admin-user-${practiceAccount.email}`);
  await expect(row).toBeVisible();
  // Every badge shows its whole label: none is clipped by its own box (Mantine badges cut with an ellipsis).
  const clipped = await page.locator('.mantine-Badge-root').evaluateAll((badges) =>
    badges
      .map((badge) => badge.querySelector('.mantine-Badge-label') ?? badge)
      .filter((label) => label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1)
      .map((label) => label.textContent),
  );
  expect(clipped).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'phone-layout-04-admin-users-390');

  // One account found is "1 cuenta", not "1 cuentas".
  await page.getByPlaceholder('Buscar por nombre o correo').fill(practiceAccount.email);
  await expect(page.getByText('1 cuenta', { exact: true })).toBeVisible();
  // Suspending asks in the app's own dialog, whose buttons say what happens (not the browser's confirm()).
  let nativeDialogs = 0;
  page.on('dialog', (dialog) => {
    nativeDialogs += 1;
    void dialog.dismiss();
  });
  await row.getByRole('button', { name: 'Suspender' }).click();
  const confirm = page.getByRole('dialog', { name: 'Suspender la cuenta' });
  await expect(confirm).toContainText('ver y exportar sus datos');
  await confirm.getByRole('button', { name: 'Volver' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText('Habilitada').last()).toBeVisible();
  await row.getByRole('button', { name: 'Suspender' }).click();
  // The reason is required: she will read it (issue 25).
  await confirm.getByRole('button', { name: 'Sí, suspender la cuenta' }).click();
  await expect(confirm).toContainText('El motivo es obligatorio');
  await confirm.getByLabel('Motivo de la suspensión').fill('Prueba de la consola en el teléfono.');
  await confirm.getByRole('button', { name: 'Sí, suspender la cuenta' }).click();
  await expect(row.getByText('Suspendida').last()).toBeVisible();
  await row.getByRole('button', { name: 'Rehabilitar' }).click();
  await expect(row.getByText('Habilitada').last()).toBeVisible();
  expect(nativeDialogs).toBe(0);

  await page.goto('/admin?tab=auditoria');
  const auditRows = page.getByTestId('audit-row');
  await expect(auditRows.first()).toBeVisible();
  // The details are whole (wrapped, not cut): no line runs past its box, and the box fits the screen.
  const details = await page.getByTestId('audit-details').evaluateAll((blocks) =>
    blocks.map((block) => ({ text: block.textContent ?? '', overflow: block.scrollWidth - block.clientWidth, right: block.getBoundingClientRect().right })),
  );
  expect(details.length).toBeGreaterThan(0);
  for (const block of details) expect(block.overflow, block.text).toBeLessThanOrEqual(1);
  // One "key: value" per line, not one unbreakable line of raw JSON.
  expect(details.some((block) => /^\w+: /m.test(block.text) && !block.text.trim().startsWith('{'))).toBe(true);
  // The app's one date format: dd-mm-yyyy HH:mm (24 h), not 27/11/26, 10:31 p. m.
  await expect(auditRows.first().locator('td').first()).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'phone-layout-05-admin-audit-390');
  await page.getByTestId('audit-details').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/output/screens/phone-layout-06-admin-audit-details-390.png' });
  await expectAccessible(page);
});
