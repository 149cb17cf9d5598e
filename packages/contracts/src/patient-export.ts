// The per-patient export (Ley 25.326, right of access): the clinical record plus every consultation and note.
// Its own file because consultations.ts builds on patients.ts.
import { z } from 'zod';
import { consultationSchema } from './consultations.js';
import { noteSchema } from './notes.js';
import { patientRecordExportSchema } from './patients.js';

export const patientExportSchema = patientRecordExportSchema.extend({
  consultations: z.array(consultationSchema),
  /** The patient's notes (the record's Notas tab), pinned first. */
  notes: z.array(noteSchema),
});
export type PatientExport = z.infer<typeof patientExportSchema>;
