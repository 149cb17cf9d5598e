// Runs the pure guard against the real session: waits for the start-up refresh when the stored token
// expired, loads the user (role, ban, plan) and reads the screen lock.
import { redirect, type LoaderFunction } from 'react-router';
import { isApiError } from '../lib/api-error';
import { ensureSession } from '../lib/auth';
import { meQueryOptions } from '../lib/current-user';
import { isLocked } from '../lib/lock';
import { queryClient } from '../lib/query-client';
import { decideAccess, SIGNED_OUT, type AccessRule, type Viewer } from './guard';

export async function currentViewer(): Promise<Viewer> {
  const authenticated = await ensureSession();
  if (!authenticated) return SIGNED_OUT;
  try {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    return {
      authenticated: true,
      role: me.user.role,
      bannedStatus: me.user.bannedStatus,
      readOnly: me.user.readOnly ?? false,
      planKey: me.user.planKey,
      locked: isLocked(),
    };
  } catch (error) {
    // A 401 here means the refresh failed too and the session is already cleared.
    if (isApiError(error) && error.status === 401) return SIGNED_OUT;
    throw error;
  }
}

export function guardLoader(rule: AccessRule): LoaderFunction {
  return async ({ request }) => {
    if (rule.skipAccessCheck || !rule.auth) {
      // No access check, but an expired stored session is still resumed, so these screens know
      // whether someone is signed in (user menu, "already signed in" warning, logout button).
      await ensureSession().catch(() => false);
      return null;
    }
    const url = new URL(request.url);
    const decision = decideAccess(url, rule, await currentViewer());
    if (decision.kind === 'redirect') throw redirect(decision.to);
    return null;
  };
}
