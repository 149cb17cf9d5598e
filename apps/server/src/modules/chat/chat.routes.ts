// Chat over HTTP (sends, history, read marks); the same events then arrive over /api/v1/ws. The practice
// side is /conversations/{patientId}/…, the patient side /portal/messages.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatMessagePageSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatReadResponseSchema,
  conversationListQuerySchema,
  conversationListSchema,
  errorBodySchema,
  idSchema,
  sendChatMessageRequestSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { PortalService } from '../portal/portal.service.js';
import type { ChatParty, ChatService } from './chat.service.js';

export interface ChatRoutesOptions {
  chat: ChatService;
  portal: PortalService;
  guards: Guards;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };
const patientParams = z.object({ patientId: idSchema });
const tags = ['chat'];

export async function chatRoutes(app: FastifyInstance, options: ChatRoutesOptions): Promise<void> {
  const { chat, portal, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const editor = guards.requireEditor;
  const patient = guards.requireRole('patient');

  const practiceParty = (request: { auth: { userId: string } | null; params: { patientId: string } } & Parameters<typeof tenantScope>[0]) =>
    chat.nutritionistParty({ ...tenantScope(request), userId: request.auth!.userId }, request.params.patientId);
  const patientParty = async (request: Parameters<typeof tenantScope>[0]): Promise<ChatParty> => {
    const scope = await portal.scopeOf(request.auth!.userId);
    return { side: 'patient', ...scope };
  };

  r.get('/conversations', { preHandler: editor, schema: { tags, querystring: conversationListQuerySchema, response: { 200: conversationListSchema, ...errors } } }, async (request) =>
    chat.conversations(tenantScope(request), request.query),
  );
  r.get(
    '/conversations/:patientId/messages',
    { preHandler: editor, schema: { tags, params: patientParams, querystring: chatMessagesQuerySchema, response: { 200: chatMessagePageSchema, ...errors } } },
    async (request) => chat.messages(await practiceParty(request), request.query),
  );
  r.post(
    '/conversations/:patientId/messages',
    { preHandler: editor, schema: { tags, params: patientParams, body: sendChatMessageRequestSchema, response: { 201: chatMessageSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await chat.send(await practiceParty(request), request.body)),
  );
  r.post(
    '/conversations/:patientId/read',
    { preHandler: editor, schema: { tags, params: patientParams, response: { 200: chatReadResponseSchema, ...errors } } },
    async (request) => chat.markRead(await practiceParty(request)),
  );

  r.get('/portal/messages', { preHandler: patient, schema: { tags, querystring: chatMessagesQuerySchema, response: { 200: chatMessagePageSchema, ...errors } } }, async (request) =>
    chat.messages(await patientParty(request), request.query),
  );
  r.post(
    '/portal/messages',
    { preHandler: patient, schema: { tags, body: sendChatMessageRequestSchema, response: { 201: chatMessageSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await chat.send(await patientParty(request), request.body)),
  );
  r.post('/portal/messages/read', { preHandler: patient, schema: { tags, response: { 200: chatReadResponseSchema, ...errors } } }, async (request) =>
    chat.markRead(await patientParty(request)),
  );
}
