// The record's Cobros: the Mercado Pago links sent to the patient, pending, paid (a paid one became a
// Cobro with its receipt) or cancelled; a pending one to copy, send again by WhatsApp, or cancel (after the
// app's own confirmation: Mercado Pago stops accepting it and it leaves her portal).
import { useState } from 'react';
import { ActionIcon, Badge, CopyButton, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBan, IconBrandWhatsapp, IconCheck, IconCopy } from '@tabler/icons-react';
import type { Patient, PaymentLink } from '@almendra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { showError, showSuccess } from '../../../lib/toast';
import { intlLocale } from '../../../lib/i18n';
import { whatsappLink, whatsappNumber } from '../../../lib/whatsapp';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../appointments/lib/money';
import { paymentKeys, paymentsApi } from '../api/payments-api';

export function PaymentLinksList({ patient }: { patient: Patient }) {
  const { t, i18n } = useTranslation('payments');
  const queryClient = useQueryClient();
  const links = useQuery({ queryKey: paymentKeys.links(patient.id), queryFn: ({ signal }) => paymentsApi.links(patient.id, signal) });
  const [cancelling, setCancelling] = useState<PaymentLink | null>(null);
  const cancel = useMutation({
    mutationFn: (link: PaymentLink) => paymentsApi.cancelLink(patient.id, link.id),
    onSuccess: async () => {
      setCancelling(null);
      showSuccess(t('link.cancelledToast'), t('link.cancelledMessage'));
      await queryClient.invalidateQueries({ queryKey: paymentKeys.links(patient.id) });
    },
    onError: showError,
  });
  const items = links.data?.items ?? [];
  if (items.length === 0) return null;
  const phone = whatsappNumber(patient.mobileAreaCode, patient.mobileNumber, patient.phone);
  return (
    <Stack gap="xs" data-testid="payment-links">
      <Title order={3} size="h5">
        {t('link.listTitle')}
      </Title>
      {items.map((link) => {
        const amount = formatMoney(link.amountCents, link.currency, intlLocale(i18n.language));
        const message = t('link.whatsappMessage', { name: patient.firstName, amount, concept: link.description, url: link.url });
        return (
          <Paper key={link.id} withBorder radius="md" p="xs" data-testid={`payment-link-${link.status}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="sm" wrap="wrap">
                <Badge color={link.status === 'paid' ? 'teal' : link.status === 'pending' ? 'blue' : 'gray'} variant="light">
                  {t(`link.status.${link.status}`)}
                </Badge>
                <Text fw={600}>{amount}</Text>
                <Text size="sm" c="dimmed">
                  {link.description} · {formatDate(link.createdAt)}
                </Text>
              </Group>
              {link.status === 'pending' ? (
                <Group gap={4}>
                  <CopyButton value={link.url}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('link.copied') : t('link.copy')}>
                        <ActionIcon variant="subtle" aria-label={t('link.copy')} onClick={copy}>
                          {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                  <Tooltip label={t('link.whatsapp')}>
                    <ActionIcon component="a" href={whatsappLink(phone, message)} target="_blank" rel="noopener noreferrer" variant="subtle" color="green" aria-label={t('link.whatsapp')}>
                      <IconBrandWhatsapp size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('link.cancel')}>
                    <ActionIcon variant="subtle" color="red" aria-label={t('link.cancel')} onClick={() => setCancelling(link)} data-testid="payment-link-cancel">
                      <IconBan size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ) : null}
            </Group>
          </Paper>
        );
      })}
      <ConfirmDialog
        opened={cancelling !== null}
        title={t('link.cancelTitle')}
        message={cancelling ? t('link.cancelConfirm', { amount: formatMoney(cancelling.amountCents, cancelling.currency, intlLocale(i18n.language)), concept: cancelling.description, name: patient.firstName }) : ''}
        confirmLabel={t('link.cancelYes')}
        backLabel={t('link.cancelBack')}
        closeLabel={t('link.cancelClose')}
        danger
        loading={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        onClose={() => setCancelling(null)}
      />
    </Stack>
  );
}
