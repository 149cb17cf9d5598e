// The meals the shipped example dishes fit (after 0044, which gave every dish lunch and dinner). The examples
// are global rows of dish_examples (no tenant), so they get a `meals` column of their own, "3,6" by default,
// and the loader writes each example's meals from data/dishes/examples-es-AR.json from now on. This up sets
// the examples that are not main courses (the rule is in docs/foods.md) and gives the same meals to the
// copies a nutritionist made of them and never edited: an own dish at version 1 (never saved since the copy)
// with the example's name and preparation and lunch and dinner as copied. Copies she edited or renamed, and
// her other dishes, keep their meals. The down puts those copies back to lunch and dinner (only when they
// still have exactly the meals this up gave them and are still unedited) and drops the column.
// The slugs and meals are literal, as of this migration: the data file may change later, this must not.
import { sql, type Kysely } from 'kysely';

/** Example slug → its meals (slot positions, "1,4"), for the examples that are not lunch and dinner. */
const EXAMPLE_MEALS: Readonly<Record<string, string>> = {
  'arroz-con-leche': '1,4',
  'flan-casero': '1,4',
  panqueques: '1,4',
  'ensalada-de-frutas': '2,5',
};
const LUNCH_AND_DINNER = '3,6';

/** Unedited copies of example `id` whose meals are `from` get `to`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function setUneditedCopies(db: Kysely<any>, id: string, from: string, to: string): Promise<void> {
  await sql`
    update dishes set meals = ${to}
    where meals = ${from} and version = 1
      and exists (
        select 1 from dish_examples e
        where e.id = ${id} and e.name = dishes.name
          and (e.description = dishes.description or (e.description is null and dishes.description is null))
      )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('dish_examples')
    .addColumn('meals', 'text', (c) => c.notNull().defaultTo(LUNCH_AND_DINNER))
    .execute();
  for (const [slug, meals] of Object.entries(EXAMPLE_MEALS)) {
    const id = `example:${slug}`;
    await db.updateTable('dish_examples').set({ meals }).where('id', '=', id).execute();
    await setUneditedCopies(db, id, LUNCH_AND_DINNER, meals);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [slug, meals] of Object.entries(EXAMPLE_MEALS)) await setUneditedCopies(db, `example:${slug}`, meals, LUNCH_AND_DINNER);
  await db.schema.alterTable('dish_examples').dropColumn('meals').execute();
}
