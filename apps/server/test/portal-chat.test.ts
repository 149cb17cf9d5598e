// The patient portal and its chat over real HTTP and WebSockets: invitation → acceptance → messages both
// ways with read marks, idempotent sends, reconnect catch-up, isolation between practices and between
// patients, revoked access, call signalling, and (with TEST_REDIS_URL) one conversation served by two
// server instances. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisEventBus } from '../src/lib/event-bus.js';
import { createTestApp, refreshCookieOf, registerAndLogin, type TestApp } from './helpers.js';
import sharp from 'sharp';
import { caller, multipart, upload, validPatient } from './patients-helpers.js';
import { connect, type Client } from './ws-client.js';
import { practiceWithPortalPatient, uniqueEmail } from './portal-helpers.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function authenticated(baseUrl: string, token: string): Promise<Client> {
  const client = await connect(baseUrl);
  client.socket.send(JSON.stringify({ type: 'auth', token }));
  await client.next((e) => e.type === 'ready');
  return client;
}

describe('patient portal accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('invites with an emailed single-use code and link, and the patient signs in with the chosen password', async () => {
    const nutritionist = await registerAndLogin(t);
    const call = caller(t, nutritionist.auth);
    const email = uniqueEmail();
    const patientId = (await call('POST', '/api/v1/patients', validPatient({ email, firstName: 'Ana' }))).json().id;
    expect((await call('GET', `/api/v1/patients/${patientId}/portal-access`)).json()).toMatchObject({ status: 'none', email });

    const invite = await call('POST', `/api/v1/patients/${patientId}/portal-invite`);
    expect(invite.statusCode).toBe(201);
    const { code, inviteUrl, expiresAt } = invite.json();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(inviteUrl).toBe(`http://almendra.test/portal/aceptar?code=${code}`);
    expect(expiresAt).toBe('2026-03-17T13:00:00.000Z');
    const mail = await t.database.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(inviteUrl);
    expect(mail.text_body).toContain(code);
    expect(mail.text_body).toContain('Abrí este enlace'); // an Argentine practice writes in voseo
    expect((await call('GET', `/api/v1/patients/${patientId}/portal-access`)).json()).toMatchObject({ status: 'invited', inviteExpiresAt: expiresAt });

    // Typed the way a person dictates it: lower case with a dash.
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()}`;
    const accepted = await t.app.inject({ method: 'POST', url: '/api/v1/portal/accept', payload: { code: typed, password: 'clave-paciente-1' } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ user: { email, role: 'patient' } });
    expect(refreshCookieOf(accepted)).toBeTruthy();

    const again = await t.app.inject({ method: 'POST', url: '/api/v1/portal/accept', payload: { code, password: 'otra-clave-123' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details[0]).toMatchObject({ path: 'code' });

    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'clave-paciente-1' } });
    expect(login.statusCode).toBe(200);
    const asPatient = caller(t, { authorization: `Bearer ${login.json().accessToken}` });
    expect((await asPatient('GET', '/api/v1/portal/me')).json()).toMatchObject({
      patient: { id: patientId, firstName: 'Ana' },
      nutritionist: { firstName: 'Lucía' },
      nextAppointment: null,
      currentPlan: null,
      unreadMessages: 0,
    });
    // Every practice route answers 403 to a patient.
    for (const url of ['/api/v1/patients', `/api/v1/patients/${patientId}`, '/api/v1/conversations', '/api/v1/plans', '/api/v1/locations', '/api/v1/meal-slots']) {
      expect((await asPatient('GET', url)).statusCode, url).toBe(403);
    }
    expect((await call('GET', `/api/v1/patients/${patientId}/portal-access`)).json()).toMatchObject({ status: 'active' });
    expect((await call('POST', `/api/v1/patients/${patientId}/portal-invite`)).statusCode).toBe(409);
  });

  it('refuses an invitation without an email, an expired code, a replaced code and another practice', async () => {
    const nutritionist = await registerAndLogin(t);
    const call = caller(t, nutritionist.auth);
    const noEmail = (await call('POST', '/api/v1/patients', validPatient({ email: null }))).json().id;
    const refused = await call('POST', `/api/v1/patients/${noEmail}/portal-invite`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0]).toMatchObject({ path: 'email' });

    const patientId = (await call('POST', '/api/v1/patients', validPatient({ email: uniqueEmail() }))).json().id;
    const first = (await call('POST', `/api/v1/patients/${patientId}/portal-invite`)).json();
    const second = (await call('POST', `/api/v1/patients/${patientId}/portal-invite`)).json();
    const withFirst = await t.app.inject({ method: 'POST', url: '/api/v1/portal/accept', payload: { code: first.code, password: 'clave-paciente-1' } });
    expect(withFirst.statusCode).toBe(400);

    const other = await registerAndLogin(t);
    expect((await caller(t, other.auth)('POST', `/api/v1/patients/${patientId}/portal-invite`)).statusCode).toBe(404);
    expect((await caller(t, other.auth)('DELETE', `/api/v1/patients/${patientId}/portal-access`)).statusCode).toBe(404);

    t.clock.advanceSeconds(8 * 86_400);
    const expired = await t.app.inject({ method: 'POST', url: '/api/v1/portal/accept', payload: { code: second.code, password: 'clave-paciente-1' } });
    expect(expired.statusCode).toBe(400);
    const weak = await t.app.inject({ method: 'POST', url: '/api/v1/portal/accept', payload: { code: second.code, password: 'corta' } });
    expect(weak.json().error.details.map((d: Json) => d.path)).toContain('password');
  });
});

describe('chat', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('carries messages both ways in order, with unread counts, delivered and read marks, over HTTP and the socket', async () => {
    const p = await practiceWithPortalPatient(t);
    const nutritionistSocket = await authenticated(baseUrl, p.nutritionist.accessToken);
    const patientSocket = await authenticated(baseUrl, p.accepted.json().accessToken);

    const sent = await p.call('POST', `/api/v1/conversations/${p.patientId}/messages`, { text: 'Hola, ¿cómo va la semana?', clientId: 'n-1' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ text: 'Hola, ¿cómo va la semana?', sender: 'nutritionist', deliveredAt: null, readAt: null });
    const arrived = await patientSocket.next((e) => e.type === 'chat.message');
    expect(arrived).toMatchObject({ patientId: p.patientId, message: { id: sent.json().id, sender: 'nutritionist' } });
    expect(await patientSocket.next((e) => e.type === 'chat.unread')).toMatchObject({ unreadCount: 1 });

    const reply = await p.asPatient('POST', '/api/v1/portal/messages', { text: '<b>Bien</b>, gracias', clientId: 'p-1' });
    expect(reply.statusCode).toBe(201);
    expect(await nutritionistSocket.next((e) => e.type === 'chat.message' && (e.message as Json).sender === 'patient')).toMatchObject({ message: { text: '<b>Bien</b>, gracias' } });
    expect(await nutritionistSocket.next((e) => e.type === 'chat.unread' && e.unreadCount === 1)).toMatchObject({ patientId: p.patientId, totalUnread: 1 });

    const list = (await p.call('GET', '/api/v1/conversations')).json();
    expect(list.totalUnread).toBe(1);
    expect(list.items).toEqual([
      expect.objectContaining({ patientId: p.patientId, name: 'María José Núñez', unreadCount: 1, lastMessage: expect.objectContaining({ text: '<b>Bien</b>, gracias' }) }),
    ]);

    // The patient reads the history: the nutritionist's message becomes delivered, then read.
    const history = (await p.asPatient('GET', '/api/v1/portal/messages')).json();
    expect(history.items.map((m: Json) => m.text)).toEqual(['Hola, ¿cómo va la semana?', '<b>Bien</b>, gracias']);
    expect(await nutritionistSocket.next((e) => e.type === 'chat.delivered')).toMatchObject({ reader: 'patient' });
    expect((await p.asPatient('POST', '/api/v1/portal/messages/read')).statusCode).toBe(200);
    expect(await nutritionistSocket.next((e) => e.type === 'chat.read')).toMatchObject({ patientId: p.patientId, reader: 'patient' });
    const seenByPatient = (await p.call('GET', `/api/v1/conversations/${p.patientId}/messages`)).json().items[0];
    expect(seenByPatient.readAt).not.toBeNull();
    expect(seenByPatient.deliveredAt).not.toBeNull();

    await p.call('POST', `/api/v1/conversations/${p.patientId}/read`);
    expect(await nutritionistSocket.next((e) => e.type === 'chat.unread' && e.unreadCount === 0)).toMatchObject({ totalUnread: 0 });
    expect((await p.call('GET', '/api/v1/conversations')).json().items[0].unreadCount).toBe(0);
    nutritionistSocket.socket.close();
    patientSocket.socket.close();
  });

  it('never makes a second message from a retried send, and refuses empty, too long or unknown conversations', async () => {
    const p = await practiceWithPortalPatient(t);
    const url = `/api/v1/conversations/${p.patientId}/messages`;
    const [a, b] = await Promise.all([p.call('POST', url, { text: 'Recordá traer los análisis', clientId: 'same' }), p.call('POST', url, { text: 'Recordá traer los análisis', clientId: 'same' })]);
    const c = await p.call('POST', url, { text: 'Recordá traer los análisis', clientId: 'same' });
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    expect((await p.call('GET', url)).json().items).toHaveLength(1);

    expect((await p.call('POST', url, { text: '   ' })).statusCode).toBe(400);
    const long = await p.call('POST', url, { text: 'a'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details[0].message).toContain('4000');
    expect((await p.call('POST', url, { text: 'a'.repeat(4000) })).statusCode).toBe(201);
    expect((await p.call('POST', '/api/v1/conversations/00000000-0000-7000-8000-000000000000/messages', { text: 'hola' })).statusCode).toBe(404);
  });

  it('pages history back with ?before= and catches up after a reconnect with ?after=, each message exactly once', async () => {
    const p = await practiceWithPortalPatient(t);
    const url = `/api/v1/conversations/${p.patientId}/messages`;
    const ids: string[] = [];
    for (let i = 1; i <= 25; i++) {
      const who = i % 2 ? p.call('POST', url, { text: `m${i}` }) : p.asPatient('POST', '/api/v1/portal/messages', { text: `m${i}` });
      ids.push((await who).json().id);
    }
    const latest = (await p.call('GET', url)).json();
    expect(latest.items.map((m: Json) => m.text)).toEqual(['m16', 'm17', 'm18', 'm19', 'm20', 'm21', 'm22', 'm23', 'm24', 'm25']);
    expect(latest.hasMore).toBe(true);
    const older = (await p.call('GET', `${url}?before=${ids[15]}&limit=10`)).json();
    expect(older.items.map((m: Json) => m.text)).toEqual(['m6', 'm7', 'm8', 'm9', 'm10', 'm11', 'm12', 'm13', 'm14', 'm15']);
    const oldest = (await p.call('GET', `${url}?before=${ids[5]}&limit=10`)).json();
    expect(oldest.items.map((m: Json) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(oldest.hasMore).toBe(false);

    // The patient saw up to m20, was offline for m21–m25: the catch-up brings exactly those, in order.
    const missed = (await p.asPatient('GET', `/api/v1/portal/messages?after=${ids[19]}&limit=100`)).json();
    expect(missed.items.map((m: Json) => m.text)).toEqual(['m21', 'm22', 'm23', 'm24', 'm25']);
    expect(missed.hasMore).toBe(false);
    expect((await p.asPatient('GET', `/api/v1/portal/messages?after=${ids[24]}`)).json().items).toEqual([]);
  });

  it('keeps practices and patients apart', async () => {
    const p = await practiceWithPortalPatient(t);
    const q = await practiceWithPortalPatient(t);
    await p.call('POST', `/api/v1/conversations/${p.patientId}/messages`, { text: 'solo para P' });
    const foreign = await q.call('GET', `/api/v1/conversations/${p.patientId}/messages`);
    expect(foreign.statusCode).toBe(404);
    expect((await q.call('POST', `/api/v1/conversations/${p.patientId}/messages`, { text: 'intruso' })).statusCode).toBe(404);
    expect((await q.call('GET', '/api/v1/conversations')).json().items.map((c: Json) => c.patientId)).toEqual([q.patientId]);
    // Each patient only ever reads their own conversation.
    expect((await q.asPatient('GET', '/api/v1/portal/messages')).json().items).toEqual([]);
    expect((await p.asPatient('GET', '/api/v1/portal/messages')).json().items.map((m: Json) => m.text)).toEqual(['solo para P']);
    // A patient's message id cannot be used as a cursor into another conversation.
    const pMessage = (await p.asPatient('GET', '/api/v1/portal/messages')).json().items[0].id;
    expect((await q.asPatient('GET', `/api/v1/portal/messages?after=${pMessage}`)).statusCode).toBe(404);
  });

  it("each contact carries the patient's picture for the chat's header, as a URL an <img> can load (issue 24)", async () => {
    const p = await practiceWithPortalPatient(t);
    const contact = async () => ((await p.call('GET', '/api/v1/conversations')).json().items as Json[]).find((c) => c.patientId === p.patientId)!;
    // Without a picture the header draws her initials.
    expect((await contact()).photo).toBeNull();
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c08040' } }).jpeg().toBuffer();
    expect((await upload(t, p.nutritionist.auth, 'PUT', `/api/v1/patients/${p.patientId}/photo`, multipart('photo', 'cara.jpg', 'image/jpeg', picture))).statusCode).toBe(200);
    const { photo } = await contact();
    expect(photo).toMatch(new RegExp(`^/api/v1/patients/${p.patientId}/photo\\?v=\\d+&t=`));
    // No bearer header: an <img src> sends none.
    const served = await t.app.inject({ method: 'GET', url: photo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
  });

  it('revoking access signs the patient out at once and closes the socket', async () => {
    const p = await practiceWithPortalPatient(t);
    const patientSocket = await authenticated(baseUrl, p.accepted.json().accessToken);
    expect((await p.call('POST', `/api/v1/conversations/${p.patientId}/messages`, { text: 'Te espero el martes' })).statusCode).toBe(201);
    expect((await p.call('GET', `/api/v1/conversations/${p.patientId}/messages`)).json().readOnly).toBe(false);
    const revoked = await p.call('DELETE', `/api/v1/patients/${p.patientId}/portal-access`);
    expect(revoked.statusCode).toBe(204);
    expect(await patientSocket.next((e) => e.type === 'session.revoked')).toEqual({ type: 'session.revoked' });
    expect(await patientSocket.closed).toBe(4403);
    // The access token has not expired, yet nothing answers to it any more.
    expect((await p.asPatient('GET', '/api/v1/portal/me')).statusCode).toBe(401);
    expect((await p.asPatient('POST', '/api/v1/portal/messages', { text: 'hola?' })).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: refreshCookieOf(p.accepted) } });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: p.email, password: 'clave-paciente-1' } });
    expect(login.statusCode).toBe(401);
    expect((await p.call('GET', `/api/v1/patients/${p.patientId}/portal-access`)).json()).toMatchObject({ status: 'none' });
    // The practice keeps the conversation listed and readable, marked read-only; sending needs access again.
    expect((await p.call('POST', `/api/v1/conversations/${p.patientId}/messages`, { text: '¿Seguís ahí?' })).statusCode).toBe(409);
    const kept = (await p.call('GET', '/api/v1/conversations')).json().items;
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ patientId: p.patientId, portalAccess: false, lastMessage: { text: 'Te espero el martes' } });
    const history = (await p.call('GET', `/api/v1/conversations/${p.patientId}/messages`)).json();
    expect(history).toMatchObject({ readOnly: true, items: [{ text: 'Te espero el martes' }] });
  });

  it('relays call signalling between the two parties only', async () => {
    const p = await practiceWithPortalPatient(t);
    const q = await practiceWithPortalPatient(t);
    const nutritionistSocket = await authenticated(baseUrl, p.nutritionist.accessToken);
    const patientSocket = await authenticated(baseUrl, p.accepted.json().accessToken);
    nutritionistSocket.socket.send(JSON.stringify({ type: 'call.offer', callId: 'call-1', patientId: p.patientId, sdp: 'v=0 offer' }));
    expect(await patientSocket.next((e) => e.type === 'call.offer')).toMatchObject({ callId: 'call-1', sdp: 'v=0 offer', from: 'nutritionist', callerName: 'Lucía Fernández' });
    patientSocket.socket.send(JSON.stringify({ type: 'call.answer', callId: 'call-1', sdp: 'v=0 answer' }));
    expect(await nutritionistSocket.next((e) => e.type === 'call.answer')).toMatchObject({ callId: 'call-1', patientId: p.patientId, sdp: 'v=0 answer', from: 'patient' });
    patientSocket.socket.send(JSON.stringify({ type: 'call.ice', callId: 'call-1', candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' } }));
    expect(await nutritionistSocket.next((e) => e.type === 'call.ice')).toMatchObject({ candidate: { sdpMid: '0' } });
    // Microphone and camera state travel to the other side as booleans only.
    patientSocket.socket.send(JSON.stringify({ type: 'call.media', callId: 'call-1', micOn: false, cameraOn: true, html: '<b>x</b>' }));
    const media = await nutritionistSocket.next((e) => e.type === 'call.media');
    expect(media).toMatchObject({ callId: 'call-1', patientId: p.patientId, from: 'patient', micOn: false, cameraOn: true });
    expect(media).not.toHaveProperty('html');
    nutritionistSocket.socket.send(JSON.stringify({ type: 'call.media', callId: 'call-1', patientId: p.patientId, micOn: 'no', cameraOn: false }));
    const fromNutritionist = await patientSocket.next((e) => e.type === 'call.media');
    expect(fromNutritionist).toMatchObject({ cameraOn: false });
    expect(fromNutritionist).not.toHaveProperty('micOn');

    // Another practice cannot ring this patient.
    const intruder = await authenticated(baseUrl, q.nutritionist.accessToken);
    intruder.socket.send(JSON.stringify({ type: 'call.offer', callId: 'call-2', patientId: p.patientId, sdp: 'x' }));
    expect(await intruder.next((e) => e.type === 'call.error')).toMatchObject({ code: 'NOT_FOUND' });
    patientSocket.socket.send(JSON.stringify({ type: 'call.end', callId: 'call-1' }));
    // Events arrive in order: had call-2 reached the patient, the end event would not be the next call event here.
    expect(await nutritionistSocket.next((e) => e.type === 'call.end')).toMatchObject({ callId: 'call-1' });
    for (const s of [nutritionistSocket, patientSocket, intruder]) s.socket.close();
  });

  it('gives ICE servers from configuration, with coturn REST credentials when a TURN secret is set', async () => {
    const p = await practiceWithPortalPatient(t);
    expect((await p.asPatient('GET', '/api/v1/video/ice-servers')).json()).toEqual({ iceServers: [], ttlSeconds: null });
    const turn = await createTestApp({ STUN_URLS: 'stun:stun.example.org:3478', TURN_URLS: 'turn:turn.example.org:3478?transport=udp', TURN_SECRET: 'coturn-shared-secret-1234' });
    try {
      const user = await registerAndLogin(turn);
      const body = (await caller(turn, user.auth)('GET', '/api/v1/video/ice-servers')).json();
      expect(body.ttlSeconds).toBe(21600);
      expect(body.iceServers[0]).toEqual({ urls: ['stun:stun.example.org:3478'] });
      const expiry = Date.parse('2026-03-10T13:00:00.000Z') / 1000 + 21600;
      expect(body.iceServers[1]).toMatchObject({ urls: ['turn:turn.example.org:3478?transport=udp'], username: `${expiry}:${user.session.user.id}` });
      const { createHmac } = await import('node:crypto');
      expect(body.iceServers[1].credential).toBe(createHmac('sha1', 'coturn-shared-secret-1234').update(body.iceServers[1].username).digest('base64'));
    } finally {
      await turn.close();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('chat across two instances through Redis', () => {
  it('a message sent through instance A reaches the patient on instance B, and the read mark comes back', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const prefix = `almendra-chat-${Date.now()}:`;
    const busA = new RedisEventBus(url, prefix);
    const busB = new RedisEventBus(url, prefix);
    const a = await createTestApp({}, { bus: busA });
    // Two instances share one database in production; here B gets its own app over A's database.
    const { buildApp } = await import('../src/app.js');
    const { loadConfig } = await import('../src/config.js');
    const b = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: (await import('node:os')).tmpdir(), LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789', PUBLIC_URL: 'http://almendra.test' }),
      database: a.database,
      clock: a.clock,
      serveWeb: false,
      backgroundJobs: false,
      foodReferenceFile: null,
      bus: busB,
    });
    try {
      const baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
      const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const p = await practiceWithPortalPatient(a);
      const patientOnB = await authenticated(baseB, p.accepted.json().accessToken);
      const nutritionistOnA = await authenticated(baseA, p.nutritionist.accessToken);
      const sent = await p.call('POST', `/api/v1/conversations/${p.patientId}/messages`, { text: 'Desde A' });
      expect(await patientOnB.next((e) => e.type === 'chat.message')).toMatchObject({ message: { id: sent.json().id, text: 'Desde A' } });
      const read = await b.app.inject({ method: 'POST', url: '/api/v1/portal/messages/read', headers: p.patientAuth });
      expect(read.statusCode).toBe(200);
      expect(await nutritionistOnA.next((e) => e.type === 'chat.read')).toMatchObject({ reader: 'patient' });
      patientOnB.socket.close();
      nutritionistOnA.socket.close();
    } finally {
      await b.app.close();
      await a.close();
      await busA.close();
      await busB.close();
    }
  });
});
