// Web Push (issue 27): the VAPID public key, a browser's push subscription and each person's choice of
// which events notify them. A patient and a nutritionist have different events.
import { z } from 'zod';
import { PUSH_EVENTS } from './constants.js';

export const pushPublicKeySchema = z.object({
  /** The VAPID application server key, base64url (the browser's applicationServerKey). */
  publicKey: z.string(),
});
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;
/** Decoded length of a base64url string (padding ignored). */
const decodedLength = (value: string) => Math.floor((value.replace(/=+$/, '').length * 3) / 4);

export const pushEndpointSchema = z
  .string({ error: 'Falta la dirección de la suscripción (endpoint).' })
  .trim()
  .min(1, { error: 'Falta la dirección de la suscripción (endpoint).' })
  .max(2048, { error: 'La dirección de la suscripción es demasiado larga.' })
  .regex(/^[a-z][a-z0-9+.-]*:\/\/\S+$/i, { error: 'La dirección de la suscripción no es una URL válida.' });

export const pushSubscriptionRequestSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object(
    {
      /** The browser's P-256 public key: 65 bytes, uncompressed point. */
      p256dh: z
        .string({ error: 'Falta la clave p256dh de la suscripción.' })
        .regex(base64url, { error: 'La clave p256dh no está en base64url.' })
        .refine((v) => decodedLength(v) === 65, { error: 'La clave p256dh debe tener 65 bytes.' }),
      /** The browser's authentication secret: 16 bytes. */
      auth: z
        .string({ error: 'Falta la clave auth de la suscripción.' })
        .regex(base64url, { error: 'La clave auth no está en base64url.' })
        .refine((v) => decodedLength(v) === 16, { error: 'La clave auth debe tener 16 bytes.' }),
    },
    { error: 'Faltan las claves de la suscripción (keys.p256dh y keys.auth).' },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const pushUnsubscribeRequestSchema = z.object({ endpoint: pushEndpointSchema });

export const pushSubscriptionCreatedSchema = z.object({ endpoint: z.string(), createdAt: z.string() });

/** The caller's events (a patient's or a nutritionist's), each on unless turned off. */
export const pushPreferencesSchema = z.object({
  events: z.partialRecord(z.enum(PUSH_EVENTS), z.boolean()),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export const updatePushPreferencesRequestSchema = z.object({
  events: z.partialRecord(z.enum(PUSH_EVENTS, { error: 'Ese tipo de aviso no existe.' }), z.boolean({ error: 'Indica true o false.' })),
});
export type UpdatePushPreferencesRequest = z.infer<typeof updatePushPreferencesRequestSchema>;
