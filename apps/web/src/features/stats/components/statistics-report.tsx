// The month's statistics: one card per series with its chart (decorative for screen readers) and the
// same numbers in a table underneath. Series with nothing to draw say so instead of showing a blank chart.
import type { ReactNode } from 'react';
import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '@almendra/contracts';
import { AttendanceFigures } from './attendance-card';
import { formatMoney, mainCurrency, monthName, periodLabel, seriesRows, type SeriesRow } from '../lib/stats-table';

function SeriesTable({ title, rows, keyHeader, valueHeader, format }: { title: string; rows: SeriesRow[]; keyHeader: string; valueHeader: string; format: (n: number) => string }) {
  const { t } = useTranslation('stats');
  return (
    <Table striped withTableBorder fz="sm" verticalSpacing={4} captionSide="top">
      <Table.Caption style={{ textAlign: 'start' }}>{t('tableOf', { title })}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{keyHeader}</Table.Th>
          <Table.Th scope="col" style={{ textAlign: 'end' }}>
            {valueHeader}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={400}>
              {row.label}
            </Table.Th>
            <Table.Td style={{ textAlign: 'end' }} data-testid={`value-${row.key}`}>
              {format(row.value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function SeriesCard({ id, title, help, children }: { id: string; title: string; help: ReactNode; children: ReactNode }) {
  return (
    // minWidth 0: a grid cell otherwise grows to its chart's last drawn width and never shrinks back.
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`stats-${id}`} data-testid={`stats-${id}`} miw={0}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={`stats-${id}`}>
            {title}
          </Title>
          <Text size="sm">{help}</Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

function Chart({ rows, label, color, format, horizontal = false }: { rows: SeriesRow[]; label: string; color: string; format: (n: number) => string; horizontal?: boolean }) {
  const { t } = useTranslation('stats');
  if (rows.every((r) => r.value === 0)) {
    return (
      <Text size="sm" fs="italic" data-testid="stats-no-data">
        {t('noData')}
      </Text>
    );
  }
  return (
    <BarChart
      h={horizontal ? Math.max(140, rows.length * 34) : 200}
      data={rows.map((r) => ({ label: r.label, value: r.value }))}
      dataKey="label"
      orientation={horizontal ? 'vertical' : 'horizontal'}
      series={[{ name: 'value', label, color }]}
      valueFormatter={format}
      withTooltip={false}
      maxBarWidth={48}
      // The table below carries the numbers for assistive technology; the drawing itself is decorative.
      barChartProps={{ accessibilityLayer: false }}
      yAxisProps={horizontal ? { width: 130 } : { allowDecimals: false }}
      xAxisProps={horizontal ? { allowDecimals: false } : {}}
      aria-hidden
    />
  );
}

export function StatisticsReport({ stats }: { stats: Statistics }) {
  const { t, i18n } = useTranslation('stats');
  const language = i18n.language;
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const count = (n: number) => integer.format(n);
  const period = periodLabel(language, stats.year, stats.month);
  const rows = seriesRows(stats, t, language);
  const currency = mainCurrency(stats);
  // Axis ticks in the short form ("$ 30 mil") so they fit a phone; the table has the exact amounts.
  const money = (n: number) => (currency ? formatMoney(language, Math.round(n * 100), currency, true) : count(n));
  const severalCurrencies = new Set(stats.billing.byMonth.map((b) => b.currency)).size > 1;
  const cpp = stats.consultationsPerPatient;
  const monthIsEmpty =
    stats.completedConsultations.total === 0 && stats.newPatients.total === 0 && stats.billing.totals.length === 0 && stats.billing.unpricedAppointments === 0;

  return (
    <Stack gap="lg">
      {monthIsEmpty && (
        <Alert variant="light" data-testid="stats-empty-month">
          {t('emptyMonth', { period })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SeriesCard id="achievements" title={t('achievements.title')} help={t('achievements.help', { period })}>
          <Group gap="xl" wrap="wrap">
            {rows.achievements.slice(1).map((row) => (
              <div key={row.key}>
                <Text fz={28} fw={700} lh={1.1}>
                  {row.key === 'totalWeightLostKg' ? `${decimal.format(row.value)} kg` : count(row.value)}
                </Text>
                <Text size="sm">{row.label}</Text>
              </div>
            ))}
          </Group>
          <SeriesTable
            title={t('achievements.title')}
            rows={rows.achievements}
            keyHeader={t('achievements.indicator')}
            valueHeader={t('achievements.value')}
            format={(n) => decimal.format(n)}
          />
        </SeriesCard>

        <SeriesCard id="cpp" title={t('cpp.title')} help={t('cpp.help', { period, consultations: count(cpp.consultations), patients: count(cpp.patients) })}>
          <div>
            <Text fz={28} fw={700} lh={1.1} data-testid="stats-cpp-average">
              {decimal.format(cpp.average)}
            </Text>
            <Text size="sm">{t('cpp.average')}</Text>
          </div>
          <Chart rows={rows.cpp} label={t('patients')} color="grape.6" format={count} />
          <SeriesTable title={t('cpp.title')} rows={rows.cpp} keyHeader={t('cpp.consultations')} valueHeader={t('patients')} format={count} />
        </SeriesCard>

        <SeriesCard id="attendance" title={t('attendance.title')} help={t('attendance.help', { period })}>
          <AttendanceFigures stats={stats} />
        </SeriesCard>

        <SeriesCard id="new-patients" title={t('newPatients.title')} help={t('newPatients.help', { year: stats.year, period, count: stats.newPatients.total })}>
          <Chart rows={rows.newPatients} label={t('patients')} color="teal.6" format={count} />
          <SeriesTable title={t('newPatients.title')} rows={rows.newPatients} keyHeader={t('monthColumn')} valueHeader={t('patients')} format={count} />
        </SeriesCard>

        <SeriesCard
          id="consultations"
          title={t('consultations.title')}
          help={t('consultations.help', { year: stats.year, period, count: stats.completedConsultations.total })}
        >
          <Chart rows={rows.consultations} label={t('count')} color="blue.6" format={count} />
          <SeriesTable title={t('consultations.title')} rows={rows.consultations} keyHeader={t('monthColumn')} valueHeader={t('count')} format={count} />
        </SeriesCard>

        <SeriesCard id="ages" title={t('ages.title')} help={t('ages.help', { period })}>
          <Chart rows={rows.ages} label={t('patients')} color="orange.7" format={count} horizontal />
          <SeriesTable title={t('ages.title')} rows={rows.ages} keyHeader={t('ages.band')} valueHeader={t('patients')} format={count} />
        </SeriesCard>

        <SeriesCard id="gender" title={t('gender.title')} help={t('gender.help', { period })}>
          <Chart rows={rows.gender} label={t('patients')} color="pink.7" format={count} horizontal />
          <SeriesTable title={t('gender.title')} rows={rows.gender} keyHeader={t('gender.sex')} valueHeader={t('patients')} format={count} />
        </SeriesCard>

        <SeriesCard id="patient-types" title={t('patientTypes.title')} help={t('patientTypes.help', { period })}>
          <Chart rows={rows.patientTypes} label={t('patients')} color="indigo.6" format={count} horizontal />
          {rows.patientTypes.length > 0 && (
            <SeriesTable title={t('patientTypes.title')} rows={rows.patientTypes} keyHeader={t('patientTypes.type')} valueHeader={t('patients')} format={count} />
          )}
        </SeriesCard>

        <SeriesCard id="billing" title={t('billing.title')} help={t('billing.help', { year: stats.year })}>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('billing.total', { period })}
            </Text>
            {stats.billing.totals.length === 0 ? (
              <Text size="sm">{t('billing.none', { period })}</Text>
            ) : (
              stats.billing.totals.map((total) => (
                <Text key={total.currency} fz={24} fw={700} data-testid={`stats-billing-total-${total.currency}`}>
                  {formatMoney(language, total.amountCents, total.currency)}{' '}
                  <Text span size="sm" fw={400}>
                    ({t('billing.appointments')}: {count(total.appointments)})
                  </Text>
                </Text>
              ))
            )}
            {stats.billing.unpricedAppointments > 0 && <Text size="sm">{t('billing.unpriced', { count: stats.billing.unpricedAppointments })}</Text>}
          </Stack>
          <Chart rows={rows.billing} label={currency ?? t('billing.amount')} color="green.8" format={money} />
          <Table striped withTableBorder fz="sm" verticalSpacing={4} captionSide="top">
            <Table.Caption style={{ textAlign: 'start' }}>{t('tableOf', { title: t('billing.title') })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('monthColumn')}</Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'end' }}>
                  {t('billing.appointments')}
                </Table.Th>
                <Table.Th scope="col" style={{ textAlign: 'end' }}>
                  {t('billing.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.billing.byMonth.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>{t('noData')}</Table.Td>
                </Table.Tr>
              ) : (
                stats.billing.byMonth.map((b) => (
                  <Table.Tr key={`${b.month}-${b.currency}`} fw={b.month === stats.month ? 700 : undefined}>
                    <Table.Th scope="row" fw="inherit">
                      {monthName(language, b.month)}
                      {severalCurrencies ? ` (${b.currency})` : ''}
                    </Table.Th>
                    <Table.Td style={{ textAlign: 'end' }}>{count(b.appointments)}</Table.Td>
                    <Table.Td style={{ textAlign: 'end' }} data-testid={`billing-${b.month}-${b.currency}`}>
                      {formatMoney(language, b.amountCents, b.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </SeriesCard>
      </SimpleGrid>
    </Stack>
  );
}
