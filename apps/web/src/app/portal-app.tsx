// The patient portal's own app (issue 27): portal.html and src/portal-main.tsx mount it at /portal and
// /portal/… (the server and the service worker answer those addresses with portal.html; docs/web.md
// "The portal's entry"). It holds only the portal: the same providers as the professional's app (app.tsx:
// theme from the preferences, i18n, TanStack Query) around two screens, /portal (patients only, the same
// guard as before) and /portal/aceptar, inside the same full-page layout; any other /portal/… address is
// its "page not found" (portal-screens.ts). No professional route table, layout or screen prefetching;
// toasts load with the first toast. Any address outside /portal the portal navigates to (sign-in,
// sign-out, the lock screen) is a page load of the professional's app.
import { Component, lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { dropHomeSnapshot } from '../features/portal/lib/home-snapshot';
import { PortalPage } from '../features/portal/routes/portal-pages';
import { configureApiClient } from '../lib/api-client';
import { i18n, loadLazyNamespaces } from '../lib/i18n';
import { HistoryNavigation, useAppLocation } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { SESSION_STORAGE_KEY } from '../lib/session';
import { configureAccess } from './access';
import { AppThemeProvider } from './app-theme-provider';
import { hideBootOverlay } from './boot-overlay';
import { ErrorScreen } from './error-screen';
import { FullPageFrame } from './layouts/full-page-frame';
import { lazyPage } from './lazy-page';
import { portalOwns, portalScreenOf } from './portal-screens';
import { checkPortalAccess, forgetEarlyCheck, takeEarlyCheck } from './portal-start';

// The invitation page's code and texts download together.
const PortalAcceptPage = lazyPage(
  'portal-accept',
  () => Promise.all([import('../features/portal/routes/portal-accept-page'), loadLazyNamespaces(['portal'])]).then(([page]) => page),
  'PortalAcceptPage',
);
// An address under /portal the portal does not know: its "page not found" (rare: its own chunk).
const PortalNotFoundPage = lazyPage('portal-not-found', () => import('./portal-not-found'), 'PortalNotFoundPage');
const Toasts = lazy(() => import('./portal-toasts'));


/** Re-runs the portal's access check: the session expired, or another tab signed out or in. */
const recheckListeners = new Set<() => void>();
const recheckAccess = () => recheckListeners.forEach((listener) => listener());

configureApiClient({ onSessionExpired: recheckAccess });
// A repeat visit decides on the user the service worker kept; when the one checked in the background
// may see something else (role, ban, plan), the check runs again (access.ts).
configureAccess({ onAccessChanged: recheckAccess });

// Another tab logged out (or in as someone else): forget this one's data and re-check access.
window.addEventListener('storage', (event) => {
  if (event.key !== SESSION_STORAGE_KEY) return;
  if (event.newValue === null) queryClient.clear();
  recheckAccess();
});

/** A page load of another address: the professional's app answers it (sign-in, lock screen, errors). */
function leavePortal(to: string): void {
  // The kept first paint of the home (if it shows) is not what this visit gets: gone, from the screen too.
  dropHomeSnapshot();
  window.location.replace(to);
}

/** An address outside /portal: loaded as a page of the professional's app (which answers it). */
function LeavePortal() {
  const location = useAppLocation();
  useEffect(() => leavePortal(`${location.pathname}${location.search}${location.hash}`), [location]);
  return null;
}

/** Shown once the screen has rendered: hides index.html's loading overlay and starts at the top. */
function ScreenShown({ children }: { children: ReactNode }) {
  const location = useAppLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    hideBootOverlay();
  }, [location.pathname]);
  return children;
}

/**
 * /portal: the access check, the home tab's texts and the home's first data (portal-start.ts); a redirect
 * is a page load (/login?to=/portal, the lock screen…). The entry starts the first check before React
 * renders: when it has already settled the home shows in the first render.
 */
function PortalGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ allowed: boolean; error?: unknown }>(() => ({ allowed: takeEarlyCheck()?.settled?.kind === 'allowed' }));
  const [check, setCheck] = useState(0);
  useEffect(() => {
    const listener = () => setCheck((n) => n + 1);
    recheckListeners.add(listener);
    return () => void recheckListeners.delete(listener);
  }, []);
  useEffect(() => {
    let live = true;
    const early = check === 0 ? takeEarlyCheck() : null;
    forgetEarlyCheck();
    // Always through the promise, even when the early check has settled: it may have settled after the
    // first render read it (allowed: false) and before this effect, and returning here then left the
    // portal on its loading overlay for good (seen in pwa.spec and the portal-visit bench).
    (early?.promise ?? checkPortalAccess())
      .then((result) => {
        if (result.kind === 'redirect') return leavePortal(result.to);
        if (live) setState((current) => (current.allowed ? current : { allowed: true }));
      })
      .catch((error: unknown) => {
        if (live) setState({ allowed: false, error });
      });
    return () => {
      live = false;
    };
  }, [check]);
  if (state.error !== undefined) throw state.error;
  return state.allowed ? <ScreenShown>{children}</ScreenShown> : null;
}

/** A failed chunk, a lost connection or an unexpected error: the professional app's error screen. */
class PortalErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch() {
    dropHomeSnapshot();
    hideBootOverlay();
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <ErrorScreen error={this.state.error} />;
  }
}

/** The toasts (Mantine's Notifications) mount with the first one shown: their code loads then. */
function LazyToasts() {
  const wanted = useSyncExternalStore(notificationsStore.subscribe, () => {
    const { notifications, queue } = notificationsStore.getState();
    return notifications.length + queue.length > 0;
  });
  const [mounted, setMounted] = useState(false);
  if (wanted && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/**
 * The portal's screens in the full-page frame: home, invitation, or its "page not found" for any other
 * address under /portal (the server answers those with this page again: leaving would loop). An address
 * outside /portal leaves the portal by a page load.
 */
function PortalScreens() {
  const screen = portalScreenOf(useAppLocation().pathname);
  if (!screen) return <LeavePortal />;
  return (
    <FullPageFrame>
      {screen === 'home' ? (
        <PortalGate>
          <PortalPage />
        </PortalGate>
      ) : (
        <ScreenShown>{screen === 'accept' ? <PortalAcceptPage /> : <PortalNotFoundPage />}</ScreenShown>
      )}
    </FullPageFrame>
  );
}

export function PortalApp() {
  return (
    <AppThemeProvider>
      <LazyToasts />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <PortalErrorBoundary>
            <HistoryNavigation owns={portalOwns}>
              <PortalScreens />
            </HistoryNavigation>
          </PortalErrorBoundary>
        </QueryClientProvider>
      </I18nextProvider>
    </AppThemeProvider>
  );
}
