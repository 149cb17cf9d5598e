// The live derived values of the consultation form: each value rounded es-AR with its unit, the BMI
// category, the pregnancy values when they apply, and what could not be computed and why.
import type { Derived, GrowthAssessmentResult, MissingInput } from '@almendra/contracts';
import { Alert, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, formatWithUnit } from '../lib/format';
import { formatNumericDerived, formatSomatotype, NUMERIC_ROWS } from '../lib/derived-rows';
import { GrowthPanel } from './growth-panel';
import { useMissingMessage } from './use-missing-message';

interface DerivedPanelProps {
  derived: Derived | null;
  missing: MissingInput[];
  missingSex: boolean;
  showPregnancy: boolean;
  /** The WHO assessment when it is computed apart from `derived` (the form's live preview). */
  growth?: GrowthAssessmentResult | null;
  /** Bilateral pitting oedema recorded (a child): the growth panel says why weight-based indicators are absent. */
  oedema?: boolean;
}

export function DerivedPanel({ derived, missing, missingSex, showPregnancy, growth = null, oedema = false }: DerivedPanelProps) {
  const assessment = derived?.growth ?? growth;
  const { t } = useTranslation('consultations');
  const missingMessage = useMissingMessage();
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={2} size="h4" id="derived-title">
        {t('sections.results')}
      </Title>
      {missingSex ? (
        <Alert color="yellow" icon={<IconInfoCircle aria-hidden />}>
          {t('reasons.MISSING_SEX')}
        </Alert>
      ) : null}
      {derived ? (
        <Table aria-labelledby="derived-title" verticalSpacing={4} data-testid="derived-table">
          <Table.Tbody>
            {NUMERIC_ROWS.map((row) => (
              <Table.Tr key={row.key} data-derived={row.key}>
                <Table.Th scope="row" fw={500}>
                  {t(`derived.${row.key}`)}
                </Table.Th>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <Text span data-value style={{ whiteSpace: 'nowrap' }}>
                      {formatNumericDerived(derived, row)}
                    </Text>
                    {row.key === 'bmi' && derived.bmiCategory ? (
                      <Badge variant="light" data-category>
                        {t(`bmiCategory.${derived.bmiCategory}`)}
                      </Badge>
                    ) : null}
                  </Group>
                  {row.key === 'energyRequirementKcal' && derived.energyMethod ? (
                    <Text size="xs" c="dimmed" data-energy-method={derived.energyMethod}>
                      {t(`growth.energyMethod.${derived.energyMethod}`)}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr data-derived="somatotype">
              <Table.Th scope="row" fw={500}>
                {t('derived.somatotype')}
              </Table.Th>
              <Table.Td data-value>{formatSomatotype(derived.somatotype)}</Table.Td>
            </Table.Tr>
            {showPregnancy ? (
              <>
                <Table.Tr data-derived="gestationalAge">
                  <Table.Th scope="row" fw={500}>
                    {t('derived.gestationalAge')}
                  </Table.Th>
                  <Table.Td data-value>
                    {derived.gestationalAge
                      ? t('gestationalAgeValue', { weeks: derived.gestationalAge.weeks, days: derived.gestationalAge.days })
                      : '—'}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr data-derived="suggestedGestationalGainKg">
                  <Table.Th scope="row" fw={500}>
                    {t('derived.suggestedGestationalGainKg')}
                  </Table.Th>
                  <Table.Td data-value>
                    {derived.suggestedGestationalGainKg
                      ? t('rangeValue', {
                          min: formatNumber(derived.suggestedGestationalGainKg.min, 1),
                          max: formatNumber(derived.suggestedGestationalGainKg.max, 1),
                          unit: 'kg',
                        })
                      : '—'}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr data-derived="dueDate">
                  <Table.Th scope="row" fw={500}>
                    {t('derived.dueDate')}
                  </Table.Th>
                  <Table.Td data-value>{formatDate(derived.dueDate ?? null)}</Table.Td>
                </Table.Tr>
              </>
            ) : null}
          </Table.Tbody>
        </Table>
      ) : null}
      {assessment ? <GrowthPanel growth={assessment} oedema={oedema} /> : null}
      {missing.length > 0 ? (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('sections.notComputed')}
          </Title>
          <List size="sm" spacing={2} data-testid="missing-list">
            {groupMissing(missing).map((g) => (
              <List.Item key={g.key}>
                <Text span fw={500} size="sm">
                  {g.results.map((r) => labelOfResult(t, r)).join(', ')}:
                </Text>{' '}
                <Text span size="sm">
                  {missingMessage(g.entry)}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** One line per distinct cause: "IMC, Metabolismo basal: Falta la talla." instead of one line per value. */
function groupMissing(missing: MissingInput[]) {
  const groups = new Map<string, { key: string; entry: MissingInput; results: string[] }>();
  for (const m of missing) {
    // The category follows the BMI: listing it again says nothing new.
    if (m.result === 'bmiCategory') continue;
    const key = `${m.reason}|${m.inputs.join(',')}`;
    const group = groups.get(key) ?? { key, entry: m, results: [] };
    if (!group.results.includes(m.result)) group.results.push(m.result);
    groups.set(key, group);
  }
  return [...groups.values()];
}

type T = ReturnType<typeof useTranslation<'consultations'>>['t'];

function labelOfResult(t: T, result: string): string {
  const key = `derived.${result}` as 'derived.bmi';
  return t(key, { defaultValue: result });
}

export { formatWithUnit };
