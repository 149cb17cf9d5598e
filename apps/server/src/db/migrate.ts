// Applies the migration set (the same files for SQLite and PostgreSQL) at start and in tests.
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as foundation from './migrations/0001-foundation.js';
import * as patients from './migrations/0002-patients.js';
import * as appointments from './migrations/0003-appointments.js';
import * as foods from './migrations/0004-foods.js';
import * as consultations from './migrations/0005-consultations.js';
import * as plans from './migrations/0006-plans.js';
import * as patientsMore from './migrations/0007-patients-more.js';
import * as dishExamples from './migrations/0008-dish-examples.js';
import * as nutritionistLogo from './migrations/0009-nutritionist-logo.js';
import * as foodsArgentina from './migrations/0010-foods-argentina.js';
import * as portal from './migrations/0011-portal.js';
import * as onboarding from './migrations/0015-onboarding.js';
import * as publicProfile from './migrations/0012-public-profile.js';
import * as patientNewsConsent from './migrations/0013-patient-news-consent.js';
import * as notesNewsHelp from './migrations/0014-notes-news-help.js';
import * as operatorAudit from './migrations/0016-operator-audit.js';
import * as fiscal from './migrations/0017-fiscal.js';
import * as billing from './migrations/0018-billing.js';
import * as paymentWebhooks from './migrations/0019-payment-webhooks.js';
import * as accountProfile from './migrations/0020-account-profile.js';
import * as oidc from './migrations/0022-oidc.js';
import * as promoteNewPatients from './migrations/0023-promote-new-patients.js';
import * as planPublishing from './migrations/0024-plan-publishing.js';
import * as patientPayments from './migrations/0026-patient-payments.js';
import * as growthMeasurements from './migrations/0027-growth-measurements.js';
import * as anthropometrySpecValues from './migrations/0031-anthropometry-spec-values.js';
import * as helpCentreComplete from './migrations/0035-help-centre-complete.js';
import * as outboxJobs from './migrations/0036-outbox-jobs.js';
import * as pushNotifications from './migrations/0037-push-notifications.js';
import * as appointmentConfirmation from './migrations/0038-appointment-confirmation.js';
import * as money from './migrations/0039-money.js';
import * as consultationOedema from './migrations/0040-consultation-oedema.js';
import * as subscriptionPendingChange from './migrations/0041-subscription-pending-change.js';
import * as paymentLinkCancel from './migrations/0042-payment-link-cancel.js';
import * as favourites from './migrations/0043-favourites.js';
import * as dishMeals from './migrations/0044-dish-meals.js';
import * as dishExampleMeals from './migrations/0045-dish-example-meals.js';

const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-patients': patients,
  '0003-appointments': appointments,
  '0004-foods': foods,
  '0005-consultations': consultations,
  '0006-plans': plans,
  '0007-patients-more': patientsMore,
  '0008-dish-examples': dishExamples,
  '0009-nutritionist-logo': nutritionistLogo,
  '0010-foods-argentina': foodsArgentina,
  '0011-portal': portal,
  '0015-onboarding': onboarding,
  '0012-public-profile': publicProfile,
  '0013-patient-news-consent': patientNewsConsent,
  '0014-notes-news-help': notesNewsHelp,
  '0016-operator-audit': operatorAudit,
  '0017-fiscal': fiscal,
  '0018-billing': billing,
  '0019-payment-webhooks': paymentWebhooks,
  '0020-account-profile': accountProfile,
  '0022-oidc': oidc,
  '0023-promote-new-patients': promoteNewPatients,
  '0024-plan-publishing': planPublishing,
  '0026-patient-payments': patientPayments,
  '0027-growth-measurements': growthMeasurements,
  '0031-anthropometry-spec-values': anthropometrySpecValues,
  '0035-help-centre-complete': helpCentreComplete,
  '0036-outbox-jobs': outboxJobs,
  '0037-push-notifications': pushNotifications,
  '0038-appointment-confirmation': appointmentConfirmation,
  '0039-money': money,
  '0040-consultation-oedema': consultationOedema,
  '0041-subscription-pending-change': subscriptionPendingChange,
  '0042-payment-link-cancel': paymentLinkCancel,
  '0043-favourites': favourites,
  '0044-dish-meals': dishMeals,
  '0045-dish-example-meals': dishExampleMeals,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Kysely looks for its own bookkeeping tables in every schema unless told which one: with several
  // schemas in one PostgreSQL database (tests run one per file, in parallel) it could find another
  // schema's lock table and skip creating its own. Pin it to the connection's current schema.
  let migrationTableSchema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
