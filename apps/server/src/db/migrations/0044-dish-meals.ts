// The meals a dish fits (issue 28, "Proponer un día"): the plan's meal slots it may be proposed at, as their
// positions 1–6 (1 desayuno, 2 media mañana, 3 almuerzo, 4 merienda, 5 media tarde, 6 cena) written
// "3,6". Every dish so far was proposed only as a lunch's or dinner's main course, so existing dishes get
// lunch and dinner. Same column on SQLite and PostgreSQL (a constant default is allowed on both).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('dishes')
    .addColumn('meals', 'text', (c) => c.notNull().defaultTo('3,6'))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dishes').dropColumn('meals').execute();
}
