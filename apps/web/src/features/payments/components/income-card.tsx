// /estadisticas "Ingresos": what was actually collected per month (by payment method) beside what was
// billed (completed appointments priced with their service), for the chosen year, with the chosen month
// in large figures; a table carries every number and the CSV opens as columns in a Spanish Excel.
import { BarChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { PATIENT_PAYMENT_METHODS } from '@almendra/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n';
import { formatMoney } from '../../appointments/lib/money';
import { paymentKeys, paymentsApi, saveBlob } from '../api/payments-api';
import { incomeCsv } from '../lib/income-csv';
import { formatMonthName } from '../../../lib/dates';

const monthShort = (language: string, month: number) => {
  const name = formatMonthName(month, language, 'short');
  return name.charAt(0).toUpperCase() + name.slice(1);
};

export function IncomeCard({ year, month }: { year: number; month: number }) {
  const { t, i18n } = useTranslation('payments');
  const locale = intlLocale(i18n.language);
  const income = useQuery({ queryKey: paymentKeys.income(year), queryFn: ({ signal }) => paymentsApi.income(year, signal), placeholderData: keepPreviousData });
  if (income.isError && !income.data) return <Alert color="red">{t('income.error')}</Alert>;
  if (!income.data) return null;
  const data = income.data;
  const money = (cents: number) => formatMoney(cents, data.currency, locale);
  const selected = data.byMonth[month - 1]!;
  const empty = data.byMonth.every((m) => m.collectedCents === 0 && m.billedCents === 0);
  const download = () =>
    saveBlob(
      new Blob(
        [
          incomeCsv(
            data,
            {
              month: t('income.month'),
              collected: t('income.collected'),
              billed: t('income.billed'),
              currency: t('income.currency'),
              methods: Object.fromEntries(PATIENT_PAYMENT_METHODS.map((m) => [m, t(`methods.${m}`)])) as Record<(typeof PATIENT_PAYMENT_METHODS)[number], string>,
            },
            i18n.language,
          ),
        ],
        { type: 'text/csv;charset=utf-8' },
      ),
      `ingresos-${year}.csv`,
    );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="stats-income-title" data-testid="stats-income" miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="stats-income-title">
              {t('income.title')} {year}
            </Title>
            <Text size="sm">{t('income.help', { currency: data.currency })}</Text>
          </div>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download} data-testid="income-csv">
            {t('income.export')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <div>
            <Text fz={28} fw={700} lh={1.1} data-testid="income-month-collected">
              {money(selected.collectedCents)}
            </Text>
            <Text size="sm">{t('income.monthCollected')}</Text>
          </div>
          <div>
            <Text fz={28} fw={700} lh={1.1} data-testid="income-month-billed">
              {money(selected.billedCents)}
            </Text>
            <Text size="sm">{t('income.monthBilled')}</Text>
          </div>
        </SimpleGrid>
        {empty ? (
          <Text size="sm" fs="italic">
            {t('income.empty')}
          </Text>
        ) : (
          <BarChart
            h={220}
            data={data.byMonth.map((m) => ({ label: monthShort(locale, m.month), collected: m.collectedCents / 100, billed: m.billedCents / 100 }))}
            dataKey="label"
            series={[
              { name: 'collected', label: t('income.collected'), color: 'teal.7' },
              { name: 'billed', label: t('income.billed'), color: 'gray.5' },
            ]}
            valueFormatter={(n) => formatMoney(Math.round(n * 100), data.currency, locale)}
            withLegend
            withTooltip={false}
            maxBarWidth={24}
            barChartProps={{ accessibilityLayer: false }}
            yAxisProps={{ width: 90 }}
            aria-hidden
          />
        )}
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing={4} fz="sm" data-testid="income-table">
            <Table.Caption style={{ textAlign: 'start' }}>{t('income.byMethod')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('income.month')}</Table.Th>
                <Table.Th ta="right">{t('income.collected')}</Table.Th>
                <Table.Th ta="right">{t('income.billed')}</Table.Th>
                {PATIENT_PAYMENT_METHODS.map((m) => (
                  <Table.Th key={m} ta="right">
                    {t(`methods.${m}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.byMonth.map((m) => (
                <Table.Tr key={m.month} data-testid={`income-row-${m.month}`} fw={m.month === month ? 700 : undefined}>
                  <Table.Td>{monthShort(locale, m.month)}</Table.Td>
                  <Table.Td ta="right">{money(m.collectedCents)}</Table.Td>
                  <Table.Td ta="right">{money(m.billedCents)}</Table.Td>
                  {m.byMethod.map((b) => (
                    <Table.Td key={b.method} ta="right">
                      {money(b.amountCents)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
