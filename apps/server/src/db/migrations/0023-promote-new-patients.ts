// Patients created by a booking request (is_new, the "Nuevos" tab) used to stay new forever, even after a
// consultation: they were missing from the patient list, its search, the statistics and the contacts
// export. Since this migration a first consultation moves a new patient to the practice's patients; here
// the ones already stuck are moved (the version moves too, as for any change of the record).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update patients set is_new = 0, version = version + 1
    where is_new = 1
      and exists (
        select 1 from consultations c
        where c.nutritionist_id = patients.nutritionist_id and c.patient_id = patients.id
      )
  `.execute(db);
}

// Nothing to undo: which patients were new before cannot be told apart from ones moved by hand.
export async function down(): Promise<void> {}
