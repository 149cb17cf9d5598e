// /api/v1/me/onboarding: the guided tour and first-patient popup state of the signed-in practice.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, onboardingStateSchema, updateOnboardingSchema } from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { OnboardingService } from './onboarding.service.js';

export async function onboardingRoutes(app: FastifyInstance, options: { onboarding: OnboardingService; guards: Guards }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
  r.get(
    '/me/onboarding',
    {
      preHandler: options.guards.requireEditor,
      schema: { tags: ['me'], summary: 'Onboarding state: guided tour, first-patient popup, patient-count band', response: { 200: onboardingStateSchema, ...errors } },
    },
    async (request) => options.onboarding.get(tenantScope(request).nutritionistId),
  );
  r.patch(
    '/me/onboarding',
    {
      preHandler: options.guards.requireEditor,
      schema: {
        tags: ['me'],
        summary: 'Mark the guided tour seen (or pending again) and the first-patient popup completed or dismissed',
        body: updateOnboardingSchema,
        response: { 200: onboardingStateSchema, ...errors },
      },
    },
    async (request) => options.onboarding.update(tenantScope(request).nutritionistId, request.body),
  );
}
