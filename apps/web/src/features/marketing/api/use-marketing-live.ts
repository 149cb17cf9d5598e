// Live inbox: a request sent from the public page (or decided on another device) publishes
// 'marketing.requests-changed'; the badge, the inbox and the figures refetch without a reload.
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '../../../lib/use-realtime';

export const REQUESTS_CHANGED_EVENT = 'marketing.requests-changed';

export function useMarketingLive(): void {
  const queryClient = useQueryClient();
  useRealtimeEvents([REQUESTS_CHANGED_EVENT, 'realtime.reconnected'], () => {
    void queryClient.invalidateQueries({ queryKey: ['marketing'] });
  });
}
