// GET /api/v1/video/ice-servers: the STUN/TURN servers a browser gives RTCPeerConnection.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, iceServersResponseSchema } from '@almendra/contracts';
import type { Guards } from '../../lib/auth-guard.js';
import type { Clock } from '../../lib/clock.js';
import { iceServersFor, type VideoConfig } from './ice-servers.js';

export async function videoRoutes(app: FastifyInstance, options: { guards: Guards; clock: Clock; config: VideoConfig }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/video/ice-servers',
    { preHandler: options.guards.authenticate, schema: { tags: ['video'], response: { 200: iceServersResponseSchema, 401: errorBodySchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return iceServersFor(options.config, request.auth!.userId, options.clock.now());
    },
  );
}
