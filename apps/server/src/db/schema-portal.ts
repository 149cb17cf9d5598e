// Kysely table types of the patient portal (migration 0011-portal): invitations, chat, daily log.
type IsoInstant = string;
type IsoDate = string;
type Flag = number;

export interface PortalInvitesTable {
  id: string;
  patient_id: string;
  nutritionist_id: string;
  code_hash: string;
  expires_at: IsoInstant;
  used_at: IsoInstant | null;
  created_at: IsoInstant;
}

export interface ChatConversationsTable {
  patient_id: string;
  nutritionist_id: string;
  last_message_at: IsoInstant | null;
  created_at: IsoInstant;
}

export type ChatSender = 'nutritionist' | 'patient';

export interface ChatMessagesTable {
  /** Generated; the order of a conversation and the cursor of paging and catch-up. */
  seq: import('kysely').Generated<number>;
  id: string;
  patient_id: string;
  nutritionist_id: string;
  sender: ChatSender;
  text: string;
  client_id: string | null;
  sent_at: IsoInstant;
  delivered_at: IsoInstant | null;
  read_at: IsoInstant | null;
}

export interface DailyLogEntriesTable {
  id: string;
  patient_id: string;
  nutritionist_id: string;
  date: IsoDate;
  rating: number | null;
  second_rating: number | null;
  sleep_from: string | null;
  sleep_to: string | null;
  water_glasses: number | null;
  exercise: string | null;
  exercise_minutes: number | null;
  notes: string | null;
  seen: Flag;
  created_at: IsoInstant;
  updated_at: IsoInstant;
}

export interface DailyLogPhotosTable {
  id: string;
  patient_id: string;
  nutritionist_id: string;
  date: IsoDate;
  meal: string | null;
  path: string;
  created_at: IsoInstant;
}

export interface PortalDB {
  portal_invites: PortalInvitesTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  daily_log_entries: DailyLogEntriesTable;
  daily_log_photos: DailyLogPhotosTable;
}
