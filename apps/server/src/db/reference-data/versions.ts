// reference_data_versions bookkeeping shared by the reference-data loaders: each loaded file is recorded
// under a name with its content hash, so a start with unchanged files costs one query per file.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Name under which the food table of a country is recorded (its hash keys anything derived from it). */
export const foodsVersionName = (country: string) => `foods:usda-sr24:${country}`;

/** The content hash recorded under `name`, or null when nothing was loaded yet. */
export async function loadedHash(db: Executor, name: string): Promise<string | null> {
  const row = await db.selectFrom('reference_data_versions').select('content_hash').where('name', '=', name).executeTakeFirst();
  return row?.content_hash ?? null;
}

/** Records (or replaces) what was loaded under `name`. */
export async function recordLoaded(db: Executor, entry: { name: string; hash: string; itemCount: number; now: string }): Promise<void> {
  await db
    .insertInto('reference_data_versions')
    .values({ name: entry.name, content_hash: entry.hash, item_count: entry.itemCount, loaded_at: entry.now })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        content_hash: eb.ref('excluded.content_hash'),
        item_count: eb.ref('excluded.item_count'),
        loaded_at: eb.ref('excluded.loaded_at'),
      })),
    )
    .execute();
}
