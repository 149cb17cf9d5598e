// "Proponer un día" (issue 28): the server's solver composes a day of foods (and her dishes, at the meals each fits:
// Dish.meals) for the plan's meals that meets the energy and macro targets, from the whole
// Argentine layer, her favourites or only what the plan already has, leaving out the patient's recorded
// allergies and intolerances, what she marks "No le gusta" and (unless she allows repeats) the neighbouring
// days' foods and dishes. She reviews the proposal (a table; on a phone, one block per meal), its totals and
// deviation, and what was left out; "Aplicar" replaces the day only after saying so.
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, List, Paper, Radio, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Plan, ProposeDayExclusionCause, ProposeDayRequest, ProposeDayResponse } from '@almendra/contracts';
import type { MacroDistribution } from '@almendra/domain';
import { PHONE_QUERY } from '../../../lib/breakpoints';
import { plansApi } from '../api/plans-api';
import { itemFromDish, itemFromFood, type EditorItem, type FormulaEditorDay } from './editor-state';
import { fmt } from './format';
import { SolverActions, SolverDialog, SolverProblem, decimalText, useSolverDialog } from './solver-dialog';
import { SolverSummary } from './solver-summary';
import { exclusionText, proposeProblemText } from './propose-day-text';

type Slot = Plan['slots'][number];
/** Where the day's foods and dishes come from. */
type Source = 'all' | 'favourites' | 'plan';
const idsOf = (day: FormulaEditorDay | undefined, kind: EditorItem['kind']) => (day?.meals ?? []).flatMap((m) => m.items.filter((i) => i.kind === kind).map((i) => i.id));

