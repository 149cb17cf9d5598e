// /callback: return point of the single sign-on provider. The query string it returned goes to the
// server, which checks state, nonce and PKCE and answers a session; then the `to` path (or /inicio).
// On an error: the spec's alert (the error code followed by 'Detailed error can be found in console.'),
// with the server's Spanish message and the status, and the detailed error written to the console.
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLogin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { safeRedirectPath } from '../../../app/safe-redirect';
import { StatusScreen } from '../../../components/status-screen';
import { isApiError } from '../../../lib/api-error';
import { startSession } from '../../../lib/auth';
import { accountApi } from '../api/account-api';

/** The code the alert shows: ours, with the provider's own (access_denied…) when it sent one. */
function alertCode(error: unknown): string {
  if (!isApiError(error)) return 'NETWORK_ERROR';
  const details = Array.isArray(error.details) ? (error.details as { path?: string; message?: string }[]) : [];
  const providerCode = details.find((d) => d.path === 'error')?.message;
  return providerCode ? `${error.code} (${providerCode})` : error.code;
}

export function CallbackPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  // A query, not an effect: the code is exchanged once even when the screen mounts twice.
  const exchange = useQuery({
    queryKey: ['oidc-callback', search],
    queryFn: async () => {
      const session = await accountApi.finishSso(search);
      startSession(session);
      return safeRedirectPath(session.to, session.user.role === 'patient' ? '/portal' : undefined);
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silent: true },
  });

  useEffect(() => {
    if (exchange.error) console.error('Single sign-on callback failed', exchange.error);
  }, [exchange.error]);

  if (exchange.data) return <Navigate to={exchange.data} replace />;
  if (exchange.error) {
    const error = exchange.error;
    return (
      <StatusScreen
        icon={IconAlertTriangle}
        title={t('callback.title')}
        description={isApiError(error) ? error.message : t('callback.network')}
        testId="callback-screen"
        actions={
          <Button component={Link} to="/login" leftSection={<IconLogin size={18} />}>
            {t('callback.toLogin')}
          </Button>
        }
      >
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} />} ta="left" w="100%" data-testid="callback-alert">
          <Stack gap={4}>
            <Text fw={600}>{t('callback.alert', { code: alertCode(error) })}</Text>
            {isApiError(error) && error.status > 0 ? (
              <Text size="sm" c="dimmed">
                {t('callback.status', { status: error.status })}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      </StatusScreen>
    );
  }
  return (
    <Stack align="center" py="xl" gap="md" data-testid="callback-loading">
      <Loader aria-label={t('callback.loading')} />
      <Text c="dimmed">{t('callback.loading')}</Text>
    </Stack>
  );
}
