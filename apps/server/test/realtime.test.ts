// The WebSocket at /api/v1/ws over real HTTP: first-message auth, per-practice delivery, and delivery
// across two server instances through Redis when TEST_REDIS_URL is set (CI sets it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisEventBus, channels } from '../src/lib/event-bus.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { connect } from './ws-client.js';

async function listen(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

describe('WebSocket /api/v1/ws (in-process bus)', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('authenticates with the first message and delivers only the own practice events', async () => {
    const mine = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const client = await connect(baseUrl);
    client.socket.send(JSON.stringify({ type: 'auth', token: mine.accessToken }));
    expect(await client.next((e) => e.type === 'ready')).toMatchObject({ type: 'ready', userId: mine.session.user.id });

    await t.bus.publish(channels.nutritionist(other.session.nutritionist.id), { type: 'test.event', n: 1 });
    await t.bus.publish(channels.nutritionist(mine.session.nutritionist.id), { type: 'test.event', n: 2 });
    // Events arrive in publish order on one socket: had the foreign one been delivered, it would come first.
    expect(await client.next((e) => e.type === 'test.event')).toEqual({ type: 'test.event', n: 2 });
    client.socket.close();
  });

  it('closes an unauthenticated socket with 4401', async () => {
    const client = await connect(baseUrl);
    client.socket.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect(await client.next((e) => e.type === 'error')).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await client.closed).toBe(4401);
  });
});

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('WebSocket across two instances through Redis', () => {
  it('delivers an event published by instance A to a socket held by instance B', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const prefix = `almendra-test-${Date.now()}:`;
    const busA = new RedisEventBus(url, prefix);
    const busB = new RedisEventBus(url, prefix);
    const a = await createTestApp({}, { bus: busA });
    const b = await createTestApp({}, { bus: busB });
    try {
      const baseB = await listen(b);
      // The user signs in through instance A; B only needs the shared signing secret to accept the token.
      const user = await registerAndLogin(a);
      const client = await connect(baseB);
      client.socket.send(JSON.stringify({ type: 'auth', token: user.accessToken }));
      await client.next((e) => e.type === 'ready');
      await busA.publish(channels.user(user.session.user.id), { type: 'test.cross-instance' });
      expect(await client.next((e) => e.type === 'test.cross-instance')).toEqual({ type: 'test.cross-instance' });
      client.socket.close();
    } finally {
      await a.close();
      await b.close();
      await busA.close();
      await busB.close();
    }
  });
});
