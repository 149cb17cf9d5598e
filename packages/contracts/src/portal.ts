// The patient portal (issue 10): invitations, the patient's session, chat, video-call configuration and
// the daily log. Paths named in the issue are a contract other tools call.
import { z } from 'zod';
import { calendarDate, idSchema, isoInstantSchema } from './common.js';
import { passwordSchema, userSchema } from './auth.js';
import { pastDateField } from './patients.js';
import { CHAT_TEXT_MAX, CHAT_PAGE_DEFAULT } from './constants.js';

/** Days an invitation link and code stay valid. */
export const PORTAL_INVITE_TTL_DAYS = 7;
/** Short code alphabet: Crockford base32 without I, L, O, U (nothing to misread when dictated). */
export const PORTAL_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PORTAL_CODE_LENGTH = 8;

/** POST /patients/{id}/portal-invite → 201. */
export const portalInviteResponseSchema = z.object({
  code: z.string(),
  inviteUrl: z.string(),
  expiresAt: isoInstantSchema,
});
export type PortalInviteResponse = z.infer<typeof portalInviteResponseSchema>;

/** A code as a person types it: spaces, dashes and lower case are forgiven. */
export const portalCodeSchema = z
  .string({ error: 'Ingresa el código de invitación.' })
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'Ingresa el código de invitación.' })
      .max(32, { error: 'El código de invitación no es válido.' }),
  );

export const portalAcceptRequestSchema = z.object({ code: portalCodeSchema, password: passwordSchema });
export type PortalAcceptRequest = z.input<typeof portalAcceptRequestSchema>;

/** POST /portal/accept answers like sign-in (the refresh token goes in the same cookie). */
export const portalSessionResponseSchema = z.object({
  accessToken: z.string(),
  expiresAt: isoInstantSchema,
  user: userSchema,
});
export type PortalSessionResponse = z.infer<typeof portalSessionResponseSchema>;

/** The portal state of a patient, shown in the record. */
export const portalAccessSchema = z.object({
  status: z.enum(['none', 'invited', 'active']),
  /** Email the patient signs in with (the record's email). */
  email: z.string().nullable(),
  inviteExpiresAt: isoInstantSchema.nullable(),
  activeSince: isoInstantSchema.nullable(),
});
export type PortalAccess = z.infer<typeof portalAccessSchema>;

/** GET /portal/me: who the patient is and who their nutritionist is. */
export const portalMeSchema = z.object({
  patient: z.object({ id: idSchema, firstName: z.string(), lastName: z.string(), photoUrl: z.string().nullable() }),
  nutritionist: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string().nullable(), email: z.string() }),
  nextAppointment: z
    .object({ id: idSchema, start: isoInstantSchema, end: isoInstantSchema, locationName: z.string().nullable(), address: z.string().nullable() })
    .nullable(),
  /** The latest published (not draft) plan, when any. */
  currentPlan: z.object({ id: idSchema, title: z.string(), updatedAt: isoInstantSchema }).nullable(),
  unreadMessages: z.number().int(),
});
export type PortalMe = z.infer<typeof portalMeSchema>;

// ---------------------------------------------------------------- chat

export const CHAT_PAGE_MAX = 100;

export const chatSenderSchema = z.enum(['nutritionist', 'patient']);
export type ChatSender = z.infer<typeof chatSenderSchema>;

