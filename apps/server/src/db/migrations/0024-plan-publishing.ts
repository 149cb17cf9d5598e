// A patient sees only a plan her nutritionist deliberately gives her: `published_at` is when the plan was
// last published for the patient ("Publicar para el paciente"), null while it never was (or was withdrawn).
// It is separate from the seed's draft flag, which only says the plan is unfinished. Before this column the
// portal showed the newest non-draft plan, so a plan created by "Crear plan" replaced the finished one at
// once; now the portal shows the newest published plan and lists the earlier published ones.
// Existing non-draft plans of patients count as published when they were last changed: nothing a
// patient could read before the migration disappears from her portal.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('plans').addColumn('published_at', 'text').execute();
  await sql`update plans set published_at = updated_at where patient_id is not null and draft = 0`.execute(db);
  await db.schema.createIndex('plans_published_idx').on('plans').columns(['nutritionist_id', 'patient_id', 'published_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('plans_published_idx').execute();
  await db.schema.alterTable('plans').dropColumn('published_at').execute();
}
