// "Distribuir automáticamente" (issue 28): the exchange plan's day proposed by the server's solver from the
// energy target, the macro split, the meal shares and her per-group limits (min / max / fixed). She sees
// the proposal, its totals and its deviation before "Aplicar"; "Volver a distribuir" keeps what she fixed.
import { useMemo, useState } from 'react';
import { Button, Checkbox, Group, ScrollArea, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ExchangeGroupsResponse, Plan, SolveExchangesRequest, SolveExchangesResponse } from '@almendra/contracts';
import type { MacroDistribution } from '@almendra/domain';
import { filterDecimalInput } from '../../../lib/decimal-input';
import { plansApi } from '../api/plans-api';
import { fmt, parseDecimalInput } from './format';
import { SolverActions, SolverDialog, SolverProblem, decimalText, useSolverDialog } from './solver-dialog';
import { SolverSummary } from './solver-summary';

type Slot = Plan['slots'][number];
type Meals = SolveExchangesResponse['meals'];
interface Limit { min: string; max: string; fixed: string }

/** Usual share of the day per meal (Argentine plans: 20 / 10 / 30 / 15 / 10 / 25 %), scaled to the meals she uses. */
const USUAL_SHARE: Record<number, number> = { 1: 20, 2: 10, 3: 30, 4: 15, 5: 10, 6: 25 };

export function defaultShares(slots: readonly number[]): Record<number, number> {
  const weights = slots.map((s) => USUAL_SHARE[s] ?? 10);
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.round((w / sum) * 100));
  // Whatever rounding left over goes to the largest meal, so the shares add up to exactly 100.
  const largest = shares.indexOf(Math.max(...shares));
  shares[largest] = shares[largest]! + 100 - shares.reduce((a, b) => a + b, 0);
  return Object.fromEntries(slots.map((s, i) => [s, shares[i]!]));
}

const decimalProps = { inputMode: 'decimal' as const, autoComplete: 'off' };

