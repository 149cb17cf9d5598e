// Chat between a nutritionist and each patient with portal access. Both sides use the same functions
// with their side ('nutritionist' | 'patient'); every change is published on the event bus (to the
// practice's channel and to the patient's user channel), so any server instance's sockets deliver it.
import type { Kysely } from 'kysely';
import {
  sendChatMessageRequestSchema,
  type ChatMessage,
  type ChatMessagePage,
  type ChatSender,
  type ConversationList,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { channels, type EventBus, type RealtimeEvent } from '../../lib/event-bus.js';
import { newId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Notifier } from '../push/push.service.js';
import { containsPattern, searchTerms } from '../patients/patient-text.js';
import { chatRepository as repo, type ChatMessageRow } from './chat.repository.js';

export interface ChatServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  bus: EventBus;
  rateLimiter: RateLimiter;
  /** Messages one user may send per rate-limit window. */
  sendLimitPerWindow: number;
  photoUrl: (patient: { id: string; nutritionist_id: string; version: number; photo_path: string | null }) => string | null;
  /** Web Push to the other side (no text in it: docs/push.md). */
  notifier?: Notifier;
}

/** One side of one conversation: who is acting, and which conversation. */
export interface ChatParty {
  side: ChatSender;
  /** The acting user (rate limits). */
  userId: string;
  nutritionistId: string;
  patientId: string;
}

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    text: row.text,
    sender: row.sender,
    sentAt: row.sent_at,
    deliveredAt: row.delivered_at,
    readAt: row.read_at,
    clientId: row.client_id,
  };
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e?.message ?? '');
};

