// Heath-Carter somatochart: the classic Reuleaux-triangle background drawn as SVG, with the patient's
// points over time (X = ecto − endo, Y = 2·meso − (endo + ecto)), oldest to newest joined by a line.
import { Stack, Text, useMantineTheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../lib/format';

export interface SomatoPoint {
  date: string;
  x: number;
  y: number;
}

// Chart window in somatotype units (the conventional sheet spans X −8..8, Y −10..16).
const X_MIN = -8;
const X_MAX = 8;
const Y_MIN = -10;
const Y_MAX = 16;
const WIDTH = 400;
// Carter's sheet draws one Y unit as 1/√3 of an X unit, which makes the three poles equidistant.
const HEIGHT = (WIDTH * (Y_MAX - Y_MIN)) / (X_MAX - X_MIN) / Math.sqrt(3);

const sx = (x: number) => ((x - X_MIN) / (X_MAX - X_MIN)) * WIDTH;
const sy = (y: number) => HEIGHT - ((y - Y_MIN) / (Y_MAX - Y_MIN)) * HEIGHT;

// Corner points of the sheet: pure endomorph (−6,−6)... approximated by the usual vertices.
const ENDO = { x: -6, y: -6 };
const ECTO = { x: 6, y: -6 };
const MESO = { x: 0, y: 12 };

/** Arc between two vertices bulging away from the centre, like the printed Heath-Carter sheet. */
function arc(a: { x: number; y: number }, b: { x: number; y: number }) {
  const radius = Math.hypot(sx(a.x) - sx(b.x), sy(a.y) - sy(b.y));
  return `A ${radius} ${radius} 0 0 1 ${sx(b.x)} ${sy(b.y)}`;
}

export function Somatochart({ points }: { points: SomatoPoint[] }) {
  const { t } = useTranslation('consultations');
  const theme = useMantineTheme();
  const primary = theme.colors[theme.primaryColor]?.[7] ?? 'teal';
  const outline = `M ${sx(ENDO.x)} ${sy(ENDO.y)} ${arc(ENDO, MESO)} ${arc(MESO, ECTO)} ${arc(ECTO, ENDO)} Z`;
  const centre = { x: sx(0), y: sy(0) };
  const last = points[points.length - 1];
  return (
    <Stack gap="xs" align="center">
      <svg
        role="img"
        aria-label={t('tab.somatochartDescription', { count: points.length })}
        viewBox={`-30 -20 ${WIDTH + 60} ${HEIGHT + 40}`}
        width="100%"
        style={{ maxWidth: 460 }}
        data-testid="somatochart"
      >
        <path d={outline} fill="var(--mantine-color-gray-0)" stroke="var(--mantine-color-gray-6)" strokeWidth={1.5} />
        {/* The three axes from the centre to each vertex, as printed on the sheet. */}
        {[ENDO, ECTO, MESO].map((v) => (
          <line key={`${v.x},${v.y}`} x1={centre.x} y1={centre.y} x2={sx(v.x)} y2={sy(v.y)} stroke="var(--mantine-color-gray-5)" strokeDasharray="4 4" />
        ))}
        <line x1={sx(X_MIN)} y1={sy(0)} x2={sx(X_MAX)} y2={sy(0)} stroke="var(--mantine-color-gray-4)" />
        <line x1={sx(0)} y1={sy(Y_MIN)} x2={sx(0)} y2={sy(Y_MAX)} stroke="var(--mantine-color-gray-4)" />
        <text x={sx(ENDO.x)} y={sy(ENDO.y) + 22} textAnchor="middle" fontSize={13} fill="var(--mantine-color-text)">
          {t('tab.somatoAxes.endo')}
        </text>
        <text x={sx(ECTO.x)} y={sy(ECTO.y) + 22} textAnchor="middle" fontSize={13} fill="var(--mantine-color-text)">
          {t('tab.somatoAxes.ecto')}
        </text>
        <text x={sx(MESO.x)} y={sy(MESO.y) - 8} textAnchor="middle" fontSize={13} fill="var(--mantine-color-text)">
          {t('tab.somatoAxes.meso')}
        </text>
        {points.length > 1 ? (
          <polyline
            points={points.map((p) => `${sx(p.x)},${sy(p.y)}`).join(' ')}
            fill="none"
            stroke={primary}
            strokeWidth={1.5}
            strokeOpacity={0.6}
          />
        ) : null}
        {points.map((p, index) => (
          <g key={`${p.date}-${index}`} data-somato-point>
            <circle cx={sx(p.x)} cy={sy(p.y)} r={p === last ? 7 : 5} fill={primary} fillOpacity={p === last ? 1 : 0.5} stroke="white" />
            <title>{t('tab.somatoPoint', { date: formatDate(p.date), x: formatNumber(p.x, 1), y: formatNumber(p.y, 1) })}</title>
          </g>
        ))}
      </svg>
      <Stack gap={0}>
        {points.map((p, index) => (
          <Text key={`${p.date}-${index}`} size="xs" c="dimmed">
            {t('tab.somatoPoint', { date: formatDate(p.date), x: formatNumber(p.x, 1), y: formatNumber(p.y, 1) })}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
