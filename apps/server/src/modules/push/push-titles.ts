// The only words a push message carries: a title in the recipient's voice. A push crosses a browser
// vendor's servers, so no health data, names or message text ever go in it (issue 27).
import type { PushEvent } from '@almendra/contracts';

export type RecipientKind = 'nutritionist' | 'patient';
export type PushLocale = 'es' | 'es-AR' | 'en';
export type AppointmentAnswer = 'confirm' | 'cancel';

type Titles = Record<PushLocale, string>;

const PATIENT: Partial<Record<PushEvent, Titles>> = {
  chat_message: { es: 'Nuevo mensaje de tu nutricionista', 'es-AR': 'Nuevo mensaje de tu nutricionista', en: 'New message from your nutritionist' },
  video_call: { es: 'Tu nutricionista te está llamando', 'es-AR': 'Tu nutricionista te está llamando', en: 'Your nutritionist is calling you' },
  plan_published: { es: 'Tienes un plan nuevo de tu nutricionista', 'es-AR': 'Tenés un plan nuevo de tu nutricionista', en: 'Your nutritionist published a new plan' },
  appointment_reminder: { es: 'Recuerda tu cita de mañana', 'es-AR': 'Recordá tu turno de mañana', en: 'Reminder: your appointment is tomorrow' },
};

const NUTRITIONIST: Partial<Record<PushEvent, Titles>> = {
  chat_message: { es: 'Nuevo mensaje de un paciente', 'es-AR': 'Nuevo mensaje de un paciente', en: 'New message from a patient' },
  appointment_request: { es: 'Nueva solicitud de cita', 'es-AR': 'Nueva solicitud de turno', en: 'New appointment request' },
  appointment_answer: { es: 'Un paciente respondió sobre su cita', 'es-AR': 'Un paciente respondió sobre su turno', en: 'A patient answered about their appointment' },
};

const ANSWERS: Record<AppointmentAnswer, Titles> = {
  confirm: { es: 'Un paciente confirmó su cita', 'es-AR': 'Un paciente confirmó su turno', en: 'A patient confirmed their appointment' },
  cancel: { es: 'Un paciente canceló su cita', 'es-AR': 'Un paciente canceló su turno', en: 'A patient cancelled their appointment' },
};

/** The title, or undefined for an event this kind of person is never notified of. */
export function pushTitle(kind: RecipientKind, event: PushEvent, locale: PushLocale, answer?: AppointmentAnswer): string | undefined {
  if (kind === 'nutritionist' && event === 'appointment_answer' && answer) return ANSWERS[answer][locale];
  return (kind === 'patient' ? PATIENT : NUTRITIONIST)[event]?.[locale];
}
