// A confirmation dialog (the app has no global modals provider; each screen owns its dialog).
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ConfirmDialog(props: { opened: boolean; title: string; message: string; confirmLabel: string; onConfirm: () => void; onClose: () => void; loading?: boolean }) {
  const { t } = useTranslation('foods');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text size="sm">{props.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onClose}>
          {t('cancel')}
        </Button>
        <Button color="red.9" onClick={props.onConfirm} loading={props.loading}>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
