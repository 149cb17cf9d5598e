// Issue 24: every limited text field the web app counts (AutoTextarea max, LengthCounter) is refused past
// its limit with a Spanish message naming the limit — the server answers 400 with it (route validation).
import { describe, expect, it } from 'vitest';
import { createConsultationRequestSchema } from './consultations.js';
import { createDishRequestSchema } from './dishes.js';
import { createPatientRequestSchema, updateHabitsRequestSchema } from './patients.js';
import { dailyLogEntryRequestSchema } from './portal.js';

type ZodLike = { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } };
const over = (n: number) => 'a'.repeat(n + 1);
const messageFor = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) =>
  result.success ? null : (result.error!.issues.find((i) => i.path[0] === field)?.message ?? null);

describe('over-length text is refused with a Spanish message that says the limit', () => {
  it.each([
    { name: 'consultation note', schema: createConsultationRequestSchema as ZodLike, field: 'note', max: 4000 },
    { name: 'consultation summary', schema: createConsultationRequestSchema as ZodLike, field: 'summaryNote', max: 1000 },
    { name: 'reason for consultation', schema: createPatientRequestSchema as ZodLike, field: 'reasonForConsultation', max: 2000 },
    { name: 'habits notes', schema: updateHabitsRequestSchema as ZodLike, field: 'notes', max: 4000 },
    { name: 'dish preparation', schema: createDishRequestSchema as ZodLike, field: 'description', max: 2000 },
    { name: 'daily log notes', schema: dailyLogEntryRequestSchema as ZodLike, field: 'notes', max: 2000 },
  ])('$name: $field over $max characters', ({ schema, field, max }) => {
    const tooLong = messageFor(schema.safeParse({ [field]: over(max) }), field);
    expect(tooLong).toBe(`Es demasiado largo (máximo ${max} caracteres).`);
    // At the limit itself the field is fine (whatever else the body lacks).
    expect(messageFor(schema.safeParse({ [field]: 'a'.repeat(max) }), field)).toBeNull();
  });
});
