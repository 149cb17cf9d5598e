// Migration 0035 on a database seeded before issue 24: it adds the missing help answers after the
// existing ones and replaces the booking answer that promised a confirmation email, unless edited.
import { Kysely, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { up } from '../src/db/migrations/0035-help-centre-complete.js';
import { CREAR_CITA_ANSWER, CREAR_CITA_OLD_ANSWER } from '../src/db/reference-data/faq-seed.js';

describe('migration 0035-help-centre-complete', () => {
  it('brings an old help centre up to date without touching what an operator edited', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    await migrateToLatest(db);
    // The state before issue 24: five categories, the old booking answer, an operator's own category.
    const newIds = ['faq-cat-perfil', 'faq-cat-marketing', 'faq-cat-suscripcion', 'faq-cat-chat'];
    await db.deleteFrom('faq_items').where('category_id', 'in', newIds).execute();
    await db.deleteFrom('faq_categories').where('id', 'in', newIds).execute();
    await db.updateTable('faq_items').set({ answer_html: CREAR_CITA_OLD_ANSWER }).where('id', '=', 'faq-crear-cita').execute();
    await db.insertInto('faq_categories').values({ id: 'own', name: 'Propia', position: 5, created_at: 'x', updated_at: 'x' }).execute();

    await up(db);
    const categories = await db.selectFrom('faq_categories').select(['id', 'position']).orderBy('position').execute();
    expect(categories.map((c) => c.id)).toEqual([
      'faq-cat-pacientes', 'faq-cat-consultas', 'faq-cat-planes', 'faq-cat-citas', 'faq-cat-portal', 'own', ...newIds,
    ]);
    const crear = await db.selectFrom('faq_items').select('answer_html').where('id', '=', 'faq-crear-cita').executeTakeFirstOrThrow();
    expect(crear.answer_html).toBe(CREAR_CITA_ANSWER);

    // Run again, and with an edited answer: nothing is duplicated and the edit stays.
    await db.updateTable('faq_items').set({ answer_html: '<p>Editada</p>' }).where('id', '=', 'faq-crear-cita').execute();
    const before = await db.selectFrom('faq_items').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await up(db);
    const after = await db.selectFrom('faq_items').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await db.selectFrom('faq_items').select('answer_html').where('id', '=', 'faq-crear-cita').executeTakeFirstOrThrow()).answer_html).toBe('<p>Editada</p>');
    await db.destroy();
  });
});
