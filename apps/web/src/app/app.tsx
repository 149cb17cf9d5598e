// Providers (Mantine theme from the preferences, notifications, i18n, TanStack Query) around the
// router, plus the wiring between the API client and the router.
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { configureApiClient } from '../lib/api-client';
import { applyAppManifest } from '../lib/app-manifest';
import { i18n } from '../lib/i18n';
// The professional app's bundled namespaces (auth, account, features): in its start-up chunk only.
import '../lib/i18n-app';
import { queryClient } from '../lib/query-client';
import { SESSION_STORAGE_KEY } from '../lib/session';
import { TOAST_DURATION_MS } from '../lib/toast';
import classes from './notifications.module.css';
import { configureAccess } from './access';
import { AppThemeProvider } from './app-theme-provider';
import { createAppRouter } from './router';

const router = createAppRouter();
// The portal and the professional's app are installed as two apps, each with its manifest.
router.subscribe((state) => applyAppManifest(state.location.pathname));

configureApiClient({
  // The session is already cleared; re-running the current route's guard sends the user to
  // /login?to=<current path> (or does nothing on a public screen). A pending navigation's own
  // guard does the same, so there is nothing to re-run then.
  onSessionExpired: () => {
    if (router.state.navigation.state === 'idle') void router.revalidate();
  },
});

// The user checked in the background after a repeat visit opened on the kept one changed role, ban or
// plan: the current screen's guard decides again (app/access.ts).
configureAccess({
  onAccessChanged: () => {
    if (router.state.navigation.state === 'idle') void router.revalidate();
  },
});

// Another tab logged out (or in as someone else): re-check access to the current screen.
window.addEventListener('storage', (event) => {
  if (event.key !== SESSION_STORAGE_KEY) return;
  if (event.newValue === null) queryClient.clear();
  void router.revalidate();
});

export function App() {
  return (
    <AppThemeProvider>
      {/* Bottom-left (full width at the bottom on a phone; why in notifications.module.css): a toast
          never covers the navbar's buttons or a dialog's close button during its 2500 ms. 236 px keeps it
          inside the 260 px side menu on a laptop, off the form it would otherwise hide. */}
      <Notifications position="bottom-left" autoClose={TOAST_DURATION_MS} containerWidth={236} classNames={{ root: classes.root }} />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {/* Route loaders already wait for the guard and the screen's chunk, so a committed navigation
              renders at once: no transition, the new screen is in the DOM as the address changes. */}
          <RouterProvider router={router} useTransitions={false} />
        </QueryClientProvider>
      </I18nextProvider>
    </AppThemeProvider>
  );
}
