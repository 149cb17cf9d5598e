// Consultations and their measurements: one consultations row per visit and exactly one row each in
// anthropometry (weight, height, bioimpedance, derived snapshot), skinfolds and girths (breadths included).
// Separate tables, as the spec's entities (Ant_, PCo_, MCo_) are, so statistics can query one kind of
// measurement with plain SQL.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

const SKINFOLD_COLUMNS = [
  'triceps_mm',
  'biceps_mm',
  'subscapular_mm',
  'axillary_mm',
  'pectoral_mm',
  'suprailiac_mm',
  'supraspinale_mm',
  'abdominal_mm',
  'thigh_mm',
  'leg_mm',
  'calf_mm',
];

const GIRTH_COLUMNS = [
  'neck_cm',
  'chest_cm',
  'waist_cm',
  'hip_cm',
  'glute_cm',
  'thigh_cm',
  'knee_cm',
  'calf_cm',
  'shoulders_cm',
  'arm_relaxed_cm',
  'arm_flexed_cm',
  'forearm_cm',
  'wrist_cm',
  'abdomen_cm',
  'ankle_cm',
  'humerus_breadth_cm',
  'femur_breadth_cm',
  'wrist_breadth_cm',
];

const ANTHROPOMETRY_COLUMNS = [
  'weight_kg',
  'height_cm',
  'usual_weight_kg',
  'target_weight_kg',
  'bio_fat_percent',
  'bio_visceral_fat',
  'bio_total_water_percent',
  'bio_muscle_mass_kg',
  'bio_device_bmr_kcal',
  'snapshot_bmi',
  'snapshot_body_fat_percent',
  'snapshot_bmr_kcal',
  'snapshot_energy_requirement_kcal',
  'snapshot_muscle_mass_kg',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Dates and times are ordered as text; PostgreSQL must compare them byte-wise, not linguistically.
  const sortableText = (c: ColumnDefinitionBuilder) => (isPostgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull());

  await db.schema
    .createTable('consultations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('appointment_id', 'text', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('location_id', 'text', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('service_id', 'text', (c) => c.references('services.id').onDelete('set null'))
    .addColumn('date', 'text', sortableText)
    .addColumn('time', 'text', sortableText)
    .addColumn('note', 'text')
    .addColumn('summary_note', 'text')
    .addColumn('activity_factor', 'double precision')
    .addColumn('race_term', 'double precision')
    .addColumn('send_summary_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pregnancy_last_menstrual_period', 'text')
    .addColumn('pregnancy_pre_weight_kg', 'double precision')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A patient's history, newest first; the last visit and the latest height come from the same index.
  await db.schema
    .createIndex('consultations_patient_idx')
    .on('consultations')
    .columns(['nutritionist_id', 'patient_id', 'date', 'time'])
    .execute();
  // Statistics by month (completed consultations).
  await db.schema.createIndex('consultations_date_idx').on('consultations').columns(['nutritionist_id', 'date']).execute();
  // One consultation per appointment.
  await db.schema.createIndex('consultations_appointment_idx').on('consultations').column('appointment_id').unique().execute();

  const child = (table: string, columns: string[]) => {
    let builder: CreateTableBuilder<string, string> = db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
      .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
      .addColumn('consultation_id', 'text', (c) => c.notNull().unique().references('consultations.id').onDelete('cascade'));
    for (const column of columns) builder = builder.addColumn(column, 'double precision');
    return builder;
  };

  await child('anthropometry', ANTHROPOMETRY_COLUMNS)
    .addColumn('snapshot_bmi_category', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await child('skinfolds', SKINFOLD_COLUMNS)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await child('girths', GIRTH_COLUMNS)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Statistics over a practice's measurements (e.g. BMI categories of its patients).
  for (const table of ['anthropometry', 'skinfolds', 'girths']) {
    await db.schema.createIndex(`${table}_patient_idx`).on(table).columns(['nutritionist_id', 'patient_id']).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['girths', 'skinfolds', 'anthropometry', 'consultations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
