// POST /api/v1/plans/solve/exchanges, /plans/solve/formula-day and /plans/solve/propose-day (issue 28): thin handlers over the solver service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  proposeDayRequestSchema,
  proposeDayResponseSchema,
  solveExchangesRequestSchema,
  solveExchangesResponseSchema,
  solveFormulaDayRequestSchema,
  solveFormulaDayResponseSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../../lib/auth-guard.js';
import type { PlanSolverService } from './plan-solver.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

export async function planSolverRoutes(app: FastifyInstance, options: { solver: PlanSolverService; guards: Guards }): Promise<void> {
  const { solver, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['plans'];
  r.post(
    '/plans/solve/exchanges',
    { preHandler: guards.requireEditor, schema: { tags, body: solveExchangesRequestSchema, response: { 200: solveExchangesResponseSchema, ...errors } } },
    async (request) => solver.exchanges(tenantScope(request), request.body),
  );
  r.post(
    '/plans/solve/formula-day',
    { preHandler: guards.requireEditor, schema: { tags, body: solveFormulaDayRequestSchema, response: { 200: solveFormulaDayResponseSchema, ...errors } } },
    async (request) => solver.formulaDay(tenantScope(request), request.body),
  );
  r.post(
    '/plans/solve/propose-day',
    { preHandler: guards.requireEditor, schema: { tags, body: proposeDayRequestSchema, response: { 200: proposeDayResponseSchema, ...errors } } },
    async (request) => solver.proposeDay(tenantScope(request), request.body),
  );
}
