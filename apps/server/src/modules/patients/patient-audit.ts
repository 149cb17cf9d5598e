// Audit-log rows for the clinical record (Ley 25.326: who changed what and when). Each row names the
// patient, so the per-patient export lists the history of deleted sub-records too. Changes are stored with
// the API's camelCase field names: a snapshot on create/delete, { field: { from, to } } on update.
import type { DB } from '../../db/schema.js';
import type { Insertable } from 'kysely';
import { newId } from '../../lib/ids.js';
import type { Actor, Executor } from './patient-access.js';

export type AuditEntity =
  | 'patient'
  | 'pregnancy'
  | 'pregnancy_weight'
  | 'background'
  | 'habits'
  | 'lab_result'
  | 'reminder'
  | 'activity'
  | 'consultation'
  | 'note'
  | 'payment';

export interface AuditInput {
  patientId: string;
  entity: AuditEntity;
  entityId: string;
  action: 'create' | 'update' | 'delete' | 'restore' | 'finish' | 'import' | 'export' | 'photo_update' | 'photo_delete' | 'void';
  changes?: unknown;
}

/** Bookkeeping columns that are not clinical data. */
const NOT_AUDITED = new Set(['id', 'nutritionist_id', 'patient_id', 'pregnancy_id', 'search_text', 'sort_name', 'analyte_key', 'version', 'created_at', 'updated_at']);

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function snapshot(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !NOT_AUDITED.has(k)).map(([k, v]) => [camel(k), v]));
}

/** The changed columns of an update, or null when nothing changed. */
export function diff(before: object, changes: object): Record<string, { from: unknown; to: unknown }> | null {
  const previous = before as Record<string, unknown>;
  const result: Record<string, { from: unknown; to: unknown }> = {};
  for (const [column, to] of Object.entries(changes)) {
    if (NOT_AUDITED.has(column) || to === undefined) continue;
    const from = previous[column] ?? null;
    if (from !== to) result[camel(column)] = { from, to };
  }
  return Object.keys(result).length > 0 ? result : null;
}

function toRow(actor: Actor, entry: AuditInput, now: string): Insertable<DB['audit_log']> {
  return {
    id: newId(),
    nutritionist_id: actor.nutritionistId,
    user_id: actor.userId,
    patient_id: entry.patientId,
    entity: entry.entity,
    entity_id: entry.entityId,
    action: entry.action,
    changes: entry.changes === undefined ? null : JSON.stringify(entry.changes),
    created_at: now,
  };
}

export async function writeAudit(db: Executor, actor: Actor, entries: AuditInput[], now: string): Promise<void> {
  // Kept well under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < entries.length; i += 500) {
    await db
      .insertInto('audit_log')
      .values(entries.slice(i, i + 500).map((e) => toRow(actor, e, now)))
      .execute();
  }
}
