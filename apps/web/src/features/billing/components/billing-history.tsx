// The subscription's history (the Facturación tab of /cuenta, and the operator's "Suscripción y pagos"):
// date, event and its detail. A rejected payment or a change the processor did not confirm says why in the
// reader's language (`failure.<reasonCode>`); the processor's own words (English, from Stripe or Mercado
// Pago) reach only the operator, on a second line.
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubscriptionEvent } from '@almendra/contracts';
import { intlLocale } from '../../../lib/i18n';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../api/billing-api';

export function BillingHistory({ events, operator = false }: { events: SubscriptionEvent[]; operator?: boolean }) {
  const { t, i18n } = useTranslation('billing');
  if (events.length === 0) return <Text c="dimmed">{t('tab.noHistory')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped data-testid="billing-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tab.date')}</Table.Th>
            <Table.Th>{t('tab.event')}</Table.Th>
            <Table.Th>{t('tab.detail')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => {
            const facts = [
              event.amountCents !== null && event.currency ? formatMoney(event.amountCents, event.currency, intlLocale(i18n.language)) : null,
              event.processor ? t(`processor.${event.processor}`, { defaultValue: event.processor }) : null,
              event.reference,
              event.note,
            ].filter(Boolean);
            return (
              <Table.Tr key={event.id} data-event-type={event.type}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(event.createdAt)}</Table.Td>
                <Table.Td>{t(`events.${event.type.replace('.', '_')}`, { defaultValue: event.type })}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {facts.length > 0 ? <Text size="sm">{facts.join(' · ')}</Text> : null}
                    {event.reasonCode ? (
                      <Text size="sm" data-testid="billing-history-reason">
                        {t(`failure.${event.reasonCode}`)}
                      </Text>
                    ) : null}
                    {operator && event.processorMessage ? (
                      <Text size="xs" c="dimmed" data-testid="billing-history-processor-message" style={{ overflowWrap: 'anywhere' }}>
                        {t('tab.processorSaid', { text: event.processorMessage })}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
