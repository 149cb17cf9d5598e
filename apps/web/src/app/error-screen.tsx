// The error screen: chunk failures ('Loading chunk {name} failed'), lost connection and unexpected
// errors, each with a way forward. The professional's route tree shows it as its error element
// (route-error.tsx, from react-router's route error); the patient portal (portal-app.tsx), which has no
// router, from its error boundary.
import { Box, Button, Container } from '@mantine/core';
import { IconCloudOff, IconServerOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../components/status-screen';
import { isApiError, NETWORK_ERROR } from '../lib/api-error';
import { hideBootOverlay } from './boot-overlay';
import { ChunkLoadError } from './lazy-page';

/** `status`: the route error's HTTP status, when the router answered one (a loader's thrown Response). */
export function ErrorScreen({ error, status: routeStatus }: { error: unknown; status?: number }) {
  const { t } = useTranslation(['errors', 'common']);
  useEffect(() => hideBootOverlay(), []);

  const reload = (
    <Button onClick={() => window.location.reload()}>{t('common:actions.reload')}</Button>
  );
  const home = (
    <Button component="a" href="/" variant="default">
      {t('common:actions.backHome')}
    </Button>
  );

  let screen;
  if (error instanceof ChunkLoadError) {
    screen = (
      <StatusScreen
        icon={IconCloudOff}
        title={t('errors:chunk.title')}
        description={t('errors:chunk.description', { name: error.chunkName })}
        testId="chunk-error"
        actions={reload}
      />
    );
  } else if (isApiError(error) && error.code === NETWORK_ERROR) {
    screen = (
      <StatusScreen icon={IconCloudOff} title={t('common:errors.title')} description={t('common:errors.network')} actions={reload} />
    );
  } else {
    const status = routeStatus ?? (isApiError(error) ? error.status : 500);
    screen = (
      <StatusScreen
        icon={IconServerOff}
        code={t('errors:code', { code: status })}
        title={t('errors:serverError.title')}
        description={t('errors:serverError.description')}
        testId="route-error"
        actions={
          <>
            {reload}
            {home}
          </>
        }
      />
    );
  }
  return (
    <Box component="main" py={48} px="md">
      <Container size="sm">{screen}</Container>
    </Box>
  );
}
