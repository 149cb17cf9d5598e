// The record's Cobros: the Mercado Pago links sent to the patient, pending or paid (a paid one became a
// Cobro with its receipt), each to copy or send again by WhatsApp.
import { ActionIcon, Badge, CopyButton, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBrandWhatsapp, IconCheck, IconCopy } from '@tabler/icons-react';
import type { Patient } from '@almendra/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n';
import { whatsappLink, whatsappNumber } from '../../../lib/whatsapp';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../appointments/lib/money';
import { paymentKeys, paymentsApi } from '../api/payments-api';

export function PaymentLinksList({ patient }: { patient: Patient }) {
  const { t, i18n } = useTranslation('payments');
  const links = useQuery({ queryKey: paymentKeys.links(patient.id), queryFn: ({ signal }) => paymentsApi.links(patient.id, signal) });
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
                </Group>
              ) : null}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
