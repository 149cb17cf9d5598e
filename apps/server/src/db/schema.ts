// Kysely table types. Both dialects store instants as ISO-8601 UTC text and flags as 0/1 integers, so a
// repository returns identical values on SQLite and PostgreSQL without per-dialect conversions.
import type { ColumnType, Generated } from 'kysely';
import type { AuditLogPatientColumns, PatientsDB, PatientsTable } from './schema-patients.js';
import type { AppointmentsDB, PatientReminderColumns } from './schema-appointments.js';
import type { FoodsDB } from './schema-foods.js';
import type { ConsultationsDB } from './schema-consultations.js';
import type { PlansDB } from './schema-plans.js';
import type { PortalDB } from './schema-portal.js';
import type { AppointmentRequestBookingColumns, PublicProfileDB } from './schema-public-profile.js';
import type { NotesDB } from './schema-notes.js';
import type { PatientPaymentsDB } from './schema-patient-payments.js';
import type { JobsDB, PushDB } from './schema-jobs.js';

export type IsoInstant = string;
export type Flag = number;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  role: 'nutritionist' | 'admin' | 'patient';
  locale: 'es' | 'es-AR' | 'en';
  /** 'system' follows the device's prefers-color-scheme (the default of new accounts since issue 24). */
  theme: 'system' | 'light' | 'dark' | 'semi-dark';
  primary_color: string;
  /** JSON array of page paths. */
  starred_pages: string;
  banned_status: number;
  plan_key: string | null;
  confirmed: Flag;
  /** 0039: the operator's reason for a suspension, and when (null when not suspended). */
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
  suspended_at: ColumnType<IsoInstant | null, IsoInstant | null | undefined, IsoInstant | null>;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface NutritionistsTable {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  country_code: string;
  licence_number: string | null;
  time_zone: string;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

/** Added by 0009-nutritionist-logo; kept apart so code that builds whole NutritionistsTable rows is unaffected. */
export interface NutritionistLogoColumns {
  /** Relative to DATA_DIR (uploads/logos/…), a PNG; null without a logo. */
  logo_path: string | null;
  logo_updated_at: IsoInstant | null;
}

/** Added by 0015-onboarding. */
export interface NutritionistOnboardingColumns {
  guided_tour: Generated<'pending' | 'seen'>;
  /** The spec's active-plan `tour`: 'sin_tour' while the first-patient popup is due. */
  first_patient_tour: Generated<'sin_tour' | 'completed' | 'dismissed'>;
}

/** Added by 0017-fiscal: the billing form (seed 1 section 5). */
export interface NutritionistFiscalColumns {
  fiscal_document_type: 'CUIT' | 'DNI' | null;
  /** Digits only; shown with dot thousands separators. */
  fiscal_document_number: string | null;
  fiscal_updated_at: IsoInstant | null;
  fiscal_tour_seen: Generated<Flag>;
}

/** Added by 0020-account-profile. */
export interface NutritionistProfileColumns {
  /** Relative to DATA_DIR (uploads/profile-photos/…), a WebP; null without a photo. */
  photo_path: string | null;
  photo_updated_at: IsoInstant | null;
  /** ISO 4217; null = the country's default. */
  currency: string | null;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: IsoInstant;
  used_at: IsoInstant | null;
  revoked_at: IsoInstant | null;
  created_at: IsoInstant;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: IsoInstant;
  used_at: IsoInstant | null;
  created_at: IsoInstant;
}

export interface OutboxEmailsTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** pending → sent (SMTP accepted it) | logged (no SMTP configured) | failed. */
  status: 'pending' | 'sent' | 'logged' | 'failed';
  error: string | null;
  created_at: IsoInstant;
  sent_at: IsoInstant | null;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: IsoInstant;
  hits: number;
}

export interface AppointmentRequestsTable {
  id: string;
  nutritionist_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  requested_start: IsoInstant | null;
  status: 'pending' | 'confirmed' | 'rejected';
  seen: Flag;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface AuditLogTable {
  id: string;
  nutritionist_id: string | null;
  user_id: string | null;
  entity: string;
  entity_id: string;
  action: string;
  /** JSON of the changed fields. */
  changes: string | null;
  created_at: IsoInstant;
}

/** Added by 0016-operator-audit: append-only (triggers refuse update and delete). */
export interface OperatorAuditLogTable {
  id: string;
  actor_user_id: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON: what the action changed or recorded. */
  details: string | null;
  request_id: string | null;
  created_at: IsoInstant;
}

/** Added by 0018-billing. */
export interface SubscriptionPlansTable {
  id: string;
  key: string;
  country_code: string | null;
  name: string;
  period: 'mensual' | 'semestral' | 'anual';
  price_cents: number;
  currency: string;
  patient_limit: number | null;
  trial_days: number;
  active: Flag;
  sort: number;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface SubscriptionsTable {
  nutritionist_id: string;
  plan_key: string | null;
  started_at: IsoInstant;
  trial_ends_at: IsoInstant;
  paid_until: IsoInstant | null;
  cancel_at_period_end: Generated<Flag>;
  processor: 'manual' | 'mercadopago' | 'stripe' | null;
  external_id: string | null;
  last_payment_status: 'approved' | 'rejected' | null;
  last_payment_at: IsoInstant | null;
  rejected_notice_seen_event_id: string | null;
  /** 0041: a change the processor has not confirmed yet (JSON, billing.service PendingChange); null when none. */
  pending_change: string | null;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface SubscriptionEventsTable {
  id: string;
  nutritionist_id: string;
  type: string;
  plan_key: string | null;
  amount_cents: number | null;
  currency: string | null;
  processor: string | null;
  processor_ref: string | null;
  actor_user_id: string | null;
  details: string | null;
  created_at: IsoInstant;
}

export interface DB extends PatientsDB, AppointmentsDB, FoodsDB, ConsultationsDB, PlansDB, PortalDB, PublicProfileDB, NotesDB, PatientPaymentsDB, JobsDB, PushDB {
  users: UsersTable;
  nutritionists: NutritionistsTable & NutritionistLogoColumns & NutritionistOnboardingColumns & NutritionistFiscalColumns & NutritionistProfileColumns;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  outbox_emails: OutboxEmailsTable;
  rate_limit_counters: RateLimitCountersTable;
  appointment_requests: AppointmentRequestsTable & AppointmentRequestBookingColumns;
  audit_log: AuditLogTable & AuditLogPatientColumns;
  operator_audit_log: OperatorAuditLogTable;
  subscription_plans: SubscriptionPlansTable;
  subscriptions: SubscriptionsTable;
  subscription_events: SubscriptionEventsTable;
  oidc_identities: OidcIdentitiesTable;
  patients: PatientsTable & PatientReminderColumns;
}

/** Added by 0022-oidc: identities of the configured OpenID provider linked to an account. */
export interface OidcIdentitiesTable {
  id: string;
  user_id: string;
  issuer: string;
  subject: string;
  email: string | null;
  created_at: IsoInstant;
  last_login_at: IsoInstant;
}
