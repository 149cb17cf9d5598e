// The video call screen of both sides: the device messages with Exit, the start button, the remote and
// local videos, microphone and camera toggles, the end button, three window sizes and the ended notices.
// When the other side mutes or turns its camera off (call.media) its picture shows its initials and a
// label instead of black frames; a declined call says so (and why, when the other side said).
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Avatar, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff, IconPhoneOff, IconVideo, IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { callManager } from '../lib/call-manager';
import { useCallState } from './incoming-call-notice';
import classes from './video.module.css';

// The notice and the call state live apart so the patient portal shows the notice without this screen's code.
export { IncomingCallNotice, useCallState } from './incoming-call-notice';

function Video({ stream, muted, label, testId }: { stream: MediaStream | null; muted: boolean; label: string; testId: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} data-testid={testId} className={classes.video} />;
}

type Size = 'small' | 'medium' | 'large';

export function CallScreen({ onExit, startLabel, onCallAgain }: { onExit: () => void; startLabel?: string; onCallAgain?: () => void }) {
  const { t } = useTranslation('portal');
  const call = useCallState();
  const [size, setSize] = useState<Size>('medium');

  if (call.phase === 'noDevices' || call.phase === 'blocked') {
    return (
      <Alert color="red" variant="light" title={t(call.phase === 'noDevices' ? 'video.noDevices' : 'video.blocked')} data-testid="call-device-error">
        <Stack gap="sm">
          {call.phase === 'blocked' && <Text size="sm">{t('video.blockedHelp')}</Text>}
          <Group>
            <Button variant="default" onClick={onExit} data-testid="call-exit">
              {t('video.exit')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  if (call.phase === 'ended') {
    const message =
      call.endReason === 'remote'
        ? t(call.side === 'nutritionist' ? 'video.patientHungUp' : 'video.nutritionistHungUp')
        : call.endReason === 'noAnswer'
          ? t('video.noAnswer')
          : call.endReason === 'rejected'
            ? t(call.rejectReason === 'busy' ? 'video.rejectedBusy' : call.rejectReason === 'devices' ? 'video.rejectedDevices' : 'video.rejected', {
                name: call.peerName || t('video.theOtherSide'),
              })
            : call.endReason === 'failed'
              ? t('video.failed')
              : t('video.ended');
    return (
      <Alert variant="light" title={message} data-testid="call-ended" role="status">
        <Group mt="sm">
          {onCallAgain && (
            <Button leftSection={<IconVideo size={16} aria-hidden />} onClick={onCallAgain} data-testid="call-again">
              {t('video.callAgain')}
            </Button>
          )}
          <Button variant="default" onClick={onExit}>
            {t('video.exit')}
          </Button>
        </Group>
      </Alert>
    );
  }

  const live = call.phase === 'calling' || call.phase === 'connecting' || call.phase === 'inCall';
  return (
    <Paper withBorder radius="md" p="sm" className={classes.frame} data-size={size} data-testid="call-screen" data-phase={call.phase}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h5">
            {call.phase === 'calling' ? t('video.calling') : call.phase === 'connecting' ? t('video.connecting') : call.phase === 'inCall' ? t('video.inCall') : t('video.title')}
            {call.peerName ? ` · ${call.peerName}` : ''}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={t('video.size')}
            value={size}
            onChange={(v) => setSize(v as Size)}
            data={(['small', 'medium', 'large'] as const).map((s) => ({ value: s, label: t(`video.sizes.${s}`) }))}
          />
        </Group>
        <div className={classes.stage}>
          <Video stream={call.remoteStream} muted={false} label={t('video.remote', { name: call.peerName })} testId="remote-video" />
          {live && !call.remoteCameraOn && (
            <div className={classes.cameraOff} data-testid="remote-camera-off">
              <Avatar name={call.peerName} color="initials" size={96} radius="50%" />
              <Text c="white" size="sm">
                {t('video.remoteCameraOff', { name: call.peerName || t('video.theOtherSide') })}
              </Text>
            </div>
          )}
          {live && !call.remoteMicOn && (
            <Badge className={classes.mutedBadge} color="dark" leftSection={<IconMicrophoneOff size={14} aria-hidden />} data-testid="remote-muted">
              {t('video.remoteMuted', { name: call.peerName || t('video.theOtherSide') })}
            </Badge>
          )}
          <div className={classes.pip}>
            <Video stream={call.localStream} muted label={t('video.local')} testId="local-video" />
            {!call.cameraOn && (
              <div className={classes.cameraOff} data-testid="local-camera-off">
                <IconVideoOff size={20} color="white" aria-label={t('video.localCameraOff')} />
              </div>
            )}
          </div>
        </div>
        <Group justify="center" gap="md">
          {call.phase === 'ready' && (
            <Button leftSection={<IconVideo size={18} aria-hidden />} onClick={() => void callManager.call()} data-testid="call-start">
              {startLabel ?? t('video.start')}
            </Button>
          )}
          {call.phase === 'preparing' && <Text c="dimmed">{t('video.connecting')}</Text>}
          {(live || call.phase === 'ready') && (
            <>
              <Tooltip label={call.micOn ? t('video.mute') : t('video.unmute')}>
                <ActionIcon size="xl" radius="xl" variant={call.micOn ? 'default' : 'filled'} onClick={() => callManager.toggleMic()} aria-label={call.micOn ? t('video.mute') : t('video.unmute')} aria-pressed={!call.micOn} data-testid="call-mic">
                  {call.micOn ? <IconMicrophone size={20} aria-hidden /> : <IconMicrophoneOff size={20} aria-hidden />}
                </ActionIcon>
              </Tooltip>
              <Tooltip label={call.cameraOn ? t('video.cameraOff') : t('video.cameraOn')}>
                <ActionIcon size="xl" radius="xl" variant={call.cameraOn ? 'default' : 'filled'} onClick={() => callManager.toggleCamera()} aria-label={call.cameraOn ? t('video.cameraOff') : t('video.cameraOn')} aria-pressed={!call.cameraOn} data-testid="call-camera">
                  {call.cameraOn ? <IconVideo size={20} aria-hidden /> : <IconVideoOff size={20} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            </>
          )}
          {live && (
            <Tooltip label={t('video.end')}>
              <ActionIcon size="xl" radius="xl" color="red" variant="filled" onClick={() => callManager.hangUp()} aria-label={t('video.end')} data-testid="call-end">
                <IconPhoneOff size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {call.phase === 'ready' && (
            <Button variant="default" onClick={onExit} data-testid="call-exit">
              {t('video.exit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
