// What the billing service needs to know of the fiscal data to compute the active-plan state's
// tour_documento (seed 1 section 4: the billing popup is shown until the fiscal data is saved).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface FiscalState {
  documentType: 'CUIT' | 'DNI' | null;
  documentNumber: string | null;
  /** The tax-document tour was marked seen. */
  tourSeen: boolean;
}

export async function readFiscalState(db: Kysely<DB>, nutritionistId: string): Promise<FiscalState> {
  const row = await db
    .selectFrom('nutritionists')
    .select(['fiscal_document_type', 'fiscal_document_number', 'fiscal_tour_seen'])
    .where('id', '=', nutritionistId)
    .executeTakeFirst();
  return {
    documentType: row?.fiscal_document_type ?? null,
    documentNumber: row?.fiscal_document_number ?? null,
    tourSeen: Number(row?.fiscal_tour_seen ?? 0) === 1,
  };
}
