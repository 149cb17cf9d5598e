// SQL of the chat: one conversation per patient, messages ordered by their generated seq.
import { sql, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ChatMessagesTable, ChatSender } from '../../db/schema-portal.js';

type Executor = Kysely<DB> | Transaction<DB>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;

const other = (side: ChatSender): ChatSender => (side === 'nutritionist' ? 'patient' : 'nutritionist');

export const chatRepository = {
  /** The patient as a chat counterpart of this practice (any portal state), or undefined. */
  findPatient(db: Executor, nutritionistId: string, patientId: string) {
    return db
      .selectFrom('patients')
      .select(['id', 'user_id', 'first_name', 'last_name', 'is_test'])
      .where('id', '=', patientId)
      .where('nutritionist_id', '=', nutritionistId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /**
   * Contacts of the practice (patients with portal access, and those whose access was revoked but who
   * have a conversation, kept to read; never test or deleted ones), those with the latest message
   * first, then by name; `q` matches the name case- and accent-insensitively.
   */
  listContacts(db: Executor, nutritionistId: string, query: { patterns: string[]; offset: number; limit: number }) {
    let select = db
      .selectFrom('patients')
      .leftJoin('chat_conversations', 'chat_conversations.patient_id', 'patients.id')
      .select(['patients.id', 'patients.first_name', 'patients.last_name', 'patients.photo_path', 'patients.version', 'patients.nutritionist_id', 'patients.user_id'])
      .where('patients.nutritionist_id', '=', nutritionistId)
      .where((eb) => eb.or([eb('patients.user_id', 'is not', null), eb('chat_conversations.patient_id', 'is not', null)]))
      .where('patients.is_test', '=', 0)
      .where('patients.deleted_at', 'is', null);
    for (const pattern of query.patterns) select = select.where(sql<SqlBool>`patients.search_text like ${pattern} escape '\\'`);
    return select
      .orderBy(sql`coalesce(chat_conversations.last_message_at, '')`, 'desc')
      .orderBy('patients.sort_name')
      .orderBy('patients.id')
      .offset(query.offset)
      .limit(query.limit)
      .execute();
  },

  async lastMessages(db: Executor, patientIds: string[]): Promise<Map<string, ChatMessageRow>> {
    if (patientIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('chat_messages as m')
      .selectAll('m')
      .where('m.patient_id', 'in', patientIds)
      .where('m.seq', '=', (eb) => eb.selectFrom('chat_messages as n').select((n) => n.fn.max('n.seq').as('seq')).whereRef('n.patient_id', '=', 'm.patient_id'))
      .execute();
    return new Map(rows.map((row) => [row.patient_id, row]));
  },

  /** Unread messages per patient for one side (what the other side sent and this side has not read). */
  async unreadCounts(db: Executor, nutritionistId: string, reader: ChatSender, patientIds?: string[]): Promise<Map<string, number>> {
    let select = db
      .selectFrom('chat_messages')
      .select(['patient_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('nutritionist_id', '=', nutritionistId)
      .where('sender', '=', other(reader))
      .where('read_at', 'is', null);
    if (patientIds) {
      if (patientIds.length === 0) return new Map();
      select = select.where('patient_id', 'in', patientIds);
    }
    const rows = await select.groupBy('patient_id').execute();
    return new Map(rows.map((row) => [row.patient_id, Number(row.count)]));
  },

  async unreadTotalForNutritionist(db: Executor, nutritionistId: string): Promise<number> {
    // Only messages of patients still listed as contacts count towards the menu badge.
    const row = await db
      .selectFrom('chat_messages')
      .innerJoin('patients', 'patients.id', 'chat_messages.patient_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('chat_messages.nutritionist_id', '=', nutritionistId)
      .where('chat_messages.sender', '=', 'patient')
      .where('chat_messages.read_at', 'is', null)
      .where('patients.deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  findBySeqCursor(db: Executor, patientId: string, messageId: string) {
    return db.selectFrom('chat_messages').select(['seq']).where('patient_id', '=', patientId).where('id', '=', messageId).executeTakeFirst();
  },

  /** Newest `limit` messages before `beforeSeq` (or the newest overall), or the oldest after `afterSeq`. */
  async page(db: Executor, patientId: string, cursor: { beforeSeq?: number; afterSeq?: number }, limit: number) {
    let select = db.selectFrom('chat_messages').selectAll().where('patient_id', '=', patientId);
    if (cursor.afterSeq !== undefined) {
      const rows = await select.where('seq', '>', cursor.afterSeq).orderBy('seq', 'asc').limit(limit + 1).execute();
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    }
    if (cursor.beforeSeq !== undefined) select = select.where('seq', '<', cursor.beforeSeq);
    const rows = await select.orderBy('seq', 'desc').limit(limit + 1).execute();
    return { rows: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
  },

  findByClientId(db: Executor, patientId: string, sender: ChatSender, clientId: string) {
    return db
      .selectFrom('chat_messages')
      .selectAll()
      .where('patient_id', '=', patientId)
      .where('sender', '=', sender)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
  },

  /**
   * Touches the conversation row first: on PostgreSQL concurrent sends to one conversation wait on its
   * row lock, so their seq numbers follow commit order and a catch-up "after seq N" never skips one.
   */
  async touchConversation(db: Executor, patientId: string, nutritionistId: string, now: string): Promise<void> {
    await db
      .insertInto('chat_conversations')
      .values({ patient_id: patientId, nutritionist_id: nutritionistId, last_message_at: now, created_at: now })
      .onConflict((oc) => oc.column('patient_id').doUpdateSet({ last_message_at: now }))
      .execute();
  },

  async insertMessage(db: Executor, row: Omit<ChatMessageRow, 'seq'>): Promise<ChatMessageRow> {
    return db.insertInto('chat_messages').values(row).returningAll().executeTakeFirstOrThrow();
  },

  /** Marks delivered what `reader` received from the other side; answers how many changed. */
  async markDelivered(db: Executor, patientId: string, reader: ChatSender, now: string): Promise<number> {
    const result = await db
      .updateTable('chat_messages')
      .set({ delivered_at: now })
      .where('patient_id', '=', patientId)
      .where('sender', '=', other(reader))
      .where('delivered_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async markRead(db: Executor, patientId: string, reader: ChatSender, now: string): Promise<number> {
    const result = await db
      .updateTable('chat_messages')
      .set({ read_at: now, delivered_at: sql`coalesce(delivered_at, ${now})` })
      .where('patient_id', '=', patientId)
      .where('sender', '=', other(reader))
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
