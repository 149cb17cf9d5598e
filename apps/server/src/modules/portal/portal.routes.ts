// The patient portal's accounts: the nutritionist invites (POST /patients/{id}/portal-invite), sees the
// state (GET /patients/{id}/portal-access) and revokes (DELETE /patients/{id}/portal-access); the patient
// reads who they are (GET /portal/me). POST /portal/accept lives with the auth routes (it sets the cookie).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idSchema, portalAccessSchema, portalInviteResponseSchema, portalMeSchema } from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { ChatService } from '../chat/chat.service.js';
import type { PatientScope, PortalService } from './portal.service.js';

export interface PortalRoutesOptions {
  portal: PortalService;
  chat: ChatService;
  guards: Guards;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const idParams = z.object({ id: idSchema });
const tags = ['portal'];

/** The signed-in patient's scope (the preHandler guards.requireRole('patient') has run). */
export const patientScopeOf = (portal: PortalService, request: FastifyRequest): Promise<PatientScope> => portal.scopeOf(request.auth!.userId);

export async function portalRoutes(app: FastifyInstance, options: PortalRoutesOptions): Promise<void> {
  const { portal, chat, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/patients/:id/portal-access',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 200: portalAccessSchema, ...errors } } },
    async (request) => portal.access(tenantScope(request), request.params.id),
  );
  r.post(
    '/patients/:id/portal-invite',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 201: portalInviteResponseSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await portal.invite(tenantScope(request), request.params.id)),
  );
  r.delete(
    '/patients/:id/portal-access',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await portal.revoke(tenantScope(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get('/portal/me', { preHandler: guards.requireRole('patient'), schema: { tags, response: { 200: portalMeSchema, ...errors } } }, async (request) => {
    const scope = await patientScopeOf(portal, request);
    return portal.me(scope, await chat.unreadCount(scope, 'patient'));
  });
}
