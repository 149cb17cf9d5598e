// Example dishes (platos de ejemplo) shipped in data/dishes/ and loaded at start by loadDishExamples():
// global, read-only rows every nutritionist sees and may copy into their own dishes. They live in their
// own tables because dishes.nutritionist_id is the tenant key (NOT NULL) and an example has no owner.
// Also adds the dish photo (a re-encoded WebP under DATA_DIR/uploads/dishes/).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dish_examples')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('servings', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('deactivated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dish_examples_country_idx').on('dish_examples').columns(['country_code', 'deactivated']).execute();

  await db.schema
    .createTable('dish_example_ingredients')
    .addColumn('example_id', 'text', (c) => c.notNull().references('dish_examples.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('food_id', 'text', (c) => c.notNull().references('foods.id'))
    .addColumn('quantity', 'double precision', (c) => c.notNull())
    .addColumn('measure_kind', 'text', (c) => c.notNull())
    .addColumn('measure_position', 'integer')
    .addColumn('measure_description', 'text')
    .addColumn('gram_weight', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('dish_example_ingredients_pk', ['example_id', 'position'])
    .execute();

  await db.schema.alterTable('dishes').addColumn('photo_path', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dishes').dropColumn('photo_path').execute();
  await db.schema.dropTable('dish_example_ingredients').ifExists().execute();
  await db.schema.dropTable('dish_examples').ifExists().execute();
}
