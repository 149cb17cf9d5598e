// Payment receipts (manual processor, issue 25): she uploads the transfer's receipt (image or PDF) from
// /pagar; the operator opens it from the console (/admin → Usuarios → Suscripción y pagos) before
// recording the payment. The server checks the content (magic numbers; images re-encoded).
import { Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PaymentReceipt } from '@almendra/contracts';
import { PAYMENT_RECEIPT_FIELD, PAYMENT_RECEIPT_MAX_BYTES } from '@almendra/contracts/constants';
import { authorized, multipart } from '../../../lib/api-upload';
import { showError, showSuccess } from '../../../lib/toast';
import { billingKeys } from '../api/billing-api';
import { formatDay } from './billing-tab';

async function openReceipt(path: string) {
  const blob = await (await authorized('GET', path)).blob();
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The list of receipts, each opening the file; `basePath` is hers (/me/…) or the operator's (/admin/users/{id}/…). */
export function ReceiptList({ receipts, basePath }: { receipts: PaymentReceipt[]; basePath: string }) {
  const { t, i18n } = useTranslation('billing');
  if (receipts.length === 0) return <Text size="sm" c="dimmed">{t('receipts.none')}</Text>;
  return (
    <Stack gap={4} data-testid="payment-receipts">
      {receipts.map((r) => (
        <Anchor
          key={r.id}
          component="button"
          type="button"
          size="sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => openReceipt(`${basePath}/${encodeURIComponent(r.id)}`).catch(showError)}
        >
          {t('receipts.item', { date: formatDay(r.uploadedAt, i18n.language), kind: r.contentType === 'application/pdf' ? 'PDF' : t('receipts.image') })}
        </Anchor>
      ))}
    </Stack>
  );
}

export function ReceiptUpload({ receipts }: { receipts: PaymentReceipt[] }) {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(PAYMENT_RECEIPT_FIELD, file);
      return multipart<PaymentReceipt>('POST', '/me/subscription/receipts', form);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingKeys.mine });
      showSuccess(t('receipts.sent'), t('receipts.sentMessage'));
    },
    onError: showError,
  });
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('receipts.title')}
      </Text>
      <Group>
        <FileButton
          accept="image/jpeg,image/png,image/webp,application/pdf"
          onChange={(file) => {
            if (!file) return;
            if (file.size > PAYMENT_RECEIPT_MAX_BYTES) showError(new Error(t('receipts.tooLarge')));
            else upload.mutate(file);
          }}
        >
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending} data-testid="receipt-upload">
              {t('receipts.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      <ReceiptList receipts={receipts} basePath="/me/subscription/receipts" />
    </Stack>
  );
}
