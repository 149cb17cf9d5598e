// "Proponer un día" (issue 28): the server's solver composes a day of foods for the plan's meals that meets
// the energy and macro targets, leaving out the patient's recorded allergies and intolerances, the foods she
// marks "No le gusta" and (unless she allows repeats) the neighbouring days' foods. She reviews the proposal,
// its totals and deviation, and what was left out; "Aplicar" replaces the day only after saying so.
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Plan, ProposeDayResponse } from '@almendra/contracts';
import type { MacroDistribution } from '@almendra/domain';
import { PHONE_QUERY } from '../../../lib/breakpoints';
import { plansApi } from '../api/plans-api';
import { itemFromFood, type EditorItem, type FormulaEditorDay } from './editor-state';
import { fmt } from './format';
import { SolverDialog, SolverProblem, decimalText, useSolverDialog } from './solver-dialog';
import { SolverSummary } from './solver-summary';

type Slot = Plan['slots'][number];
const foodIdsOf = (day: FormulaEditorDay | undefined) => (day?.meals ?? []).flatMap((m) => m.items.filter((i) => i.kind === 'food').map((i) => i.id));

export function ProposeDay({
  dayNumber,
  dayName,
  days,
  slots,
  targetKcal,
  distribution,
  patientId,
  onApply,
}: {
  dayNumber: number;
  dayName: string;
  days: readonly FormulaEditorDay[];
  slots: readonly Slot[];
  targetKcal: number | null;
  distribution: MacroDistribution | null;
  patientId: string | null;
  /** The day's new lines, per meal slot. */
  onApply: (meals: { slot: number; items: EditorItem[] }[]) => void;
}) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  const phone = useMediaQuery(PHONE_QUERY);
  const dialog = useSolverDialog<ProposeDayResponse>({ targetKcal, distribution });
  const { proposal } = dialog;
  const [allowRepeats, setAllowRepeats] = useState(false);
  const [onlyPlanFoods, setOnlyPlanFoods] = useState(false);
  const [disliked, setDisliked] = useState<string[]>([]);
  const current = days.find((d) => d.day === dayNumber);
  const hasLines = (current?.meals ?? []).some((m) => m.items.length > 0);
  // Her own picks: every food already written in this plan's days.
  const planFoods = [...new Set(days.flatMap((d) => foodIdsOf(d)))];
  const neighbours = [...new Set([...foodIdsOf(days.find((d) => d.day === dayNumber - 1)), ...foodIdsOf(days.find((d) => d.day === dayNumber + 1))])];

  const open = () => {
    setDisliked([]);
    dialog.open();
  };

  const propose = useMutation({
    ...dialog.mutation,
    mutationFn: (dislikedIds: string[]) =>
      plansApi.proposeDay({
        ...dialog.targets(),
        slots: slots.map((s) => s.slot),
        day: dayNumber,
        ...(patientId && { patientId }),
        ...(onlyPlanFoods && planFoods.length && { foodIds: planFoods }),
        ...(dislikedIds.length && { dislikedFoodIds: dislikedIds }),
        ...(neighbours.length && { avoidFoodIds: neighbours }),
        allowRepeats,
      }),
  });

  const apply = useMutation({
    mutationFn: async (answer: ProposeDayResponse) => {
      const details = new Map(await Promise.all([...new Set(answer.items.map((i) => i.foodId))].map(async (id) => [id, await plansApi.food(id)] as const)));
      return slots.map((s) => ({
        slot: s.slot,
        items: answer.items.filter((i) => i.slot === s.slot).map((i) => ({ ...itemFromFood(details.get(i.foodId)!), quantity: decimalText(i.grams), unit: 'g' as const })),
      }));
    },
    onSuccess: (meals) => {
      onApply(meals);
      dialog.close();
    },
  });

  const dislike = (foodId: string) => {
    const next = [...disliked, foodId];
    setDisliked(next);
    propose.mutate(next);
  };

  return (
    <>
      <Group>
        <Button variant="light" leftSection={<IconSparkles size={18} aria-hidden />} onClick={open} disabled={slots.length === 0}>
          {t('solver.propose')}
        </Button>
      </Group>
      <SolverDialog dialog={dialog} title={t('solver.proposeTitle', { day: dayName })}>
        <Text size="sm" c="dimmed">
          {t(patientId ? 'solver.proposeHintPatient' : 'solver.proposeHint')}
        </Text>
        <Group gap="lg">
          <Checkbox label={t('solver.onlyPlanFoods')} checked={onlyPlanFoods} disabled={planFoods.length === 0} onChange={(e) => setOnlyPlanFoods(e.currentTarget.checked)} />
          <Checkbox label={t('solver.allowRepeats')} checked={allowRepeats} onChange={(e) => setAllowRepeats(e.currentTarget.checked)} />
        </Group>
        <SolverProblem problem={dialog.problem} />
        {proposal ? (
          <>
            <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('solver.proposal') }}>
              <Table fz="sm" miw={phone ? 340 : 520} data-testid="proposed-day">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('solver.meal')}</Table.Th>
                    <Table.Th>{t('solver.food')}</Table.Th>
                    <Table.Th>{t('solver.amount')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('solver.dislike')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {slots.flatMap((s) =>
                    proposal.items
                      .filter((i) => i.slot === s.slot)
                      .map((item, i) => (
                        <Table.Tr key={`${s.slot}-${item.foodId}`}>
                          <Table.Td>{i === 0 ? s.name : ''}</Table.Td>
                          <Table.Td>{item.name}</Table.Td>
                          <Table.Td>{`${fmt(item.grams, lang)} g${item.household ? ` (${item.household})` : ''}`}</Table.Td>
                          <Table.Td>
                            <Button size="compact-xs" variant="subtle" onClick={() => dislike(item.foodId)} aria-label={t('solver.dislikeOf', { food: item.name })} disabled={propose.isPending}>
                              {t('solver.dislike')}
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      )),
                  )}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <SolverSummary totals={proposal.totals} deviation={proposal.deviation} />
            {proposal.excluded.length ? (
              <div>
                <Text size="sm" fw={500}>
                  {t('solver.excluded', { count: proposal.excluded.length })}
                </Text>
                <List size="sm" data-testid="excluded-foods">
                  {proposal.excluded.slice(0, 12).map((e) => (
                    <List.Item key={e.foodId}>{`${e.name} — ${e.reason}`}</List.Item>
                  ))}
                  {proposal.excluded.length > 12 ? <List.Item>{t('solver.excludedMore', { count: proposal.excluded.length - 12 })}</List.Item> : null}
                </List>
              </div>
            ) : null}
            {hasLines ? (
              <Alert color="yellow" title={t('solver.replaceTitle')}>
                {t('solver.replaceWarning', { day: dayName })}
              </Alert>
            ) : null}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant={proposal ? 'default' : 'filled'} loading={propose.isPending} onClick={() => propose.mutate(disliked)}>
            {proposal ? t('solver.proposeAgain') : t('solver.proposeRun')}
          </Button>
          {proposal ? (
            <Button variant="default" onClick={dialog.close}>
              {t('solver.discard')}
            </Button>
          ) : null}
          <Button disabled={!proposal} loading={apply.isPending} onClick={() => proposal && apply.mutate(proposal)}>
            {hasLines ? t('solver.applyReplace') : t('solver.apply')}
          </Button>
        </Group>
      </SolverDialog>
    </>
  );
}
