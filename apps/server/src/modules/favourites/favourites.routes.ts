// Favourites under the foods and dishes routes (issue 28): GET /foods/favourites, PUT and DELETE
// /foods/{id}/favourite, and the same for /dishes. Thin handlers over the favourites service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, favouriteIdsSchema, idSchema } from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { FavouritesService } from './favourites.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = z.object({ id: idSchema });

export async function favouritesRoutes(app: FastifyInstance, options: { favourites: FavouritesService; guards: Guards }): Promise<void> {
  const { favourites, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [kind, base, tag] of [['food', '/foods', 'foods'], ['dish', '/dishes', 'dishes']] as const) {
    const tags = [tag];
    r.get(
      `${base}/favourites`,
      { preHandler: guards.requireEditor, schema: { tags, description: `The ${kind === 'food' ? 'foods' : 'dishes'} she starred, newest first.`, response: { 200: favouriteIdsSchema, ...errors } } },
      async (request) => favourites.list(tenantScope(request), kind),
    );
    r.put(
      `${base}/:id/favourite`,
      { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await favourites.add(tenantScope(request), kind, request.params.id);
        return reply.status(204).send(null);
      },
    );
    r.delete(
      `${base}/:id/favourite`,
      { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await favourites.remove(tenantScope(request), kind, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
}
