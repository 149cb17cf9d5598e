// Bearer-token authentication and role checks as route preHandlers. The verified claims become
// request.auth; the tenant scope of every practice query is request.auth.nutritionistId.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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

export function createGuards(tokens: AccessTokenIssuer, options: GuardOptions = {}) {
  const authenticate: preHandlerAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 'Inicia sesión para continuar.');
    request.auth = await tokens.verify(token);
  };

  /** Authenticates, then admits only the given roles (403 otherwise). */
  const roleCheck =
    (checkPlan: boolean, roles: Role[]): preHandlerAsyncHookHandler =>
    async function (this: unknown, request, reply) {
      await authenticate.call(this as never, request, reply);
      if (!request.auth || !roles.includes(request.auth.role)) {
        throw new AppError('FORBIDDEN', 'No tienes permiso para hacer esto.');
      }
      if (checkPlan && options.assertCanWrite && request.auth.nutritionistId && request.auth.role === 'nutritionist' && !READ_METHODS.has(request.method)) {
        await options.assertCanWrite(request.auth.nutritionistId);
      }
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
