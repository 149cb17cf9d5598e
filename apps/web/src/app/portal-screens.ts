// Which of the patient portal's screens an address is (portal-app.tsx picks its screen with it; issue 27).
// The server and the service worker answer /portal and every /portal/… address with the portal's page
// (spa-shell.ts, offline-routes.ts PORTAL_NAVIGATION), so an address under /portal that the portal does
// not know is its own "page not found": leaving by a page load would be answered by the portal again,
// for ever. Only an address outside /portal is the professional app's (a page load).

export type PortalScreen = 'home' | 'accept' | 'notFound';

/** The screen for a path: any case and trailing slashes, as react-router matched it; null outside /portal. */
export function portalScreenOf(pathname: string): PortalScreen | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/portal') return 'home';
  if (path === '/portal/aceptar') return 'accept';
  return path.startsWith('/portal/') ? 'notFound' : null;
}

/** The addresses the portal's page answers without a page load (its navigations to any other are page loads). */
export const portalOwns = (pathname: string): boolean => portalScreenOf(pathname) !== null;
