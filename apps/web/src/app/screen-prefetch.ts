// What the screens a signed-in visit most often lands on ask for first. Their route loader starts these
// queries as soon as access is granted, before the screen's own code has run: on a phone the answers
// arrive while that code is downloaded and evaluated, instead of a round trip after the screen mounted
// (the screen's useQuery calls find them in the cache: same keys and functions, from the features' query
// modules). The loader also waits for them, up to SCREEN_DATA_WAIT_MS, so the screen's first render has
// its data: one render of the filled-in screen instead of a skeleton and then a second, costlier one
// (/ficha's record took ~0.8 s of a throttled phone's CPU after a first render that showed a spinner).
// Only light modules here (API calls and query keys): this file is in the boot chunk.
import { draftPlansQuery, recentPatientsQuery, todayAppointmentsQuery } from '../features/dashboard/api/dashboard-queries';
import { foodGroupsQuery, foodListQuery } from '../features/foods/api/foods-api';
import { unseenNewsQuery } from '../features/help/api/help-api';
import { unseenRequestsQuery } from '../features/marketing/api/unseen-requests';
import { onboardingQuery } from '../features/onboarding/onboarding-api';
import { portalMeQuery } from '../features/portal/api/portal-api';
import { FIRST_PATIENT_PAGE, locationsQuery, patientListQuery, patientQuery, recordPatientId } from '../features/patients/api/patients-api';
import { queryClient } from '../lib/query-client';
import type { PageKey } from './route-table';

/** How long a navigation waits for the screen's first data before it shows the screen without it. */
export const SCREEN_DATA_WAIT_MS = 1000;

/** Starts a screen's first queries; resolves when they have settled (prefetches never reject). */
type Prefetch = (url: URL) => Promise<unknown>;

const SCREEN_PREFETCH: Partial<Record<PageKey, Prefetch>> = {
  // The guided-tour card is the largest thing on a new account's /inicio.
  dashboard: () =>
    Promise.all([
      queryClient.prefetchQuery(onboardingQuery()),
      queryClient.prefetchQuery(todayAppointmentsQuery()),
      queryClient.prefetchQuery(recentPatientsQuery()),
      queryClient.prefetchQuery(draftPlansQuery()),
      queryClient.prefetchQuery(unseenRequestsQuery()),
      queryClient.prefetchQuery(unseenNewsQuery()),
    ]),
  patients: () => Promise.all([queryClient.prefetchQuery(patientListQuery(FIRST_PATIENT_PAGE)), queryClient.prefetchQuery(locationsQuery())]),
  patientRecord: async (url) => {
    const id = recordPatientId(url.searchParams);
    if (id) await queryClient.prefetchQuery(patientQuery(id));
  },
  // The home: on a repeat visit the one the service worker kept, at once (portal-api.ts).
  portal: () => queryClient.prefetchQuery(portalMeQuery()),
  foods: () => Promise.all([queryClient.prefetchQuery(foodGroupsQuery()), queryClient.prefetchInfiniteQuery(foodListQuery('database', '', null))]),
};

/**
 * Starts `page`'s first queries (nothing for a screen without an entry). Resolves once they have
 * settled, or after `waitMs`, whichever comes first; never rejects (a failed query is the screen's to
 * show, from the cache, as if it had fetched it itself).
 */
export function prefetchScreen(page: PageKey, url: URL, waitMs = SCREEN_DATA_WAIT_MS): Promise<void> {
  let settled: Promise<unknown>;
  try {
    settled = SCREEN_PREFETCH[page]?.(url) ?? Promise.resolve();
  } catch {
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    settled.then(done, done);
  });
}
