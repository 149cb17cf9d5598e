// The patient record's "Consultas" tab: history (edit every measurement in the consultation form, change
// date, edit note, delete, PDF), evolution charts, the somatochart and a side-by-side comparison of two
// consultations.
import type { ConsultationListItem, Patient } from '@almendra/contracts';

import { roundAsDisplayed } from '@almendra/domain';
import { axisDomain, MINIMUM_AXIS_SPAN } from '../lib/chart-scale';
import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar, IconDots, IconFileTypePdf, IconNote, IconPencil, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '../../../lib/toast';
import {
  downloadConsultationReport,
  useComparison,
  useConsultationList,
  useDeleteConsultation,
  useEvolution,
  useUpdateConsultation,
} from '../api/consultations-api';
import { NUMERIC_ROWS } from '../lib/derived-rows';
import { formatDate, formatSigned, formatWithUnit } from '../lib/format';
import { Somatochart } from './somatochart';

/** packages/contracts consultations.ts CONSULTATION_NOTE_MAX. */
const CONSULTATION_NOTE_MAX = 4000;

// The WHO charts carry the WHO tables (~100 KB): loaded only for a child's record.
const GrowthCharts = lazy(() => import('./growth-charts'));

type EditMode = 'date' | 'note';

export function ConsultationsTab({ patient }: { patient: Patient }) {
  const { t } = useTranslation('consultations');
  const list = useConsultationList(patient.id);
  const evolution = useEvolution(patient.id);
  const [editing, setEditing] = useState<{ item: ConsultationListItem; mode: EditMode } | null>(null);
  const [deleting, setDeleting] = useState<ConsultationListItem | null>(null);
  const remove = useDeleteConsultation();
  const navigate = useNavigate();

  if (list.isPending) return <Loader aria-label={t('tab.title')} />;
  const items = list.data?.items ?? [];
  if (items.length === 0) return <Text c="dimmed">{t('tab.empty')}</Text>;

  const pdf = (item: ConsultationListItem) => {
    const name = `consulta-${patient.lastName}-${item.date}.pdf`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9.-]+/g, '-');
    downloadConsultationReport(item.id, name).catch(showError);
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm" id="history-title">
          {t('tab.historyCaption')}
        </Title>
        <ScrollArea type="auto">
          <Table striped highlightOnHover aria-labelledby="history-title" data-testid="history-table" miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tab.columns.date')}</Table.Th>
                <Table.Th>{t('tab.columns.time')}</Table.Th>
                <Table.Th ta="right">{t('tab.columns.weight')}</Table.Th>
                <Table.Th ta="right">{t('tab.columns.bmi')}</Table.Th>
                <Table.Th ta="right">{t('tab.columns.fat')}</Table.Th>
                <Table.Th ta="right">{t('tab.columns.vct')}</Table.Th>
                <Table.Th>{t('tab.columns.note')}</Table.Th>
                <Table.Th>{t('tab.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id} data-consultation={item.id}>
                  <Table.Td>{formatDate(item.date)}</Table.Td>
                  <Table.Td>{item.time}</Table.Td>
                  <Table.Td ta="right">{formatWithUnit(item.weightKg, 1, 'kg')}</Table.Td>
                  <Table.Td ta="right">
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      {formatWithUnit(item.bmi, 1, '')}
                      {item.bmiCategory ? (
                        <Badge size="sm" variant="light">
                          {t(`bmiCategory.${item.bmiCategory}`)}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatWithUnit(item.bodyFatPercent, 1, '%')}</Table.Td>
                  <Table.Td ta="right">{formatWithUnit(item.energyRequirementKcal, 0, 'kcal')}</Table.Td>
                  <Table.Td maw={220}>
                    <Text size="sm" truncate>
                      {item.note ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="light" leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={() => pdf(item)}>
                        {t('actions.pdf')}
                      </Button>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={t('tab.rowActions', { date: formatDate(item.date) })}>
                            <IconDots size={18} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() =>
                              void navigate(`/nueva-consulta?paciente=${encodeURIComponent(patient.id)}&consulta=${encodeURIComponent(item.id)}`)
                            }
                          >
                            {t('actions.edit')}
                          </Menu.Item>
                          <Menu.Item leftSection={<IconCalendar size={16} aria-hidden />} onClick={() => setEditing({ item, mode: 'date' })}>
                            {t('actions.changeDate')}
                          </Menu.Item>
                          <Menu.Item leftSection={<IconNote size={16} aria-hidden />} onClick={() => setEditing({ item, mode: 'note' })}>
                            {t('actions.editNote')}
                          </Menu.Item>
                          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDeleting(item)}>
                            {t('actions.delete')}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>

      <EvolutionSection points={evolution.data?.points ?? []} patient={patient} />

      {items.length >= 2 ? <ComparisonSection items={items} /> : null}

      {editing ? <EditModal item={editing.item} mode={editing.mode} onClose={() => setEditing(null)} /> : null}

      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('tab.deleteTitle')} centered closeButtonProps={{ 'aria-label': t('actions.close') }}>
        <Stack>
          <Text>{deleting ? t('tab.deleteConfirm', { date: formatDate(deleting.date) }) : null}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (!deleting) return;
                remove.mutate(deleting.id, {
                  onSuccess: () => {
                    showSuccess(t('tab.deleteTitle'), t('tab.deleted'));
                    setDeleting(null);
                  },
                });
              }}
            >
              {t('actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function EditModal({ item, mode, onClose }: { item: ConsultationListItem; mode: EditMode; onClose: () => void }) {
  const { t } = useTranslation('consultations');
  const update = useUpdateConsultation();
  const [date, setDate] = useState<string | null>(item.date);
  const [time, setTime] = useState(item.time);
  const [note, setNote] = useState(item.note ?? '');
  const title = mode === 'date' ? t('tab.dateTitle') : t('tab.noteTitle');
  const timeValid = /^([01]\d|2[0-3]):[0-5]\d$/.test(time);

  const save = () => {
    const body = mode === 'date' ? { version: item.version, date: date ?? item.date, time } : { version: item.version, note };
    update.mutate(
      { id: item.id, body },
      {
        onSuccess: () => {
          showSuccess(title, t('tab.updated'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <Stack
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
        }}
      >
        {mode === 'date' ? (
          <>
            <DateInput
              label={t('fields.date')}
              valueFormat="DD-MM-YYYY"
              firstDayOfWeek={1}
              maxDate={dayjs().format('YYYY-MM-DD')}
              value={date}
              onChange={setDate}
              data-autofocus
            />
            <TextInput
              label={t('fields.time')}
              value={time}
              maxLength={5}
              inputMode="numeric"
              onChange={(e) => setTime(e.currentTarget.value.replace(/[^\d:]/g, ''))}
              error={timeValid ? undefined : t('invalidTime')}
            />
          </>
        ) : null}
        {mode === 'note' ? (
          <AutoTextarea label={t('fields.note')} minRows={3} max={CONSULTATION_NOTE_MAX} value={note} onChange={(e) => setNote(e.currentTarget.value)} data-autofocus />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!timeValid}>
            {t('actions.saveChanges')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type EvolutionPoints = NonNullable<ReturnType<typeof useEvolution>['data']>['points'];
type SeriesKey = 'weightKg' | 'bmi' | 'bodyFatPercent' | 'sumSixSkinfoldsMm' | 'waistCm' | 'muscleMassKg' | 'visceralFat' | 'visceralFatKg' | 'totalWaterKg';

const CHARTS: ReadonlyArray<{ key: SeriesKey; label: 'weight' | 'bmi' | 'fat' | 'skinfolds' | 'waist' | 'muscle' | 'visceralFat' | 'visceralFatKg' | 'water'; color: string; decimals: number; optional?: boolean }> = [
  { key: 'weightKg', label: 'weight', color: 'teal.7', decimals: 1 },
  { key: 'bmi', label: 'bmi', color: 'blue.7', decimals: 1 },
  { key: 'bodyFatPercent', label: 'fat', color: 'orange.8', decimals: 1 },
  { key: 'sumSixSkinfoldsMm', label: 'skinfolds', color: 'grape.7', decimals: 1 },
  { key: 'waistCm', label: 'waist', color: 'red.8', decimals: 1 },
  { key: 'muscleMassKg', label: 'muscle', color: 'indigo.7', decimals: 1 },
  // Bioimpedance readings as the scale gave them: shown only once some visit has one.
  { key: 'visceralFat', label: 'visceralFat', color: 'yellow.8', decimals: 0, optional: true },
  { key: 'visceralFatKg', label: 'visceralFatKg', color: 'pink.7', decimals: 1, optional: true },
  { key: 'totalWaterKg', label: 'water', color: 'cyan.8', decimals: 1, optional: true },
];

function describePoint(point: { date: string; value: number } | undefined, decimals: number): string {
  return point ? `${point.date} (${formatWithUnit(point.value, decimals, '')})` : '—';
}

function EvolutionSection({ points, patient }: { points: EvolutionPoints; patient: Patient }) {
  const { t } = useTranslation('consultations');
  const somato = points.flatMap((p) => (p.somatotype ? [{ date: p.date, x: p.somatotype.x, y: p.somatotype.y }] : []));
  const lastDate = points[points.length - 1]?.date;
  // Under 19 on the last visit (string compare of ISO dates; the 19th birthday is where the WHO 2007 ends).
  const birth = patient.birthDate;
  const child = lastDate !== undefined && birth !== null && lastDate >= birth && lastDate < `${Number(birth.slice(0, 4)) + 19}${birth.slice(4)}`;
  const assessed = points.some((p) => p.growth !== null);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {t('tab.evolution')}
      </Title>
      {assessed && patient.sex ? (
        <Suspense fallback={<Loader size="sm" />}>
          <GrowthCharts points={points} sex={patient.sex} />
        </Suspense>
      ) : child && !patient.sex ? (
        <Alert color="yellow" mb="md" data-testid="growth-needs-sex">
          {t('growth.charts.needSex')}
        </Alert>
      ) : null}
      {points.length < 2 ? <Text c="dimmed" mb="md">{t('tab.evolutionEmpty')}</Text> : null}
      {points.length >= 1 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {CHARTS.filter((chart) => !chart.optional || points.some((p) => p[chart.key] !== null)).map((chart) => {
            const data = points
              .filter((p) => p[chart.key] !== null)
              .map((p) => ({ date: formatDate(p.date), value: Number((p[chart.key] as number).toFixed(chart.decimals)) }));
            const name = t(`tab.charts.${chart.label}`);
            return (
              <Stack key={chart.key} gap={4} data-chart={chart.key}>
                <Title order={3} size="h5">
                  {name}
                </Title>
                {data.length > 1 ? (
                  <>
                    <LineChart
                      h={200}
                      data={data}
                      dataKey="date"
                      series={[{ name: 'value', label: name, color: chart.color }]}
                      curveType="linear"
                      withDots
                      valueFormatter={(v) => formatWithUnit(v, chart.decimals, '')}
                      // The summary line below speaks for the chart; the SVG itself is decorative.
                      lineChartProps={{ accessibilityLayer: false }}
                      yAxisProps={{ domain: axisDomain(data.map((d) => d.value), MINIMUM_AXIS_SPAN[chart.key]) }}
                      aria-hidden
                    />
                    <Text size="xs" c="dimmed">
                      {t('tab.chartSummary', {
                        name,
                        count: data.length,
                        first: describePoint(data[0], chart.decimals),
                        last: describePoint(data[data.length - 1], chart.decimals),
                      })}
                    </Text>
                  </>
                ) : data.length === 1 ? (
                  // One measurement is a value, not an evolution: say it instead of drawing a lone dot.
                  <Text size="sm" c="dimmed" data-testid="single-point">
                    {t('tab.singlePoint', { value: formatWithUnit(data[0]!.value, chart.decimals, ''), date: data[0]!.date })}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Stack>
            );
          })}
        </SimpleGrid>
      ) : null}
      <Title order={3} size="h5" mt="lg" mb="xs">
        {t('tab.somatochart')}
      </Title>
      {somato.length > 0 ? <Somatochart points={somato} /> : <Text c="dimmed">{t('tab.somatochartEmpty')}</Text>}
    </Paper>
  );
}

function ComparisonSection({ items }: { items: ConsultationListItem[] }) {
  const { t } = useTranslation('consultations');
  // Newest first: default to the previous visit against the latest.
  const [a, setA] = useState<string | null>(items[1]?.id ?? null);
  const [b, setB] = useState<string | null>(items[0]?.id ?? null);
  const comparison = useComparison(a, b);
  const options = items.map((i) => ({ value: i.id, label: `${formatDate(i.date)} ${i.time}` }));
  const c = comparison.data;
  const rows: Array<{ label: string; a: string; b: string; delta: string; key: string }> = [];
  if (c) {
    // The difference shown is the difference of the two figures shown (b − a after rounding each as
    // displayed), so "70,3 → 70,5" always reads "+0,2", never a "+0,1" from the unrounded values.
    const m = (label: string, key: string, av: number | null, bv: number | null, dv: number | null, dec: number, unit: string) => {
      const shownDelta = av != null && bv != null ? roundAsDisplayed(bv, dec) - roundAsDisplayed(av, dec) : dv;
      rows.push({ label, key, a: formatWithUnit(av, dec, unit), b: formatWithUnit(bv, dec, unit), delta: formatSigned(shownDelta, dec, unit) });
    };
    m(t('fields.weightKg'), 'weightKg', c.a.measurements.weightKg, c.b.measurements.weightKg, c.deltas.measurements.weightKg, 1, 'kg');
    m(t('fields.heightCm'), 'heightCm', c.a.measurements.heightCm, c.b.measurements.heightCm, c.deltas.measurements.heightCm, 1, 'cm');
    m(t('girths.waist'), 'waistCm', c.a.measurements.girthsCm.waist, c.b.measurements.girthsCm.waist, c.deltas.measurements.girthsCm.waist, 1, 'cm');
    for (const row of NUMERIC_ROWS) {
      m(t(`derived.${row.key}`), row.key, c.a.derived[row.key], c.b.derived[row.key], c.deltas.derived[row.key], row.decimals, row.unit);
    }
    // Heath-Carter components: the server's deltas are b − a, null when either visit lacks the somatotype.
    for (const component of ['endomorphy', 'mesomorphy', 'ectomorphy'] as const) {
      m(
        t(`somatotype.${component}`),
        component,
        c.a.derived.somatotype?.[component] ?? null,
        c.b.derived.somatotype?.[component] ?? null,
        c.deltas.derived.somatotype[component],
        1,
        '',
      );
    }
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm" id="compare-title">
        {t('tab.compare')}
      </Title>
      <Group align="flex-end" mb="md">
        <Select label={t('tab.compareA')} data={options} value={a} onChange={setA} allowDeselect={false} />
        <Select label={t('tab.compareB')} data={options} value={b} onChange={setB} allowDeselect={false} />
      </Group>
      {!a || !b || a === b ? <Text c="dimmed">{t('tab.compareHint')}</Text> : null}
      {c ? (
        <>
          <Text size="sm" mb="xs">
            {t('tab.compareDays', { count: c.daysBetween })}
          </Text>
          <ScrollArea type="auto">
            <Table aria-labelledby="compare-title" data-testid="compare-table" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tab.compareColumns.measure')}</Table.Th>
                  <Table.Th ta="right">{`${t('tab.compareColumns.a')} (${formatDate(c.a.date)})`}</Table.Th>
                  <Table.Th ta="right">{`${t('tab.compareColumns.b')} (${formatDate(c.b.date)})`}</Table.Th>
                  <Table.Th ta="right">{t('tab.compareColumns.delta')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key} data-compare={row.key}>
                    <Table.Th scope="row" fw={500}>
                      {row.label}
                    </Table.Th>
                    <Table.Td ta="right">{row.a}</Table.Td>
                    <Table.Td ta="right">{row.b}</Table.Td>
                    <Table.Td ta="right">{row.delta}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </>
      ) : null}
    </Paper>
  );
}
