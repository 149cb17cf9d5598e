// Children's growth (issue 26): the head circumference (a girth, measured under 5 years) and how the
// length/height was measured (lying or standing), which the WHO's 0.7 cm correction needs.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('girths').addColumn('head_cm', 'double precision').execute();
  // 1 lying (recumbent length), 0 standing, null not recorded (the WHO's expected position for the age).
  await db.schema.alterTable('consultations').addColumn('measured_lying', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consultations').dropColumn('measured_lying').execute();
  await db.schema.alterTable('girths').dropColumn('head_cm').execute();
}
