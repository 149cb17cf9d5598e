// Patient lists stay current across devices: every accepted change to a practice's patients publishes
// 'pacientes-actualizados' to that practice's sockets, and only to them; refused changes publish nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { caller, validPatient } from './patients-helpers.js';
import { connect } from './ws-client.js';

describe('pacientes-actualizados', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reaches the practice’s other devices after a create and an edit, never another practice', async () => {
    const a = await registerAndLogin(t);
    const b = await registerAndLogin(t);
    const asA = caller(t, a.auth);
    const deviceA = await connect(baseUrl);
    deviceA.socket.send(JSON.stringify({ type: 'auth', token: a.accessToken }));
    await deviceA.next((e) => e.type === 'ready');
    const deviceB = await connect(baseUrl);
    deviceB.socket.send(JSON.stringify({ type: 'auth', token: b.accessToken }));
    await deviceB.next((e) => e.type === 'ready');
    const seenByB: unknown[] = [];
    void deviceB.next((e) => {
      if (e.type === 'pacientes-actualizados') seenByB.push(e);
      return false;
    });

    // A refused change publishes nothing: the first event A's device sees is the accepted create.
    expect((await asA('POST', '/api/v1/patients', { firstName: '' })).statusCode).toBe(400);
    const created = await asA('POST', '/api/v1/patients', validPatient());
    expect(created.statusCode).toBe(201);
    expect(await deviceA.next((e) => e.type === 'pacientes-actualizados')).toEqual({ type: 'pacientes-actualizados', patientId: null });

    const id = created.json().id as string;
    const edited = await asA('PATCH', `/api/v1/patients/${id}`, { phone: '1155550000', version: created.json().version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await deviceA.next((e) => e.type === 'pacientes-actualizados')).toEqual({ type: 'pacientes-actualizados', patientId: id });

    // B's socket got none of it (a ping round trip proves B's socket is alive and was delivered to in order).
    deviceB.socket.send(JSON.stringify({ type: 'ping' }));
    await deviceB.next((e) => e.type === 'pong');
    expect(seenByB).toEqual([]);
    deviceA.socket.close();
    deviceB.socket.close();
  });
});
