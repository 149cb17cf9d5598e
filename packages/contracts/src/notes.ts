// Notes: a patient's notes (the record's "Notas" tab) and the nutritionist's own notes (/nueva-nota).
// The body is rich text (HTML from the editor); the server keeps only an allow-list of tags and attributes.
import { z } from 'zod';
import { dateField } from './patients.js';

/** Upper bound of a note's HTML body as sent (the sanitised text is never longer). */
export const NOTE_BODY_MAX_CHARS = 50_000;
export const NOTE_TITLE_MAX_CHARS = 200;

export const noteSchema = z.object({
  id: z.string(),
  /** null for the nutritionist's own notes. */
  patientId: z.string().nullable(),
  title: z.string(),
  /** Sanitised HTML (p, br, strong, em, u, s, h2–h4, ul, ol, li, blockquote, a with http(s)/mailto). */
  bodyHtml: z.string(),
  /** The calendar date the note is about (YYYY-MM-DD); the day it was written unless changed. */
  date: z.string(),
  pinned: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteListSchema = z.object({ items: z.array(noteSchema), total: z.number().int() });
export type NoteList = z.infer<typeof noteListSchema>;

export const noteListQuerySchema = z.object({
  /** Words searched in the title and the body's text (accent- and case-insensitive). */
  q: z.string().trim().max(100, { error: 'La búsqueda es demasiado larga (máximo 100 caracteres).' }).optional(),
});
export type NoteListQuery = z.infer<typeof noteListQuerySchema>;

const title = z
  .string({ error: 'Ingresa un título.' })
  .trim()
  .min(1, { error: 'Ingresa un título.' })
  .max(NOTE_TITLE_MAX_CHARS, { error: `El título es demasiado largo (máximo ${NOTE_TITLE_MAX_CHARS} caracteres).` });
const bodyHtml = z
  .string({ error: 'El texto de la nota debe ser un texto.' })
  .max(NOTE_BODY_MAX_CHARS, { error: `La nota es demasiado larga (máximo ${NOTE_BODY_MAX_CHARS} caracteres).` });

export const createNoteRequestSchema = z.object({
  title,
  bodyHtml: bodyHtml.default(''),
  date: dateField('la fecha de la nota').optional(),
  pinned: z.boolean({ error: 'Fijada debe ser verdadero o falso.' }).default(false),
});
export type CreateNoteRequest = z.input<typeof createNoteRequestSchema>;

export const updateNoteRequestSchema = z
  .object({ title, bodyHtml, date: dateField('la fecha de la nota'), pinned: z.boolean({ error: 'Fijada debe ser verdadero o falso.' }) })
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { error: 'Indica qué quieres cambiar de la nota.' });
export type UpdateNoteRequest = z.input<typeof updateNoteRequestSchema>;
