// The WHO growth assessment of a child or adolescent in the consultation's derived panel: age, reference,
// and per indicator the z-score, percentile and WHO classification. A value the WHO flags as implausible
// reads "Revisar medición" and is never classified.
import type { GrowthAssessmentResult } from '@almendra/contracts';
import { formatZScore, GROWTH_INDICATORS } from '@almendra/domain';
import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatNumber, numberLocale } from '../lib/format';

const ALERT = new Set(['severeWasting', 'severeThinness', 'severeStunting', 'severeUnderweight', 'obesity', 'microcephaly', 'macrocephaly']);
const WARN = new Set(['wasting', 'thinness', 'stunting', 'underweight', 'overweight', 'possibleRiskOfOverweight', 'possibleGrowthProblem', 'veryTall']);

function badgeColour(classification: string): string {
  if (classification === 'implausible') return 'grape';
  if (ALERT.has(classification)) return 'red';
  if (WARN.has(classification)) return 'orange';
  return 'teal';
}

/** '+1,20' / '−1,20' (true minus sign): the same formatter as the PDF report (packages/domain). */
export function formatZ(z: number, decimals = 2): string {
  return formatZScore(z, { decimals, locale: numberLocale() });
}

/** `oedema`: bilateral pitting oedema recorded: the weight-based indicators are absent and the panel says why. */
export function GrowthPanel({ growth, oedema = false }: { growth: GrowthAssessmentResult; oedema?: boolean }) {
  const { t } = useTranslation('consultations');
  const rows = GROWTH_INDICATORS.filter((key) => growth.indicators[key]);
  const age =
    growth.reference === 'who2006'
      ? t('growth.ageDays', { days: growth.ageDays, months: formatNumber(growth.ageMonths, 1) })
      : t('growth.ageMonths', { months: formatNumber(growth.ageMonths, 1) });
  return (
    <Stack gap={4} data-testid="growth-panel">
      <Title order={3} size="h5" id="growth-title">
        {t('growth.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t(`growth.reference.${growth.reference}`)} · {age}
      </Text>
      {oedema ? (
        <Alert color="orange" variant="light" p="xs" icon={<IconAlertTriangle aria-hidden />} data-testid="growth-oedema">
          <Text size="sm">{t('growth.oedemaNote')}</Text>
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm">{t('growth.none')}</Text>
      ) : (
        // Three columns, the WHO classification under the indicator's name: the panel is a narrow column
        // beside the form (about 300 px at 1366 px, the whole width of a phone), where a fourth column for
        // the classification pushed the table past the card and the page past the screen's width.
        <Table aria-labelledby="growth-title" verticalSpacing={4} horizontalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('growth.columns.indicator')}</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('growth.columns.z')}
              </Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('growth.columns.percentile')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((key) => {
              const value = growth.indicators[key]!;
              return (
                <Table.Tr key={key} data-indicator={key}>
                  <Table.Th scope="row" fw={500}>
                    <Stack gap={2} align="flex-start">
                      <span>{t(`growth.indicators.${key}`)}</span>
                      <Badge
                        variant="light"
                        color={badgeColour(value.classification)}
                        data-classification={value.classification}
                        title={value.flagged ? t('growth.implausibleHint') : undefined}
                        style={{ whiteSpace: 'normal', height: 'auto', maxWidth: '100%' }}
                      >
                        {t(`growth.classification.${value.classification}`)}
                      </Badge>
                    </Stack>
                  </Table.Th>
                  <Table.Td ta="right" data-z style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {formatZ(value.z)}
                  </Table.Td>
                  <Table.Td ta="right" data-percentile style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    P{formatNumber(value.percentile, 1)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {rows.some((key) => growth.indicators[key]?.flagged) ? (
        <Text size="xs" c="dimmed">
          {t('growth.implausibleHint')}
        </Text>
      ) : null}
    </Stack>
  );
}
