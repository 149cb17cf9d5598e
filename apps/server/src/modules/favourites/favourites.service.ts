// Favourite foods and dishes (issue 28): a nutritionist stars the foods and dishes she uses most; "Proponer
// un día" can compose a day from them. Every read and write is scoped to her: another nutritionist never sees
// her stars, and she can only star a food or dish she can see (global or hers; her dishes or the examples).
import type { Kysely } from 'kysely';
import { FAVOURITE_DISH_NOT_FOUND_MESSAGE, FAVOURITE_FOOD_NOT_FOUND_MESSAGE, type FavouriteIds } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { isDishExampleId } from '../../db/reference-data/dish-examples-loader.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';

type Scope = { nutritionistId: string };
export type FavouriteKind = 'food' | 'dish';

export function createFavouritesService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;

  async function visible(scope: Scope, kind: FavouriteKind, id: string): Promise<boolean> {
    if (kind === 'food') {
      const row = await db
        .selectFrom('foods')
        .select('id')
        .where('id', '=', id)
        .where((eb) => eb.or([eb('nutritionist_id', 'is', null), eb('nutritionist_id', '=', scope.nutritionistId)]))
        .executeTakeFirst();
      return row !== undefined;
    }
    if (isDishExampleId(id)) return (await db.selectFrom('dish_examples').select('id').where('id', '=', id).where('deactivated', '=', 0).executeTakeFirst()) !== undefined;
    return (await db.selectFrom('dishes').select('id').where('id', '=', id).where('nutritionist_id', '=', scope.nutritionistId).where('deactivated', '=', 0).executeTakeFirst()) !== undefined;
  }

  return {
    async list(scope: Scope, kind: FavouriteKind): Promise<FavouriteIds> {
      const rows = await db
        .selectFrom('favourites')
        .select('item_id')
        .where('nutritionist_id', '=', scope.nutritionistId)
        .where('kind', '=', kind)
        .orderBy('created_at', 'desc')
        .orderBy('item_id')
        .execute();
      return { ids: rows.map((r) => r.item_id) };
    },

    async add(scope: Scope, kind: FavouriteKind, id: string): Promise<void> {
      if (!(await visible(scope, kind, id))) {
        const message = kind === 'food' ? FAVOURITE_FOOD_NOT_FOUND_MESSAGE : FAVOURITE_DISH_NOT_FOUND_MESSAGE;
        throw new AppError('NOT_FOUND', message, [{ path: 'id', message: 'No existe o no es tuyo.' }]);
      }
      await db
        .insertInto('favourites')
        .values({ nutritionist_id: scope.nutritionistId, kind, item_id: id, created_at: clock.now().toISOString() })
        .onConflict((oc) => oc.columns(['nutritionist_id', 'kind', 'item_id']).doNothing())
        .execute();
    },

    async remove(scope: Scope, kind: FavouriteKind, id: string): Promise<void> {
      await db.deleteFrom('favourites').where('nutritionist_id', '=', scope.nutritionistId).where('kind', '=', kind).where('item_id', '=', id).execute();
    },
  };
}
export type FavouritesService = ReturnType<typeof createFavouritesService>;
