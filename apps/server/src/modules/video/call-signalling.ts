// WebRTC call signalling relayed over /api/v1/ws: a socket sends {type: 'call.offer' | 'call.answer' |
// 'call.ice' | 'call.end' | 'call.reject' | 'call.media', callId, patientId?, sdp?, candidate?, reason?,
// micOn?, cameraOn?}; the server
// finds the other party (a nutritionist names the patient; a patient always calls their nutritionist),
// checks the pair belongs together and publishes the signal on the event bus to the other side only.
import type { Kysely } from 'kysely';
import { CALL_SIGNAL_TYPES, type CallSignalType } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { AccessClaims } from '../../lib/access-token.js';
import { channels, type EventBus } from '../../lib/event-bus.js';
import type { Notifier } from '../push/push.service.js';

const MAX_SIGNAL_FIELD = 32 * 1024;

export function isCallSignal(type: unknown): type is CallSignalType {
  return typeof type === 'string' && (CALL_SIGNAL_TYPES as readonly string[]).includes(type);
}

export interface CallSignalMessage {
  type: CallSignalType;
  callId?: unknown;
  patientId?: unknown;
  sdp?: unknown;
  candidate?: unknown;
  reason?: unknown;
  micOn?: unknown;
  cameraOn?: unknown;
  /** The caller's display name is looked up, never trusted from the client. */
}

export type RelayResult = { ok: true } | { ok: false; code: string; message: string };

export function createCallRelay(deps: { db: Kysely<DB>; bus: EventBus; notifier?: Notifier }) {
  const { db, bus } = deps;
  return async function relay(claims: AccessClaims, message: CallSignalMessage): Promise<RelayResult> {
    const callId = typeof message.callId === 'string' && message.callId.length <= 64 ? message.callId : null;
    if (!callId) return { ok: false, code: 'BAD_REQUEST', message: 'Falta el identificador de la llamada.' };
    const sdp = typeof message.sdp === 'string' && message.sdp.length <= MAX_SIGNAL_FIELD ? message.sdp : undefined;
    const candidate =
      message.candidate && typeof message.candidate === 'object' && JSON.stringify(message.candidate).length <= MAX_SIGNAL_FIELD ? message.candidate : undefined;
    const reason = typeof message.reason === 'string' ? message.reason.slice(0, 40) : undefined;
    // Only booleans travel: the other side shows a muted microphone or a camera turned off.
    const media = {
      ...(typeof message.micOn === 'boolean' ? { micOn: message.micOn } : {}),
      ...(typeof message.cameraOn === 'boolean' ? { cameraOn: message.cameraOn } : {}),
    };

    if (claims.role === 'patient') {
      const patient = await db
        .selectFrom('patients')
        .innerJoin('nutritionists', 'nutritionists.id', 'patients.nutritionist_id')
        .select(['patients.id', 'patients.nutritionist_id', 'patients.first_name', 'patients.last_name'])
        .where('patients.user_id', '=', claims.userId)
        .where('patients.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!patient) return { ok: false, code: 'UNAUTHENTICATED', message: 'Tu acceso al portal fue desactivado.' };
      await bus.publish(channels.nutritionist(patient.nutritionist_id), {
        type: message.type,
        callId,
        patientId: patient.id,
        from: 'patient',
        callerName: `${patient.first_name} ${patient.last_name}`.trim(),
        ...(sdp !== undefined ? { sdp } : {}),
        ...(candidate !== undefined ? { candidate } : {}),
        ...(reason !== undefined ? { reason } : {}),
        ...media,
      });
      return { ok: true };
    }

    if (!claims.nutritionistId) return { ok: false, code: 'FORBIDDEN', message: 'Esta cuenta no tiene un consultorio asociado.' };
    const patientId = typeof message.patientId === 'string' ? message.patientId : null;
    if (!patientId) return { ok: false, code: 'BAD_REQUEST', message: 'Indica a qué paciente llamas.' };
    const patient = await db
      .selectFrom('patients')
      .select(['user_id'])
      .where('id', '=', patientId)
      .where('nutritionist_id', '=', claims.nutritionistId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!patient) return { ok: false, code: 'NOT_FOUND', message: 'No encontramos ese paciente.' };
    if (!patient.user_id) return { ok: false, code: 'CONFLICT', message: 'Este paciente no tiene acceso al portal.' };
    const nutritionist = await db.selectFrom('nutritionists').select(['first_name', 'last_name']).where('id', '=', claims.nutritionistId).executeTakeFirst();
    await bus.publish(channels.user(patient.user_id), {
      type: message.type,
      callId,
      patientId,
      from: 'nutritionist',
      callerName: nutritionist ? `${nutritionist.first_name} ${nutritionist.last_name}`.trim() : '',
      ...(sdp !== undefined ? { sdp } : {}),
      ...(candidate !== undefined ? { candidate } : {}),
      ...(reason !== undefined ? { reason } : {}),
      ...media,
    });
    // A phone with the portal closed rings through Web Push; one push per call however often it is offered.
    if (message.type === 'call.offer') {
      await deps.notifier?.notify({ recipient: { kind: 'patient', id: patientId }, event: 'video_call', url: '/portal?tab=call', tag: 'video-call', key: `video_call:${callId}` });
    }
    return { ok: true };
  };
}

export type CallRelay = ReturnType<typeof createCallRelay>;
