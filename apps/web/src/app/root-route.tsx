// Root of the route tree: after each navigation scroll to the top and hide the loading overlay;
// a thin progress bar while a navigation waits for its guard or chunk. It also provides the navigation
// seam (lib/navigation.tsx) from react-router to the screens: code the patient portal shares with them
// reads the address through the seam, so the portal's page never loads react-router.
import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { NavigationProvider, type Navigation } from '../lib/navigation';
import { hideBootOverlay } from './boot-overlay';
import classes from './root-route.module.css';

export function RootRoute() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const seam = useMemo<Navigation>(
    () => ({
      location: { pathname: location.pathname, search: location.search, hash: location.hash },
      navigate: (to, options) => void navigate(to, options),
    }),
    [location.pathname, location.search, location.hash, navigate],
  );

  useEffect(() => {
    window.scrollTo(0, 0);
    hideBootOverlay();
  }, [location.pathname, location.search]);

  return (
    <NavigationProvider value={seam}>
      {navigation.state !== 'idle' ? <div className={classes.progress} aria-hidden /> : null}
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </NavigationProvider>
  );
}
