// The grouped nutrient profile (seed 1 §3 summary groups + amino acids) in display units (omega 3/6 in
// mg), one column per set of totals (e.g. per 100 g and for the chosen quantity).
import { Accordion, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { summarizeTotals, type NutrientTotals } from '@almendra/domain';
import { formatAmount } from './format';

export interface NutrientColumn {
  id: string;
  label: string;
  totals: NutrientTotals;
}

export function NutrientTable({ columns, testId }: { columns: NutrientColumn[]; testId?: string }) {
  const { t, i18n } = useTranslation('foods');
  const english = i18n.language.startsWith('en');
  const summaries = columns.map((c) => summarizeTotals(c.totals));
  const groups = summaries[0] ?? [];
  return (
    <Accordion multiple defaultValue={['macronutrients']} variant="separated" data-testid={testId}>
      {groups.map((group, g) => (
        <Accordion.Item key={group.id} value={group.id}>
          <Accordion.Control>{t(`nutrientGroups.${group.id}`)}</Accordion.Control>
          <Accordion.Panel>
            {/* On a phone the table scrolls sideways: its viewport takes keyboard focus so it can be scrolled without a mouse. */}
            <Table.ScrollContainer
              minWidth={360}
              scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t(`nutrientGroups.${group.id}`) } as React.ComponentProps<'div'> }}
            >
              <Table data-testid={`nutrients-${group.id}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('nutrientColumn')}</Table.Th>
                    {columns.map((c) => (
                      <Table.Th scope="col" key={c.id} ta="right">
                        {c.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {group.nutrients.map((n, i) => (
                    <Table.Tr key={n.key} data-testid={`nutrient-${n.key}`}>
                      <Table.Th scope="row" fw={400}>
                        {english ? n.nameEn : n.nameEs}
                      </Table.Th>
                      {summaries.map((summary, column) => {
                        const value = summary[g]!.nutrients[i]!;
                        return (
                          <Table.Td key={columns[column]!.id} ta="right" data-column={columns[column]!.id}>
                            {formatAmount(value.value, i18n.language, value.unit)} {value.unit}
                            {value.incomplete ? (
                              <Text span size="xs" c="dimmed" title={t('incompleteHint')}>
                                {' '}
                                {t('incompleteMark')}
                              </Text>
                            ) : null}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
