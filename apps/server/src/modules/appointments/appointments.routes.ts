// /api/v1/appointments (calendar window, today's agenda, booking, rescheduling, status, deletion) and
// /api/v1/locations/{id}/slots (free slots of a place on a date). Thin handlers over the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentChangeNoticeSchema,
  appointmentIdParamsSchema,
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  createAppointmentRequestSchema,
  errorBodySchema,
  locationIdParamsSchema,
  slotListSchema,
  slotsQuerySchema,
  todayAgendaSchema,
  todayQuerySchema,
  updateAppointmentRequestSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { AppointmentsService } from './appointments.service.js';

export interface AppointmentsRoutesOptions {
  appointments: AppointmentsService;
  guards: Guards;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
const tags = ['appointments'];

export async function appointmentsRoutes(app: FastifyInstance, options: AppointmentsRoutesOptions): Promise<void> {
  const { appointments, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = guards.requireEditor;

  r.get(
    '/appointments',
    { preHandler, schema: { tags, querystring: appointmentListQuerySchema, response: { 200: appointmentListSchema, ...errors } } },
    async (request) => appointments.list(tenantScope(request), request.query),
  );

  r.get(
    '/appointments/today',
    { preHandler, schema: { tags, querystring: todayQuerySchema, response: { 200: todayAgendaSchema, ...errors } } },
    async (request) => appointments.today(tenantScope(request), request.query.includeCancelled ?? false),
  );

  r.post(
    '/appointments',
    { preHandler, schema: { tags, body: createAppointmentRequestSchema, response: { 201: appointmentSchema, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await appointments.create(tenantScope(request), request.auth?.userId ?? null, request.body)),
  );

  r.get(
    '/appointments/:id',
    { preHandler, schema: { tags, params: appointmentIdParamsSchema, response: { 200: appointmentSchema, ...errors } } },
    async (request) => appointments.get(tenantScope(request), request.params.id),
  );

  r.patch(
    '/appointments/:id',
    {
      preHandler,
      schema: { tags, params: appointmentIdParamsSchema, body: updateAppointmentRequestSchema, response: { 200: appointmentSchema, ...errors } },
    },
    async (request) => appointments.update(tenantScope(request), request.params.id, request.body),
  );

  r.post(
    '/appointments/:id/notify-change',
    { preHandler, schema: { tags, params: appointmentIdParamsSchema, response: { 200: appointmentChangeNoticeSchema, ...errors } } },
    async (request) => appointments.notifyChange(tenantScope(request), request.params.id),
  );

  r.delete(
    '/appointments/:id',
    { preHandler, schema: { tags, params: appointmentIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await appointments.remove(tenantScope(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/locations/:id/slots',
    {
      preHandler,
      schema: { tags: ['locations', ...tags], params: locationIdParamsSchema, querystring: slotsQuerySchema, response: { 200: slotListSchema, ...errors } },
    },
    async (request) => appointments.slots(tenantScope(request), request.params.id, request.query),
  );
}
