import { describe, expect, it } from 'vitest';
import { isOfflineApiPath, isShellNavigation } from './offline-routes';

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
});
