// Table types of the generic job outbox (migration 0036, lib/job-outbox.ts).
import type { IsoInstant } from './schema.js';

export type OutboxJobStatus = 'pending' | 'running' | 'done' | 'failed';

export interface OutboxJobsTable {
  id: string;
  kind: string;
  /** JSON text. */
  payload: string;
  status: OutboxJobStatus;
  /** Attempts started so far (a claim counts one). */
  attempts: number;
  max_attempts: number;
  /** Not run before this instant (enqueue time, or the next retry after a failure). */
  run_at: IsoInstant;
  /** While running: the lease; once past it, another instance may take the job over. */
  locked_until: IsoInstant | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: IsoInstant;
  finished_at: IsoInstant | null;
  dedupe_key: string | null;
}

export interface JobsDB {
  outbox_jobs: OutboxJobsTable;
}

/** Added by 0037-push-notifications. */
export interface PushSubscriptionsTable {
  id: string;
  owner_kind: 'nutritionist' | 'patient';
  /** The practice (nutritionists.id) or the patient (patients.id). */
  owner_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: IsoInstant;
  last_success_at: IsoInstant | null;
}

export interface NotificationPreferencesTable {
  owner_kind: 'nutritionist' | 'patient';
  owner_id: string;
  event: string;
  enabled: number;
  updated_at: IsoInstant;
}

export interface PushDB {
  push_subscriptions: PushSubscriptionsTable;
  notification_preferences: NotificationPreferencesTable;
}
