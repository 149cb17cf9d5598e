// "Ajustar cantidades" (issue 28): the grams of the day's foods she did not lock, moved by the server's
// solver as little as possible so the day meets the energy and macro targets, in amounts that can be
// served. She sees every new amount, the totals and the deviation before "Aplicar".
import { useState } from 'react';
import { Button, Checkbox, Group, ScrollArea, Table, Text } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dish, Plan, SolveFormulaDayRequest, SolveFormulaDayResponse } from '@almendra/contracts';
import type { MacroDistribution } from '@almendra/domain';
import { api } from '../../../lib/api-client';
import { plansApi } from '../api/plans-api';
import { itemGrams, type EditorItem, type FormulaEditorDay } from './editor-state';
import { fmt, parseDecimalInput } from './format';
import { SolverActions, SolverDialog, SolverProblem, useSolverDialog } from './solver-dialog';
import { SolverSummary } from './solver-summary';

type Slot = Plan['slots'][number];

/** The day's lines in meal order, with their meal. */
const linesOf = (day: FormulaEditorDay | undefined, slots: readonly Slot[]) =>
  slots.flatMap((s) => (day?.meals.find((m) => m.slot === s.slot)?.items ?? []).map((item) => ({ slot: s, item })));

export function AdjustQuantities({
  dayName,
  day,
  slots,
  targetKcal,
  distribution,
  onApply,
}: {
  dayName: string;
  day: FormulaEditorDay | undefined;
  slots: readonly Slot[];
  targetKcal: number | null;
  distribution: MacroDistribution | null;
  /** New grams per line key (lines not in the map are unchanged). */
  onApply: (grams: Map<string, number>) => void;
}) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  const dialog = useSolverDialog<SolveFormulaDayResponse>({ targetKcal, distribution });
  const { proposal } = dialog;
  const [locked, setLocked] = useState<Record<string, boolean>>({});
  const lines = linesOf(day, slots);

  /** A dish written in servings is sent in grams (its serving's weight) and kept as it is. */
  async function gramsOf(item: EditorItem): Promise<{ grams: number; fixed: boolean }> {
    if (item.kind === 'dish' && item.unit === 'serving') {
      const dish = await api.get<Dish>(`/dishes/${encodeURIComponent(item.id)}`);
      return { grams: (parseDecimalInput(item.quantity) ?? 0) * dish.perServing.grams, fixed: true };
    }
    return { grams: itemGrams(item), fixed: false };
  }

  const solve = useMutation({
    ...dialog.mutation,
    mutationFn: async () => {
      const items: SolveFormulaDayRequest['items'] = [];
      for (const { slot, item } of lines) {
        const { grams, fixed } = await gramsOf(item);
        items.push({ ...(item.kind === 'food' ? { foodId: item.id } : { dishId: item.id }), slot: slot.slot, grams: Math.round(grams * 100) / 100, locked: fixed || locked[item.key] === true });
      }
      return plansApi.solveFormulaDay({ ...dialog.targets(), items });
    },
  });

  return (
    <>
      <Group>
        <Button variant="light" leftSection={<IconAdjustments size={18} />} onClick={dialog.open} disabled={lines.length === 0}>
          {t('solver.adjust')}
        </Button>
      </Group>
      <SolverDialog dialog={dialog} title={t('solver.adjustTitle', { day: dayName })}>
        <Text size="sm" c="dimmed">
          {t('solver.adjustHint')}
        </Text>
        <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('solver.adjustLines') }}>
          <Table fz="sm" miw={520} data-testid="adjust-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('solver.meal')}</Table.Th>
                <Table.Th>{t('solver.food')}</Table.Th>
                <Table.Th>{t('solver.now')}</Table.Th>
                <Table.Th>{t('solver.lock')}</Table.Th>
                <Table.Th>{t('solver.proposed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map(({ slot, item }, i) => {
                const answer = proposal?.items[i];
                return (
                  <Table.Tr key={item.key}>
                    <Table.Td>{slot.name}</Table.Td>
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td>{item.kind === 'dish' && item.unit === 'serving' ? t('solver.servings', { count: parseDecimalInput(item.quantity) ?? 0 }) : `${fmt(itemGrams(item), lang)} g`}</Table.Td>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('solver.lockOf', { group: item.name })}
                        checked={locked[item.key] === true || (item.kind === 'dish' && item.unit === 'serving')}
                        disabled={item.kind === 'dish' && item.unit === 'serving'}
                        onChange={(e) => {
                          const checked = e.currentTarget.checked;
                          setLocked((all) => ({ ...all, [item.key]: checked }));
                        }}
                      />
                    </Table.Td>
                    <Table.Td data-testid={`adjusted-${i}`}>
                      {answer ? `${fmt(answer.grams, lang)} g${answer.household ? ` (${answer.household})` : ''}` : '—'}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <SolverProblem problem={dialog.problem} />
        {proposal ? <SolverSummary totals={proposal.totals} deviation={proposal.deviation} /> : null}
        <SolverActions
          hasProposal={proposal !== null}
          running={solve.isPending}
          onRun={() => solve.mutate()}
          runLabel={t('solver.compute')}
          againLabel={t('solver.recompute')}
          applyLabel={t('solver.apply')}
          onApply={() => {
            if (!proposal) return;
            const grams = new Map<string, number>();
            lines.forEach(({ item }, i) => {
              const answer = proposal.items[i];
              if (answer && !answer.locked && Math.abs(answer.grams - itemGrams(item)) > 0.01) grams.set(item.key, answer.grams);
            });
            onApply(grams);
            dialog.close();
          }}
        />
      </SolverDialog>
    </>
  );
}
