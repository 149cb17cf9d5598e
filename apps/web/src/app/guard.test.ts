import { describe, expect, it } from 'vitest';
import { ADMIN_ROLES, decideAccess, EDITOR_ROLES, SIGNED_OUT, type AccessRule, type Viewer } from './guard';
import { ROUTES } from './route-table';

const editor: AccessRule = { auth: true, roles: EDITOR_ROLES };
const nutritionist: Viewer = { authenticated: true, role: 'nutritionist', bannedStatus: 0, planKey: null, locked: false };
const at = (pathname: string, search = '') => ({ pathname, search });
const ruleOf = (path: string) => ROUTES.find((route) => route.path === path)!.access;

describe('route guard decisions', () => {
  it('sends signed-out users to /login with the wanted path and query in `to`', () => {
    expect(decideAccess(at('/pacientes', '?lugar=2'), editor, SIGNED_OUT)).toEqual({
      kind: 'redirect',
      to: '/login?to=%2Fpacientes%3Flugar%3D2',
      reason: 'unauthenticated',
    });
  });

  it('lets signed-in nutritionists and admins through the editor rule', () => {
    expect(decideAccess(at('/inicio'), editor, nutritionist)).toEqual({ kind: 'allow' });
    expect(decideAccess(at('/inicio'), editor, { ...nutritionist, role: 'admin' })).toEqual({ kind: 'allow' });
  });

  it('sends a portal patient who opens a practice screen to /portal', () => {
    expect(decideAccess(at('/inicio'), editor, { ...nutritionist, role: 'patient' })).toEqual({ kind: 'redirect', to: '/portal', reason: 'denied' });
    expect(decideAccess(at('/portal'), { auth: true, roles: ['patient'] }, { ...nutritionist, role: 'patient' })).toEqual({ kind: 'allow' });
  });

  it('sends users whose role is not allowed to /pages/not-authorized', () => {
    expect(decideAccess(at('/portal'), { auth: true, roles: ['patient'] }, nutritionist)).toMatchObject({
      kind: 'redirect',
      to: '/pages/not-authorized',
      reason: 'denied',
    });
    expect(decideAccess(at('/admin'), { auth: true, roles: ADMIN_ROLES }, nutritionist)).toMatchObject({
      to: '/pages/not-authorized',
    });
  });

  it('skips every check for /planes, /gracias, /video-llamadas and /activar-cuenta', () => {
    const banned: Viewer = { ...nutritionist, bannedStatus: 2 };
    for (const path of ['/planes', '/gracias', '/video-llamadas', '/activar-cuenta']) {
      expect(decideAccess(at(path), ruleOf(path), SIGNED_OUT)).toEqual({ kind: 'allow' });
      expect(decideAccess(at(path), ruleOf(path), banned)).toEqual({ kind: 'allow' });
    }
    // /exitoso is not on the skip list.
    expect(decideAccess(at('/exitoso'), ruleOf('/exitoso'), SIGNED_OUT)).toMatchObject({ reason: 'unauthenticated' });
  });

  it('sends suspended accounts to /activar-cuenta (which says so), with or without a plan key', () => {
    expect(decideAccess(at('/pacientes'), editor, { ...nutritionist, bannedStatus: 2, planKey: 'mensual' })).toEqual({
      kind: 'redirect',
      to: '/activar-cuenta',
      reason: 'banned',
    });
    expect(decideAccess(at('/pacientes'), editor, { ...nutritionist, bannedStatus: 2, planKey: null })).toMatchObject({
      to: '/activar-cuenta',
      reason: 'banned',
    });
    // An expired subscription (read-only) keeps every screen readable: /inicio and /pacientes open.
    expect(decideAccess(at('/pacientes'), editor, { ...nutritionist, bannedStatus: 2, readOnly: true, planKey: 'mensual' })).toEqual({ kind: 'allow' });
    expect(decideAccess(at('/inicio'), editor, { ...nutritionist, bannedStatus: 2, readOnly: true, planKey: null })).toEqual({ kind: 'allow' });
    // Other status values are not a ban.
    expect(decideAccess(at('/pacientes'), editor, { ...nutritionist, bannedStatus: 1 })).toEqual({ kind: 'allow' });
  });

  it('keeps a locked session on the lock screen, remembering where it was going', () => {
    const locked: Viewer = { ...nutritionist, locked: true };
    expect(decideAccess(at('/citas'), editor, locked)).toEqual({
      kind: 'redirect',
      to: '/pages/lock-screen?to=%2Fcitas',
      reason: 'locked',
    });
    expect(decideAccess(at('/pages/lock-screen'), ruleOf('/pages/lock-screen'), locked)).toEqual({ kind: 'allow' });
    // The lock screen itself still needs a session.
    expect(decideAccess(at('/pages/lock-screen'), ruleOf('/pages/lock-screen'), SIGNED_OUT)).toMatchObject({
      reason: 'unauthenticated',
    });
  });

  it('lets anyone open the public screens', () => {
    for (const path of ['/login', '/comenzar', '/forgot-password', '/error-404', '/error-500', '/register', '/comingsoon', '/pages/reset-password', '/callback']) {
      expect(decideAccess(at(path), ruleOf(path), SIGNED_OUT)).toEqual({ kind: 'allow' });
    }
  });
});
