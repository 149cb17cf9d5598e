// The patient portal's "page not found" (an address under /portal it does not know; app/portal-screens.ts):
// the professional app's 404 screen (features/errors, which links home through react-router) with its
// texts, and a link to the portal's home. Its own chunk: a first visit of /portal never loads it.
import { Button } from '@mantine/core';
import { IconError404 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from '../components/status-screen';
import { AppLink } from '../lib/navigation';

export function PortalNotFoundPage() {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <StatusScreen
      icon={IconError404}
      code={t('errors:code', { code: 404 })}
      title={t('errors:notFound.title')}
      description={t('errors:notFound.description')}
      testId="error-404"
      actions={
        <Button component={AppLink} to="/portal">
          {t('common:actions.backHome')}
        </Button>
      }
    />
  );
}
