// /api/v1/auth/oidc/*: single sign-on. start answers the provider's URL (the browser goes there) and sets
// the pending-sign-in cookie; callback takes the query string the provider returned at /callback and,
// when it checks out, signs in like /auth/login (session answer + refresh cookie).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, oidcCallbackRequestSchema, oidcCallbackResponseSchema, oidcStartRequestSchema, oidcStartResponseSchema } from '@almendra/contracts';
import { AppError } from '../../lib/errors.js';
import { REFRESH_COOKIE } from '../auth/auth.routes.js';
import type { AuthService } from '../auth/auth.service.js';
import type { OidcService } from './oidc.service.js';

export const OIDC_PENDING_COOKIE = 'almendra_oidc';
const PENDING_COOKIE_PATH = '/api/v1/auth/oidc';

export interface OidcRoutesOptions {
  /** null when single sign-on is not configured: both routes answer 404 OIDC_DISABLED. */
  oidc: OidcService | null;
  auth: AuthService;
  secureCookies: boolean;
}

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 502: errorBodySchema };

export async function oidcRoutes(app: FastifyInstance, options: OidcRoutesOptions): Promise<void> {
  const { auth, secureCookies } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const enabled = (): OidcService => {
    if (!options.oidc) throw new AppError('OIDC_DISABLED', 'El inicio de sesión único no está configurado en este servidor.');
    return options.oidc;
  };
  const clearPending = (reply: FastifyReply) =>
    reply.clearCookie(OIDC_PENDING_COOKIE, { path: PENDING_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: secureCookies });

  r.post(
    '/auth/oidc/start',
    { schema: { tags: ['auth'], body: oidcStartRequestSchema, response: { 200: oidcStartResponseSchema, ...errors } } },
    async (request, reply) => {
      const oidc = enabled();
      const started = await oidc.start(request.body.to);
      reply.setCookie(OIDC_PENDING_COOKIE, started.pendingCookie, {
        httpOnly: true,
        // Lax: the callback page's request is same-site, and a cross-site POST never carries it.
        sameSite: 'lax',
        secure: secureCookies,
        path: PENDING_COOKIE_PATH,
        maxAge: started.maxAgeSeconds,
      });
      return { authorizationUrl: started.authorizationUrl };
    },
  );

  r.post(
    '/auth/oidc/callback',
    { schema: { tags: ['auth'], body: oidcCallbackRequestSchema, response: { 200: oidcCallbackResponseSchema, ...errors } } },
    async (request, reply) => {
      const oidc = enabled();
      // One use: whatever the outcome, this pending sign-in is over.
      clearPending(reply);
      const finished = await oidc.finish(request.body.query, request.cookies[OIDC_PENDING_COOKIE]);
      const issued = await auth.sessionFor(finished.userId);
      reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookies,
        path: '/api/v1/auth',
        expires: issued.refreshExpiresAt,
      });
      return { ...issued.session, to: finished.to };
    },
  );
}
