// The operator's audit log (issue 12): every action taken from /admin or the admin API is written here,
// and nothing may change or remove a row afterwards. The application has no update or delete path for
// it, and the database itself refuses both (a trigger on each dialect), so a bug or a hand-written
// query cannot rewrite history either.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operator_audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_user_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('details', 'text')
    .addColumn('request_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_audit_log_created_idx').on('operator_audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('operator_audit_log_target_idx').on('operator_audit_log').columns(['target_type', 'target_id']).execute();

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function operator_audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'operator_audit_log is append-only'; end; $$`.execute(db);
    await sql`create trigger operator_audit_log_no_update before update or delete on operator_audit_log
      for each row execute function operator_audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger operator_audit_log_no_update before update on operator_audit_log
      begin select raise(abort, 'operator_audit_log is append-only'); end`.execute(db);
    await sql`create trigger operator_audit_log_no_delete before delete on operator_audit_log
      begin select raise(abort, 'operator_audit_log is append-only'); end`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operator_audit_log').ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists operator_audit_log_append_only()`.execute(db);
  }
}
