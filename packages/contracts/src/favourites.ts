// Favourites (issue 28): the foods and dishes a nutritionist stars in her lists, private to her. "Proponer
// un día" can compose a day from them. GET /foods/favourites and /dishes/favourites list the ids;
// PUT /foods/{id}/favourite (or /dishes/{id}/favourite) stars one, DELETE unstars it; both idempotent.
import { z } from 'zod';
import { idSchema } from './common.js';

/** The ids she starred, newest first. */
export const favouriteIdsSchema = z.object({ ids: z.array(idSchema) });
export type FavouriteIds = z.infer<typeof favouriteIdsSchema>;

export const FAVOURITE_FOOD_NOT_FOUND_MESSAGE = 'No encontramos ese alimento.';
export const FAVOURITE_DISH_NOT_FOUND_MESSAGE = 'No encontramos ese plato.';
