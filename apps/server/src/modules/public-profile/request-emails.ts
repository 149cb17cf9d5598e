// Emails a visitor receives about an appointment request from the public profile (Spanish, like the
// reminders: visitors have no locale). They go through the outbox like every other email.
import type { EmailMessage } from '../../lib/mailer.js';
import { localDateTimeLabels } from '../appointments/reminder-email.js';

export interface RequestEmailDetails {
  to: string;
  visitorName: string;
  nutritionistName: string;
  /** null: a call-back request. */
  start: string | null;
  locationName: string | null;
  address: string | null;
  serviceName: string | null;
  timeZone: string;
}

function slotLine(d: RequestEmailDetails): string | null {
  if (!d.start) return null;
  const when = localDateTimeLabels(d.start, d.timeZone);
  const place = d.locationName ? ` en ${d.address ? `${d.locationName} (${d.address})` : d.locationName}` : '';
  const service = d.serviceName ? ` — ${d.serviceName}` : '';
  return `${when.weekday} ${when.date} a las ${when.time}${place}${service}`;
}

export function requestReceivedEmail(d: RequestEmailDetails): EmailMessage {
  const slot = slotLine(d);
  const lines = [
    `Hola, ${d.visitorName}:`,
    '',
    slot
      ? `Recibimos tu pedido de turno con ${d.nutritionistName} para el ${slot}. El horario queda reservado hasta que lo confirme.`
      : `Recibimos tu pedido para que ${d.nutritionistName} se comunique contigo.`,
    'Te escribiremos cuando haya una respuesta.',
  ];
  return { to: d.to, subject: `Recibimos tu solicitud — ${d.nutritionistName}`, text: lines.join('\n') };
}

export function requestConfirmedEmail(d: RequestEmailDetails): EmailMessage {
  const slot = slotLine(d);
  const lines = [
    `Hola, ${d.visitorName}:`,
    '',
    slot ? `${d.nutritionistName} confirmó tu turno: ${slot}.` : `${d.nutritionistName} aceptó tu solicitud y se comunicará contigo por teléfono.`,
    slot ? 'Si no puedes asistir, avísale con anticipación.' : '',
  ].filter((line, i, all) => line !== '' || i < all.length - 1);
  return { to: d.to, subject: slot ? `Turno confirmado — ${d.nutritionistName}` : `Solicitud aceptada — ${d.nutritionistName}`, text: lines.join('\n') };
}

export function requestRejectedEmail(d: RequestEmailDetails & { reason: string }): EmailMessage {
  const slot = slotLine(d);
  const lines = [
    `Hola, ${d.visitorName}:`,
    '',
    slot
      ? `${d.nutritionistName} no puede atenderte el ${slot}.`
      : `${d.nutritionistName} no puede tomar tu solicitud por ahora.`,
    `Motivo: ${d.reason}`,
    '',
    'Puedes pedir otro horario desde su perfil.',
  ];
  return { to: d.to, subject: `Tu solicitud de turno — ${d.nutritionistName}`, text: lines.join('\n') };
}
