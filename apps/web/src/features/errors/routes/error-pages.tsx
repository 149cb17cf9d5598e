// Error and status screens: 404, 500, not authorised, maintenance, coming soon. Each offers a way back.
import { Button } from '@mantine/core';
import { IconBarrierBlock, IconError404, IconHourglass, IconLock, IconServerOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from '../../../components/status-screen';

function BackHome() {
  const { t } = useTranslation('common');
  // '/' goes to /inicio, and from there to sign-in when there is no session.
  return (
    <Button component={Link} to="/">
      {t('actions.backHome')}
    </Button>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <StatusScreen
      icon={IconError404}
      code={t('code', { code: 404 })}
      title={t('notFound.title')}
      description={t('notFound.description')}
      testId="error-404"
      actions={<BackHome />}
    />
  );
}

export function ServerErrorPage() {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <StatusScreen
      icon={IconServerOff}
      code={t('errors:code', { code: 500 })}
      title={t('errors:serverError.title')}
      description={t('errors:serverError.description')}
      testId="error-500"
      actions={
        <>
          <BackHome />
          <Button variant="default" onClick={() => window.location.reload()}>
            {t('common:actions.reload')}
          </Button>
        </>
      }
    />
  );
}

export function NotAuthorizedPage() {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <StatusScreen
      icon={IconLock}
      title={t('errors:notAuthorized.title')}
      description={t('errors:notAuthorized.description')}
      testId="not-authorized"
      actions={
        <>
          <BackHome />
          <Button component={Link} to="/login" variant="default">
            {t('common:actions.goToLogin')}
          </Button>
        </>
      }
    />
  );
}

export function MaintenancePage() {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <StatusScreen
      icon={IconBarrierBlock}
      title={t('errors:maintenance.title')}
      description={t('errors:maintenance.description')}
      testId="maintenance"
      actions={
        <Button variant="default" onClick={() => window.location.reload()}>
          {t('common:actions.reload')}
        </Button>
      }
    />
  );
}

export function ComingSoonPage() {
  const { t } = useTranslation('errors');
  return (
    <StatusScreen
      icon={IconHourglass}
      title={t('comingSoon.title')}
      description={t('comingSoon.description')}
      testId="coming-soon"
      actions={<BackHome />}
    />
  );
}
