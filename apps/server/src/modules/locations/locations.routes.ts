// /api/v1/locations: places of care, their weekly hours, their services (with optional own hours) and
// the calendar's visible hours. Thin handlers: parse with the contract, call the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarHoursSchema,
  createLocationRequestSchema,
  createServiceRequestSchema,
  errorBodySchema,
  locationIdParamsSchema,
  locationListSchema,
  locationSchema,
  serviceIdParamsSchema,
  serviceListSchema,
  serviceScheduleResponseSchema,
  serviceSchema,
  updateLocationRequestSchema,
  updateServiceRequestSchema,
  weeklyScheduleResponseSchema,
  weeklyScheduleSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { LocationsService } from './locations.service.js';

export interface LocationsRoutesOptions {
  locations: LocationsService;
  guards: Guards;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['locations'];

export async function locationsRoutes(app: FastifyInstance, options: LocationsRoutesOptions): Promise<void> {
  const { locations, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = guards.requireEditor;

  r.get('/locations', { preHandler, schema: { tags, response: { 200: locationListSchema, ...errors } } }, async (request) =>
    locations.list(tenantScope(request)),
  );

  r.get('/locations/hours', { preHandler, schema: { tags, response: { 200: calendarHoursSchema, ...errors } } }, async (request) =>
    locations.calendarHours(tenantScope(request)),
  );

  r.post(
    '/locations',
    { preHandler, schema: { tags, body: createLocationRequestSchema, response: { 201: locationSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await locations.create(tenantScope(request), request.body)),
  );

  r.get(
    '/locations/:id',
    { preHandler, schema: { tags, params: locationIdParamsSchema, response: { 200: locationSchema, ...errors } } },
    async (request) => locations.get(tenantScope(request), request.params.id),
  );

  r.patch(
    '/locations/:id',
    {
      preHandler,
      schema: { tags, params: locationIdParamsSchema, body: updateLocationRequestSchema, response: { 200: locationSchema, ...errors } },
    },
    async (request) => locations.update(tenantScope(request), request.params.id, request.body),
  );

  r.delete(
    '/locations/:id',
    { preHandler, schema: { tags, params: locationIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await locations.remove(tenantScope(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/locations/:id/hide',
    { preHandler, schema: { tags, params: locationIdParamsSchema, response: { 200: locationSchema, ...errors } } },
    async (request) => locations.setVisible(tenantScope(request), request.params.id, false),
  );

  r.post(
    '/locations/:id/unhide',
    { preHandler, schema: { tags, params: locationIdParamsSchema, response: { 200: locationSchema, ...errors } } },
    async (request) => locations.setVisible(tenantScope(request), request.params.id, true),
  );

  r.get(
    '/locations/:id/schedule',
    { preHandler, schema: { tags, params: locationIdParamsSchema, response: { 200: weeklyScheduleResponseSchema, ...errors } } },
    async (request) => locations.getSchedule(tenantScope(request), request.params.id),
  );

  r.put(
    '/locations/:id/schedule',
    {
      preHandler,
      schema: { tags, params: locationIdParamsSchema, body: weeklyScheduleSchema, response: { 200: weeklyScheduleResponseSchema, ...errors } },
    },
    async (request) => locations.putSchedule(tenantScope(request), request.params.id, request.body),
  );

  r.get(
    '/locations/:id/services',
    { preHandler, schema: { tags, params: locationIdParamsSchema, response: { 200: serviceListSchema, ...errors } } },
    async (request) => locations.listServices(tenantScope(request), request.params.id),
  );

  r.post(
    '/locations/:id/services',
    {
      preHandler,
      schema: { tags, params: locationIdParamsSchema, body: createServiceRequestSchema, response: { 201: serviceSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await locations.createService(tenantScope(request), request.params.id, request.body)),
  );

  r.patch(
    '/locations/:id/services/:sid',
    {
      preHandler,
      schema: { tags, params: serviceIdParamsSchema, body: updateServiceRequestSchema, response: { 200: serviceSchema, ...errors } },
    },
    async (request) => locations.updateService(tenantScope(request), request.params.id, request.params.sid, request.body),
  );

  r.delete(
    '/locations/:id/services/:sid',
    { preHandler, schema: { tags, params: serviceIdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await locations.removeService(tenantScope(request), request.params.id, request.params.sid);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/locations/:id/services/:sid/schedule',
    { preHandler, schema: { tags, params: serviceIdParamsSchema, response: { 200: serviceScheduleResponseSchema, ...errors } } },
    async (request) => locations.getServiceSchedule(tenantScope(request), request.params.id, request.params.sid),
  );

  r.put(
    '/locations/:id/services/:sid/schedule',
    {
      preHandler,
      schema: { tags, params: serviceIdParamsSchema, body: weeklyScheduleSchema, response: { 200: serviceScheduleResponseSchema, ...errors } },
    },
    async (request) => locations.putServiceSchedule(tenantScope(request), request.params.id, request.params.sid, request.body),
  );

  r.delete(
    '/locations/:id/services/:sid/schedule',
    { preHandler, schema: { tags, params: serviceIdParamsSchema, response: { 200: serviceScheduleResponseSchema, ...errors } } },
    async (request) => locations.removeServiceSchedule(tenantScope(request), request.params.id, request.params.sid),
  );
}
