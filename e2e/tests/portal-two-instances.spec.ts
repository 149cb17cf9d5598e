// One conversation served by two server instances sharing a database and Redis (the deployment of
// docs/operations.md, without the proxy): the nutritionist's browser talks to instance A, the patient's
// phone to instance B. Every message, unread count and read mark crosses through Redis. Skipped with a
// reason when no Redis answers on 127.0.0.1:6379 (CI has one).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { instancePorts, startInstance, type Instance } from './instances.js';
import { apiCall, register } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';

function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

test('a conversation between a browser on instance A and a phone on instance B', async ({ browser }) => {
  test.skip(!(await redisAnswers()), `no Redis at ${REDIS_URL}`);
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-e2e-2x-'));
  const instances: Instance[] = [];
  try {
    // One after the other: the first creates the database and the signing secret both then share.
    const a = await startInstance({ port: instancePorts.portalInstanceA, name: 'portal-a', dataDir, env: { REDIS_URL } });
    instances.push(a);
    const b = await startInstance({ port: instancePorts.portalInstanceB, name: 'portal-b', dataDir, env: { REDIS_URL } });
    instances.push(b);
    const nutritionistContext = await browser.newContext({ baseURL: a.baseURL, locale: 'es-AR', reducedMotion: 'reduce' });
    const page = await nutritionistContext.newPage();
    await register(page);
    const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Nora', lastName: 'Vidal', sex: 'f', birthDate: '1988-08-08', email: `nora.${Date.now().toString(36)}@e2e.test` });
    const invite = await apiCall<{ code: string }>(page, 'POST', `/patients/${patient.id}/portal-invite`);

    const patientContext = await browser.newContext({ baseURL: b.baseURL, viewport: { width: 390, height: 844 }, locale: 'es-AR', reducedMotion: 'reduce' });
    const phone = await patientContext.newPage();
    await phone.goto(`/portal/aceptar?code=${invite.code}`);
    await phone.getByTestId('accept-password').fill('clave-de-nora-1');
    await phone.getByTestId('accept-submit').click();
    await expect(phone).toHaveURL(/\/portal$/);

    await page.goto('/chat');
    await page.getByTestId('chat-contact').filter({ hasText: 'Nora Vidal' }).click();
    await page.getByTestId('chat-input').fill('Hola Nora, te escribo desde la instancia A');
    await page.getByTestId('chat-input').press('Enter');
    const sent = page.getByTestId('chat-message').filter({ hasText: 'desde la instancia A' });
    await expect(sent).toBeVisible();

    // B learns of it through Redis: the unread count rises without a reload, then the message shows.
    await expect(phone.getByTestId('portal-unread')).toHaveText('1');
    await phone.getByTestId('portal-tab-chat').click();
    await expect(phone.getByTestId('chat-message').filter({ hasText: 'desde la instancia A' })).toBeVisible();
    await expect(sent).toHaveAttribute('data-status', 'read');
    await phone.getByTestId('chat-input').fill('Recibido en la instancia B');
    await phone.getByTestId('chat-input').press('Enter');
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Recibido en la instancia B' })).toBeVisible();
    // Nothing lost or doubled on either side.
    await expect(page.getByTestId('chat-message')).toHaveCount(2);
    await expect(phone.getByTestId('chat-message')).toHaveCount(2);
    await nutritionistContext.close();
    await patientContext.close();
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
