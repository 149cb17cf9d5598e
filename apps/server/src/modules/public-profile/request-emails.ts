// Emails about an appointment request from the public profile, through the outbox like every other email.
// The visitor's (received, confirmed, rejected) speak the practice's voice — written once in neutral
// Spanish, shown in voseo for an es-AR practice, like the public page — and say where to go (address with
// floor/office), how to reach the practice (phone) and where her profile is. The nutritionist's (a new
// request) is in her interface's language, so she does not depend on the in-app badge.
import { resolveTimeZone } from '@almendra/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { EmailMessage } from '../../lib/mailer.js';
import { localDateTimeLabels } from '../appointments/reminder-email.js';
import { practiceVoice, voiced } from './practice-voice.js';

/** Who writes: the practice as the visitor's emails present it. */
export interface PracticeMailContext {
  nutritionistName: string;
  /** Where the nutritionist is notified. */
  nutritionistEmail: string;
  /** The practice's phone (her profile's), else null: the place's phone is used when there is one. */
  phone: string | null;
  /** Her published profile's address, null while unpublished. */
  profileUrl: string | null;
  voice: 'es' | 'es-AR';
  /** Her interface's language, for the emails she receives. */
  locale: 'es' | 'es-AR' | 'en';
  timeZone: string;
}

