// One conversation served by two server instances sharing a database and Redis (the deployment of
// docs/operations.md, without the proxy): the nutritionist's browser talks to instance A, the patient's
// phone to instance B. Every message, unread count and read mark crosses through Redis. Skipped with a
// reason when no Redis answers on 127.0.0.1:6379 (CI has one).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiCall, register, serverBundle } from './support.js';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const basePort = Number(process.env.E2E_PORT ?? 3210);

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

async function startInstance(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      REDIS_URL,
      LOGIN_RATE_LIMIT_PER_IP: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`instance on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('a conversation between a browser on instance A and a phone on instance B', async ({ browser }) => {
  test.skip(!(await redisAnswers()), `no Redis at ${REDIS_URL}`);
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-e2e-2x-'));
  const portA = basePort + 11;
  const portB = basePort + 12;
  // One after the other: the first creates the database and the signing secret both then share.
  const a = await startInstance(portA, dataDir);
  const b = await startInstance(portB, dataDir);
  try {
    const nutritionistContext = await browser.newContext({ baseURL: `http://127.0.0.1:${portA}`, locale: 'es-AR', reducedMotion: 'reduce' });
    const page = await nutritionistContext.newPage();
    await register(page);
    const patient = await apiCall<{ id: string }>(page, 'POST', '/patients', { firstName: 'Nora', lastName: 'Vidal', sex: 'f', birthDate: '1988-08-08', email: `nora.${Date.now().toString(36)}@e2e.test` });
    const invite = await apiCall<{ code: string }>(page, 'POST', `/patients/${patient.id}/portal-invite`);

    const patientContext = await browser.newContext({ baseURL: `http://127.0.0.1:${portB}`, viewport: { width: 390, height: 844 }, locale: 'es-AR', reducedMotion: 'reduce' });
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
    a.kill('SIGTERM');
    b.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
