// Patient photo: default avatar, a file, or a webcam snapshot (getUserMedia → canvas → JPEG blob).
import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface PhotoPickerProps {
  /** Current photo (an object URL or the patient's photoUrl). */
  src: string | null;
  name: string;
  onPhoto: (photo: Blob, filename: string) => void;
  busy?: boolean;
}

export function PhotoPicker({ src, name, onPhoto, busy }: PhotoPickerProps) {
  const { t } = useTranslation('patients');
  const [camera, setCamera] = useState(false);
  return (
    <Group align="center" gap="md">
      <Avatar src={src} alt={src ? t('photo.alt', { name }) : undefined} size={88} radius={88} color="teal">
        {initials(name)}
      </Avatar>
      <Stack gap={6}>
        <Group gap="xs">
          <FileButton onChange={(file) => file && onPhoto(file, file.name)} accept="image/jpeg,image/png,image/webp">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhoto size={16} aria-hidden />} loading={busy}>
                {t('photo.file')}
              </Button>
            )}
          </FileButton>
          <Button variant="default" leftSection={<IconCamera size={16} aria-hidden />} onClick={() => setCamera(true)}>
            {t('photo.camera')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('photo.hint')}
        </Text>
      </Stack>
      {camera && (
        <CameraModal
          onClose={() => setCamera(false)}
          onCapture={(blob) => {
            setCamera(false);
            onPhoto(blob, 'webcam.jpg');
          }}
        />
      )}
    </Group>
  );
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

function CameraModal({ onClose, onCapture }: { onClose: () => void; onCapture: (blob: Blob) => void }) {
  const { t } = useTranslation('patients');
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState(() => !navigator.mediaDevices);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      ?.getUserMedia({ video: true, audio: false })
      .then((s) => {
        if (cancelled) {
          s.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().then(() => setReady(true), () => setReady(true));
        }
      })
      .catch(() => setError(true));
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  const capture = () => {
    const v = video.current;
    if (!v) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth || 640;
    canvas.height = v.videoHeight || 480;
    canvas.getContext('2d')?.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => blob && onCapture(blob), 'image/jpeg', 0.9);
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened onClose={onClose} title={t('photo.cameraTitle')} size="lg">
      <Stack>
        {error ? (
          <Text role="alert">{t('photo.cameraError')}</Text>
        ) : (
          <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} aria-label={t('photo.cameraPreview')} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={capture} disabled={error || !ready}>
            {t('photo.capture')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
