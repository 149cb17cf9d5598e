// The operator's audit log keeps every entry and lets nobody change one: not the application (it has no
// path for it) and not a hand-written query (the database refuses), on SQLite and on PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperatorActions, recordOperatorAction } from '../src/modules/audit/operator-audit.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

describe('operator audit log', () => {
  let t: TestApp;
  let actorUserId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { session } = await registerAndLogin(t);
    actorUserId = session.user.id as string;
  });
  afterAll(async () => t.close());

  it('lists entries newest first with their actor and details, paged by (createdAt, id)', async () => {
    const db = t.database.db;
    await recordOperatorAction(db, { actorUserId, action: 'user.ban', targetType: 'user', targetId: 'u-1', details: { bannedStatus: 2 } }, '2026-03-10T10:00:00.000Z');
    await recordOperatorAction(db, { actorUserId, action: 'user.unban', targetType: 'user', targetId: 'u-1', details: { bannedStatus: 0 } }, '2026-03-10T11:00:00.000Z');
    await recordOperatorAction(db, { actorUserId, action: 'plan.update', targetType: 'subscription_plan', targetId: 'p-1' }, '2026-03-10T12:00:00.000Z');

    const firstPage = await listOperatorActions(db, { limit: 2 });
    expect(firstPage.map((e) => e.action)).toEqual(['plan.update', 'user.unban']);
    expect(firstPage[1]).toMatchObject({ actorUserId, targetType: 'user', targetId: 'u-1', details: { bannedStatus: 0 } });
    expect(firstPage[1]!.actorEmail).toContain('@consultorio.test');
    const last = firstPage[1]!;
    const secondPage = await listOperatorActions(db, { limit: 2, before: { createdAt: last.createdAt, id: last.id } });
    expect(secondPage.map((e) => e.action)).toEqual(['user.ban']);
    expect((await listOperatorActions(db, { limit: 10, targetType: 'user', targetId: 'u-1' })).length).toBe(2);
  });

  it('refuses to update or delete an entry at the database level', async () => {
    const db = t.database.db;
    await expect(sql`update operator_audit_log set action = 'rewritten'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from operator_audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await listOperatorActions(db, { limit: 10 })).map((e) => e.action)).not.toContain('rewritten');
    expect((await listOperatorActions(db, { limit: 10 })).length).toBe(3);
  });
});
