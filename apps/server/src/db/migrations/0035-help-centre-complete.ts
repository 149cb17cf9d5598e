// The help centre, made true and complete (issue 24): the answer about booking no longer promises a
// confirmation email (none is sent), and the areas it did not mention get their answers — the public
// profile and its requests, marketing and statistics, the subscription and patients' payments, chat and
// video. A fresh database already gets them from the seed (migration 0014 reads faq-seed.ts); here a
// database seeded before gets what it lacks: missing categories and items are added after the existing
// ones, and the old booking answer is replaced only if no operator has edited it since.
import { type Kysely } from 'kysely';
import { CREAR_CITA_ANSWER, CREAR_CITA_OLD_ANSWER, FAQ_SEED } from '../reference-data/faq-seed.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  const crear = FAQ_SEED.flatMap((c) => c.items).find((i) => i.id === 'faq-crear-cita')!;
  await db
    .updateTable('faq_items')
    .set({ answer_html: CREAR_CITA_ANSWER, search_text: crear.searchText, updated_at: now })
    .where('id', '=', 'faq-crear-cita')
    .where('answer_html', '=', CREAR_CITA_OLD_ANSWER)
    .execute();

  const categories = new Set((await db.selectFrom('faq_categories').select('id').execute()).map((r: { id: string }) => r.id));
  const items = new Set((await db.selectFrom('faq_items').select('id').execute()).map((r: { id: string }) => r.id));
  const last = await db.selectFrom('faq_categories').select((eb) => eb.fn.max('position').as('position')).executeTakeFirst();
  let nextCategoryPosition = Number(last?.position ?? -1) + 1;
  for (const category of FAQ_SEED) {
    if (!categories.has(category.id)) {
      await db.insertInto('faq_categories').values({ id: category.id, name: category.name, position: nextCategoryPosition++, created_at: now, updated_at: now }).execute();
    }
    const lastItem = await db.selectFrom('faq_items').select((eb) => eb.fn.max('position').as('position')).where('category_id', '=', category.id).executeTakeFirst();
    let nextItemPosition = Number(lastItem?.position ?? -1) + 1;
    for (const item of category.items) {
      if (items.has(item.id)) continue;
      await db
        .insertInto('faq_items')
        .values({
          id: item.id,
          category_id: category.id,
          question: item.question,
          answer_html: item.answerHtml,
          search_text: item.searchText,
          position: nextItemPosition++,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
}

// The added answers are ordinary help entries from now on (operators may have edited them): kept.
export async function down(): Promise<void> {}
