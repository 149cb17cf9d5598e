// Meal slots and meal plans (see schema-plans.ts).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('meal_slots')
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('meal_slots_pk', ['nutritionist_id', 'slot'])
    .execute();

  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.references('patients.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('goal', 'text', (c) => c.notNull())
    .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('plans_patient_idx').on('plans').columns(['nutritionist_id', 'patient_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plans').execute();
  await db.schema.dropTable('meal_slots').execute();
}
