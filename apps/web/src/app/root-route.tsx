// Root of the route tree: after each navigation scroll to the top and hide the loading overlay;
// a thin progress bar while a navigation waits for its guard or chunk.
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { hideBootOverlay } from './boot-overlay';
import classes from './root-route.module.css';

export function RootRoute() {
  const location = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    window.scrollTo(0, 0);
    hideBootOverlay();
  }, [location.pathname, location.search]);

  return (
    <>
      {navigation.state !== 'idle' ? <div className={classes.progress} aria-hidden /> : null}
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
