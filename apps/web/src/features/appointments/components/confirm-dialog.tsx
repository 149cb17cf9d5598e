// A confirmation dialog (the app has no ModalsProvider): title, one sentence, cancel and a red confirm.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ opened, title, message, confirmLabel, loading, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation('appointments');
  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened={opened} onClose={onClose} title={title} size="sm" zIndex={400}>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
