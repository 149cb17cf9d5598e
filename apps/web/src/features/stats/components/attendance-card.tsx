// "Asistencia y confirmaciones" (issue 27): the month's no-show rate and share of appointments the patient
// confirmed, as two big figures, a chart of the no-show rate through the year (decorative) and the table of
// every month with its counts. A rate without appointments to divide by reads "—", never 0 %.
import { BarChart } from '@mantine/charts';
import { Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '@almendra/contracts';
import { monthName } from '../lib/stats-table';

export function AttendanceFigures({ stats }: { stats: Statistics }) {
  const { t, i18n } = useTranslation('stats');
  const language = i18n.language;
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const integer = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const rate = (value: number | null) => (value === null ? '—' : percent.format(value));
  const month = stats.attendance;
  const rows = month.byMonth;
  const anything = rows.some((r) => r.appointments > 0);
  return (
    <>
      <Group gap="xl" wrap="wrap">
        <div>
          <Text fz={28} fw={700} lh={1.1} data-testid="stats-no-show-rate">
            {rate(month.noShowRate)}
          </Text>
          <Text size="sm">{t('attendance.noShowRate', { noShows: integer.format(month.noShows), known: integer.format(month.attended + month.noShows) })}</Text>
        </div>
        <div>
          <Text fz={28} fw={700} lh={1.1} data-testid="stats-confirmed-share">
            {rate(month.confirmedShare)}
          </Text>
          <Text size="sm">{t('attendance.confirmedShare', { confirmed: integer.format(month.confirmed), total: integer.format(month.appointments) })}</Text>
        </div>
      </Group>
      {anything ? (
        <BarChart
          h={200}
          data={rows.map((r) => ({ label: monthName(language, r.month, 'short'), value: r.noShowRate === null ? 0 : Math.round(r.noShowRate * 1000) / 10 }))}
          dataKey="label"
          series={[{ name: 'value', label: t('attendance.noShowColumn'), color: 'red.7' }]}
          valueFormatter={(n) => `${n} %`}
          withTooltip={false}
          maxBarWidth={48}
          barChartProps={{ accessibilityLayer: false }}
          aria-hidden
        />
      ) : (
        <Text size="sm" fs="italic" data-testid="stats-no-data">
          {t('noData')}
        </Text>
      )}
      <Table.ScrollContainer minWidth={420}>
        <Table striped withTableBorder fz="sm" verticalSpacing={4} captionSide="top">
          <Table.Caption style={{ textAlign: 'start' }}>{t('tableOf', { title: t('attendance.title') })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('monthColumn')}</Table.Th>
              {(['appointments', 'confirmed', 'attended', 'noShows', 'noShowColumn', 'confirmedColumn'] as const).map((key) => (
                <Table.Th scope="col" key={key} style={{ textAlign: 'end' }}>
                  {t(`attendance.${key}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.month} fw={r.month === stats.month ? 700 : undefined} data-testid={`attendance-${r.month}`}>
                <Table.Th scope="row" fw="inherit">
                  {monthName(language, r.month)}
                </Table.Th>
                <Table.Td style={{ textAlign: 'end' }}>{integer.format(r.appointments)}</Table.Td>
                <Table.Td style={{ textAlign: 'end' }}>{integer.format(r.confirmed)}</Table.Td>
                <Table.Td style={{ textAlign: 'end' }}>{integer.format(r.attended)}</Table.Td>
                <Table.Td style={{ textAlign: 'end' }}>{integer.format(r.noShows)}</Table.Td>
                <Table.Td style={{ textAlign: 'end' }}>{rate(r.noShowRate)}</Table.Td>
                <Table.Td style={{ textAlign: 'end' }}>{rate(r.confirmedShare)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
