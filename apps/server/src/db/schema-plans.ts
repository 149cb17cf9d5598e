// Kysely table types of meal slots and meal plans (migration 0006-plans). Same conventions as schema.ts:
// UUIDv7 text ids, ISO-8601 UTC text instants, 0/1 flags. A plan's content (days × meals, per type) is
// JSON text validated by packages/domain on every write; totals are computed on read and never stored.

type IsoInstant = string;
type Flag = number;

/** One row per nutritionist and slot 1..6 they changed; a missing row = default name, enabled. */
export interface MealSlotsTable {
  nutritionist_id: string;
  slot: number;
  name: string | null;
  enabled: Flag;
}

export interface PlansTable {
  id: string;
  nutritionist_id: string;
  /** NULL for templates (plantillas). */
  patient_id: string | null;
  /** 1 simple, 2 formula, 3 exchange. */
  type: number;
  title: string;
  notes: string | null;
  /** A packages/domain PLAN_GOALS id. */
  goal: string;
  /** Borrador: 0 or 1. */
  draft: Flag;
  /** JSON PlanContent. */
  content: string;
  version: number;
  created_at: IsoInstant;
  updated_at: IsoInstant;
  /** Added by 0024-plan-publishing: when last published for the patient (the portal shows only these); null = never. */
  published_at: IsoInstant | null;
}

export interface PlansDB {
  meal_slots: MealSlotsTable;
  plans: PlansTable;
}
