// The patient's portal, "Pagos pendientes": the Mercado Pago links her nutritionist sent that are still
// to pay, each opening Mercado Pago's checkout. Hidden when there is none.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n';
import { formatMoney } from '../../appointments/lib/money';
import { paymentsApi } from '../api/payments-api';

export function PendingPaymentsCard() {
  const { t, i18n } = useTranslation('payments');
  const links = useQuery({ queryKey: ['portal', 'payment-links'], queryFn: ({ signal }) => paymentsApi.portalLinks(signal) });
  const items = links.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="portal-pending-payments">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('portalLinks.title')}
        </Title>
        {items.map((link) => (
          <Group key={link.id} justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text fw={600}>{formatMoney(link.amountCents, link.currency, intlLocale(i18n.language))}</Text>
              <Text size="sm" c="dimmed">
                {link.description}
              </Text>
            </div>
            <Button component="a" href={link.url} target="_blank" rel="noopener noreferrer" rightSection={<IconExternalLink size={16} aria-hidden />}>
              {t('portalLinks.pay')}
            </Button>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t('portalLinks.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
