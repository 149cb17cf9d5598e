// Full-page layout of the professional's route tree: the full page's frame (full-page-frame.tsx) with
// the route's screen, and for a signed-in visitor (not locked) the user menu, so every full page offers a
// way to the account or out. The patient portal uses the frame alone (no react-router, no user menu).
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { lazyPage } from '../lazy-page';
import { FullPageFrame } from './full-page-frame';

// Loaded only when someone is signed in, so the sign-in screens stay light.
const UserMenu = lazyPage('user-menu', () => import('./navbar-controls'), 'UserMenu');

function SignedInUserMenu() {
  const me = useCurrentUser();
  // A portal patient has no account screens to reach; the portal has its own sign-out.
  if (me.data?.user.role === 'patient') return null;
  return <UserMenu me={me.data} />;
}

export function FullPageLayout() {
  return (
    <FullPageFrame
      userMenu={
        <Suspense fallback={null}>
          <SignedInUserMenu />
        </Suspense>
      }
    >
      <Outlet />
    </FullPageFrame>
  );
}
