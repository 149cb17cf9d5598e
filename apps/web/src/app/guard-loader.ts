// The professional's route loaders' access check (router.tsx): the guard of route-table.ts against the
// real session (access.ts); a refusal is a router redirect (/login?to=…, the lock screen…).
import { redirect, type LoaderFunction } from 'react-router';
import { ensureSession } from '../lib/auth';
import { currentViewer } from './access';
import { decideAccess, type AccessRule } from './guard';

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
