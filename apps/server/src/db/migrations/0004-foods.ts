// Foods (the global SR24 catalogue, approved requests and each nutritionist's own foods) with their
// household measures and groups, food requests, dishes with their ingredients, and the versions of the
// reference files loaded at start. The catalogue rows are written by loadFoodReferenceData().
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reference_data_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('loaded_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('food_groups')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_es', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('foods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.references('nutritionists.id').onDelete('cascade'))
    .addColumn('country_code', 'text', (c) => c.notNull().defaultTo('AR'))
    .addColumn('ndb', 'text')
    .addColumn('name_es', 'text')
    .addColumn('name_en', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('group_code', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('deactivated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('legacy', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nutrients', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('foods_owner_matches_source', sql`(nutritionist_id is null) = (source <> 'own')`)
    .execute();
  // Own foods of one nutritionist (search, catalogue/own); global rows are read whole by country.
  await db.schema.createIndex('foods_owner_idx').on('foods').columns(['nutritionist_id', 'deactivated']).execute();
  await db.schema.createIndex('foods_country_idx').on('foods').columns(['country_code', 'source']).execute();

  await db.schema
    .createTable('food_measures')
    .addColumn('food_id', 'text', (c) => c.notNull().references('foods.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('gram_weight', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('food_measures_pk', ['food_id', 'position'])
    .execute();

  await db.schema
    .createTable('food_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text')
    .addColumn('brand', 'text')
    .addColumn('group_code', 'text')
    .addColumn('notes', 'text')
    .addColumn('photo_path', 'text')
    .addColumn('nutrients', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('measures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('rejection_reason', 'text')
    .addColumn('reviewed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    .addColumn('created_food_id', 'text', (c) => c.references('foods.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('food_requests_owner_idx').on('food_requests').columns(['nutritionist_id', 'created_at']).execute();
  await db.schema.createIndex('food_requests_status_idx').on('food_requests').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('dishes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('servings', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('deactivated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dishes_owner_idx').on('dishes').columns(['nutritionist_id', 'deactivated']).execute();

  await db.schema
    .createTable('dish_ingredients')
    .addColumn('dish_id', 'text', (c) => c.notNull().references('dishes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('food_id', 'text', (c) => c.references('foods.id'))
    .addColumn('ingredient_dish_id', 'text', (c) => c.references('dishes.id'))
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('measure_kind', 'text', (c) => c.notNull())
    .addColumn('measure_position', 'integer')
    .addColumn('measure_description', 'text')
    .addColumn('gram_weight', 'double precision')
    .addPrimaryKeyConstraint('dish_ingredients_pk', ['dish_id', 'position'])
    .addCheckConstraint('dish_ingredients_one_source', sql`(food_id is null) <> (ingredient_dish_id is null)`)
    .execute();
  await db.schema.createIndex('dish_ingredients_food_idx').on('dish_ingredients').column('food_id').execute();
  await db.schema.createIndex('dish_ingredients_dish_idx').on('dish_ingredients').column('ingredient_dish_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['dish_ingredients', 'dishes', 'food_requests', 'food_measures', 'foods', 'food_groups', 'reference_data_versions']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