/** The practice's mail context from the database (one query), for a scope. */
export async function loadPracticeMailContext(db: Kysely<DB>, scope: { nutritionistId: string }, publicUrl: string): Promise<PracticeMailContext | null> {
  const row = await db
    .selectFrom('nutritionists as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('public_profiles as pp', 'pp.nutritionist_id', 'n.id')
    .select(['n.first_name', 'n.last_name', 'n.email', 'n.phone', 'n.country_code', 'n.time_zone', 'u.locale', 'u.email as user_email', 'pp.slug', 'pp.published'])
    .where('n.id', '=', scope.nutritionistId)
    .executeTakeFirst();
  if (!row) return null;
  const base = publicUrl.replace(/\/+$/, '');
  return {
    nutritionistName: `${row.first_name} ${row.last_name}`.trim(),
    nutritionistEmail: row.email || row.user_email,
    phone: row.phone?.trim() || null,
    profileUrl: row.slug && Number(row.published) === 1 ? `${base}/p/${row.slug}` : null,
    voice: practiceVoice(row),
    locale: row.locale,
    timeZone: resolveTimeZone(row.time_zone),
  };
}

export interface RequestEmailDetails {
  to: string;
  visitorName: string;
  /** null: a call-back request. */
  start: string | null;
  locationName: string | null;
  address: string | null;
  /** The place's floor, office, how to get there. */
  locationDetail: string | null;
  locationPhone: string | null;
  serviceName: string | null;
  practice: PracticeMailContext;
}

/** Only the template's own tú phrases change voice: names, places and the visitor's words are left as written. */

function placeText(d: RequestEmailDetails): string | null {
  if (!d.locationName) return null;
  const where = [d.address, d.locationDetail].filter(Boolean).join(', ');
  return where ? `${d.locationName} (${where})` : d.locationName;
}

function slotLine(d: RequestEmailDetails): string | null {
  if (!d.start) return null;
  const when = localDateTimeLabels(d.start, d.practice.timeZone);
  const place = placeText(d);
  const service = d.serviceName ? ` — ${d.serviceName}` : '';
  return `${when.weekday} ${when.date} a las ${when.time}${place ? ` en ${place}` : ''}${service}`;
}

/** How to reach the practice: phone and profile, closing every visitor email. */
function contactLines(d: RequestEmailDetails): string[] {
  const phone = d.practice.phone ?? d.locationPhone;
  const lines = [phone ? `Teléfono de ${d.practice.nutritionistName}: ${phone}` : null, d.practice.profileUrl ? `Su perfil: ${d.practice.profileUrl}` : null];
  const present = lines.filter((line): line is string => line !== null);
  return present.length ? ['', ...present] : [];
}

export function requestReceivedEmail(d: RequestEmailDetails): EmailMessage {
  const say = voiced(d.practice.voice);
  const name = d.practice.nutritionistName;
  const slot = slotLine(d);
  const lines = [
    `Hola, ${d.visitorName}:`,
    '',
    slot
      ? `Recibimos tu pedido de turno con ${name} para el ${slot}. El horario queda reservado hasta que lo confirme.`
      : `Recibimos tu pedido para que ${name} se comunique ${say('contigo')}.`,
    'Te escribiremos cuando haya una respuesta.',
    ...contactLines(d),
  ];
  return { to: d.to, subject: `Recibimos tu solicitud — ${name}`, text: lines.join('\n') };
}

export function requestConfirmedEmail(d: RequestEmailDetails): EmailMessage {
  const say = voiced(d.practice.voice);
  const name = d.practice.nutritionistName;
  const slot = slotLine(d);
  const lines = [
    `Hola, ${d.visitorName}:`,
    '',
    slot ? `${name} confirmó tu turno: ${slot}.` : `${name} aceptó tu solicitud y se comunicará ${say('contigo')} por teléfono.`,
    ...(slot ? [say('Si no puedes asistir, avísale con anticipación.')] : []),
    ...contactLines(d),
  ];
  return { to: d.to, subject: slot ? `Turno confirmado — ${name}` : `Solicitud aceptada — ${name}`, text: lines.join('\n') };
}

export function requestRejectedEmail(d: RequestEmailDetails & { reason: string }): EmailMessage {
  const say = voiced(d.practice.voice);
  const name = d.practice.nutritionistName;
  const slot = slotLine(d);
  const lines = [
    `Hola, ${d.visitorName}:`,
    '',
    slot ? `${name} no puede atenderte el ${slot}.` : `${name} no puede tomar tu solicitud por ahora.`,
    `Motivo: ${d.reason}`,
    '',
    d.practice.profileUrl ? `${say('Puedes pedir otro horario desde su perfil')}: ${d.practice.profileUrl}` : `${say('Puedes pedir otro horario desde su perfil')}.`,
    ...contactLines(d).filter((line) => !line.startsWith('Su perfil:')),
  ];
  return { to: d.to, subject: `Tu solicitud de turno — ${name}`, text: lines.join('\n') };
}

/** To the nutritionist: a new request, with what she needs to answer it without opening the app. */
export function newRequestNotificationEmail(input: {
  practice: PracticeMailContext;
  visitorFullName: string;
  phone: string;
  email: string;
  message: string | null;
  start: string | null;
  locationName: string | null;
  serviceName: string | null;
  inboxUrl: string;
}): EmailMessage {
  const { practice: p } = input;
  const to = p.nutritionistEmail;
  const when = input.start ? localDateTimeLabels(input.start, p.timeZone) : null;
  if (p.locale === 'en') {
    const slot = when ? `${when.weekday} ${when.date} at ${when.time}${input.locationName ? `, ${input.locationName}` : ''}${input.serviceName ? ` — ${input.serviceName}` : ''}` : 'asks to be called back';
    return {
      to,
      subject: `New appointment request: ${input.visitorFullName}`,
      text: [
        `${input.visitorFullName} sent an appointment request from your public profile.`,
        '',
        `When: ${slot}`,
        `Phone: ${input.phone}`,
        `Email: ${input.email}`,
        ...(input.message ? [`Message: ${input.message}`] : []),
        '',
        `Confirm or decline it in Marketing: ${input.inboxUrl}`,
      ].join('\n'),
    };
  }
  const say = voiced(p.locale === 'es-AR' ? 'es-AR' : 'es');
  const slot = when
    ? `${when.weekday} ${when.date} a las ${when.time}${input.locationName ? `, ${input.locationName}` : ''}${input.serviceName ? ` — ${input.serviceName}` : ''}`
    : 'pide que la llamen para coordinar';
  const text = [
    `${input.visitorFullName} envió una solicitud de turno desde tu perfil web.`,
    '',
    `Cuándo: ${slot}`,
    `Teléfono: ${input.phone}`,
    `Correo: ${input.email}`,
    ...(input.message ? [`Mensaje: ${input.message}`] : []),
    '',
    `${say('Puedes confirmarla o rechazarla en Marketing')}: ${input.inboxUrl}`,
  ].join('\n');
  return { to, subject: `Nueva solicitud de turno: ${input.visitorFullName}`, text };
}
