// Web Push (issue 27) end to end on the server: a stand-in push service on 127.0.0.1 records what the
// server posts; the test holds the browser's side of each subscription (its P-256 key pair and auth
// secret, made here with node:crypto), decrypts every message as a browser would (RFC 8291, aes128gcm)
// and checks the VAPID signature (RFC 8292). Also: the endpoint allow-list, 410 removing a subscription,
// retries, preferences, patient vs nutritionist, and each event the features raise. SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { Mailer } from '../src/lib/mailer.js';
import { createReminderJob } from '../src/modules/appointments/reminder-job.js';
import { createEndpointAllowList, DEFAULT_PUSH_ENDPOINT_HOSTS } from '../src/modules/push/endpoint-allow-list.js';
import { loadOrCreateVapidKeys } from '../src/modules/push/vapid-keys.js';
import { createCallRelay } from '../src/modules/video/call-signalling.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { practiceWithPortalPatient } from './portal-helpers.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The push service stand-in: records every POST; a path's status can be set (201 by default). */
function startPushService() {
  const received: Received[] = [];
  const statusByPath = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      received.push({ path: url, headers: req.headers, body: Buffer.concat(chunks) });
      const queue = statusByPath.get(url);
      res.statusCode = queue && queue.length > 0 ? queue.shift()! : 201;
      res.end();
    });
  });
  return {
    received,
    statusByPath,
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: the key pair and secret it keeps, and the keys it hands over. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** RFC 8291 §3.4 + RFC 8188: what the browser does with an aes128gcm push message. */
function decrypt(body: Buffer, browser: ReturnType<typeof browserKeys>): unknown {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const sharedSecret = browser.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by optional zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

/** RFC 8292: "vapid t=<JWT>, k=<public key>", the JWT signed ES256 by that key for the endpoint's origin. */
function verifyVapid(header: string | undefined, expectedPublicKey: string, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(expectedPublicKey);
  const [head, claims, signature] = jwt!.split('.');
  const raw = Buffer.from(k!, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  expect(valid).toBe(true);
  const decoded = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8'));
  expect(decoded.aud).toBe(origin);
  expect(decoded.sub).toMatch(/^mailto:|^https:/);
}

const pushService = startPushService();
let port: number;
let base: string;
let t: TestApp;
let endpointCounter = 0;
const endpoint = (name = 'sub') => `${base}/push/${name}-${(endpointCounter += 1)}`;

beforeAll(async () => {
  port = await pushService.listen();
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({ PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,*.notify.windows.com,127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});
beforeEach(() => {
  pushService.received.length = 0;
});

/** Runs the outbox until nothing is due (deliveries are jobs). */
async function deliverAll() {
  while ((await t.jobs.runDue(50)) > 0) {
    // keep going
  }
}

async function subscribe(auth: Record<string, string>, name?: string) {
  const browser = browserKeys();
  const url = endpoint(name);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', headers: auth, payload: { endpoint: url, keys: browser.keys } });
  expect(response.statusCode, response.body).toBe(201);
  return { browser, endpoint: url, path: new URL(url).pathname };
}

const receivedAt = (p: string) => pushService.received.filter((r) => r.path === p);

describe('push keys and subscriptions', () => {
  it('answers the VAPID public key, the same one stored once in DATA_DIR', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/push/public-key' });
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const stored = JSON.parse(fs.readFileSync(path.join(t.dataDir, 'vapid.json'), 'utf8'));
    expect(stored.publicKey).toBe(publicKey);
    // Another instance on the same DATA_DIR reads the same pair; configured keys win over the file.
    expect(loadOrCreateVapidKeys({}, t.dataDir)).toMatchObject({ publicKey, generated: false });
    expect(loadOrCreateVapidKeys({ publicKey: 'pub', privateKey: 'priv' }, t.dataDir)).toMatchObject({ publicKey: 'pub', privateKey: 'priv' });
  });

  it('accepts only endpoints on the allowed hosts, https unless a local host is named, with a Spanish 400', async () => {
    const { nutritionist } = await practiceWithPortalPatient(t);
    const keys = browserKeys().keys;
    const post = (url: string, body: unknown = { endpoint: url, keys }) => t.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', headers: nutritionist.auth, payload: body as never });

    expect((await post('https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(201);
    expect((await post('https://wns2-by3p.notify.windows.com/w/?token=abc')).statusCode).toBe(201);
    for (const [url, message] of [
      ['https://evil.example.com/push', 'no está permitido'],
      ['https://notify.windows.com/w', 'no está permitido'], // the wildcard needs a subdomain
      ['https://fcm.googleapis.com:8443/fcm/send/abc', 'no está permitido'], // another port
      ['https://fcm.googleapis.com.evil.com/x', 'no está permitido'],
      ['http://fcm.googleapis.com/fcm/send/abc', 'https'],
      ['http://127.0.0.1:1/push', 'no está permitido'],
      ['https://user:pw@fcm.googleapis.com/x', 'no es una URL válida'],
      ['not a url', 'no es una URL válida'],
    ] as const) {
      const response = await post(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      // The allow-list's message is the error's own; a malformed URL fails the body schema (its field's message).
      const error = response.json().error;
      expect(`${error.message} ${error.details?.[0]?.message ?? ''}`, url).toContain(message);
    }
    const badKeys = await post('', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'abc', auth: keys.auth } });
    expect(badKeys.statusCode).toBe(400);
    expect(badKeys.json().error.details[0].message).toContain('65 bytes');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', payload: { endpoint: 'https://fcm.googleapis.com/x', keys } })).statusCode).toBe(401);

    // The default list: the browsers' push services only.
    const defaults = createEndpointAllowList(DEFAULT_PUSH_ENDPOINT_HOSTS);
    expect(defaults.check('https://updates.push.services.mozilla.com/wpush/v2/abc').ok).toBe(true);
    expect(defaults.check('https://web.push.apple.com/QGk').ok).toBe(true);
    expect(defaults.check('http://127.0.0.1:8080/push').ok).toBe(false);
    expect(defaults.check('https://localhost/push').ok).toBe(false);
    expect(() => loadConfig({ PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com,bad host' })).toThrow(/PUSH_ENDPOINT_HOSTS/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'B'.repeat(87) })).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it('keeps subscriptions per person: a patient as a patient, a nutritionist as the practice; DELETE forgets only your own', async () => {
    const p = await practiceWithPortalPatient(t);
    const mine = await subscribe(p.nutritionist.auth, 'nutri');
    const hers = await subscribe(p.patientAuth, 'patient');
    const rows = await t.database.db.selectFrom('push_subscriptions').select(['owner_kind', 'owner_id', 'endpoint']).where('endpoint', 'in', [mine.endpoint, hers.endpoint]).orderBy('owner_kind').execute();
    const nutritionistId = (await t.database.db.selectFrom('patients').select('nutritionist_id').where('id', '=', p.patientId).executeTakeFirstOrThrow()).nutritionist_id;
    expect(rows).toEqual([
      { owner_kind: 'nutritionist', owner_id: nutritionistId, endpoint: mine.endpoint },
      { owner_kind: 'patient', owner_id: p.patientId, endpoint: hers.endpoint },
    ]);
    // The patient cannot remove the nutritionist's browser.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/push/subscriptions', headers: p.patientAuth, payload: { endpoint: mine.endpoint } })).statusCode).toBe(204);
    expect(await t.database.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', mine.endpoint).executeTakeFirst()).toBeDefined();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/push/subscriptions', headers: p.nutritionist.auth, payload: { endpoint: mine.endpoint } })).statusCode).toBe(204);
    expect(await t.database.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', mine.endpoint).executeTakeFirst()).toBeUndefined();
    // A browser that subscribes again for another account moves to it.
    await t.app.inject({ method: 'POST', url: '/api/v1/push/subscriptions', headers: p.nutritionist.auth, payload: { endpoint: hers.endpoint, keys: browserKeys().keys } });
    const moved = await t.database.db.selectFrom('push_subscriptions').select(['owner_kind']).where('endpoint', '=', hers.endpoint).execute();
    expect(moved).toEqual([{ owner_kind: 'nutritionist' }]);
  });
});

describe('notifications', () => {
  it('a chat message reaches the patient encrypted, signed, and without the text or any name', async () => {
    const p = await practiceWithPortalPatient(t);
    const phone = await subscribe(p.patientAuth, 'phone');
    const laptop = await subscribe(p.patientAuth, 'laptop');
    const secret = 'Mi glucemia en ayunas dio 126 mg/dl';
    const sent = await p.call('POST', `/api/v1/conversations/${p.patientId}/messages`, { text: secret });
    expect(sent.statusCode).toBe(201);
    // The request only enqueued: nothing has been posted yet.
    expect(pushService.received).toHaveLength(0);
    await deliverAll();

    const publicKey = (await t.app.inject({ method: 'GET', url: '/api/v1/push/public-key' })).json().publicKey;
    for (const device of [phone, laptop]) {
      const [message] = receivedAt(device.path);
      expect(message, device.path).toBeDefined();
      expect(message!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(message!.headers.ttl)).toBe(86400);
      expect(message!.headers.urgency).toBe('high');
      verifyVapid(message!.headers.authorization, publicKey, base);
      // Nothing readable travels in the clear.
      expect(message!.body.toString('latin1')).not.toContain('126');
      const payload = decrypt(message!.body, device.browser);
      expect(payload).toEqual({ title: 'Nuevo mensaje de tu nutricionista', tag: 'chat', url: '/portal?tab=chat' });
      const json = JSON.stringify(payload);
      expect(json).not.toContain('glucemia');
      expect(json).not.toContain('126');
    }
    const row = await t.database.db.selectFrom('push_subscriptions').select('last_success_at').where('endpoint', '=', phone.endpoint).executeTakeFirstOrThrow();
    expect(row.last_success_at).toBe(t.clock.now().toISOString());
  });

  it('a patient’s message notifies the practice, in the nutritionist’s voice, opening that conversation', async () => {
    const p = await practiceWithPortalPatient(t);
    const desk = await subscribe(p.nutritionist.auth, 'desk');
    const ownPhone = await subscribe(p.patientAuth, 'own');
    expect((await p.asPatient('POST', '/api/v1/portal/messages', { text: 'Hoy comí una porción de torta' })).statusCode).toBe(201);
    await deliverAll();
    expect(receivedAt(ownPhone.path)).toHaveLength(0);
    const [message] = receivedAt(desk.path);
    expect(decrypt(message!.body, desk.browser)).toEqual({ title: 'Nuevo mensaje de un paciente', tag: `chat-${p.patientId}`, url: `/chat?paciente=${p.patientId}` });
  });

  it('a push service answering 410 removes the subscription; other errors are retried with backoff', async () => {
    const p = await practiceWithPortalPatient(t);
    const gone = await subscribe(p.patientAuth, 'gone');
    const flaky = await subscribe(p.patientAuth, 'flaky');
    pushService.statusByPath.set(gone.path, [410]);
    pushService.statusByPath.set(flaky.path, [503]);
    await p.call('POST', `/api/v1/conversations/${p.patientId}/messages`, { text: 'Hola' });
    await deliverAll();
    expect(receivedAt(gone.path)).toHaveLength(1);
    expect(receivedAt(flaky.path)).toHaveLength(1);
    expect(await t.database.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', gone.endpoint).executeTakeFirst()).toBeUndefined();
    const jobs = await t.jobs.list({ kindPrefix: 'push.' });
    expect(jobs.find((j) => j.status === 'failed' && j.lastError?.includes('410'))).toBeDefined();
    const retrying = jobs.find((j) => j.status === 'pending');
    expect(retrying).toMatchObject({ attempts: 1, lastError: 'push service answered 503' });
    // The job row holds the title, tag and url only: no message text at rest either.
    expect(JSON.stringify(retrying!.payload)).not.toContain('Hola');

    t.clock.advanceSeconds(30);
    await deliverAll();
    expect(receivedAt(flaky.path)).toHaveLength(2);
    expect(receivedAt(gone.path)).toHaveLength(1);
    expect(decrypt(receivedAt(flaky.path)[1]!.body, flaky.browser)).toMatchObject({ title: 'Nuevo mensaje de tu nutricionista' });
  });

  it('an event turned off in preferences sends nothing; the others still do; unknown events are a 400', async () => {
    const p = await practiceWithPortalPatient(t);
    const phone = await subscribe(p.patientAuth, 'prefs');
    expect((await p.asPatient('GET', '/api/v1/push/preferences')).json()).toEqual({
      events: { chat_message: true, video_call: true, plan_published: true, appointment_reminder: true },
    });
    const updated = await p.asPatient('PATCH', '/api/v1/push/preferences', { events: { chat_message: false } });
    expect(updated.json().events).toMatchObject({ chat_message: false, plan_published: true });
    // A patient has no appointment requests; a nutritionist no plan notices.
    const wrong = await p.asPatient('PATCH', '/api/v1/push/preferences', { events: { appointment_request: false } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Ese tipo de aviso no existe para tu cuenta.');
    expect((await p.call('GET', '/api/v1/push/preferences')).json()).toEqual({ events: { chat_message: true, appointment_request: true, appointment_answer: true } });

    await p.call('POST', `/api/v1/conversations/${p.patientId}/messages`, { text: 'Hola' });
    await deliverAll();
    expect(receivedAt(phone.path)).toHaveLength(0);

    const simple = { simple: [{ day: 1, meals: [{ slot: 2, text: 'Avena con banana' }] }] };
    const plan = (await p.call('POST', '/api/v1/plans', { type: 1, title: 'Plan de marzo', patientId: p.patientId, draft: 0, content: simple })).json();
    expect((await p.call('POST', `/api/v1/plans/${plan.id}/publish-for-patient`)).statusCode).toBe(200);
    await deliverAll();
    const [message] = receivedAt(phone.path);
    const payload = decrypt(message!.body, phone.browser);
    // es-AR is the voice of an Argentine patient's account.
    expect(payload).toEqual({ title: expect.stringMatching(/^(Tenés|Tienes) un plan nuevo de tu nutricionista$/), tag: 'plan', url: '/portal?tab=plan' });
    expect(JSON.stringify(payload)).not.toContain('Plan de marzo');
  });

  it('rings the patient once per video call, and reminds her of tomorrow’s appointment', async () => {
    const p = await practiceWithPortalPatient(t);
    const phone = await subscribe(p.patientAuth, 'call');
    const nutritionistId = (await t.database.db.selectFrom('patients').select('nutritionist_id').where('id', '=', p.patientId).executeTakeFirstOrThrow()).nutritionist_id;
    const relay = createCallRelay({ db: t.database.db, bus: t.bus, notifier: t.notifications });
    const claims = { userId: p.nutritionist.session.user.id, role: 'nutritionist' as const, nutritionistId };
    expect(await relay(claims as never, { type: 'call.offer', callId: 'call-1', patientId: p.patientId, sdp: 'v=0' })).toEqual({ ok: true });
    expect(await relay(claims as never, { type: 'call.offer', callId: 'call-1', patientId: p.patientId, sdp: 'v=0 again' })).toEqual({ ok: true });
    expect(await relay(claims as never, { type: 'call.ice', callId: 'call-1', patientId: p.patientId, candidate: { c: 1 } })).toEqual({ ok: true });
    await deliverAll();
    const calls = receivedAt(phone.path);
    expect(calls).toHaveLength(1);
    expect(Number(calls[0]!.headers.ttl)).toBe(60);
    expect(decrypt(calls[0]!.body, phone.browser)).toEqual({ title: 'Tu nutricionista te está llamando', tag: 'video-call', url: '/portal?tab=call' });

    pushService.received.length = 0;
    const place = (await p.call('POST', '/api/v1/locations', { name: 'Consultorio Palermo', street: 'Av. Santa Fe', streetNumber: '3456' })).json();
    const booked = await p.call('POST', '/api/v1/appointments', { patientId: p.patientId, locationId: place.id, start: '2026-03-11T13:00:00.000Z', end: '2026-03-11T13:45:00.000Z', allowOutsideSchedule: true });
    expect(booked.statusCode, booked.body).toBe(201);
    const reminders = createReminderJob({ db: t.database.db, mailer: new Mailer(t.database.db, t.clock, t.app.log, undefined, 'Almendra <no-reply@almendra.test>'), notifier: t.notifications });
    t.clock.set('2026-03-10T13:00:00.000Z');
    expect((await reminders.runReminderJob(t.clock.now())).sent).toBeGreaterThanOrEqual(1);
    await deliverAll();
    const [reminder] = receivedAt(phone.path);
    expect(decrypt(reminder!.body, phone.browser)).toEqual({
      title: expect.stringMatching(/^(Recordá tu turno|Recuerda tu cita) de mañana$/),
      tag: `appointment-${booked.json().id}`,
      url: '/portal',
    });
  });

  it('reminds a patient with no email on her record by push alone, and sends her no email', async () => {
    const p = await practiceWithPortalPatient(t);
    const phone = await subscribe(p.patientAuth, 'no-email');
    // Her record has no email (she signed in to the portal from the invitation code once).
    await t.database.db.updateTable('patients').set({ email: null }).where('id', '=', p.patientId).execute();
    const place = (await p.call('POST', '/api/v1/locations', { name: 'Consultorio Caballito', street: 'Av. Rivadavia', streetNumber: '5100' })).json();
    const booked = await p.call('POST', '/api/v1/appointments', { patientId: p.patientId, locationId: place.id, start: '2026-05-20T13:00:00.000Z', end: '2026-05-20T13:45:00.000Z', allowOutsideSchedule: true });
    expect(booked.statusCode, booked.body).toBe(201);
    const reminders = createReminderJob({ db: t.database.db, mailer: new Mailer(t.database.db, t.clock, t.app.log, undefined, 'Almendra <no-reply@almendra.test>'), notifier: t.notifications });
    t.clock.set('2026-05-19T13:00:00.000Z');
    await reminders.runReminderJob(t.clock.now());
    await deliverAll();
    const [reminder] = receivedAt(phone.path);
    expect(reminder, 'the push reminder').toBeDefined();
    expect(decrypt(reminder!.body, phone.browser)).toMatchObject({ tag: `appointment-${booked.json().id}`, url: '/portal' });
    const row = await t.database.db.selectFrom('appointments').select('reminder_sent_at').where('id', '=', booked.json().id).executeTakeFirstOrThrow();
    expect(row.reminder_sent_at).not.toBeNull();
    // Once only: the next run does not remind her again.
    pushService.received.length = 0;
    await reminders.runReminderJob(t.clock.now());
    await deliverAll();
    expect(receivedAt(phone.path)).toHaveLength(0);
  });

  it('tells the nutritionist of a request from the public profile, and never a revoked patient', async () => {
    const p = await practiceWithPortalPatient(t);
    const desk = await subscribe(p.nutritionist.auth, 'requests');
    const slug = `lic-push-${Date.now().toString(36)}`;
    const profile = await p.call('PATCH', '/api/v1/me/public-profile', { slug, published: true, headline: 'Nutrición clínica' });
    expect(profile.statusCode, profile.body).toBe(200);
    const request = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/profiles/${slug}/appointment-requests`,
      remoteAddress: '203.0.113.77',
      payload: { name: 'Marta Gómez', phone: '011 15 4567-8901', email: 'marta@correo.test', message: 'Tengo diabetes tipo 2' },
    });
    expect(request.statusCode, request.body).toBe(201);
    await deliverAll();
    const [message] = receivedAt(desk.path);
    const payload = decrypt(message!.body, desk.browser);
    expect(payload).toMatchObject({ title: expect.stringMatching(/^Nueva solicitud de (turno|cita)$/), url: '/marketing' });
    expect(JSON.stringify(payload)).not.toMatch(/Marta|diabetes/);

    // Revoked portal access: her browser is no longer told anything.
    const phone = await subscribe(p.patientAuth, 'revoked');
    expect((await p.call('DELETE', `/api/v1/patients/${p.patientId}/portal-access`)).statusCode).toBe(204);
    expect(await t.notifications.notify({ recipient: { kind: 'patient', id: p.patientId }, event: 'chat_message', url: '/portal?tab=chat', tag: 'chat' })).toBe(0);
    await deliverAll();
    expect(receivedAt(phone.path)).toHaveLength(0);
  });

  it('an appointment answer reads as a confirmation or a cancellation', async () => {
    const session = await registerAndLogin(t);
    const desk = await subscribe(session.auth, 'answers');
    const nutritionistId = (await t.database.db.selectFrom('push_subscriptions').select('owner_id').where('endpoint', '=', desk.endpoint).executeTakeFirstOrThrow()).owner_id;
    await t.notifications.notify({ recipient: { kind: 'nutritionist', id: nutritionistId }, event: 'appointment_answer', answer: 'cancel', url: '/citas', tag: 'appointment-x' });
    await deliverAll();
    expect(decrypt(receivedAt(desk.path)[0]!.body, desk.browser)).toEqual({ title: expect.stringMatching(/^Un paciente canceló su (turno|cita)$/), tag: 'appointment-x', url: '/citas' });
  });
});
