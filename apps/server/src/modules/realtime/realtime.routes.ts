// GET /api/v1/ws: one WebSocket per browser tab for every role. Browsers cannot set an Authorization
// header on a WebSocket, so the first message authenticates ({type:'auth', token}); later 'auth'
// messages replace an expiring token. The socket then receives the events of its user and practice.
// It also carries WebRTC call signalling (call.*), relayed to the other party through the event bus, and
// closes (4403) when the account's portal access is revoked ('session.revoked' on its user channel).
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AccessClaims, AccessTokenIssuer } from '../../lib/access-token.js';
import { AppError } from '../../lib/errors.js';
import { channels, type EventBus, type RealtimeEvent } from '../../lib/event-bus.js';
import { isCallSignal, type CallRelay } from '../video/call-signalling.js';

const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;

export async function realtimeRoutes(app: FastifyInstance, options: { tokens: AccessTokenIssuer; bus: EventBus; callRelay?: CallRelay }) {
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket: WebSocket) => {
    let claims: AccessClaims | null = null;
    let unsubscribes: Array<() => Promise<void>> = [];
    let alive = true;
    const send = (event: RealtimeEvent) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(JSON.stringify(event));
      if (event.type === 'session.revoked') socket.close(4403, 'revoked');
    };
    const authTimer = setTimeout(() => {
      if (!claims) socket.close(4401, 'auth timeout');
    }, AUTH_TIMEOUT_MS);
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    socket.on('pong', () => {
      alive = true;
    });

    socket.on('message', async (raw) => {
      let message: { type?: unknown; token?: unknown; [key: string]: unknown };
      try {
        message = JSON.parse(String(raw));
      } catch {
        return send({ type: 'error', code: 'INVALID_JSON', message: 'El mensaje no es un JSON válido.' });
      }
      if (message.type === 'ping') return send({ type: 'pong' });
      if (isCallSignal(message.type)) {
        if (!claims) return socket.close(4401, 'unauthenticated');
        if (!options.callRelay) return;
        const result = await options.callRelay(claims, { ...message, type: message.type });
        if (!result.ok) send({ type: 'call.error', callId: message.callId, code: result.code, message: result.message });
        return;
      }
      if (message.type !== 'auth' || typeof message.token !== 'string') {
        if (!claims) socket.close(4401, 'unauthenticated');
        return;
      }
      try {
        const verified = await options.tokens.verify(message.token);
        const sameIdentity = claims && claims.userId === verified.userId;
        claims = verified;
        if (!sameIdentity) {
          await Promise.all(unsubscribes.map((stop) => stop()));
          const channelNames = [channels.user(verified.userId)];
          if (verified.nutritionistId) channelNames.push(channels.nutritionist(verified.nutritionistId));
          unsubscribes = await Promise.all(channelNames.map((name) => options.bus.subscribe(name, send)));
        }
        clearTimeout(authTimer);
        send({ type: 'ready', userId: verified.userId, role: verified.role });
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'UNAUTHENTICATED';
        send({ type: 'error', code, message: 'La sesión no es válida.' });
        socket.close(4401, code);
      }
    });

    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(heartbeat);
      void Promise.all(unsubscribes.map((stop) => stop()));
      unsubscribes = [];
    });
  });
}
