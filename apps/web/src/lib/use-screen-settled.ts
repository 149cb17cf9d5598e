// True once the screen has settled: no query is fetching any more and the browser then had an idle
// moment, or at the latest SETTLE_AT_MOST_MS after the layout mounted (a screen that keeps fetching).
// The shell's extras (floating chat and calls) mount only then, so on a first visit they do not compete
// with the screen itself for the phone's CPU and network (issue 15: largest contentful paint). Stays
// true for the rest of the visit.
import { useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { onIdle } from './on-idle';

let settledOnce = false;
const SETTLE_AT_MOST_MS = 3000;

export function useScreenSettled(): boolean {
  const fetching = useIsFetching();
  const [settled, setSettled] = useState(settledOnce);
  useEffect(() => {
    if (settled) return;
    const handle = setTimeout(() => {
      settledOnce = true;
      setSettled(true);
    }, SETTLE_AT_MOST_MS);
    return () => clearTimeout(handle);
  }, [settled]);
  useEffect(() => {
    if (settled || fetching > 0) return;
    // The timeout bounds the wait on a page that never goes idle; without requestIdleCallback, 200 ms.
    return onIdle(
      () => {
        settledOnce = true;
        setSettled(true);
      },
      3000,
      200,
    );
  }, [fetching, settled]);
  return settled;
}
