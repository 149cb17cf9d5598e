// /api/v1/calendar-feed: create or rotate (POST), inspect (GET) and revoke (DELETE) the private iCalendar
// address; GET /api/v1/calendar-feed/{token}.ics serves it without a session (the token is the credential).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedSchema, calendarFeedStatusSchema, errorBodySchema } from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { CalendarFeedService } from './calendar-feed.service.js';

export interface CalendarFeedRoutesOptions {
  feeds: CalendarFeedService;
  guards: Guards;
}

const errors = { 401: errorBodySchema, 403: errorBodySchema };
const tags = ['appointments'];

export async function calendarFeedRoutes(app: FastifyInstance, options: CalendarFeedRoutesOptions): Promise<void> {
  const { feeds, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = guards.requireEditor;

  r.get('/calendar-feed', { preHandler, schema: { tags, response: { 200: calendarFeedStatusSchema, ...errors } } }, async (request) =>
    feeds.status(tenantScope(request)),
  );

  r.post('/calendar-feed', { preHandler, schema: { tags, response: { 201: calendarFeedSchema, ...errors } } }, async (request, reply) =>
    reply.status(201).send(await feeds.rotate(tenantScope(request))),
  );

  r.delete('/calendar-feed', { preHandler, schema: { tags, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await feeds.revoke(tenantScope(request));
    return reply.status(204).send(null);
  });

  r.get(
    '/calendar-feed/:token.ics',
    // No response schema: the body is text/calendar, not JSON (a 404 is the usual error body).
    { schema: { tags, params: z.object({ token: z.string().max(200) }) } },
    async (request, reply) => {
      const body = await feeds.render(request.params.token);
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="almendra-turnos.ics"')
        // Calendar apps poll; the address is private, so no shared cache may keep a copy.
        .header('Cache-Control', 'private, max-age=300')
        .header('X-Robots-Tag', 'noindex')
        .send(body);
    },
  );
}
