// What other tools need from /api/openapi.json, applied to every route in one place (an onRoute hook, so
// no route can forget it): an operationId and a summary, the bearer security requirement on routes
// behind a guard, and the uniform error body documented for the error statuses a client must handle.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { errorBodySchema } from '@almendra/contracts';

/** Statuses every operation may answer with the error body (400 bad input … 429 rate limited). */
const DOCUMENTED_ERRORS = [400, 401, 403, 404, 409, 413, 429] as const;
const PUBLIC_ERRORS = [400, 404, 413, 429] as const;

/** 'GET' + '/api/v1/patients/:id/consultations' → 'getPatientsByIdConsultations'. */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api(\/v1)?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

export function installOpenApiConventions(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/v1') || route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD'))) return;
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    if (schema.hide) return;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    // Every guard (requireEditor, requireAdmin…) is a preHandler; public routes have none.
    const guarded = route.preHandler !== undefined;
    schema.operationId ??= operationIdFor(method, route.url);
    schema.summary ??= `${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`;
    // Public operations say so explicitly (an empty requirement), so a client generator or linter never
    // has to guess whether a missing one means "no auth".
    schema.security ??= guarded ? [{ bearer: [] }] : [];
    const response = (schema.response ??= {}) as Record<string, unknown>;
    for (const status of guarded ? DOCUMENTED_ERRORS : PUBLIC_ERRORS) response[status] ??= errorBodySchema;
  });
}
