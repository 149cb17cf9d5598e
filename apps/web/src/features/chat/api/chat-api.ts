// Calls of the chat: the practice side (/conversations…) and the patient side (/portal/messages…) behind
// one ChatEndpoint shape, so the same thread component serves both.
import type { ChatMessage, ChatMessagePage, ConversationList, SendChatMessageRequest } from '@almendra/contracts';
import { api } from '../../../lib/api-client';

export interface ChatEndpoint {
  /** Who this side is: its own messages are shown on the right. */
  side: 'nutritionist' | 'patient';
  /** The conversation's patient (practice side) or the patient's own id (portal). */
  patientId: string;
  page(query: { before?: string; after?: string; limit?: number }): Promise<ChatMessagePage>;
  send(body: SendChatMessageRequest): Promise<ChatMessage>;
  markRead(): Promise<unknown>;
}

const queryString = (query: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const chatKeys = {
  conversations: (q: string) => ['chat', 'conversations', q] as const,
  unread: ['chat', 'unread'] as const,
};

export const chatApi = {
  conversations: (query: { q?: string; offset?: number; limit?: number } = {}) =>
    api.get<ConversationList>(`/conversations${queryString({ q: query.q || undefined, offset: query.offset, limit: query.limit })}`),

  practiceEndpoint(patientId: string): ChatEndpoint {
    const base = `/conversations/${encodeURIComponent(patientId)}`;
    return {
      side: 'nutritionist',
      patientId,
      page: (query) => api.get<ChatMessagePage>(`${base}/messages${queryString(query)}`),
      send: (body) => api.post<ChatMessage>(`${base}/messages`, body),
      markRead: () => api.post(`${base}/read`),
    };
  },

  portalEndpoint(patientId: string): ChatEndpoint {
    return {
      side: 'patient',
      patientId,
      page: (query) => api.get<ChatMessagePage>(`/portal/messages${queryString(query)}`),
      send: (body) => api.post<ChatMessage>('/portal/messages', body),
      markRead: () => api.post('/portal/messages/read'),
    };
  },
};
