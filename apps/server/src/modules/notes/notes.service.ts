// Notes: a patient's notes (read while the patient is in the trash, changed only when active; every
// change audited as part of the clinical record) and the nutritionist's own notes. The body is sanitised
// rich text; title and body text are kept in a search key for ?q=.
import type { Kysely } from 'kysely';
import { localDateOf, resolveTimeZone } from '@almendra/domain';
import { createNoteRequestSchema, updateNoteRequestSchema, type CreateNoteRequest, type Note, type NoteList, type UpdateNoteRequest } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { plainText, sanitizeRichText, searchKey, searchWords } from '../../lib/rich-text.js';
import { requirePatient, type Actor } from '../patients/patient-access.js';
import { snapshot, diff, writeAudit } from '../patients/patient-audit.js';
import { patientsRepository } from '../patients/patients.repository.js';
import { notesRepository, type NoteOwner, type NoteRow } from './notes.repository.js';

const noteNotFound = () => new AppError('NOT_FOUND', 'No encontramos esa nota.');

export function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    patientId: row.patient_id,
    title: row.title,
    bodyHtml: row.body_html,
    date: row.note_date,
    pinned: Number(row.pinned) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createNotesService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;

  /** The owner of a patient's notes after checking the patient belongs to the practice (404 otherwise). */
  async function ownerOf(actor: Actor, patientId: string | null, mode: 'read' | 'write'): Promise<NoteOwner> {
    if (patientId !== null) await requirePatient(db, actor, patientId, clock.now(), mode);
    return { nutritionistId: actor.nutritionistId, patientId };
  }

  async function audit(actor: Actor, owner: NoteOwner, noteId: string, action: 'create' | 'update' | 'delete', changes: unknown, now: string) {
    if (owner.patientId === null) return;
    await writeAudit(db, actor, [{ patientId: owner.patientId, entity: 'note', entityId: noteId, action, changes }], now);
  }

  return {
    async list(actor: Actor, patientId: string | null, q: string | undefined): Promise<NoteList> {
      const owner = await ownerOf(actor, patientId, 'read');
      const rows = await notesRepository.list(db, owner, searchWords(q));
      return { items: rows.map(toNote), total: rows.length };
    },

    async get(actor: Actor, patientId: string | null, id: string): Promise<Note> {
      const row = await notesRepository.find(db, await ownerOf(actor, patientId, 'read'), id);
      if (!row) throw noteNotFound();
      return toNote(row);
    },

    async create(actor: Actor, patientId: string | null, input: CreateNoteRequest): Promise<Note> {
      const data = createNoteRequestSchema.parse(input);
      const owner = await ownerOf(actor, patientId, 'write');
      const now = clock.now().toISOString();
      const bodyHtml = sanitizeRichText(data.bodyHtml);
      const zone = resolveTimeZone(await patientsRepository.nutritionistTimeZone(db, actor));
      const row: NoteRow = {
        id: newId(),
        nutritionist_id: owner.nutritionistId,
        patient_id: owner.patientId,
        title: data.title,
        body_html: bodyHtml,
        search_text: searchKey(`${data.title} ${plainText(bodyHtml)}`),
        note_date: data.date ?? localDateOf(clock.now(), zone),
        pinned: data.pinned ? 1 : 0,
        created_at: now,
        updated_at: now,
      };
      await notesRepository.insert(db, row);
      await audit(actor, owner, row.id, 'create', snapshot({ title: row.title, body_html: row.body_html, note_date: row.note_date, pinned: row.pinned }), now);
      return toNote(row);
    },

    async update(actor: Actor, patientId: string | null, id: string, input: UpdateNoteRequest): Promise<Note> {
      const data = updateNoteRequestSchema.parse(input);
      const owner = await ownerOf(actor, patientId, 'write');
      const before = await notesRepository.find(db, owner, id);
      if (!before) throw noteNotFound();
      const now = clock.now().toISOString();
      const title = data.title ?? before.title;
      const bodyHtml = data.bodyHtml !== undefined ? sanitizeRichText(data.bodyHtml) : before.body_html;
      const changes: Partial<NoteRow> = {
        title,
        body_html: bodyHtml,
        search_text: searchKey(`${title} ${plainText(bodyHtml)}`),
        ...(data.date !== undefined ? { note_date: data.date } : {}),
        ...(data.pinned !== undefined ? { pinned: data.pinned ? 1 : 0 } : {}),
        updated_at: now,
      };
      await notesRepository.update(db, owner, id, changes);
      const changed = diff(before, { title: changes.title, body_html: changes.body_html, note_date: changes.note_date, pinned: changes.pinned });
      if (changed) await audit(actor, owner, id, 'update', changed, now);
      return toNote({ ...before, ...changes });
    },

    async remove(actor: Actor, patientId: string | null, id: string): Promise<void> {
      const owner = await ownerOf(actor, patientId, 'write');
      const before = await notesRepository.find(db, owner, id);
      if (!before || !(await notesRepository.delete(db, owner, id))) throw noteNotFound();
      await audit(actor, owner, id, 'delete', snapshot({ title: before.title, note_date: before.note_date }), clock.now().toISOString());
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
