// Shared by the server benchmarks: a SQLite file with NUTRITIONISTS practices of PATIENTS_EACH patients,
// written directly (50,000 rows through the API would take minutes), and an access token per practice.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { loadPatientTypes } from '../src/db/reference-data/patient-types.js';
import { AccessTokenIssuer } from '../src/lib/access-token.js';
import { systemClock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { searchTextOf, sortNameOf } from '../src/modules/patients/patient-text.js';

export const FIRST = ['José', 'María', 'Lucía', 'Juan', 'Sofía', 'Martín', 'Valentina', 'Mateo', 'Camila', 'Benjamín', 'Agustina', 'Tomás', 'Ángeles', 'Joaquín', 'Florencia', 'Nicolás', 'Emilia', 'Facundo', 'Julieta', 'Ramón'];
export const LAST = ['Pérez', 'González', 'Rodríguez', 'Fernández', 'López', 'Martínez', 'García', 'Gómez', 'Díaz', 'Sánchez', 'Romero', 'Sosa', 'Álvarez', 'Torres', 'Ruiz', 'Ramírez', 'Flores', 'Benítez', 'Acosta', 'Medina', 'Núñez', 'Ibáñez'];

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Writes the practices; answers one access token per practice (ids.json beside the file holds their ids). */
export async function seed(file: string, NUTRITIONISTS: number, PATIENTS_EACH: number, SECRET: string): Promise<string[]> {
  const database = openDatabase({ sqliteFile: file });
  await migrateToLatest(database.db);
  await loadPatientTypes(database.db);
  const now = new Date().toISOString();
  const nutritionistIds: string[] = [];
  const userIds: string[] = [];
  await database.db.transaction().execute(async (trx) => {
    for (let n = 0; n < NUTRITIONISTS; n += 1) {
      const userId = newId();
      const nutritionistId = newId();
      userIds.push(userId);
      nutritionistIds.push(nutritionistId);
      await trx
        .insertInto('users')
        .values({ id: userId, email: `bench${n}@almendra.test`, password_hash: 'x', role: 'nutritionist', locale: 'es', theme: 'light', primary_color: 'teal', starred_pages: '[]', banned_status: 0, plan_key: null, confirmed: 1, created_at: now, updated_at: now })
        .execute();
      await trx
        .insertInto('nutritionists')
        .values({ id: nutritionistId, user_id: userId, first_name: 'Bench', last_name: `${n}`, email: `bench${n}@almendra.test`, phone: null, country_code: 'AR', licence_number: null, time_zone: 'America/Argentina/Buenos_Aires', created_at: now, updated_at: now })
        .execute();
      const rows = [];
      for (let p = 0; p < PATIENTS_EACH; p += 1) {
        const first_name = FIRST[(n * 7 + p) % FIRST.length]!;
        const last_name = `${LAST[(n + p * 3) % LAST.length]!}${p % 5 === 0 ? ` ${LAST[(p * 5) % LAST.length]!}` : ''}`;
        const email = p % 3 === 0 ? `${first_name.toLowerCase()}.${p}@correo.test` : null;
        rows.push({
          id: newId(), nutritionist_id: nutritionistId, user_id: null, type_id: 14, first_name, last_name,
          birth_date: `19${50 + (p % 50)}-0${1 + (p % 9)}-1${p % 10}`, sex: (p % 2 ? 'f' : 'm') as 'm' | 'f', document_number: null,
          phone: null, mobile_area_code: null, mobile_number: null, address: null, province: null, city: null, email,
          health_insurance: null, member_number: null, profession: null, reason_for_consultation: null, goal: null,
          referred_by: null, start_date: null, location_id: null, height_cm: null, website: null, is_new: p % 20 === 0 ? 1 : 0,
          is_test: 0, photo_path: null, search_text: searchTextOf({ first_name, last_name, email }), sort_name: sortNameOf({ first_name, last_name }),
          last_visit_at: null, version: 1, created_at: now, updated_at: now, deleted_at: p % 50 === 0 ? now : null,
        });
      }
      for (let i = 0; i < rows.length; i += 200) await trx.insertInto('patients').values(rows.slice(i, i + 200)).execute();
    }
  });
  await database.close();
  const issuer = new AccessTokenIssuer(SECRET, 24 * 3600, systemClock);
  const tokens: string[] = [];
  for (let n = 0; n < NUTRITIONISTS; n += 1) {
    tokens.push((await issuer.issue({ userId: userIds[n]!, role: 'nutritionist', nutritionistId: nutritionistIds[n]! })).token);
  }
  fs.writeFileSync(path.join(path.dirname(file), 'ids.json'), JSON.stringify(nutritionistIds));
  return tokens;
}
