// Subscriptions (issue 12): the plan catalogue per country (edited by operators), one subscription record
// per practice, and its append-only event history (payments, plan changes, cancellations, operator
// actions). Prices are integer cents. Existing practices start a fresh trial on the day this runs.
import { sql, type Kysely } from 'kysely';

const now = () => new Date().toISOString();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscription_plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    /** ISO country; null: the catalogue for every other country. */
    .addColumn('country_code', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    /** Active patients allowed; null: no limit. */
    .addColumn('patient_limit', 'integer')
    .addColumn('trial_days', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('nutritionist_id', 'text', (c) => c.primaryKey())
    .addColumn('plan_key', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('trial_ends_at', 'text', (c) => c.notNull())
    .addColumn('paid_until', 'text')
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processor', 'text')
    .addColumn('external_id', 'text')
    .addColumn('last_payment_status', 'text')
    .addColumn('last_payment_at', 'text')
    /** The rejected-payment event whose notice was seen (the spec's set-visto). */
    .addColumn('rejected_notice_seen_event_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscription_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('plan_key', 'text')
    .addColumn('amount_cents', 'integer')
    .addColumn('currency', 'text')
    .addColumn('processor', 'text')
    /** The processor's payment id (or the operator's receipt reference): unique per processor when present. */
    .addColumn('processor_ref', 'text')
    .addColumn('actor_user_id', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscription_events_practice_idx').on('subscription_events').columns(['nutritionist_id', 'created_at']).execute();
  await db.schema.createIndex('subscription_events_ref_idx').on('subscription_events').columns(['processor', 'processor_ref', 'type']).unique().execute();

  const at = now();
  const plans = [
    ['ar-mensual', 'AR', 'Mensual', 'mensual', 4_500_000, 'ARS', null, 15, 1],
    ['ar-semestral', 'AR', 'Semestral', 'semestral', 27_000_000, 'ARS', null, 15, 2],
    ['ar-anual', 'AR', 'Anual', 'anual', 45_000_000, 'ARS', null, 15, 3],
    ['mensual', null, 'Mensual', 'mensual', 3_900, 'USD', null, 15, 1],
    ['semestral', null, 'Semestral', 'semestral', 23_400, 'USD', null, 15, 2],
    ['anual', null, 'Anual', 'anual', 39_000, 'USD', null, 15, 3],
  ] as const;
  for (const [key, country, name, period, price, currency, limit, trial, sort] of plans) {
    await db
      .insertInto('subscription_plans')
      .values({ id: `plan-${key}`, key, country_code: country, name, period, price_cents: price, currency, patient_limit: limit, trial_days: trial, active: 1, sort, created_at: at, updated_at: at })
      .execute();
  }
  // Practices that existed before billing: a fresh 15-day trial from today.
  const trialEnd = new Date(Date.now() + 15 * 86_400_000).toISOString();
  await sql`insert into subscriptions (nutritionist_id, started_at, trial_ends_at, created_at, updated_at)
    select id, ${at}, ${trialEnd}, ${at}, ${at} from nutritionists`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['subscription_events', 'subscriptions', 'subscription_plans']) await db.schema.dropTable(table).ifExists().execute();
}
