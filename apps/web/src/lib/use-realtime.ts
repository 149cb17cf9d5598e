// React bindings of lib/realtime: start the connection, listen to events of some types.
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { realtime, type RealtimeEvent } from './realtime';

/** Calls `handler` for each event whose type is in `types` (the latest handler, without resubscribing). */
export function useRealtimeEvents(types: readonly string[], handler: (event: RealtimeEvent) => void): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  const key = types.join('|');
  useEffect(() => {
    realtime.start();
    const wanted = new Set(key.split('|'));
    return realtime.subscribe((event) => {
      if (wanted.has(event.type)) latest.current(event);
    });
  }, [key]);
}

export function useRealtimeStatus() {
  return useSyncExternalStore(
    (notify) => {
      realtime.start();
      return realtime.onStatus(notify);
    },
    () => realtime.currentStatus(),
    () => 'offline' as const,
  );
}
