// The full page's frame (sign-in, registration, recovery, lock screen, error and billing screens, and the
// patient portal): the app's name in a header, the screen below. A signed-in visitor (not locked) gets
// the header laid out for a user menu, which the professional's layout puts there (full-page-layout.tsx);
// the patient portal (portal-app.tsx) has none. No router: the address comes from lib/navigation.tsx.
import { Suspense, type ReactNode } from 'react';
import { Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { useSignedIn } from '../../lib/current-user';
import { isLocked } from '../../lib/lock';
import { useAppLocation } from '../../lib/navigation';
import { LOCK_SCREEN_PATH } from '../guard';

export function FullPageFrame({ userMenu, children }: { userMenu?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('common');
  const location = useAppLocation();
  const signedIn = useSignedIn();
  const showUserMenu = signedIn && location.pathname !== LOCK_SCREEN_PATH && !isLocked();
  return (
    <Box mih="100vh" py={{ base: 'lg', sm: 48 }} px="md" bg="var(--mantine-color-gray-light)">
      <Container size="md">
        <Group justify={showUserMenu ? 'space-between' : 'center'} mb="xl" component="header">
          <Text component="span" fw={700} fz={28} aria-hidden>
            {t('appName')}
          </Text>
          {showUserMenu ? userMenu : null}
        </Group>
        <main id="main-content">
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </main>
      </Container>
    </Box>
  );
}
