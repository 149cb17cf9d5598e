// Runs the pure guard against the real session: waits for the start-up refresh when the stored token
// expired, loads the user (role, ban, plan) and reads the screen lock. On a repeat visit where the
// service worker kept the signed-in account's user (lib/offline-data.ts), the guard decides on that at
// once and the refresh and /me follow in the background: a change that matters to access (role, ban,
// plan) re-runs the guard, and a refused refresh ends the session (the API client's onSessionExpired).
// No react-router here: the patient portal runs it too (portal-app.tsx); the professional's route
// loaders are guard-loader.ts.
import type { MeResponse } from '@almendra/contracts';
import { isApiError } from '../lib/api-error';
import { ensureSession } from '../lib/auth';
import { ME_QUERY_KEY, meQueryOptions } from '../lib/current-user';
import { isLocked } from '../lib/lock';
import { keepAnswersOnceControlled, readKeptAnswer } from '../lib/offline-data';
import { queryClient } from '../lib/query-client';
import { readSession } from '../lib/session';
import { SIGNED_OUT, type Viewer } from './guard';

let onAccessChanged: () => void = () => undefined;

// The first visit's user, for the service worker that installs after it: the second visit's guard
// decides on it without waiting (lib/offline-data.ts).
keepAnswersOnceControlled(() => [['/me', queryClient.getQueryData(ME_QUERY_KEY)]]);

/**
 * What to do when the user checked in the background changes who may see what: re-run the guard. Each
 * entry that guards with currentViewer wires it (app.tsx).
 */
export function configureAccess(hooks: { onAccessChanged: () => void }): void {
  onAccessChanged = hooks.onAccessChanged;
}

function viewerOf(me: MeResponse): Viewer {
  return {
    authenticated: true,
    role: me.user.role,
    bannedStatus: me.user.bannedStatus,
    readOnly: me.user.readOnly ?? false,
    planKey: me.user.planKey,
    locked: isLocked(),
  };
}

const sameAccess = (a: Viewer, b: Viewer) => a.role === b.role && a.bannedStatus === b.bannedStatus && a.readOnly === b.readOnly && a.planKey === b.planKey;

/** The session and the user, renewed while the screen shows from what was kept. */
async function revalidateKeptUser(kept: Viewer, renewing: Promise<boolean>): Promise<void> {
  // Refused: the session is cleared and the API client's onSessionExpired re-runs the guard.
  if (!(await renewing.catch(() => true))) return;
  try {
    // The seeded copy is stale (updatedAt 0): asked again, unless the refresh already answered the user.
    const me = await queryClient.fetchQuery({ ...meQueryOptions(), meta: { silent: true } });
    if (!sameAccess(viewerOf(me), kept)) onAccessChanged();
  } catch {
    // Offline or the server unreachable: the kept user stands, as when the page was opened offline.
  }
}

/** The user the service worker kept for the signed-in account, as the guard's answer; null if none. */
async function keptViewer(renewing: Promise<boolean>): Promise<Viewer | null> {
  if (!readSession() || queryClient.getQueryData(ME_QUERY_KEY)) return null;
  const kept = await readKeptAnswer<MeResponse>('/me');
  if (!kept?.user || queryClient.getQueryData(ME_QUERY_KEY)) return null;
  queryClient.setQueryData(ME_QUERY_KEY, kept, { updatedAt: 0 });
  const viewer = viewerOf(kept);
  void revalidateKeptUser(viewer, renewing);
  return viewer;
}

export async function currentViewer(): Promise<Viewer> {
  // An expired token's renewal starts at once, while the kept user is read.
  const renewing = ensureSession();
  renewing.catch(() => undefined);
  const kept = await keptViewer(renewing);
  if (kept) return kept;
  const authenticated = await renewing;
  if (!authenticated) return SIGNED_OUT;
  try {
    return viewerOf(await queryClient.ensureQueryData(meQueryOptions()));
  } catch (error) {
    // A 401 here means the refresh failed too and the session is already cleared.
    if (isApiError(error) && error.status === 401) return SIGNED_OUT;
    throw error;
  }
}
