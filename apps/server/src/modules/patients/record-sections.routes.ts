// /api/v1 clinical record sections, each saved on its own: pregnancies (+ weights), background, habits,
// lab results, reminders and physical activities. Collections hang from /patients/{id}/…; single items
// are addressed by their own id (/pregnancies/{id}, /labs/{id}, /reminders/{id}, /activities/{id}).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityListSchema,
  activitySchema,
  backgroundSchema,
  createActivityRequestSchema,
  createLabResultRequestSchema,
  createReminderRequestSchema,
  errorBodySchema,
  finishPregnancyRequestSchema,
  habitsSchema,
  idSchema,
  labResultListQuerySchema,
  labResultListSchema,
  labResultSchema,
  pregnancyListSchema,
  pregnancySchema,
  pregnancyWeightRequestSchema,
  reminderListSchema,
  reminderSchema,
  startPregnancyRequestSchema,
  updateActivityRequestSchema,
  updateBackgroundRequestSchema,
  updateHabitsRequestSchema,
  updateLabResultRequestSchema,
  updatePregnancyRequestSchema,
  updateReminderRequestSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import { actorOf } from './patient-access.js';
import type { RecordSectionsService } from './record-sections.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const idParams = z.object({ id: idSchema });
const weightParams = z.object({ id: idSchema, weightId: idSchema });
const noContent = { 204: z.null(), ...errors };

export async function recordSectionsRoutes(app: FastifyInstance, options: { records: RecordSectionsService; guards: Guards }): Promise<void> {
  const { records } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = options.guards.requireEditor;
  const tags = ['patient record'];

  // --- pregnancy -----------------------------------------------------------------------------------
  r.get(
    '/patients/:id/pregnancies',
    { preHandler, schema: { tags, params: idParams, response: { 200: pregnancyListSchema, ...errors } } },
    async (request) => records.listPregnancies(tenantScope(request), request.params.id),
  );
  r.post(
    '/patients/:id/pregnancies',
    { preHandler, schema: { tags, params: idParams, body: startPregnancyRequestSchema, response: { 201: pregnancySchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await records.startPregnancy(actorOf(request), request.params.id, request.body)),
  );
  r.patch(
    '/pregnancies/:id',
    { preHandler, schema: { tags, params: idParams, body: updatePregnancyRequestSchema, response: { 200: pregnancySchema, ...errors } } },
    async (request) => records.updatePregnancy(actorOf(request), request.params.id, request.body),
  );
  r.delete('/pregnancies/:id', { preHandler, schema: { tags, params: idParams, response: noContent } }, async (request, reply) => {
    await records.deletePregnancy(actorOf(request), request.params.id);
    return reply.status(204).send(null);
  });
  r.post(
    '/pregnancies/:id/finish',
    { preHandler, schema: { tags, params: idParams, body: finishPregnancyRequestSchema, response: { 200: pregnancySchema, ...errors } } },
    async (request) => records.finishPregnancy(actorOf(request), request.params.id, request.body),
  );
  r.post(
    '/pregnancies/:id/weights',
    { preHandler, schema: { tags, params: idParams, body: pregnancyWeightRequestSchema, response: { 201: pregnancySchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await records.addWeight(actorOf(request), request.params.id, request.body)),
  );
  r.delete('/pregnancies/:id/weights/:weightId', { preHandler, schema: { tags, params: weightParams, response: noContent } }, async (request, reply) => {
    await records.deleteWeight(actorOf(request), request.params.id, request.params.weightId);
    return reply.status(204).send(null);
  });

  // --- background and habits (one document each) ------------------------------------------------------
  r.get(
    '/patients/:id/background',
    { preHandler, schema: { tags, params: idParams, response: { 200: backgroundSchema, ...errors } } },
    async (request) => records.getBackground(tenantScope(request), request.params.id),
  );
  r.put(
    '/patients/:id/background',
    { preHandler, schema: { tags, params: idParams, body: updateBackgroundRequestSchema, response: { 200: backgroundSchema, ...errors } } },
    async (request) => records.saveBackground(actorOf(request), request.params.id, request.body),
  );
  r.get(
    '/patients/:id/habits',
    { preHandler, schema: { tags, params: idParams, response: { 200: habitsSchema, ...errors } } },
    async (request) => records.getHabits(tenantScope(request), request.params.id),
  );
  r.put(
    '/patients/:id/habits',
    { preHandler, schema: { tags, params: idParams, body: updateHabitsRequestSchema, response: { 200: habitsSchema, ...errors } } },
    async (request) => records.saveHabits(actorOf(request), request.params.id, request.body),
  );

  // --- lab results ---------------------------------------------------------------------------------
  r.get(
    '/patients/:id/labs',
    { preHandler, schema: { tags, params: idParams, querystring: labResultListQuerySchema, response: { 200: labResultListSchema, ...errors } } },
    async (request) => records.listLabResults(tenantScope(request), request.params.id, request.query.analyte || undefined),
  );
  r.post(
    '/patients/:id/labs',
    { preHandler, schema: { tags, params: idParams, body: createLabResultRequestSchema, response: { 201: labResultSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await records.createLabResult(actorOf(request), request.params.id, request.body)),
  );
  r.patch(
    '/labs/:id',
    { preHandler, schema: { tags, params: idParams, body: updateLabResultRequestSchema, response: { 200: labResultSchema, ...errors } } },
    async (request) => records.updateLabResult(actorOf(request), request.params.id, request.body),
  );
  r.delete('/labs/:id', { preHandler, schema: { tags, params: idParams, response: noContent } }, async (request, reply) => {
    await records.deleteLabResult(actorOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  // --- reminders -----------------------------------------------------------------------------------
  r.get(
    '/patients/:id/reminders',
    { preHandler, schema: { tags, params: idParams, response: { 200: reminderListSchema, ...errors } } },
    async (request) => records.listReminders(tenantScope(request), request.params.id),
  );
  r.post(
    '/patients/:id/reminders',
    { preHandler, schema: { tags, params: idParams, body: createReminderRequestSchema, response: { 201: reminderSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await records.createReminder(actorOf(request), request.params.id, request.body)),
  );
  r.patch(
    '/reminders/:id',
    { preHandler, schema: { tags, params: idParams, body: updateReminderRequestSchema, response: { 200: reminderSchema, ...errors } } },
    async (request) => records.updateReminder(actorOf(request), request.params.id, request.body),
  );
  r.delete('/reminders/:id', { preHandler, schema: { tags, params: idParams, response: noContent } }, async (request, reply) => {
    await records.deleteReminder(actorOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  // --- physical activity ---------------------------------------------------------------------------
  r.get(
    '/patients/:id/activities',
    { preHandler, schema: { tags, params: idParams, response: { 200: activityListSchema, ...errors } } },
    async (request) => records.listActivities(tenantScope(request), request.params.id),
  );
  r.post(
    '/patients/:id/activities',
    { preHandler, schema: { tags, params: idParams, body: createActivityRequestSchema, response: { 201: activitySchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await records.createActivity(actorOf(request), request.params.id, request.body)),
  );
  r.patch(
    '/activities/:id',
    { preHandler, schema: { tags, params: idParams, body: updateActivityRequestSchema, response: { 200: activitySchema, ...errors } } },
    async (request) => records.updateActivity(actorOf(request), request.params.id, request.body),
  );
  r.delete('/activities/:id', { preHandler, schema: { tags, params: idParams, response: noContent } }, async (request, reply) => {
    await records.deleteActivity(actorOf(request), request.params.id);
    return reply.status(204).send(null);
  });
}