/** A proposed line, food or dish, as she reads it. */
interface Line { kind: 'food' | 'dish'; id: string; name: string; slot: number; amount: string }

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
  const dialog = useSolverDialog<ProposeDayResponse>({
    targetKcal,
    distribution,
    describe: (error) => proposeProblemText(t, lang, error, (slot) => slots.find((s) => s.slot === slot)?.name ?? String(slot)),
  });
  const { proposal } = dialog;
  const [allowRepeats, setAllowRepeats] = useState(false);
  const [source, setSource] = useState<Source>('all');
  const [disliked, setDisliked] = useState<{ foods: string[]; dishes: string[] }>({ foods: [], dishes: [] });
  const current = days.find((d) => d.day === dayNumber);
  const hasLines = (current?.meals ?? []).some((m) => m.items.length > 0);
  // Her own picks: every food and dish already written in this plan's days.
  const planFoods = [...new Set(days.flatMap((d) => idsOf(d, 'food')))];
  const planDishes = [...new Set(days.flatMap((d) => idsOf(d, 'dish')))];
  const neighbourDays = [days.find((d) => d.day === dayNumber - 1), days.find((d) => d.day === dayNumber + 1)];
  const neighbours = [...new Set(neighbourDays.flatMap((d) => idsOf(d, 'food')))];
  const neighbourDishes = [...new Set(neighbourDays.flatMap((d) => idsOf(d, 'dish')))];

  const open = () => {
    setDisliked({ foods: [], dishes: [] });
    dialog.open();
  };

  const propose = useMutation({
    ...dialog.mutation,
    mutationFn: (without: { foods: string[]; dishes: string[] }) => {
      const body: ProposeDayRequest = {
        ...dialog.targets(),
        slots: slots.map((s) => s.slot),
        day: dayNumber,
        ...(patientId && { patientId }),
        ...(source === 'favourites' && { favourites: true }),
        ...(source === 'plan' && { onlyPicked: true }),
        ...(source === 'plan' && planFoods.length && { foodIds: planFoods }),
        ...(source === 'plan' && planDishes.length && { dishIds: planDishes }),
        ...(without.foods.length && { dislikedFoodIds: without.foods }),
        ...(without.dishes.length && { dislikedDishIds: without.dishes }),
        ...(neighbours.length && { avoidFoodIds: neighbours }),
        ...(neighbourDishes.length && { avoidDishIds: neighbourDishes }),
        allowRepeats,
      };
      return plansApi.proposeDay(body);
    },
  });

  const apply = useMutation({
    mutationFn: async (answer: ProposeDayResponse) => {
      const dishes = answer.dishes ?? [];
      const [foods, dishDetails] = await Promise.all([
        Promise.all([...new Set(answer.items.map((i) => i.foodId))].map(async (id) => [id, await plansApi.food(id)] as const)),
        Promise.all([...new Set(dishes.map((d) => d.dishId))].map(async (id) => [id, await plansApi.dish(id)] as const)),
      ]);
      const foodMap = new Map(foods);
      const dishMap = new Map(dishDetails);
      return slots.map((s) => ({
        slot: s.slot,
        items: [
          ...dishes.filter((d) => d.slot === s.slot).map((d) => ({ ...itemFromDish(dishMap.get(d.dishId)!), quantity: decimalText(d.portions) })),
          ...answer.items.filter((i) => i.slot === s.slot).map((i) => ({ ...itemFromFood(foodMap.get(i.foodId)!), quantity: decimalText(i.grams), unit: 'g' as const })),
        ],
      }));
    },
    onSuccess: (meals) => {
      onApply(meals);
      dialog.close();
    },
  });

  const dislike = (line: Line) => {
    const next = line.kind === 'dish' ? { ...disliked, dishes: [...disliked.dishes, line.id] } : { ...disliked, foods: [...disliked.foods, line.id] };
    setDisliked(next);
    propose.mutate(next);
  };

  const amountOf = (grams: number, household: string | null) => `${fmt(grams, lang)} g${household ? ` (${household})` : ''}`;
  // Per meal: her dish first (the main course), then the foods, as the day is written.
  const lines: Line[] = proposal
    ? slots.flatMap((s) => [
        ...(proposal.dishes ?? [])
          .filter((d) => d.slot === s.slot)
          .map((d) => ({ kind: 'dish' as const, id: d.dishId, name: d.name, slot: s.slot, amount: d.household ? `${d.household} (${fmt(d.grams, lang)} g)` : `${fmt(d.grams, lang)} g` })),
        ...proposal.items.filter((i) => i.slot === s.slot).map((i) => ({ kind: 'food' as const, id: i.foodId, name: i.name, slot: s.slot, amount: amountOf(i.grams, i.household) })),
      ])
    : [];
  // Why each was left out, worded here from the answer's cause (a code and the patient's recorded term).
  const why = (cause: ProposeDayExclusionCause) => exclusionText(t, cause);
  const excluded = proposal
    ? [
        ...proposal.excluded.map((e) => ({ key: `f:${e.foodId}`, text: `${e.name} — ${why(e.cause)}` })),
        ...(proposal.excludedDishes ?? []).map((e) => ({ key: `d:${e.dishId}`, text: `${e.name} — ${why(e.cause)}` })),
      ]
    : [];
  const dislikeButton = (line: Line) => (
    <Button size="compact-xs" variant="subtle" style={{ flexShrink: 0 }} onClick={() => dislike(line)} aria-label={t('solver.dislikeOf', { food: line.name })} disabled={propose.isPending}>
      {t('solver.dislike')}
    </Button>
  );
  const dishBadge = (line: Line) =>
    line.kind === 'dish' ? (
      <Badge size="xs" variant="light" color="grape" ml={6}>
        {t('solver.dishBadge')}
      </Badge>
    ) : null;

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
        <Radio.Group label={t('solver.source')} value={source} onChange={(value) => setSource(value as Source)}>
          <Stack gap={6} mt={6}>
            <Radio value="all" label={t('solver.sourceAll')} />
            <Radio value="favourites" label={t('solver.sourceFavourites')} />
            <Radio value="plan" label={t('solver.sourcePlan')} disabled={planFoods.length + planDishes.length === 0} />
          </Stack>
        </Radio.Group>
        <Checkbox label={t('solver.allowRepeats')} checked={allowRepeats} onChange={(e) => setAllowRepeats(e.currentTarget.checked)} />
        <SolverProblem problem={dialog.problem} />
        {proposal ? (
          <>
            {phone ? (
              // A phone: one block per meal, each line's name over its amount, nothing wider than the screen.
              <Stack gap="xs" data-testid="proposed-day" role="region" aria-label={t('solver.proposal')}>
                {slots.map((s) => {
                  const meal = lines.filter((l) => l.slot === s.slot);
                  if (meal.length === 0) return null;
                  return (
                    <Paper key={s.slot} withBorder p="xs" radius="sm">
                      <Text fw={600} size="sm" mb={4}>
                        {s.name}
                      </Text>
                      <Stack gap={6}>
                        {meal.map((line) => (
                          <Group key={`${line.kind}-${line.id}`} justify="space-between" wrap="nowrap" gap="xs" align="flex-start" data-testid="proposed-line">
                            <div style={{ minWidth: 0, flex: 1 }}>
                              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                                <span data-testid="proposed-name">{line.name}</span>
                                {dishBadge(line)}
                              </Text>
                              <Text size="xs" c="dimmed">
                                {line.amount}
                              </Text>
                            </div>
                            {dislikeButton(line)}
                          </Group>
                        ))}
                      </Stack>
                    </Paper>
                  );
                })}
              </Stack>
            ) : (
              <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('solver.proposal') }}>
                <Table fz="sm" miw={520} data-testid="proposed-day">
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
                    {lines.map((line, i) => (
                      <Table.Tr key={`${line.slot}-${line.kind}-${line.id}`} data-testid="proposed-line">
                        <Table.Td>{i === 0 || lines[i - 1]!.slot !== line.slot ? slots.find((s) => s.slot === line.slot)?.name : ''}</Table.Td>
                        <Table.Td>
                          <span data-testid="proposed-name">{line.name}</span>
                          {dishBadge(line)}
                        </Table.Td>
                        <Table.Td>{line.amount}</Table.Td>
                        <Table.Td>{dislikeButton(line)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            )}
            <SolverSummary totals={proposal.totals} deviation={proposal.deviation} />
            {excluded.length ? (
              <div>
                <Text size="sm" fw={500}>
                  {t('solver.excluded', { count: excluded.length })}
                </Text>
                <List size="sm" data-testid="excluded-foods">
                  {excluded.slice(0, 12).map((e) => (
                    <List.Item key={e.key}>{e.text}</List.Item>
                  ))}
                  {excluded.length > 12 ? <List.Item>{t('solver.excludedMore', { count: excluded.length - 12 })}</List.Item> : null}
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
        <SolverActions
          hasProposal={proposal !== null}
          running={propose.isPending}
          onRun={() => propose.mutate(disliked)}
          runLabel={t('solver.proposeRun')}
          againLabel={t('solver.proposeAgain')}
          applyLabel={hasLines ? t('solver.applyReplace') : t('solver.apply')}
          applying={apply.isPending}
          onApply={() => proposal && apply.mutate(proposal)}
        >
          {proposal ? (
            <Button variant="default" onClick={dialog.close}>
              {t('solver.discard')}
            </Button>
          ) : null}
        </SolverActions>
      </SolverDialog>
    </>
  );
}
