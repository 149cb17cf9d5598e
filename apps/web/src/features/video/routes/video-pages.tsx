// /video-llamadas?paciente=…: the nutritionist's video call with a patient who has portal access (the
// chat's Videollamada button opens it). An accepted incoming call is shown here too.
import { useEffect } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../../lib/api-client';
import { CallScreen, IncomingCallNotice, useCallState } from '../components/call-screen';
import { callManager } from '../lib/call-manager';

export function VideoCallPage() {
  const { t } = useTranslation(['portal', 'common', 'nav']);
  useDocumentTitle(`${t('portal:video.title')} · ${t('common:appName')}`);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const patientId = params.get('paciente');
  const call = useCallState();
  const patient = useQuery({
    queryKey: ['patients', 'detail', patientId],
    queryFn: () => api.get<{ firstName: string; lastName: string }>(`/patients/${encodeURIComponent(patientId!)}`),
    enabled: Boolean(patientId),
  });
  const name = patient.data ? `${patient.data.firstName} ${patient.data.lastName}` : '';

  useEffect(() => {
    callManager.start('nutritionist');
  }, []);
  useEffect(() => {
    if (patientId && name && callManager.getState().phase === 'idle') void callManager.prepare(patientId, name);
  }, [patientId, name]);

  // After a call (or its 30 s notice) the page offers to call the same patient again, never a blank page.
  const callAgain = patientId && name ? () => void callManager.prepare(patientId, name) : undefined;

  const exit = () => {
    callManager.reset();
    void navigate(patientId ? `/chat?paciente=${encodeURIComponent(patientId)}` : '/chat');
  };

  return (
    <Stack gap="md" p="md" maw={1140} mx="auto">
      <Title order={1}>{t('portal:video.title')}</Title>
      <IncomingCallNotice />
      {call.phase === 'idle' && !patientId ? (
        <Text>
          {t('portal:video.pickPatient')}{' '}
          <Anchor component={Link} to="/chat">
            {t('nav:pages.chat')}
          </Anchor>
        </Text>
      ) : call.phase === 'idle' ? (
        callAgain && (
          <Group data-testid="call-idle">
            <Button leftSection={<IconVideo size={16} aria-hidden />} onClick={callAgain} data-testid="call-again">
              {t('portal:video.startWith', { name })}
            </Button>
            <Button variant="default" onClick={exit}>
              {t('portal:video.exit')}
            </Button>
          </Group>
        )
      ) : (
        call.phase !== 'incoming' && (
          <CallScreen
            onExit={exit}
            onCallAgain={call.side === 'nutritionist' && call.patientId === patientId ? callAgain : undefined}
            startLabel={name ? t('portal:video.startWith', { name }) : undefined}
          />
        )
      )}
    </Stack>
  );
}
