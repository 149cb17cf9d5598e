// Writes and reads the operator's audit log (operator_audit_log, append-only by trigger). Every route
// an operator uses to change something calls recordOperatorAction in the same transaction as the
// change, so an action and its entry land together or not at all.
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export type OperatorAuditTarget = 'user' | 'subscription' | 'subscription_plan' | 'payment' | 'news' | 'faq' | 'food_request' | 'webhook' | 'job';

export interface OperatorAction {
  actorUserId: string;
  action: string;
  targetType: OperatorAuditTarget;
  targetId: string | null;
  /** Serialised to JSON; never patient data. */
  details?: unknown;
  requestId?: string | null;
}

/** The actor of an operator route (requireAdmin has run), with the request id for the log line. */
export function operatorFromRequest(request: FastifyRequest): { actorUserId: string; requestId: string } {
  const userId = request.auth?.userId;
  if (!userId) throw new Error('operatorFromRequest called on a route without requireAdmin');
  return { actorUserId: userId, requestId: String(request.id) };
}

export async function recordOperatorAction(db: Kysely<DB> | Transaction<DB>, entry: OperatorAction, now: string): Promise<string> {
  const actor = await db.selectFrom('users').select('email').where('id', '=', entry.actorUserId).executeTakeFirst();
  const id = newId();
  await db
    .insertInto('operator_audit_log')
    .values({
      id,
      actor_user_id: entry.actorUserId,
      actor_email: actor?.email ?? '',
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
      request_id: entry.requestId ?? null,
      created_at: now,
    })
    .execute();
  return id;
}

/** Newest first, keyset-paged on (created_at, id). */
export async function listOperatorActions(
  db: Kysely<DB>,
  options: { limit: number; before?: { createdAt: string; id: string }; targetType?: string; targetId?: string },
) {
  let query = db.selectFrom('operator_audit_log').selectAll();
  if (options.targetType) query = query.where('target_type', '=', options.targetType);
  if (options.targetId) query = query.where('target_id', '=', options.targetId);
  if (options.before) {
    const { createdAt, id } = options.before;
    query = query.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  return rows.map((row) => ({
    id: row.id,
    actorUserId: row.actor_user_id,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: row.details === null ? null : (JSON.parse(row.details) as unknown),
    requestId: row.request_id,
    createdAt: row.created_at,
  }));
}
