// The practice's fiscal data as GET/PUT /api/v1/me/fiscal answer it (seed 1 section 5).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface FiscalState {
  documentType: 'CUIT' | 'DNI' | null;
  documentNumber: string | null;
  /** The tax-document tour was marked seen. */
  tourSeen: boolean;
  updatedAt: string | null;
}

export async function readFiscalState(db: Kysely<DB>, nutritionistId: string): Promise<FiscalState> {
  const row = await db
    .selectFrom('nutritionists')
    .select(['fiscal_document_type', 'fiscal_document_number', 'fiscal_tour_seen', 'fiscal_updated_at'])
    .where('id', '=', nutritionistId)
    .executeTakeFirst();
  return {
    documentType: row?.fiscal_document_type ?? null,
    documentNumber: row?.fiscal_document_number ?? null,
    tourSeen: Number(row?.fiscal_tour_seen ?? 0) === 1,
    updatedAt: row?.fiscal_updated_at ?? null,
  };
}
