// What the three solver dialogs ("Distribuir automáticamente", "Ajustar cantidades", "Proponer un día")
// share: the dialog itself (full screen on a phone), the energy and macro targets prefilled from the plan
// each time it opens, the proposal and the reason when there is none, shown in the dialog next to the
// targets it is about (not in a toast).
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { SolverMacros } from '@almendra/contracts';
import type { MacroDistribution } from '@almendra/domain';
import { isApiError } from '../../../lib/api-error';
import { PHONE_QUERY } from '../../../lib/breakpoints';
import { parseDecimalInput } from './format';
import { SolverTargetFields } from './solver-summary';

/** A number as she types it in es-AR (decimal comma). */
export const decimalText = (n: number) => String(n).replace('.', ',');

/** The plan's split when it has none: 20 / 30 / 50. */
const DEFAULT_SPLIT: MacroDistribution = { proteinPercent: 20, fatPercent: 30, carbohydratePercent: 50 };

/** The error's message and its field messages (a 400 names the field), without repeating one. */
export function problemText(error: Error): string {
  const details = isApiError(error) && Array.isArray(error.details) ? (error.details as { message?: string }[]).flatMap((d) => (d.message ? [d.message] : [])) : [];
  return [error.message, ...details.filter((m) => m !== error.message)].join(' ');
}

/** State of a solver dialog; `Answer` is the solver's answer shown before "Aplicar". */
export function useSolverDialog<Answer>({
  targetKcal,
  distribution,
  describe,
}: {
  targetKcal: number | null;
  distribution: MacroDistribution | null;
  /** The dialog's own words for an error it knows (its reason code), else null for the server's message. */
  describe?: (error: Error) => string | null;
}) {
  const [opened, setOpened] = useState(false);
  const [energy, setEnergy] = useState('');
  const [macros, setMacros] = useState({ p: '', f: '', c: '' });
  const [proposal, setProposal] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    opened,
    energy,
    macros,
    setEnergy,
    setMacros,
    proposal,
    problem,
    /** Opens with the plan's targets and no proposal. */
    open: () => {
      setEnergy(targetKcal ? decimalText(Math.round(targetKcal)) : '');
      const d = distribution ?? DEFAULT_SPLIT;
      setMacros({ p: decimalText(d.proteinPercent), f: decimalText(d.fatPercent), c: decimalText(d.carbohydratePercent) });
      setProposal(null);
      setProblem(null);
      setOpened(true);
    },
    close: () => setOpened(false),
    /** The targets as the API takes them (what cannot be read is 0, which the server answers with a reason). */
    targets: (): { targetEnergyKcal: number; macros: SolverMacros } => ({
      targetEnergyKcal: parseDecimalInput(energy) ?? 0,
      macros: { proteinPct: parseDecimalInput(macros.p) ?? 0, fatPct: parseDecimalInput(macros.f) ?? 0, carbsPct: parseDecimalInput(macros.c) ?? 0 },
    }),
    /** For useMutation: the answer becomes the proposal, an error its reason (shown in the dialog, not a toast). */
    mutation: {
      meta: { silent: true },
      onSuccess: (answer: Answer) => {
        setProposal(answer);
        setProblem(null);
      },
      onError: (error: Error) => {
        setProposal(null);
        setProblem(describe?.(error) ?? problemText(error));
      },
    },
  };
}

export type SolverDialogState<Answer> = ReturnType<typeof useSolverDialog<Answer>>;

/** The dialog: title, the targets (and any other field of this solver beside them), then its own content. */
export function SolverDialog<Answer>({
  dialog,
  title,
  columns = 4,
  fields,
  children,
}: {
  dialog: SolverDialogState<Answer>;
  title: string;
  columns?: number;
  /** More fields in the targets' row (the portion step of "Distribuir automáticamente"). */
  fields?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('plans');
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={title} size="xl" fullScreen={phone} closeButtonProps={{ 'aria-label': t('duplicate.close') }}>
      <Stack>
        <SimpleGrid cols={{ base: 2, sm: columns }}>
          <SolverTargetFields energy={dialog.energy} macros={dialog.macros} onEnergy={dialog.setEnergy} onMacros={dialog.setMacros} />
          {fields}
        </SimpleGrid>
        {children}
      </Stack>
    </Modal>
  );
}

/** Why there is no proposal, in words. */
export function SolverProblem({ problem }: { problem: string | null }) {
  const { t } = useTranslation('plans');
  return problem ? (
    <Alert color="red" role="alert" title={t('solver.infeasibleTitle')}>
      {problem}
    </Alert>
  ) : null;
}

/**
 * The dialog's buttons: compute (filled until there is a proposal, then "again"), anything in between
 * ("Descartar"), and apply, enabled once there is a proposal.
 */
export function SolverActions({
  hasProposal,
  running,
  runDisabled = false,
  onRun,
  runLabel,
  againLabel,
  onApply,
  applyLabel,
  applying = false,
  children,
}: {
  hasProposal: boolean;
  running: boolean;
  runDisabled?: boolean;
  onRun: () => void;
  runLabel: string;
  againLabel: string;
  onApply: () => void;
  applyLabel: string;
  applying?: boolean;
  children?: ReactNode;
}) {
  return (
    <Group justify="flex-end">
      <Button variant={hasProposal ? 'default' : 'filled'} loading={running} disabled={runDisabled} onClick={onRun}>
        {hasProposal ? againLabel : runLabel}
      </Button>
      {children}
      <Button disabled={!hasProposal} loading={applying} onClick={onApply}>
        {applyLabel}
      </Button>
    </Group>
  );
}
