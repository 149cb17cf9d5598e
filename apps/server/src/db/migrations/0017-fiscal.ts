// The nutritionist's fiscal data (seed 1 section 5, the billing form): document type (CUIT or DNI) and
// number, and whether the tax-document tour was marked seen (seed 1 section 4). The active-plan state's
// tour_documento is derived from these columns on the server.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nutritionists').addColumn('fiscal_document_type', 'text').execute();
  await db.schema.alterTable('nutritionists').addColumn('fiscal_document_number', 'text').execute();
  await db.schema.alterTable('nutritionists').addColumn('fiscal_updated_at', 'text').execute();
  await db.schema.alterTable('nutritionists').addColumn('fiscal_tour_seen', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['fiscal_tour_seen', 'fiscal_updated_at', 'fiscal_document_number', 'fiscal_document_type']) {
    await db.schema.alterTable('nutritionists').dropColumn(column).execute();
  }
}
