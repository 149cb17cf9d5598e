// Route guard decisions as a pure function (seed 1 sections 2, 4 and 6): who may open which route.
import type { Role } from '@almendra/contracts';
import { loginRedirect } from './safe-redirect';

export const NOT_AUTHORIZED_PATH = '/pages/not-authorized';
export const LOCK_SCREEN_PATH = '/pages/lock-screen';
export const ACTIVATE_ACCOUNT_PATH = '/activar-cuenta';
export const PLANS_PATH = '/planes';
/** Usu_Baneado value of a banned or expired account. */
export const BANNED_STATUS = 2;

/** The spec's "editor" rule: nutritionists, and admins (editor rules also admit admin). */
export const EDITOR_ROLES: readonly Role[] = ['nutritionist', 'admin'];
export const ADMIN_ROLES: readonly Role[] = ['admin'];
/** Portal accounts: patients see only /portal (and the shared screens without an access check). */
export const PATIENT_ROLES: readonly Role[] = ['patient'];
export const PORTAL_PATH = '/portal';

export interface AccessRule {
  /** The route needs a signed-in session. */
  auth: boolean;
  /** Roles allowed; undefined = any signed-in user. */
  roles?: readonly Role[];
  /** Seed skip list (/planes, /gracias, /video-llamadas, /activar-cuenta): no access check at all. */
  skipAccessCheck?: boolean;
  /** The lock screen itself (reachable while locked). */
  lockScreen?: boolean;
}

export interface Viewer {
  authenticated: boolean;
  role: Role | null;
  bannedStatus: number;
  /** With bannedStatus 2: the subscription ended (not an operator's suspension); her screens stay readable. */
  readOnly?: boolean;
  planKey: string | null;
  locked: boolean;
}

export const SIGNED_OUT: Viewer = { authenticated: false, role: null, bannedStatus: 0, planKey: null, locked: false };

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; reason: 'unauthenticated' | 'locked' | 'banned' | 'denied' };

const ALLOW: GuardDecision = { kind: 'allow' };

export function decideAccess(target: { pathname: string; search: string }, rule: AccessRule, viewer: Viewer): GuardDecision {
  if (rule.skipAccessCheck || !rule.auth) return ALLOW;
  const wanted = `${target.pathname}${target.search}`;
  if (!viewer.authenticated) return { kind: 'redirect', to: loginRedirect(wanted), reason: 'unauthenticated' };
  if (rule.lockScreen) return ALLOW;
  if (viewer.locked) {
    return { kind: 'redirect', to: `${LOCK_SCREEN_PATH}?to=${encodeURIComponent(wanted)}`, reason: 'locked' };
  }
  // An expired subscription keeps every screen readable (the server refuses writes with 402 and the shell
  // shows the way to pay); an operator's suspension, or a ban without billing, goes to /activar-cuenta.
  if (viewer.bannedStatus === BANNED_STATUS && !viewer.readOnly) {
    // Always /activar-cuenta (the spec sent a ban without a plan key to /planes; choosing a plan does not
    // lift a suspension, and /activar-cuenta says it is suspended and offers her data).
    return { kind: 'redirect', to: ACTIVATE_ACCOUNT_PATH, reason: 'banned' };
  }
  if (rule.roles && (!viewer.role || !rule.roles.includes(viewer.role))) {
    // A patient who follows a practice link (or an old bookmark) lands in their portal, not on an error.
    if (viewer.role === 'patient') return { kind: 'redirect', to: PORTAL_PATH, reason: 'denied' };
    return { kind: 'redirect', to: NOT_AUTHORIZED_PATH, reason: 'denied' };
  }
  return ALLOW;
}
