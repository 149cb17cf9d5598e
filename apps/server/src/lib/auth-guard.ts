// Bearer-token authentication and role checks as route preHandlers. The verified claims become
// request.auth; the tenant scope of every practice query is request.auth.nutritionistId.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { Role } from '@almendra/contracts';
import type { AccessClaims, AccessTokenIssuer } from './access-token.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export interface GuardOptions {
  /**
   * Called before every non-GET request of a practice (billing: an expired subscription may read and
   * export, not write). Throws to refuse.
   */
  assertCanWrite?: (nutritionistId: string) => Promise<void>;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALL_ROLES: Role[] = ['nutritionist', 'admin', 'patient'];

/** Every guard hook and the roles it admits (installGuardsFirst reads it). */
const guardRoles = new WeakMap<object, Role[]>();

export function createGuards(tokens: AccessTokenIssuer, options: GuardOptions = {}) {
  const authenticate: preHandlerAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 'Inicia sesión para continuar.');
    request.auth = await tokens.verify(token);
  };
  guardRoles.set(authenticate, ALL_ROLES);

  /** Authenticates, then admits only the given roles (403 otherwise). */
  const roleCheck = (checkPlan: boolean, roles: Role[]): preHandlerAsyncHookHandler => {
    const guard: preHandlerAsyncHookHandler = async function (this: unknown, request, reply) {
      await authenticate.call(this as never, request, reply);
      if (!request.auth || !roles.includes(request.auth.role)) {
        throw new AppError('FORBIDDEN', 'No tienes permiso para hacer esto.');
      }
      if (checkPlan && options.assertCanWrite && request.auth.nutritionistId && request.auth.role === 'nutritionist' && !READ_METHODS.has(request.method)) {
        await options.assertCanWrite(request.auth.nutritionistId);
      }
    };
    guardRoles.set(guard, roles);
    return guard;
  };
  const requireRole = (...roles: Role[]) => roleCheck(true, roles);

  return {
    authenticate,
    requireRole,
    /** The spec's editor rule: nutritionists, and admins who also run a practice. */
    requireEditor: requireRole('nutritionist', 'admin'),
    /** The editor rule without the subscription check: the billing routes an expired account needs. */
    requireEditorAnyPlan: roleCheck(false, ['nutritionist', 'admin']),
    requireAdmin: requireRole('admin'),
  };
}

export type Guards = ReturnType<typeof createGuards>;

/** The tenant scope of the signed-in nutritionist; 403 for accounts without a practice. */
export function tenantScope(request: FastifyRequest): { nutritionistId: string } {
  const nutritionistId = request.auth?.nutritionistId;
  if (!nutritionistId) throw new AppError('FORBIDDEN', 'Esta cuenta no tiene un consultorio asociado.');
  return { nutritionistId };
}

/**
 * A route's own guard (one that also admits something other than a bearer token, such as a signed link):
 * run first like the standard guards, and documented as admitting `roles`.
 */
export function customGuard<T extends preHandlerAsyncHookHandler>(roles: Role[], guard: T): T {
  guardRoles.set(guard, roles);
  return guard;
}

/**
 * Who may call is decided before what they sent is read. Routes declare their guard as a `preHandler`
 * (readable next to the handler), but Fastify validates params, query and body before preHandlers, so a
 * patient's token on a nutritionist-only route got 400 for its body instead of 403. This onRoute hook
 * moves every guard to the route's `onRequest` (before body parsing and validation) and writes the roles
 * it admits into the OpenAPI operation as `x-roles`. Install it after installOpenApiConventions, which
 * reads `preHandler` to mark guarded operations.
 */
export function installGuardsFirst(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.preHandler) return;
    const handlers = Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    const guards = handlers.filter((h) => guardRoles.has(h));
    if (guards.length === 0) return;
    const rest = handlers.filter((h) => !guardRoles.has(h));
    route.preHandler = rest.length > 0 ? rest : [];
    const onRequest = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...onRequest, ...(guards as never[])];
    // The roles every guard admits (a route with two guards admits only what both do).
    const roles = guards.reduce<Role[]>((allowed, g) => allowed.filter((role) => guardRoles.get(g)!.includes(role)), ALL_ROLES);
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    schema['x-roles'] = roles;
  });
}
