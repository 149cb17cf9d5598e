// The app's own confirmation (instead of the browser's confirm(), whose "Aceptar/Cancelar" do not say what
// happens): a title, one sentence, a button that names the action and one that goes back.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  /** The action, said as what happens: "Sí, suspender la cuenta". */
  confirmLabel: string;
  /** Going back without doing it: "Volver". */
  backLabel: string;
  closeLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What the action needs besides the yes (a reason to write…), shown under the message. */
  children?: ReactNode;
}

export function ConfirmDialog({ opened, title, message, confirmLabel, backLabel, closeLabel, danger, loading, onConfirm, onClose, children }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm" zIndex={400} closeButtonProps={{ 'aria-label': closeLabel }}>
      <Text size="sm">{message}</Text>
      {children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus>
          {backLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
