// The mailing tool (seed 2 section 7.15): the practice's patient contacts as CSV for the nutritionist's own
// mailing service. By default only the patients who agreed to receive news; `consent=all` lists everyone
// with the consent column so she can filter in her tool. Pending (new), test and deleted patients and
// patients with neither email nor mobile are left out. Each export is written to the audit log.
import type { Kysely } from 'kysely';
import { PATIENT_CONTACTS_CSV_COLUMNS, type PatientContactsQuery } from '@almendra/contracts';
import { csvDialectFor, toCsv, type CsvCell } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';

type Actor = { nutritionistId: string; userId: string | null };

export function createPatientContactsExporter(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * The CSV text and how many patients it lists, written by the shared toCsv of @almendra/domain in the
     * requesting user's language's spreadsheet dialect (";" and decimal comma for Spanish, "," for
     * English), UTF-8 with BOM and CRLF; names that look like formulas are guarded there.
     */
    async csv(actor: Actor, query: { consent: NonNullable<PatientContactsQuery['consent']> }): Promise<{ csv: string; rows: number }> {
      let select = db
        .selectFrom('patients')
        .select(['first_name', 'last_name', 'email', 'mobile_area_code', 'mobile_number', 'news_consent'])
        .where('nutritionist_id', '=', actor.nutritionistId)
        .where('is_new', '=', 0)
        .where('deleted_at', 'is', null)
        .where('is_test', '=', 0)
        .where((eb) => eb.or([eb('email', 'is not', null), eb('mobile_number', 'is not', null)]));
      if (query.consent === 'consenting') select = select.where('news_consent', '=', 1);
      const patients = await select.orderBy('sort_name').orderBy('id').execute();
      const user = actor.userId ? await db.selectFrom('users').select('locale').where('id', '=', actor.userId).executeTakeFirst() : undefined;
      const rows: CsvCell[][] = [[...PATIENT_CONTACTS_CSV_COLUMNS]];
      for (const p of patients) {
        const mobile = [p.mobile_area_code, p.mobile_number].filter(Boolean).join(' ');
        rows.push([p.first_name, p.last_name, { raw: p.email ?? '' }, { raw: mobile }, Number(p.news_consent) === 1 ? 'sí' : 'no']);
      }
      await db
        .insertInto('audit_log')
        .values({
          id: newId(),
          nutritionist_id: actor.nutritionistId,
          user_id: actor.userId,
          patient_id: null,
          entity: 'patient_contacts',
          entity_id: actor.nutritionistId,
          action: 'export',
          changes: JSON.stringify({ consent: query.consent, rows: patients.length }),
          created_at: clock.now().toISOString(),
        })
        .execute();
      return { csv: toCsv(rows, csvDialectFor(user?.locale ?? 'es')), rows: patients.length };
    },
  };
}
