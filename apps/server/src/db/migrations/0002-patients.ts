// Patients, the patient-type catalogue and the clinical record sections (pregnancies and their weights,
// pathological background, habits, lab results, reminders, physical activity), per-nutritionist referral
// options, and audit_log.patient_id. The catalogue rows are written by loadPatientTypes() at start.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The sort key must order by code point on both databases (SQLite compares bytes); a PostgreSQL cluster
  // created with a linguistic locale would otherwise ignore the separator and order differently.
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('patient_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name_es', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('patients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('type_id', 'integer', (c) => c.notNull().references('patient_types.id'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text')
    .addColumn('sex', 'text')
    .addColumn('document_number', 'text')
    .addColumn('phone', 'text')
    .addColumn('mobile_area_code', 'text')
    .addColumn('mobile_number', 'text')
    .addColumn('address', 'text')
    .addColumn('province', 'text')
    .addColumn('city', 'text')
    .addColumn('email', 'text')
    .addColumn('health_insurance', 'text')
    .addColumn('member_number', 'text')
    .addColumn('profession', 'text')
    .addColumn('reason_for_consultation', 'text')
    .addColumn('goal', 'text')
    .addColumn('referred_by', 'text')
    .addColumn('start_date', 'text')
    .addColumn('location_id', 'text')
    .addColumn('height_cm', 'double precision')
    .addColumn('website', 'text')
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('photo_path', 'text')
    .addColumn('search_text', 'text', (c) => (isPostgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull()))
    .addColumn('sort_name', 'text', (c) => (isPostgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull()))
    .addColumn('last_visit_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // The list: equality on tenant, new flag and deleted_at (null for the main list), rows already in
  // (sort_name, id) order so LIMIT stops early, and search_text in the index so the LIKE filter and the
  // count never touch the table.
  await db.schema
    .createIndex('patients_list_idx')
    .on('patients')
    .columns(['nutritionist_id', 'is_new', 'deleted_at', 'sort_name', 'id', 'search_text'])
    .execute();
  await db.schema.createIndex('patients_user_idx').on('patients').column('user_id').execute();

  await db.schema
    .createTable('pregnancies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('last_menstrual_period', 'text', (c) => c.notNull())
    .addColumn('pre_gestational_weight_kg', 'double precision')
    .addColumn('notes', 'text')
    .addColumn('end_date', 'text')
    .addColumn('outcome', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pregnancies_patient_idx').on('pregnancies').columns(['patient_id', 'last_menstrual_period']).execute();
  // At most one open pregnancy per patient, enforced by the database even under concurrent requests.
  await db.schema
    .createIndex('pregnancies_one_open_idx')
    .on('pregnancies')
    .column('patient_id')
    .unique()
    .where(sql.ref('end_date'), 'is', null)
    .execute();

  await db.schema
    .createTable('pregnancy_weights')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('pregnancy_id', 'text', (c) => c.notNull().references('pregnancies.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('weight_kg', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pregnancy_weights_pregnancy_idx').on('pregnancy_weights').columns(['pregnancy_id', 'date']).execute();

  let background = db.schema
    .createTable('patient_backgrounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull().unique().references('patients.id').onDelete('cascade'));
  for (const flag of [
    'diabetes',
    'hypertension',
    'dyslipidemia',
    'thyroid_disease',
    'celiac_disease',
    'kidney_disease',
    'liver_disease',
    'cardiovascular_disease',
    'gastrointestinal_disease',
    'anemia',
    'eating_disorder',
    'polycystic_ovary_syndrome',
    'osteoporosis',
    'cancer',
  ]) {
    background = background.addColumn(flag, 'integer', (c) => c.notNull().defaultTo(0));
  }
  await background
    .addColumn('diseases', 'text')
    .addColumn('surgeries', 'text')
    .addColumn('medications', 'text')
    .addColumn('allergies', 'text')
    .addColumn('food_intolerances', 'text')
    .addColumn('family_history', 'text')
    .addColumn('notes', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('patient_habits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull().unique().references('patients.id').onDelete('cascade'))
    .addColumn('meals_per_day', 'integer')
    .addColumn('water_liters_per_day', 'double precision')
    .addColumn('sleep_hours_per_day', 'double precision')
    .addColumn('bowel_movements_per_week', 'integer')
    .addColumn('alcohol', 'text')
    .addColumn('smoking', 'text')
    .addColumn('cigarettes_per_day', 'integer')
    .addColumn('caffeine_cups_per_day', 'integer')
    .addColumn('appetite', 'text')
    .addColumn('who_cooks', 'text')
    .addColumn('eats_out_per_week', 'integer')
    .addColumn('notes', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lab_results')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('analyte', 'text', (c) => c.notNull())
    .addColumn('analyte_key', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addColumn('reference_min', 'double precision')
    .addColumn('reference_max', 'double precision')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lab_results_patient_idx').on('lab_results').columns(['patient_id', 'analyte_key', 'date']).execute();

  await db.schema
    .createTable('patient_reminders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('patient_reminders_patient_idx').on('patient_reminders').column('patient_id').execute();
  // Pending reminders of the whole practice (a dashboard widget can list them by date).
  await db.schema
    .createIndex('patient_reminders_due_idx')
    .on('patient_reminders')
    .columns(['nutritionist_id', 'done', 'due_date'])
    .execute();

  await db.schema
    .createTable('patient_activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('activity', 'text', (c) => c.notNull())
    .addColumn('frequency_per_week', 'integer', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('intensity', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('patient_activities_patient_idx').on('patient_activities').column('patient_id').execute();

  await db.schema
    .createTable('referral_options')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().unique().references('nutritionists.id').onDelete('cascade'))
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('audit_log').addColumn('patient_id', 'text').execute();
  await db.schema
    .createIndex('audit_log_patient_idx')
    .on('audit_log')
    .columns(['nutritionist_id', 'patient_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_patient_idx').ifExists().execute();
  await db.schema.alterTable('audit_log').dropColumn('patient_id').execute();
  for (const table of [
    'referral_options',
    'patient_activities',
    'patient_reminders',
    'lab_results',
    'patient_habits',
    'patient_backgrounds',
    'pregnancy_weights',
    'pregnancies',
    'patients',
    'patient_types',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
