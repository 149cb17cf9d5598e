// The practice's unread chat total: loaded once, then kept current by chat.unread events; the menu badge,
// the floating launcher and the tab title read it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { chatApi, chatKeys } from '../api/chat-api';

export function useUnreadTotal(enabled = true): number {
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: chatKeys.unread,
    queryFn: async () => (await chatApi.conversations({ limit: 1 })).totalUnread,
    enabled,
    staleTime: 60_000,
  });
  useRealtimeEvents(['chat.unread', 'realtime.reconnected'], (event) => {
    if (event.type === 'chat.unread' && typeof event.totalUnread === 'number') queryClient.setQueryData(chatKeys.unread, event.totalUnread);
    else void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  });
  return unread.data ?? 0;
}

/** "(3) Pacientes · Almendra" while the tab is in the background with unread messages. */
export function titleWithUnread(title: string, unread: number, hidden: boolean): string {
  const bare = title.replace(/^\(\d+\+?\) /, '');
  if (!hidden || unread <= 0) return bare;
  return `(${unread > 99 ? '99+' : unread}) ${bare}`;
}
