// SQL for notes. Every query is scoped by the nutritionist and by the owner: one patient's notes, or the
// nutritionist's own notes (patient_id null); an id outside that owner matches nothing.
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { NotesTable } from '../../db/schema-notes.js';

export type NoteRow = Selectable<NotesTable>;
/** Whose notes: a patient's, or the nutritionist's own (patientId null). */
export interface NoteOwner {
  nutritionistId: string;
  patientId: string | null;
}


export const notesRepository = {
  async list(db: Kysely<DB>, owner: NoteOwner, patterns: string[]): Promise<NoteRow[]> {
    let query = db.selectFrom('notes').selectAll().where('nutritionist_id', '=', owner.nutritionistId);
    query = owner.patientId === null ? query.where('patient_id', 'is', null) : query.where('patient_id', '=', owner.patientId);
    for (const pattern of patterns) query = query.where(sql<SqlBool>`search_text like ${pattern} escape '\\'`);
    return query.orderBy('pinned', 'desc').orderBy('note_date', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
  },

  async find(db: Kysely<DB>, owner: NoteOwner, id: string): Promise<NoteRow | undefined> {
    let query = db.selectFrom('notes').selectAll().where('id', '=', id).where('nutritionist_id', '=', owner.nutritionistId);
    query = owner.patientId === null ? query.where('patient_id', 'is', null) : query.where('patient_id', '=', owner.patientId);
    return query.executeTakeFirst();
  },

  async insert(db: Kysely<DB>, row: NoteRow): Promise<void> {
    await db.insertInto('notes').values(row).execute();
  },

  async update(db: Kysely<DB>, owner: NoteOwner, id: string, changes: Partial<NoteRow>): Promise<void> {
    let query = db.updateTable('notes').set(changes).where('id', '=', id).where('nutritionist_id', '=', owner.nutritionistId);
    query = owner.patientId === null ? query.where('patient_id', 'is', null) : query.where('patient_id', '=', owner.patientId);
    await query.execute();
  },

  async delete(db: Kysely<DB>, owner: NoteOwner, id: string): Promise<boolean> {
    let query = db.deleteFrom('notes').where('id', '=', id).where('nutritionist_id', '=', owner.nutritionistId);
    query = owner.patientId === null ? query.where('patient_id', 'is', null) : query.where('patient_id', '=', owner.patientId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};
