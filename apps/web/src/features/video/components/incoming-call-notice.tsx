// The incoming-call notice and the call state hook, apart from the call screen (call-screen.tsx): the
// patient portal shows the notice on every tab from its first paint, and loads the call screen itself
// only when a call is accepted (issue 27: the portal's first load stays light).
import { useSyncExternalStore } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { callManager, type CallState } from '../lib/call-manager';
import classes from './video.module.css';

export function useCallState(): CallState {
  return useSyncExternalStore(callManager.subscribe, callManager.getState, callManager.getState);
}

/** The incoming-call notice: Accept opens the call, Reject hides it. */
export function IncomingCallNotice({ onAccept }: { onAccept?: () => void }) {
  const { t } = useTranslation('portal');
  const call = useCallState();
  if (call.phase !== 'incoming') return null;
  return (
    <Paper withBorder shadow="lg" radius="md" p="md" className={classes.incoming} role="alertdialog" aria-labelledby="incoming-call-title" data-testid="incoming-call">
      <Stack gap="sm">
        <Text fw={700} id="incoming-call-title">
          {t('video.incoming')}
        </Text>
        <Text size="sm">{t('video.incomingFrom', { name: call.peerName })}</Text>
        <Group>
          <Button
            color="green"
            leftSection={<IconVideo size={16} aria-hidden />}
            onClick={() => {
              onAccept?.();
              void callManager.accept();
            }}
            data-testid="call-accept"
          >
            {t('video.accept')}
          </Button>
          <Button color="red" variant="light" onClick={() => callManager.reject()} data-testid="call-reject">
            {t('video.reject')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
