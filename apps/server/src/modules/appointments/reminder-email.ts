// The reminder a patient receives the day before an appointment, and the notice of a moved one, in the
// practice's Spanish (patients have no locale of their own): written once in neutral Spanish and voiced for
// an Argentine practice by the shared dictionary, like the public pages and the booking emails.
import type { EmailMessage } from '../../lib/mailer.js';
import { voiced } from '../public-profile/practice-voice.js';

export interface ReminderDetails {
  to: string;
  patientFirstName: string;
  nutritionistName: string;
  locationName: string;
  address: string | null;
  serviceName: string | null;
  start: string;
  timeZone: string;
  /** The patient's personal page to confirm or cancel (/turno/{token}); null leaves the paragraph out. */
  confirmationUrl?: string | null;
  /** The practice's Spanish: 'es-AR' writes in vos. Neutral Spanish when absent. */
  voice?: 'es' | 'es-AR';
}

/** 'martes 10-03-2026' and '09:30' in the nutritionist's zone (dates show as dd-mm-yyyy). */
export function localDateTimeLabels(instant: string, timeZone: string): { weekday: string; date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('es-AR', {
      timeZone,
      weekday: 'long',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return { weekday: parts.weekday ?? '', date: `${parts.day}-${parts.month}-${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

export function appointmentReminderEmail(details: ReminderDetails): EmailMessage {
  const when = localDateTimeLabels(details.start, details.timeZone);
  const place = details.address ? `${details.locationName} (${details.address})` : details.locationName;
  const lines = [
    `Hola, ${details.patientFirstName}:`,
    '',
    `Te recordamos tu turno de mañana, ${when.weekday} ${when.date}, a las ${when.time}, con ${details.nutritionistName}.`,
    `Lugar: ${place}.`,
  ];
  if (details.serviceName) lines.push(`Servicio: ${details.serviceName}.`);
  lines.push(...confirmationParagraph(details.confirmationUrl));
  lines.push(
    '',
    'Si no puedes asistir, avísale a tu nutricionista con tiempo para que otra persona pueda usar ese horario.',
    '',
    'Si prefieres no recibir estos recordatorios, pídeselo a tu nutricionista.',
  );
  const say = voiced(details.voice ?? 'es');
  return {
    to: details.to,
    subject: say(`Recordatorio: tu turno de mañana a las ${when.time}`),
    text: lines.map((line) => (line === details.confirmationUrl ? line : say(line))).join('\n'),
  };
}

export interface ChangeNoticeDetails {
  to: string;
  patientFirstName: string;
  nutritionistName: string;
  locationName: string;
  address: string | null;
  start: string;
  timeZone: string;
  /**
   * The patient's personal page for the appointment at its new time (/turno/{token}): a link sent before
   * the move stops working once the time changes, so the notice carries the new one. Null leaves it out.
   */
  confirmationUrl?: string | null;
  /** The practice's Spanish: 'es-AR' writes in vos. Neutral Spanish when absent. */
  voice?: 'es' | 'es-AR';
}

/** The paragraph with the patient's personal confirmation link, the same in the reminder and the change notice. */
function confirmationParagraph(url: string | null | undefined): string[] {
  return url ? ['', 'Confirma tu asistencia o avísale a tu nutricionista si no puedes ir, en un toque (no necesitas cuenta):', url] : [];
}

/** Sent when the nutritionist chooses to tell the patient that an appointment moved. */
export function appointmentChangedEmail(details: ChangeNoticeDetails): EmailMessage {
  const when = localDateTimeLabels(details.start, details.timeZone);
  const place = details.address ? `${details.locationName} (${details.address})` : details.locationName;
  const say = voiced(details.voice ?? 'es');
  return {
    to: details.to,
    subject: say(`Tu turno cambió: ${when.weekday} ${when.date} a las ${when.time}`),
    text: [
      `Hola, ${details.patientFirstName}:`,
      '',
      `${details.nutritionistName} cambió tu turno. La nueva fecha es el ${when.weekday} ${when.date}, a las ${when.time}.`,
      `Lugar: ${place}.`,
      ...confirmationParagraph(details.confirmationUrl),
      '',
      'Si no puedes asistir en ese horario, avísale a tu nutricionista.',
    ]
      // The link is left as it is: only the words are voiced.
      .map((line) => (line === details.confirmationUrl ? line : say(line)))
      .join('\n'),
  };
}