export const chatMessageSchema = z.object({
  id: idSchema,
  text: z.string(),
  sender: chatSenderSchema,
  sentAt: isoInstantSchema,
  deliveredAt: isoInstantSchema.nullable(),
  readAt: isoInstantSchema.nullable(),
  clientId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const sendChatMessageRequestSchema = z.object({
  text: z
    .string({ error: 'Escribe un mensaje.' })
    .max(CHAT_TEXT_MAX, { error: `El mensaje es demasiado largo (máximo ${CHAT_TEXT_MAX} caracteres).` })
    .refine((value) => value.trim().length > 0, { error: 'Escribe un mensaje.' }),
  /** Chosen by the client per message: a retried send with the same clientId never makes a second message. */
  clientId: z.string().min(1).max(64).optional(),
});
export type SendChatMessageRequest = z.infer<typeof sendChatMessageRequestSchema>;

/** ?before= pages back in history; ?after= is the reconnect catch-up (what came after the last id seen). */
export const chatMessagesQuerySchema = z.object({
  before: idSchema.optional(),
  after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_DEFAULT),
});
export type ChatMessagesQuery = z.input<typeof chatMessagesQuerySchema>;

export const chatMessagePageSchema = z.object({
  /** Oldest first. */
  items: z.array(chatMessageSchema),
  /** More (older, or with ?after= newer) messages exist beyond this page. */
  hasMore: z.boolean(),
  /** The practice side only: the patient no longer has portal access, the conversation is kept to read. */
  readOnly: z.boolean().optional(),
});
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

export const conversationSchema = z.object({
  patientId: idSchema,
  name: z.string(),
  photo: z.string().nullable(),
  lastMessage: chatMessageSchema.nullable(),
  unreadCount: z.number().int(),
  /** False once access is revoked: the conversation stays listed, to read only. */
  portalAccess: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const conversationListSchema = z.object({ items: z.array(conversationSchema), totalUnread: z.number().int() });
export type ConversationList = z.infer<typeof conversationListSchema>;

export const chatReadResponseSchema = z.object({ readAt: isoInstantSchema, unreadCount: z.number().int() });

/** Realtime events of the chat and calls (sent over /api/v1/ws). */
export type ChatRealtimeEvent =
  | { type: 'chat.message'; patientId: string; message: ChatMessage }
  | { type: 'chat.read'; patientId: string; reader: ChatSender; readAt: string }
  | { type: 'chat.delivered'; patientId: string; reader: ChatSender; deliveredAt: string }
  | { type: 'chat.unread'; patientId: string; unreadCount: number; totalUnread: number };

// ---------------------------------------------------------------- video

export const iceServersResponseSchema = z.object({
  iceServers: z.array(
    z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() }),
  ),
  /** Seconds the TURN credentials stay valid (null without TURN). */
  ttlSeconds: z.number().int().nullable(),
});
export type IceServersResponse = z.infer<typeof iceServersResponseSchema>;

/** call.media carries the sender's microphone and camera state ({micOn, cameraOn}), so the other side can show it. */
export const CALL_SIGNAL_TYPES = ['call.offer', 'call.answer', 'call.ice', 'call.end', 'call.reject', 'call.media'] as const;
export type CallSignalType = (typeof CALL_SIGNAL_TYPES)[number];

// ---------------------------------------------------------------- daily log

const optionalInt = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} debe ser un número.` })
    .int({ error: `${label} debe ser un número entero.` })
    .min(min, { error: `${label} debe estar entre ${min} y ${max}.` })
    .max(max, { error: `${label} debe estar entre ${min} y ${max}.` })
    .nullable()
    .optional();
const optionalTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Usa el formato de hora hh:mm.' })
  .nullable()
  .optional();
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Es demasiado largo (máximo ${max} caracteres).` })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();


export const dailyLogEntryRequestSchema = z.object({
  date: pastDateField('la fecha', 'La fecha no puede ser futura.'),
  /** calificacion: how the day's eating went, 1–5. */
  rating: optionalInt('La calificación', 1, 5),
  /** calificacion2: how the patient felt, 1–5. */
  secondRating: optionalInt('La segunda calificación', 1, 5),
  sleepFrom: optionalTime,
  sleepTo: optionalTime,
  waterGlasses: optionalInt('El agua', 0, 40),
  exercise: optionalText(120),
  exerciseMinutes: optionalInt('La duración del ejercicio', 0, 1440),
  notes: optionalText(2000),
});
export type DailyLogEntryRequest = z.input<typeof dailyLogEntryRequestSchema>;

export const dailyLogPhotoSchema = z.object({ id: idSchema, meal: z.string().nullable(), url: z.string(), createdAt: isoInstantSchema });

export const dailyLogDaySchema = z.object({
  date: z.string(),
  /** Null for a date with photos but no entry (the spec's empty placeholder). */
  entry: z
    .object({
      id: idSchema,
      rating: z.number().int().nullable(),
      secondRating: z.number().int().nullable(),
      sleepFrom: z.string().nullable(),
      sleepTo: z.string().nullable(),
      waterGlasses: z.number().int().nullable(),
      exercise: z.string().nullable(),
      exerciseMinutes: z.number().int().nullable(),
      notes: z.string().nullable(),
      seen: z.boolean(),
      createdAt: isoInstantSchema,
      updatedAt: isoInstantSchema,
    })
    .nullable(),
  photos: z.array(dailyLogPhotoSchema),
});
export type DailyLogDay = z.infer<typeof dailyLogDaySchema>;
export const dailyLogListSchema = z.object({ days: z.array(dailyLogDaySchema), unseenCount: z.number().int() });
export type DailyLogList = z.infer<typeof dailyLogListSchema>;
/** GET /daily-log/new: practice-wide, who wrote in the daily log since the practice last read it. */
export const newDailyLogItemSchema = z.object({
  patientId: idSchema,
  name: z.string(),
  /** Entries not yet read (a re-saved day counts again). */
  unseenCount: z.number().int(),
  /** Date of the newest unread entry ('YYYY-MM-DD') and when it was written. */
  latestDate: z.string(),
  latestAt: isoInstantSchema,
});
export const newDailyLogSchema = z.object({
  /** Newest first. */
  items: z.array(newDailyLogItemSchema),
  /** Sum of unseenCount: the badge. */
  total: z.number().int(),
});
export type NewDailyLog = z.infer<typeof newDailyLogSchema>;
export const dailyLogQuerySchema = z.object({
  from: calendarDate("la fecha 'desde'").optional(),
  to: calendarDate("la fecha 'hasta'").optional(),
});
