// "Notificaciones": the nutritionist's settings tab and the portal's section. It explains what arrives and
// that nothing private travels, asks the browser's permission only when the person clicks "Activar
// notificaciones", subscribes this device through the service worker, and lets the person choose which
// events notify them (for all their devices). iPhones in a Safari tab and browsers without push get text
// instead of a button that cannot work.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBell, IconBellOff, IconDeviceMobile } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PushPreferences } from '@almendra/contracts';
import { NUTRITIONIST_PUSH_EVENTS, PATIENT_PUSH_EVENTS, type PushEvent } from '@almendra/contracts/constants';
import { afterNextPaint } from '../../../lib/after-paint';
import { showError, showSuccess } from '../../../lib/toast';
import { currentSubscription, disablePush, enablePush, notificationPermission, pushSupport, PushSetupError } from '../../../lib/web-push';
import { pushApi, pushKeys } from '../api/push-api';

export function NotificationsCard({ audience }: { audience: 'nutritionist' | 'patient' }) {
  const { t } = useTranslation('portal');
  const queryClient = useQueryClient();
  const support = pushSupport();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  // Read once the card has painted, with the subscription: the browser answers Notification.permission
  // synchronously from its own process, which held up the portal home's first render (issue 27).
  const [permission, setPermission] = useState<NotificationPermission | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preferences = useQuery({ queryKey: pushKeys.preferences, queryFn: pushApi.preferences });
  const events: readonly PushEvent[] = audience === 'patient' ? PATIENT_PUSH_EVENTS : NUTRITIONIST_PUSH_EVENTS;

  useEffect(() => {
    let alive = true;
    const check = () => {
      const current = notificationPermission();
      setPermission(current);
      void currentSubscription()
        .then((s) => alive && setSubscribed(s !== null && current === 'granted'))
        .catch(() => alive && setSubscribed(false));
    };
    // After the frame that paints the card (a second at most: a tab in the background has no frames).
    const cancel = afterNextPaint(check);
    return () => {
      alive = false;
      cancel();
    };
  }, []);

  const enable = useMutation({
    mutationFn: enablePush,
    onMutate: () => setProblem(null),
    onSuccess: () => {
      setSubscribed(true);
      setPermission('granted');
      showSuccess(t('push.enabledToast'), t('push.enabledToastBody'));
    },
    onError: (error) => {
      setPermission(notificationPermission());
      if (error instanceof PushSetupError) {
        setProblem(t(error.reason === 'denied' ? 'push.denied' : error.reason === 'no-service-worker' ? 'push.noServiceWorker' : 'push.unsupported'));
      } else {
        showError(error);
      }
    },
  });
  const disable = useMutation({
    mutationFn: disablePush,
    onSuccess: () => {
      setSubscribed(false);
      showSuccess(t('push.disabledToast'), t('push.disabledToastBody'));
    },
    onError: showError,
  });
  const toggle = useMutation({
    mutationFn: (change: Partial<Record<PushEvent, boolean>>) => pushApi.updatePreferences({ events: change }),
    onMutate: (change) => {
      const previous = queryClient.getQueryData<PushPreferences>(pushKeys.preferences);
      queryClient.setQueryData<PushPreferences>(pushKeys.preferences, (old) => ({ events: { ...old?.events, ...change } }));
      return { previous };
    },
    onError: (error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(pushKeys.preferences, context.previous);
      showError(error);
    },
    onSuccess: (data) => queryClient.setQueryData(pushKeys.preferences, data),
  });

  return (
    <Paper withBorder radius="md" p="md" data-testid="notifications-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBell size={18} aria-hidden />
          <Title order={2} size="h4">
            {t('push.title')}
          </Title>
        </Group>
        <Text size="sm">{t(audience === 'patient' ? 'push.introPatient' : 'push.introNutritionist')}</Text>
        <Text size="sm" c="dimmed">
          {t('push.privacy')}
        </Text>

        {support === 'ios-not-installed' && (
          <Alert color="blue" icon={<IconDeviceMobile size={18} aria-hidden />} title={t('push.iosTitle')} data-testid="push-ios">
            {t('push.iosSteps')}
          </Alert>
        )}
        {support === 'unsupported' && (
          <Alert color="gray" icon={<IconBellOff size={18} aria-hidden />} data-testid="push-unsupported">
            {t('push.unsupported')}
          </Alert>
        )}
        {support === 'supported' && permission === 'denied' && !problem && (
          <Alert color="orange" icon={<IconBellOff size={18} aria-hidden />}>
            {t('push.denied')}
          </Alert>
        )}
        {problem && (
          <Alert color="red" title={t('push.errorTitle')} role="alert">
            {problem}
          </Alert>
        )}
        {support === 'supported' && subscribed !== null && (
          <Group gap="sm">
            {subscribed ? (
              <>
                <Badge color="green" variant="light" leftSection={<IconBell size={12} aria-hidden />} data-testid="push-enabled">
                  {t('push.enabled')}
                </Badge>
                <Button variant="default" size="xs" leftSection={<IconBellOff size={14} aria-hidden />} loading={disable.isPending} onClick={() => disable.mutate()}>
                  {t('push.disable')}
                </Button>
              </>
            ) : (
              <Button leftSection={<IconBell size={16} aria-hidden />} loading={enable.isPending} onClick={() => enable.mutate()}>
                {t('push.enable')}
              </Button>
            )}
          </Group>
        )}

        {preferences.data && (
          <Stack gap={6} mt="xs">
            <div>
              <Text fw={600} size="sm">
                {t('push.events')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('push.eventsHint')}
              </Text>
            </div>
            {events.map((event) => (
              <Switch
                key={event}
                label={t(`push.event.${event}`)}
                checked={preferences.data.events[event] !== false}
                onChange={(e) => toggle.mutate({ [event]: e.currentTarget.checked })}
                data-testid={`push-event-${event}`}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
