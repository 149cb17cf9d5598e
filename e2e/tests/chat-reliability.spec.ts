// The chat when things go wrong (issue 24): read marks that arrive before the send's own answer, the
// message box on a phone, messages written without signal (kept on the device across a reload and sent
// once when back online), and a conversation kept, to read only, after the portal access is revoked.
import { expect, test } from '@playwright/test';
import { apiCall, expectAccessible, screenshot } from './support.js';
import { practiceWithPortalPatient } from './portal-support.js';

test('read marks always reach the sender, the message box is on screen, and messages without signal wait on the phone', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { patientId, patientPage } = await practiceWithPortalPatient(page, browser);
  await page.goto(`/chat?paciente=${patientId}`);
  await expect(page.getByTestId('chat-input')).toBeVisible();

  // The box of the patient's chat is whole inside a 390×844 screen, without scrolling.
  await patientPage.getByTestId('portal-tab-chat').click();
  const input = patientPage.getByTestId('chat-input');
  await expect(input).toBeVisible();
  const box = await input.boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  await expect(patientPage.getByTestId('chat-send')).toBeInViewport({ ratio: 1 });

  // The nutritionist has the conversation open, so each message is read within milliseconds: every
  // one turns to "Leído" on the patient's phone, whatever arrives first (the read or the send's answer).
  for (const text of ['Hola, primera prueba', 'Segunda prueba', 'Tercera prueba']) {
    await input.fill(text);
    await input.press('Enter');
    await expect(page.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
    await expect(patientPage.getByTestId('chat-message').filter({ hasText: text })).toHaveAttribute('data-status', 'read');
  }
  await screenshot(patientPage, 'chat-reliability-01-portal-phone');
  await expectAccessible(patientPage);

  // No signal: the message waits on the phone, marked, and survives a reload.
  await patientPage.route('**/api/v1/portal/messages', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  await input.fill('Sin señal: ¿me confirmás el turno?');
  await input.press('Enter');
  const waiting = patientPage.getByTestId('chat-message').filter({ hasText: 'Sin señal: ¿me confirmás el turno?' });
  await expect(waiting).toHaveAttribute('data-status', 'queued');
  await expect(waiting.getByTestId('chat-queued')).toHaveText('Sin conexión: se enviará cuando vuelva la señal');
  await screenshot(patientPage, 'chat-reliability-02-queued-phone');
  await patientPage.reload();
  await patientPage.getByTestId('portal-tab-chat').click();
  await expect(waiting).toHaveAttribute('data-status', 'queued');
  await input.fill('Sin señal 2: te mando la receta');
  await input.press('Enter');
  await expect(patientPage.getByTestId('chat-queued')).toHaveCount(2);

  // Back online: both go out by themselves, in order, once each.
  await patientPage.unroute('**/api/v1/portal/messages');
  await patientPage.context().setOffline(true);
  await patientPage.context().setOffline(false);
  await expect(waiting).toHaveAttribute('data-status', 'read');
  await expect(patientPage.getByTestId('chat-queued')).toHaveCount(0);
  const received = page.getByTestId('chat-message').filter({ hasText: 'Sin señal' });
  await expect(received).toHaveCount(2);
  await expect(received.first()).toContainText('¿me confirmás el turno?');
  const history = await apiCall<{ items: Array<{ text: string }> }>(page, 'GET', `/conversations/${patientId}/messages?limit=50`);
  expect(history.items.map((m) => m.text)).toEqual([
    'Hola, primera prueba',
    'Segunda prueba',
    'Tercera prueba',
    'Sin señal: ¿me confirmás el turno?',
    'Sin señal 2: te mando la receta',
  ]);
  await patientPage.reload();
  await patientPage.getByTestId('portal-tab-chat').click();
  await expect(patientPage.getByTestId('chat-message')).toHaveCount(5);
  await patientPage.context().close();
});

test('after revoking the portal access the conversation stays in /chat, to read only', async ({ page, browser }) => {
  const { patientId, patientPage } = await practiceWithPortalPatient(page, browser);
  await patientPage.getByTestId('portal-tab-chat').click();
  await patientPage.getByTestId('chat-input').fill('¿Puedo cambiar la papa por batata?');
  await patientPage.getByTestId('chat-input').press('Enter');
  await expect(patientPage.getByTestId('chat-message')).toHaveAttribute('data-status', /sent|delivered/);

  await page.goto(`/ficha?id=${patientId}`);
  await page.getByTestId('portal-revoke-button').click();
  await expect(page.getByRole('dialog')).toContainText('Las conversaciones y los registros se conservan');
  await page.getByTestId('portal-revoke-confirm').click();
  await expect(page.getByTestId('portal-access-status')).toHaveAttribute('data-status', 'none');
  await expect(patientPage).toHaveURL(/\/login/);

  await page.goto('/chat');
  const contact = page.getByTestId('chat-contact').filter({ hasText: 'Camila Ibarra' });
  await expect(contact).toContainText('Sin acceso al portal');
  await contact.click();
  await expect(page.getByTestId('chat-message').filter({ hasText: '¿Puedo cambiar la papa por batata?' })).toBeVisible();
  await expect(page.getByTestId('chat-read-only')).toContainText('ya no tiene acceso al portal');
  await expect(page.getByTestId('chat-input')).toHaveCount(0);
  await screenshot(page, 'chat-reliability-03-revoked-read-only');
  await expectAccessible(page);
  await patientPage.context().close();
});
