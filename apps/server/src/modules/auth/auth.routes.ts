// /api/v1/auth/* and /api/v1/me*: thin handlers that parse with the contract and call the auth service.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchema,
  errorBodySchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  meResponseSchema,
  portalAcceptRequestSchema,
  portalSessionResponseSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  updatePreferencesRequestSchema,
  updateProfileRequestSchema,
  verifyPasswordRequestSchema,
} from '@almendra/contracts';
import type { Guards } from '../../lib/auth-guard.js';
import type { PortalService } from '../portal/portal.service.js';
import type { AuthService, IssuedSession } from './auth.service.js';

export const REFRESH_COOKIE = 'almendra_refresh';
const REFRESH_COOKIE_PATH = '/api/v1/auth';

export interface AuthRoutesOptions {
  auth: AuthService;
  guards: Guards;
  secureCookies: boolean;
  /** POST /portal/accept: creates a patient's account from an invitation, then signs it in like /auth/login. */
  portal?: Pick<PortalService, 'accept'>;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions): Promise<void> {
  const { auth, guards, secureCookies } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const setRefreshCookie = (reply: FastifyReply, issued: IssuedSession) =>
    reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: REFRESH_COOKIE_PATH,
      expires: issued.refreshExpiresAt,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: secureCookies });
  const refreshTokenOf = (request: FastifyRequest, bodyToken?: string) => bodyToken ?? request.cookies[REFRESH_COOKIE];

  r.post(
    '/auth/register',
    { schema: { tags: ['auth'], body: registerRequestSchema, response: { 201: sessionResponseSchema, ...errors } } },
    async (request, reply) => {
      const issued = await auth.register(request.body, request.ip);
      setRefreshCookie(reply, issued);
      return reply.status(201).send(issued.session);
    },
  );

  if (options.portal) {
    const portal = options.portal;
    r.post(
      '/portal/accept',
      { schema: { tags: ['portal'], body: portalAcceptRequestSchema, response: { 200: portalSessionResponseSchema, ...errors } } },
      async (request, reply) => {
        const userId = await portal.accept(request.body, request.ip);
        const issued = await auth.sessionFor(userId);
        setRefreshCookie(reply, issued);
        const { accessToken, expiresAt, user } = issued.session;
        return { accessToken, expiresAt, user };
      },
    );
  }

  r.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (request, reply) => {
      const issued = await auth.login(request.body.email, request.body.password, request.ip);
      setRefreshCookie(reply, issued);
      return issued.session;
    },
  );

  r.post(
    '/auth/refresh',
    { schema: { tags: ['auth'], body: refreshRequestSchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (request, reply) => {
      try {
        const issued = await auth.refresh(refreshTokenOf(request, request.body?.refreshToken));
        setRefreshCookie(reply, issued);
        return issued.session;
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  r.post('/auth/logout', { schema: { tags: ['auth'], response: { 204: z.null() } } }, async (request, reply) => {
    await auth.logout(refreshTokenOf(request));
    clearRefreshCookie(reply);
    return reply.status(204).send(null);
  });

  r.post(
    '/auth/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordRequestSchema, response: { 202: z.object({}), ...errors } } },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, request.ip);
      return reply.status(202).send({});
    },
  );

  r.post(
    '/auth/reset-password',
    { schema: { tags: ['auth'], body: resetPasswordRequestSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/auth/verify-password',
    {
      preHandler: guards.authenticate,
      schema: { tags: ['auth'], body: verifyPasswordRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await auth.verifyPassword(request.auth!.userId, request.body.password);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/me',
    { preHandler: guards.authenticate, schema: { tags: ['me'], response: { 200: meResponseSchema, 401: errorBodySchema } } },
    async (request) => auth.me(request.auth!.userId),
  );

  r.patch(
    '/me/preferences',
    {
      preHandler: guards.authenticate,
      schema: { tags: ['me'], body: updatePreferencesRequestSchema, response: { 200: meResponseSchema, ...errors } },
    },
    async (request) => auth.updatePreferences(request.auth!.userId, request.body),
  );

  r.patch(
    '/me/profile',
    {
      preHandler: guards.authenticate,
      schema: { tags: ['me'], body: updateProfileRequestSchema, response: { 200: meResponseSchema, ...errors } },
    },
    async (request) => auth.updateProfile(request.auth!.userId, request.body),
  );

  r.post(
    '/me/password',
    {
      preHandler: guards.authenticate,
      schema: { tags: ['me'], body: changePasswordRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await auth.changePassword(request.auth!.userId, request.body, refreshTokenOf(request));
      return reply.status(204).send(null);
    },
  );
}
