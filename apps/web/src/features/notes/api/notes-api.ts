// Notes calls: a patient's notes (/patients/{id}/notes) and the nutritionist's own (/notes). One API
// shape for both, chosen by the owner.
import type { CreateNoteRequest, Note, NoteList, UpdateNoteRequest } from '@almendra/contracts';
import { api } from '../../../lib/api-client';

/** Whose notes: a patient's (id) or the nutritionist's own (null). */
export type NoteOwner = string | null;

const base = (owner: NoteOwner) => (owner === null ? '/notes' : `/patients/${encodeURIComponent(owner)}/notes`);

export const noteKeys = {
  all: ['notes'] as const,
  list: (owner: NoteOwner, q: string) => ['notes', owner ?? 'own', q] as const,
  owner: (owner: NoteOwner) => ['notes', owner ?? 'own'] as const,
};

export const notesApi = {
  list: (owner: NoteOwner, q: string, signal?: AbortSignal) =>
    api.get<NoteList>(`${base(owner)}${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal }),
  create: (owner: NoteOwner, body: CreateNoteRequest) => api.post<Note>(base(owner), body),
  update: (owner: NoteOwner, id: string, body: UpdateNoteRequest) => api.patch<Note>(`${base(owner)}/${encodeURIComponent(id)}`, body),
  remove: (owner: NoteOwner, id: string) => api.delete<void>(`${base(owner)}/${encodeURIComponent(id)}`),
};
