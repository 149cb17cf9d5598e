// /callback: return point of an external identity provider. This server has none configured, so the
// screen says so and offers the email sign-in.
import { Button } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from '../../../components/status-screen';

export function CallbackPage() {
  const { t } = useTranslation('auth');
  return (
    <StatusScreen
      icon={IconPlugConnectedX}
      title={t('callback.title')}
      description={t('callback.description')}
      testId="callback-screen"
      actions={
        <Button component={Link} to="/login">
          {t('callback.toLogin')}
        </Button>
      }
    />
  );
}