export function createChatService(deps: ChatServiceDeps) {
  const { db, clock, bus } = deps;
  const nowIso = () => clock.now().toISOString();

  /** Where a conversation's events go: the practice's channel and, with portal access, the patient's. */
  async function publish(party: { nutritionistId: string; patientId: string }, event: RealtimeEvent, to: 'both' | ChatSender = 'both') {
    const jobs: Array<Promise<void>> = [];
    if (to !== 'patient') jobs.push(bus.publish(channels.nutritionist(party.nutritionistId), event));
    if (to !== 'nutritionist') {
      const patient = await repo.findPatient(db, party.nutritionistId, party.patientId);
      if (patient?.user_id) jobs.push(bus.publish(channels.user(patient.user_id), event));
    }
    await Promise.all(jobs);
  }

  async function publishUnread(party: ChatParty | { nutritionistId: string; patientId: string }, reader: ChatSender) {
    const counts = await repo.unreadCounts(db, party.nutritionistId, reader, [party.patientId]);
    const unreadCount = counts.get(party.patientId) ?? 0;
    const totalUnread = reader === 'nutritionist' ? await repo.unreadTotalForNutritionist(db, party.nutritionistId) : unreadCount;
    await publish(party, { type: 'chat.unread', patientId: party.patientId, unreadCount, totalUnread }, reader);
  }

  return {
    /** The practice side of a conversation: the patient must be this practice's (404 otherwise). */
    async nutritionistParty(scope: { nutritionistId: string; userId: string }, patientId: string): Promise<ChatParty> {
      const patient = await repo.findPatient(db, scope.nutritionistId, patientId);
      if (!patient) throw new AppError('NOT_FOUND', 'No encontramos ese paciente.');
      return { side: 'nutritionist', userId: scope.userId, nutritionistId: scope.nutritionistId, patientId };
    },

    async conversations(scope: { nutritionistId: string }, query: { q?: string; offset: number; limit: number }): Promise<ConversationList> {
      const contacts = await repo.listContacts(db, scope.nutritionistId, {
        patterns: searchTerms(query.q).map(containsPattern),
        offset: query.offset,
        limit: query.limit,
      });
      const ids = contacts.map((c) => c.id);
      const [last, unread, totalUnread] = await Promise.all([
        repo.lastMessages(db, ids),
        repo.unreadCounts(db, scope.nutritionistId, 'nutritionist', ids),
        repo.unreadTotalForNutritionist(db, scope.nutritionistId),
      ]);
      return {
        items: contacts.map((c) => {
          const message = last.get(c.id);
          return {
            patientId: c.id,
            name: `${c.first_name} ${c.last_name}`.trim(),
            photo: deps.photoUrl(c),
            lastMessage: message ? toChatMessage(message) : null,
            unreadCount: unread.get(c.id) ?? 0,
            portalAccess: c.user_id !== null,
          };
        }),
        totalUnread,
      };
    },

    async unreadCount(party: { nutritionistId: string; patientId: string }, reader: ChatSender): Promise<number> {
      if (reader === 'nutritionist') return repo.unreadTotalForNutritionist(db, party.nutritionistId);
      return (await repo.unreadCounts(db, party.nutritionistId, reader, [party.patientId])).get(party.patientId) ?? 0;
    },

    /** A page of history (?before=) or the catch-up after a reconnect (?after=); marks the page's incoming messages delivered. */
    async messages(party: ChatParty, query: { before?: string; after?: string; limit: number }): Promise<ChatMessagePage> {
      const cursorOf = async (id: string) => {
        const row = await repo.findBySeqCursor(db, party.patientId, id);
        if (!row) throw new AppError('NOT_FOUND', 'No encontramos ese mensaje en la conversación.');
        return Number(row.seq);
      };
      const cursor = {
        beforeSeq: query.before ? await cursorOf(query.before) : undefined,
        afterSeq: query.after ? await cursorOf(query.after) : undefined,
      };
      const now = nowIso();
      const delivered = await repo.markDelivered(db, party.patientId, party.side, now);
      const { rows, hasMore } = await repo.page(db, party.patientId, cursor, query.limit);
      if (delivered > 0) await publish(party, { type: 'chat.delivered', patientId: party.patientId, reader: party.side, deliveredAt: now });
      if (party.side === 'patient') return { items: rows.map(toChatMessage), hasMore };
      // After a revoke the practice still reads the conversation, but can no longer write to it.
      const patient = await repo.findPatient(db, party.nutritionistId, party.patientId);
      return { items: rows.map(toChatMessage), hasMore, readOnly: !patient?.user_id };
    },

    async send(party: ChatParty, input: { text: string; clientId?: string }): Promise<ChatMessage> {
      const data = sendChatMessageRequestSchema.parse(input);
      const patient = await repo.findPatient(db, party.nutritionistId, party.patientId);
      if (!patient) throw new AppError('NOT_FOUND', 'No encontramos ese paciente.');
      if (party.side === 'nutritionist') {
        if (!patient.user_id) throw new AppError('CONFLICT', 'Este paciente no tiene acceso al portal: invítalo desde su ficha para chatear.');
      }
      if (data.clientId) {
        const existing = await repo.findByClientId(db, party.patientId, party.side, data.clientId);
        if (existing) return toChatMessage(existing);
      }
      await deps.rateLimiter.hit([{ key: `chat:user:${party.userId}`, max: deps.sendLimitPerWindow }]);
      const now = nowIso();
      let row: ChatMessageRow;
      try {
        row = await db.transaction().execute(async (trx) => {
          await repo.touchConversation(trx, party.patientId, party.nutritionistId, now);
          return repo.insertMessage(trx, {
            id: newId(),
            patient_id: party.patientId,
            nutritionist_id: party.nutritionistId,
            sender: party.side,
            text: data.text,
            client_id: data.clientId ?? null,
            sent_at: now,
            delivered_at: null,
            read_at: null,
          });
        });
      } catch (error) {
        // Two retries of one send raced: the unique (patient, sender, clientId) index kept the first.
        if (data.clientId && isUniqueViolation(error)) {
          const existing = await repo.findByClientId(db, party.patientId, party.side, data.clientId);
          if (existing) return toChatMessage(existing);
        }
        throw error;
      }
      const message = toChatMessage(row);
      // The name lets a background tab title its browser notification without another request.
      await publish(party, { type: 'chat.message', patientId: party.patientId, patientName: `${patient.first_name} ${patient.last_name}`.trim(), message });
      await publishUnread(party, party.side === 'nutritionist' ? 'patient' : 'nutritionist');
      await deps.notifier?.notify(
        party.side === 'nutritionist'
          ? { recipient: { kind: 'patient', id: party.patientId }, event: 'chat_message', url: '/portal?tab=chat', tag: 'chat' }
          : { recipient: { kind: 'nutritionist', id: party.nutritionistId }, event: 'chat_message', url: `/chat?paciente=${encodeURIComponent(party.patientId)}`, tag: `chat-${party.patientId}` },
      );
      return message;
    },

    async markRead(party: ChatParty): Promise<{ readAt: string; unreadCount: number }> {
      const now = nowIso();
      const changed = await repo.markRead(db, party.patientId, party.side, now);
      if (changed > 0) await publish(party, { type: 'chat.read', patientId: party.patientId, reader: party.side, readAt: now });
      await publishUnread(party, party.side);
      return { readAt: now, unreadCount: 0 };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
