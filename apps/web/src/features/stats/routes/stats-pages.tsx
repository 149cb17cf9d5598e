// /estadisticas: the practice's statistics for a chosen month and year (?anio=&mes= in the address, so
// a month can be bookmarked), with a CSV download of every series.
import { Alert, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { STATISTICS_YEAR_MAX, STATISTICS_YEAR_MIN } from '@almendra/contracts/constants';
import { statsApi, statsKeys } from '../api/stats-api';
import { StatisticsReport } from '../components/statistics-report';
import { monthName, statisticsCsv } from '../lib/stats-table';
import { IncomeCard } from '../../payments';

function readPeriod(params: URLSearchParams): { year: number; month: number } {
  const today = new Date();
  const year = Number(params.get('anio'));
  const month = Number(params.get('mes'));
  return {
    year: Number.isInteger(year) && year >= STATISTICS_YEAR_MIN && year <= STATISTICS_YEAR_MAX ? year : today.getFullYear(),
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : today.getMonth() + 1,
  };
}

export function StatisticsPage() {
  const { t, i18n } = useTranslation(['stats', 'nav', 'common']);
  useDocumentTitle(`${t('nav:pages.statistics')} · ${t('common:appName')}`);
  const [params, setParams] = useSearchParams();
  const { year, month } = readPeriod(params);
  const stats = useQuery({
    queryKey: statsKeys.month(year, month),
    queryFn: ({ signal }) => statsApi.month(year, month, signal),
    placeholderData: keepPreviousData,
  });
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 12 }, (_, i) => String(thisYear + 1 - i));
  if (!years.includes(String(year))) years.push(String(year));
  const choose = (next: { year?: number; month?: number }) =>
    setParams({ anio: String(next.year ?? year), mes: String(next.month ?? month) }, { replace: true });

  const download = () => {
    if (!stats.data) return;
    const blob = new Blob([statisticsCsv(stats.data, t, i18n.language)], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `estadisticas-${year}-${String(month).padStart(2, '0')}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('stats:title')}</Title>
          {stats.data && <Text size="sm">{t('stats:intro', { timeZone: stats.data.timeZone })}</Text>}
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('stats:month')}
            data={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthName(i18n.language, i + 1) }))}
            value={String(month)}
            onChange={(v) => v && choose({ month: Number(v) })}
            allowDeselect={false}
            w={150}
          />
          <Select label={t('stats:year')} data={years} value={String(year)} onChange={(v) => v && choose({ year: Number(v) })} allowDeselect={false} w={110} />
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download} disabled={!stats.data || stats.isPlaceholderData}>
            {t('stats:exportCsv')}
          </Button>
        </Group>
      </Group>
      {stats.isPending && (
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{t('stats:loading')}</Text>
        </Group>
      )}
      {stats.isError && !stats.data && (
        <Alert color="red" title={t('stats:loadError')}>
          <Button variant="light" color="red" onClick={() => void stats.refetch()}>
            {t('stats:retry')}
          </Button>
        </Alert>
      )}
      <IncomeCard year={year} month={month} />
      {stats.data && <StatisticsReport stats={stats.data} />}
    </Stack>
  );
}
