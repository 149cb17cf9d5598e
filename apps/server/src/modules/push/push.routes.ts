// Web Push over HTTP: the VAPID public key (anyone), and for the signed-in nutritionist or patient their
// browser's subscription (POST 201 / DELETE 204) and which events notify them (GET/PATCH preferences).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  pushPreferencesSchema,
  pushPublicKeySchema,
  pushSubscriptionCreatedSchema,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
  updatePushPreferencesRequestSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { PortalService } from '../portal/portal.service.js';
import type { PushOwner, PushService } from './push.service.js';

export interface PushRoutesOptions {
  push: PushService;
  portal: Pick<PortalService, 'scopeOf'>;
  guards: Guards;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['push'];

export async function pushRoutes(app: FastifyInstance, options: PushRoutesOptions): Promise<void> {
  const { push, portal, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Any signed-in role; without the subscription's write check, so an expired practice still hears of requests.
  const signedIn = guards.authenticate;

  /** A patient is notified as that patient; a nutritionist (or an admin with a practice) as the practice. */
  const ownerOf = async (request: FastifyRequest): Promise<PushOwner> => {
    if (request.auth!.role === 'patient') return { kind: 'patient', id: (await portal.scopeOf(request.auth!.userId)).patientId };
    return { kind: 'nutritionist', id: tenantScope(request).nutritionistId };
  };

  r.get('/push/public-key', { schema: { tags, response: { 200: pushPublicKeySchema } } }, async () => push.publicKey());
  r.post(
    '/push/subscriptions',
    { onRequest: signedIn, schema: { tags, body: pushSubscriptionRequestSchema, response: { 201: pushSubscriptionCreatedSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await push.subscribe(await ownerOf(request), request.body)),
  );
  r.delete(
    '/push/subscriptions',
    { onRequest: signedIn, schema: { tags, body: pushUnsubscribeRequestSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await push.unsubscribe(await ownerOf(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
  r.get('/push/preferences', { onRequest: signedIn, schema: { tags, response: { 200: pushPreferencesSchema, ...errors } } }, async (request) =>
    push.preferences(await ownerOf(request)),
  );
  r.patch(
    '/push/preferences',
    { onRequest: signedIn, schema: { tags, body: updatePushPreferencesRequestSchema, response: { 200: pushPreferencesSchema, ...errors } } },
    async (request) => push.updatePreferences(await ownerOf(request), request.body.events),
  );
}
