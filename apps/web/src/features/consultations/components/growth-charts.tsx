// WHO growth charts of a child or adolescent in the record: the patient's measurements over the WHO
// curves (−3…+3 SD or P3…P97, the nutritionist chooses), one chart per indicator, for the 0–5 years
// standards (WHO 2006) or the 5–19 years reference (WHO 2007). Loaded on demand: it carries the WHO tables.
import type { EvolutionPoint, GrowthAssessmentResult } from '@almendra/contracts';
import {
  growthChartPoint,
  growthChartSpecs,
  growthCurve,
  PERCENTILE_Z,
  type GrowthChartPoint,
  type GrowthChartSpec,
  type GrowthReference,
} from '@almendra/domain/growth';
import { SegmentedControl, SimpleGrid, Stack, Text, Title, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { formatDate, formatNumber } from '../lib/format';
import { formatZ } from './growth-panel';

type Lines = 'sd' | 'percentiles';

const SD_Z = [-3, -2, -1, 0, 1, 2, 3] as const;
const P_Z = [PERCENTILE_Z.p3, PERCENTILE_Z.p15, PERCENTILE_Z.p50, PERCENTILE_Z.p85, PERCENTILE_Z.p97] as const;
const P_LABELS = ['P3', 'P15', 'P50', 'P85', 'P97'] as const;

interface ChartSpec extends GrowthChartSpec {
  decimals: number;
}

function chartsFor(band: GrowthReference, lastAgeDays: number, withWeightForAge: boolean): ChartSpec[] {
  return growthChartSpecs(band, lastAgeDays, withWeightForAge).map((spec) => ({ ...spec, decimals: 1 }));
}

interface PatientPoint extends GrowthChartPoint {
  growth: GrowthAssessmentResult;
}

/** The patient's point on one chart (the same rule the consultation PDF draws with). */
function pointOf(spec: ChartSpec, p: EvolutionPoint & { growth: GrowthAssessmentResult }): PatientPoint | null {
  const point = growthChartPoint(spec, p);
  return point ? { ...point, growth: p.growth } : null;
}

export default function GrowthCharts({ points, sex }: { points: EvolutionPoint[]; sex: 'm' | 'f' }) {
  const { t } = useTranslation('consultations');
  const assessed = points.filter((p): p is EvolutionPoint & { growth: GrowthAssessmentResult } => p.growth !== null);
  const bands = [...new Set(assessed.map((p) => p.growth.reference))];
  const latest = assessed[assessed.length - 1];
  const [band, setBand] = useState<GrowthReference>(latest?.growth.reference ?? 'who2006');
  const [lines, setLines] = useState<Lines>('sd');
  if (!latest) return null;
  const inBand = assessed.filter((p) => p.growth.reference === band);
  const lastAgeDays = inBand[inBand.length - 1]?.growth.ageDays ?? latest.growth.ageDays;
  const specs = chartsFor(band, lastAgeDays, inBand.some((p) => p.growth.indicators.weightForAge));
  return (
    <Stack gap="sm" mb="xl" data-testid="growth-charts">
      <Title order={3} size="h5">
        {t('growth.charts.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: bands.length > 1 ? 2 : 1 }} spacing="sm">
        {bands.length > 1 ? (
          <SegmentedControl
            aria-label={t('growth.charts.bandLabel')}
            data={bands.map((b) => ({ value: b, label: t(`growth.charts.band.${b}`) }))}
            value={band}
            onChange={(v) => setBand(v as GrowthReference)}
          />
        ) : null}
        <SegmentedControl
          aria-label={t('growth.charts.linesLabel')}
          data={[
            { value: 'sd', label: t('growth.charts.lines.sd') },
            { value: 'percentiles', label: t('growth.charts.lines.percentiles') },
          ]}
          value={lines}
          onChange={(v) => setLines(v as Lines)}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t(`growth.reference.${band}`)}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {specs.map((spec) => (
          <GrowthChart key={spec.kind} spec={spec} sex={sex} band={band} lines={lines} points={inBand.flatMap((p) => pointOf(spec, p) ?? [])} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function GrowthChart({ spec, sex, band, lines, points }: { spec: ChartSpec; sex: 'm' | 'f'; band: GrowthReference; lines: Lines; points: PatientPoint[] }) {
  const { t } = useTranslation('consultations');
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const zs = lines === 'sd' ? SD_Z : P_Z;
  const curve = useMemo(() => growthCurve(spec.kind, sex, band, zs, 7), [spec.kind, sex, band, zs]);
  const colours = useMemo(() => {
    const extreme = dark ? theme.colors.gray[3] : theme.black;
    const red = theme.colors.red[dark ? 5 : 7];
    const orange = theme.colors.orange[dark ? 4 : 6];
    const green = theme.colors.green[dark ? 5 : 7];
    return lines === 'sd' ? [extreme, red, orange, green, orange, red, extreme] : [red, orange, green, orange, red];
  }, [dark, lines, theme]);
  const byAge = spec.kind !== 'weightForLength' && spec.kind !== 'weightForHeight';
  const title = spec.kind === 'weightForLength' ? t('growth.charts.weightForLength') : t(`growth.indicators.${spec.indicator}`);
  const xs = curve.map((c) => c.x);
  const domainX: [number, number] = [Math.floor(Math.min(...xs)), Math.ceil(Math.max(...xs))];
  // As the WHO's charts and the PDF report: every 6 months under 5, whole years from 5 to 19 (the axis is in
  // months, labelled in years), round centimetres for weight-for-length/height.
  const inYears = byAge && band === 'who2007';
  const xTicks = inYears
    ? Array.from({ length: Math.floor(domainX[1] / 12) - Math.ceil(domainX[0] / 12) + 1 }, (_, i) => (Math.ceil(domainX[0] / 12) + i) * 12)
    : byAge
      ? Array.from({ length: Math.floor(domainX[1] / 6) + 1 }, (_, i) => i * 6)
      : undefined;
  const axisTitle = !byAge ? t('growth.charts.lengthCm') : inYears ? t('growth.charts.ageYears') : t('growth.charts.ageMonths');
  const last = points[points.length - 1];
  const value = last?.growth.indicators[spec.indicator];
  const patientColour = theme.colors.blue[dark ? 4 : 8];
  const labels = lines === 'sd' ? SD_Z.map((z) => formatZ(z, 0)) : P_LABELS;
  return (
    <Stack gap={4} data-growth-chart={spec.kind}>
      <Text fw={600} size="sm">
        {title} ({spec.unit})
      </Text>
      <div style={{ width: '100%', height: 260 }} aria-hidden>
        <ResponsiveContainer>
          <LineChart accessibilityLayer={false} margin={{ top: 8, right: 28, bottom: 20, left: 0 }}>
            <CartesianGrid stroke={dark ? theme.colors.dark[4] : theme.colors.gray[2]} />
            <XAxis
              type="number"
              dataKey="x"
              domain={domainX}
              allowDuplicatedCategory={false}
              ticks={xTicks}
              // Where the ticks do not all fit (a phone), every other one, evenly: 5, 7, 9… rather than 5, 6, 7, 8, 9, 11.
              interval="equidistantPreserveStart"
              tickFormatter={inYears ? (months: number) => String(months / 12) : undefined}
              tick={{ fontSize: 11, fill: dark ? theme.colors.gray[4] : theme.colors.gray[7] }}
              label={{ value: axisTitle, position: 'insideBottom', offset: -12, fontSize: 11, fill: dark ? theme.colors.gray[4] : theme.colors.gray[7] }}
            />
            <YAxis type="number" domain={['auto', 'auto']} width={40} tick={{ fontSize: 11, fill: dark ? theme.colors.gray[4] : theme.colors.gray[7] }} />
            {zs.map((z, i) => (
              <Line
                key={z}
                data={curve.map((c) => ({ x: c.x, y: c.values[i] }))}
                dataKey="y"
                stroke={colours[i]}
                strokeWidth={z === 0 ? 2 : 1.2}
                dot={false}
                isAnimationActive={false}
                label={(props: { index?: number; x?: number | string; y?: number | string }) =>
                  props.index === curve.length - 1 ? (
                    <text key={`l${z}`} x={Number(props.x) + 3} y={Number(props.y) + 3} fontSize={10} fill={colours[i]}>
                      {labels[i]}
                    </text>
                  ) : (
                    <g key={`l${z}-${props.index}`} />
                  )
                }
              />
            ))}
            {points.length > 0 ? (
              <Line
                data={points.map((p) => ({ x: p.x, y: p.y }))}
                dataKey="y"
                stroke={patientColour}
                strokeWidth={2}
                dot={{ r: 4, fill: patientColour, stroke: patientColour }}
                isAnimationActive={false}
              />
            ) : null}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <Text size="xs" c="dimmed" data-chart-summary>
        {last && value
          ? t('growth.charts.summary', {
              count: points.length,
              date: formatDate(last.date),
              value: formatNumber(last.y, spec.decimals),
              unit: spec.unit,
              z: formatZ(value.z),
              percentile: formatNumber(value.percentile, 1),
              classification: t(`growth.classification.${value.classification}`),
            })
          : t('growth.charts.empty')}
      </Text>
    </Stack>
  );
}
