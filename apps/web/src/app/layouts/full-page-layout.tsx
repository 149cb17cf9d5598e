// Full-page layout: sign-in, registration, recovery, lock screen, error and billing screens. A signed-in
// visitor (not locked) also gets the user menu, so every full page offers a way to the account or out.
import { Suspense } from 'react';
import { Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useCurrentUser, useSignedIn } from '../../lib/current-user';
import { isLocked } from '../../lib/lock';
import { LOCK_SCREEN_PATH } from '../guard';
import { lazyPage } from '../lazy-page';

// Loaded only when someone is signed in, so the sign-in screens stay light.
const UserMenu = lazyPage('user-menu', () => import('./navbar-controls'), 'UserMenu');

function SignedInUserMenu() {
  const me = useCurrentUser();
  // A portal patient has no account screens to reach; the portal has its own sign-out.
  if (me.data?.user.role === 'patient') return null;
  return <UserMenu me={me.data} />;
}

/** `userMenu` off: the patient portal's own app (portal-app.tsx), whose patients have no user menu (the header is laid out the same). */
export function FullPageLayout({ userMenu = true }: { userMenu?: boolean }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const signedIn = useSignedIn();
  const showUserMenu = signedIn && location.pathname !== LOCK_SCREEN_PATH && !isLocked();
  return (
    <Box mih="100vh" py={{ base: 'lg', sm: 48 }} px="md" bg="var(--mantine-color-gray-light)">
      <Container size="md">
        <Group justify={showUserMenu ? 'space-between' : 'center'} mb="xl" component="header">
          <Text component="span" fw={700} fz={28} aria-hidden>
            {t('appName')}
          </Text>
          {showUserMenu && userMenu ? (
            <Suspense fallback={null}>
              <SignedInUserMenu />
            </Suspense>
          ) : null}
        </Group>
        <main id="main-content">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </Container>
    </Box>
  );
}
