// The patient-type catalogue of seed 1 section 3 (TPa_Nombre_es_AR): natural ids 1..16 without 12,
// Genérico (14) is the default and is listed first. English names are ours. loadPatientTypes() runs at
// every start after the migrations and upserts the rows, so editing this list updates existing databases.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

export interface PatientTypeEntry {
  id: number;
  nameEs: string;
  nameEn: string;
}

/** In listing order. */
export const PATIENT_TYPES: readonly PatientTypeEntry[] = Object.freeze([
  { id: 14, nameEs: 'Genérico', nameEn: 'Generic' },
  { id: 1, nameEs: 'Embarazo', nameEn: 'Pregnancy' },
  { id: 2, nameEs: 'Deportista', nameEn: 'Athlete' },
  { id: 3, nameEs: 'Hipertensión', nameEn: 'Hypertension' },
  { id: 4, nameEs: 'Hipocalórico', nameEn: 'Low-calorie diet' },
  { id: 5, nameEs: 'Diabetes', nameEn: 'Diabetes' },
  { id: 6, nameEs: 'Hepático', nameEn: 'Liver disease' },
  { id: 7, nameEs: 'Intestinales', nameEn: 'Intestinal disorders' },
  { id: 8, nameEs: 'Otros', nameEn: 'Other' },
  { id: 9, nameEs: 'Obesidad', nameEn: 'Obesity' },
  { id: 10, nameEs: 'TCA', nameEn: 'Eating disorder' },
  { id: 11, nameEs: 'Dislipemia', nameEn: 'Dyslipidaemia' },
  { id: 13, nameEs: 'Pediatría', nameEn: 'Paediatrics' },
  { id: 15, nameEs: 'Adulto mayor', nameEn: 'Older adult' },
  { id: 16, nameEs: 'Niños', nameEn: 'Children' },
]);

/** Idempotent upsert of the catalogue (rows are never deleted: patients reference them). */
export async function loadPatientTypes(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('patient_types')
    .values(PATIENT_TYPES.map((t, index) => ({ id: t.id, name_es: t.nameEs, name_en: t.nameEn, sort_order: index + 1 })))
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name_es: eb.ref('excluded.name_es'),
        name_en: eb.ref('excluded.name_en'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();
}
