// Patients, once places of care exist: patients.location_id was free text before 0003 added the locations
// table, so values that name none of the same nutritionist's places are cleared (the service now accepts
// only the caller's places), and the list's "filter by place" gets its index. No foreign key: SQLite
// cannot add one to an existing table, and a soft-deleted place must not break the patients that had it.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update patients set location_id = null
    where location_id is not null
      and not exists (
        select 1 from locations
        where locations.id = patients.location_id and locations.nutritionist_id = patients.nutritionist_id
      )`.execute(db);
  await db.schema.createIndex('patients_location_idx').ifNotExists().on('patients').columns(['nutritionist_id', 'location_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // The cleared free-text values are not restored: they named no place.
  await db.schema.dropIndex('patients_location_idx').ifExists().execute();
}
