// /api/v1 notes: a patient's notes (/patients/{id}/notes[/{noteId}]) and the nutritionist's own notes
// (/notes[/{noteId}]); list with ?q=, create, read, change, delete. Another practice's ids answer 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createNoteRequestSchema, errorBodySchema, idSchema, noteListQuerySchema, noteListSchema, noteSchema, updateNoteRequestSchema } from '@almendra/contracts';
import type { Guards } from '../../lib/auth-guard.js';
import { actorOf } from '../patients/patient-access.js';
import type { NotesService } from './notes.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['notes'];
const patientParams = z.object({ id: idSchema });
const patientNoteParams = z.object({ id: idSchema, noteId: idSchema });
const ownNoteParams = z.object({ noteId: idSchema });

export async function notesRoutes(app: FastifyInstance, options: { notes: NotesService; guards: Guards }): Promise<void> {
  const { notes, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = guards.requireEditor;

  r.get(
    '/patients/:id/notes',
    { preHandler, schema: { tags, summary: "Lists a patient's notes, pinned first (?q= searches title and text)", params: patientParams, querystring: noteListQuerySchema, response: { 200: noteListSchema, ...errors } } },
    async (request) => notes.list(actorOf(request), request.params.id, request.query.q),
  );
  r.post(
    '/patients/:id/notes',
    { preHandler, schema: { tags, summary: 'Writes a note in a patient record', params: patientParams, body: createNoteRequestSchema, response: { 201: noteSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await notes.create(actorOf(request), request.params.id, request.body)),
  );
  r.get(
    '/patients/:id/notes/:noteId',
    { preHandler, schema: { tags, summary: "Reads one of a patient's notes", params: patientNoteParams, response: { 200: noteSchema, ...errors } } },
    async (request) => notes.get(actorOf(request), request.params.id, request.params.noteId),
  );
  r.patch(
    '/patients/:id/notes/:noteId',
    { preHandler, schema: { tags, summary: "Changes a patient's note (title, text, date or pinned)", params: patientNoteParams, body: updateNoteRequestSchema, response: { 200: noteSchema, ...errors } } },
    async (request) => notes.update(actorOf(request), request.params.id, request.params.noteId, request.body),
  );
  r.delete(
    '/patients/:id/notes/:noteId',
    { preHandler, schema: { tags, summary: "Deletes a patient's note", params: patientNoteParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await notes.remove(actorOf(request), request.params.id, request.params.noteId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/notes',
    { preHandler, schema: { tags, summary: "Lists the nutritionist's own notes, pinned first (?q= searches title and text)", querystring: noteListQuerySchema, response: { 200: noteListSchema, ...errors } } },
    async (request) => notes.list(actorOf(request), null, request.query.q),
  );
  r.post(
    '/notes',
    { preHandler, schema: { tags, summary: 'Writes one of her own notes', body: createNoteRequestSchema, response: { 201: noteSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await notes.create(actorOf(request), null, request.body)),
  );
  r.get(
    '/notes/:noteId',
    { preHandler, schema: { tags, summary: 'Reads one of her own notes', params: ownNoteParams, response: { 200: noteSchema, ...errors } } },
    async (request) => notes.get(actorOf(request), null, request.params.noteId),
  );
  r.patch(
    '/notes/:noteId',
    { preHandler, schema: { tags, summary: 'Changes one of her own notes', params: ownNoteParams, body: updateNoteRequestSchema, response: { 200: noteSchema, ...errors } } },
    async (request) => notes.update(actorOf(request), null, request.params.noteId, request.body),
  );
  r.delete(
    '/notes/:noteId',
    { preHandler, schema: { tags, summary: 'Deletes one of her own notes', params: ownNoteParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await notes.remove(actorOf(request), null, request.params.noteId);
      return reply.status(204).send(null);
    },
  );
}