export function AutoDistribute({
  dayName,
  slots,
  groups,
  targetKcal,
  distribution,
  discarded,
  onApply,
}: {
  dayName: string;
  slots: readonly Slot[];
  groups: ExchangeGroupsResponse;
  targetKcal: number | null;
  distribution: MacroDistribution | null;
  /** The day's discarded groups (24 × 0/1): they stay at 0. */
  discarded: readonly number[];
  onApply: (meals: Meals) => void;
}) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  const dialog = useSolverDialog<SolveExchangesResponse>({ targetKcal, distribution });
  const { proposal, energy, macros } = dialog;
  const [step, setStep] = useState<'0.5' | '1'>('0.5');
  const [shares, setShares] = useState<Record<number, string>>({});
  const [limits, setLimits] = useState<Record<number, Limit>>({});

  const open = () => {
    // Targets prefilled from the plan each time it opens; her limits stay while the editor is open.
    if (Object.keys(shares).length === 0 || slots.some((s) => shares[s.slot] === undefined)) {
      setShares(Object.fromEntries(Object.entries(defaultShares(slots.map((s) => s.slot))).map(([k, v]) => [k, String(v)])));
    }
    dialog.open();
  };

  const request = useMemo((): SolveExchangesRequest | null => {
    const e = parseDecimalInput(energy);
    const p = parseDecimalInput(macros.p);
    const f = parseDecimalInput(macros.f);
    const c = parseDecimalInput(macros.c);
    if (e === undefined || p === undefined || f === undefined || c === undefined) return null;
    const dist = slots.map((s) => ({ slot: s.slot, pct: parseDecimalInput(shares[s.slot] ?? '') ?? Number.NaN }));
    if (dist.some((d) => !Number.isFinite(d.pct))) return null;
    type GroupLimit = NonNullable<SolveExchangesRequest['groups']>[number];
    const groupLimits = groups.groups.flatMap((g): GroupLimit[] => {
      const limit = limits[g.position];
      if (discarded[g.position - 1] === 1) return [{ group: g.position, max: 0 }];
      if (!limit) return [];
      const fixed = parseDecimalInput(limit.fixed);
      if (fixed !== undefined) return [{ group: g.position, fixed }];
      const min = parseDecimalInput(limit.min);
      const max = parseDecimalInput(limit.max);
      if (min === undefined && max === undefined) return [];
      return [{ group: g.position, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }];
    });
    return { targetEnergyKcal: e, macros: { proteinPct: p, fatPct: f, carbsPct: c }, distribution: dist, groups: groupLimits, step: step === '1' ? 1 : 0.5 };
  }, [energy, macros, shares, limits, slots, groups, discarded, step]);

  const solve = useMutation({ ...dialog.mutation, mutationFn: (body: SolveExchangesRequest) => plansApi.solveExchanges(body) });

  const dayTotal = (position: number) => (proposal ? proposal.meals.reduce((s, m) => s + (m.portions[position - 1] ?? 0), 0) : null);
  const shareSum = slots.reduce((s, slot) => s + (parseDecimalInput(shares[slot.slot] ?? '') ?? 0), 0);
  const setLimit = (position: number, key: keyof Limit, value: string) =>
    setLimits((all) => ({ ...all, [position]: { ...(all[position] ?? { min: '', max: '', fixed: '' }), [key]: value } }));
  const shown = proposal ? groups.groups.filter((g) => proposal.meals.some((m) => (m.portions[g.position - 1] ?? 0) > 0)) : [];

  return (
    <>
      <Group>
        <Button variant="light" leftSection={<IconWand size={18} />} onClick={open} disabled={slots.length === 0}>
          {t('solver.distribute')}
        </Button>
      </Group>
      <SolverDialog
        dialog={dialog}
        title={t('solver.distributeTitle', { day: dayName })}
        columns={5}
        fields={
          <Stack gap={4}>
            <Text size="sm" fw={500} id="solver-step-label">
              {t('solver.step')}
            </Text>
            <SegmentedControl
              aria-labelledby="solver-step-label"
              value={step}
              onChange={(v) => setStep(v as '0.5' | '1')}
              data={[
                { value: '0.5', label: t('solver.stepHalf') },
                { value: '1', label: t('solver.stepOne') },
              ]}
            />
          </Stack>
        }
      >
        <Title order={3} size="h5">
          {t('solver.shares')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: Math.min(6, Math.max(1, slots.length)) }}>
          {slots.map((s) => (
            <TextInput
              key={s.slot}
              label={t('solver.shareOf', { meal: s.name })}
              value={shares[s.slot] ?? ''}
              onChange={(e) => {
                const value = filterDecimalInput(e.currentTarget.value);
                setShares((all) => ({ ...all, [s.slot]: value }));
              }}
              {...decimalProps}
            />
          ))}
        </SimpleGrid>
        <Text size="sm" c={Math.abs(shareSum - 100) > 0.5 ? 'red.8' : 'dimmed'} data-testid="shares-sum">
          {t('solver.sharesSum', { sum: fmt(shareSum, lang, 1) })}
        </Text>
        <Title order={3} size="h5">
          {t('solver.groups')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('solver.groupsHint')}
        </Text>
        <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('solver.groups') }}>
          <Table fz="sm" miw={560} data-testid="solver-groups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('exchange.group')}</Table.Th>
                <Table.Th>{t('solver.min')}</Table.Th>
                <Table.Th>{t('solver.max')}</Table.Th>
                <Table.Th>{t('solver.fixed')}</Table.Th>
                <Table.Th>{t('solver.proposed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.groups.map((g) => {
                const limit = limits[g.position] ?? { min: '', max: '', fixed: '' };
                const off = discarded[g.position - 1] === 1;
                const total = dayTotal(g.position);
                const locked = limit.fixed.trim() !== '';
                return (
                  <Table.Tr key={g.id}>
                    <Table.Td>
                      <Text size="sm" td={off ? 'line-through' : undefined}>
                        {g.name}
                      </Text>
                    </Table.Td>
                    {(['min', 'max', 'fixed'] as const).map((key) => (
                      <Table.Td key={key}>
                        <TextInput
                          aria-label={t(`solver.${key}Of`, { group: g.name })}
                          value={off ? '' : limit[key]}
                          disabled={off || (key !== 'fixed' && locked)}
                          w={64}
                          onChange={(e) => setLimit(g.position, key, filterDecimalInput(e.currentTarget.value))}
                          {...decimalProps}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" w={32} data-testid={`proposed-${g.position}`}>
                          {total === null ? '—' : fmt(total, lang, 1)}
                        </Text>
                        {total !== null && !off ? (
                          <Checkbox
                            size="xs"
                            label={t('solver.lock')}
                            aria-label={t('solver.lockOf', { group: g.name })}
                            checked={locked}
                            onChange={(e) => setLimit(g.position, 'fixed', e.currentTarget.checked ? decimalText(total) : '')}
                          />
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        <SolverProblem problem={dialog.problem} />
        {proposal ? (
          <Stack gap="xs" data-testid="solver-proposal">
            <Title order={3} size="h5">
              {t('solver.proposal')}
            </Title>
            <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('solver.proposal') }}>
              <Table fz="sm" withTableBorder miw={420}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('exchange.group')}</Table.Th>
                    {slots.map((s) => (
                      <Table.Th key={s.slot}>{s.name}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((g) => (
                    <Table.Tr key={g.id}>
                      <Table.Td>{g.name}</Table.Td>
                      {slots.map((s) => {
                        const value = proposal.meals.find((m) => m.slot === s.slot)?.portions[g.position - 1] ?? 0;
                        return <Table.Td key={s.slot}>{value ? fmt(value, lang, 1) : ''}</Table.Td>;
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <SolverSummary totals={proposal.totals} deviation={proposal.deviation} />
          </Stack>
        ) : null}
        <SolverActions
          hasProposal={proposal !== null}
          running={solve.isPending}
          runDisabled={!request}
          onRun={() => request && solve.mutate(request)}
          runLabel={t('solver.run')}
          againLabel={t('solver.redistribute')}
          applyLabel={t('solver.apply')}
          onApply={() => {
            if (!proposal) return;
            onApply(proposal.meals);
            dialog.close();
          }}
        />
      </SolverDialog>
    </>
  );
}
