import { describe, expect, it } from 'vitest';
import { bearerSubject, isOfflineApiPath, isShellNavigation, keepsAnswerFor, PORTAL_NAVIGATION, tokenSubject } from './offline-routes';

describe('what the service worker keeps and answers', () => {
  it("keeps the portal's reads for offline use, and no other API data", () => {
    for (const path of ['/api/v1/me', '/api/v1/portal/me', '/api/v1/portal/plan', '/api/v1/portal/plan/pdf', '/api/v1/portal/plans', '/api/v1/portal/plans/0192-abc', '/api/v1/portal/plans/0192-abc/pdf']) {
      expect(isOfflineApiPath(path), path).toBe(true);
    }
    for (const path of ['/api/v1/patients', '/api/v1/me/onboarding', '/api/v1/portal/daily-log', '/api/v1/conversations/x/messages', '/api/v1/health', '/api/v1/portal/plans/a/b']) {
      expect(isOfflineApiPath(path), path).toBe(false);
    }
  });

  it("answers the app's screens with the shell, never the server's pages, the API or files", () => {
    for (const path of ['/', '/portal', '/portal/aceptar', '/inicio', '/pacientes', '/ficha', '/login']) expect(isShellNavigation(path), path).toBe(true);
    for (const path of ['/api/v1/me', '/p/lucia-fernandez', '/p', '/turno/abc.def', '/robots.txt', '/sitemap.xml', '/favicon.ico', '/portal/manifest.webmanifest']) {
      expect(isShellNavigation(path), path).toBe(false);
    }
  });

  it('names the account an access token belongs to (its JWT subject), for nothing else', () => {
    const jwt = (payload: unknown) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.firma`;
    // '>>>?' encodes to base64url's '-' and '_' characters.
    expect(tokenSubject(jwt({ sub: '0193>>>?', role: 'patient' }))).toBe('0193>>>?');
    expect(bearerSubject(`Bearer ${jwt({ sub: 'u-1' })}`)).toBe('u-1');
    for (const token of ['', 'abc', 'a.b.c', jwt({ role: 'patient' }), jwt({ sub: '' }), jwt(null)]) expect(tokenSubject(token), token).toBeNull();
    expect(bearerSubject(null)).toBeNull();
    expect(bearerSubject(`Basic ${jwt({ sub: 'u-1' })}`)).toBeNull();
  });

  it("keeps an answer only for the account the cache names: none after a sign-out, not the previous one's after a sign-in", () => {
    const bearer = (sub: string) => `Bearer eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub }))}.firma`;
    expect(keepsAnswerFor(bearer('camila'), 'camila')).toBe(true);
    expect(keepsAnswerFor(bearer('camila'), null)).toBe(false);
    expect(keepsAnswerFor(bearer('camila'), 'nora')).toBe(false);
    expect(keepsAnswerFor(null, 'camila')).toBe(false);
    expect(keepsAnswerFor('Bearer sin-formato', 'camila')).toBe(false);
  });

  it("answers the portal's screens with its own page, its query included (Workbox matches path and query)", () => {
    for (const path of ['/portal', '/portal/', '/portal/aceptar', '/portal?tab=chat', '/portal/aceptar?code=AB12']) expect(PORTAL_NAVIGATION.test(path), path).toBe(true);
    for (const path of ['/', '/portales', '/inicio', '/login?to=/portal', '/pacientes']) expect(PORTAL_NAVIGATION.test(path), path).toBe(false);
  });
});
