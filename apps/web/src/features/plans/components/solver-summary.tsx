// Totals and deviation of a solver proposal, in words and numbers (never colour alone): what she reads
// before "Aplicar" in "Distribuir automáticamente" and "Ajustar cantidades".
import { Group, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SolverDeviation, SolverTotals } from '@almendra/contracts';
import { filterDecimalInput } from '../../../lib/decimal-input';
import { fmt, fmtSigned } from './format';

export function SolverSummary({ totals, deviation }: { totals: SolverTotals; deviation: SolverDeviation }) {
  const { t, i18n } = useTranslation('plans');
  const lang = i18n.language;
  return (
    <div data-testid="solver-summary">
      <Text size="sm">
        {t('solver.totals', {
          kcal: fmt(totals.energyKcal, lang),
          protein: fmt(totals.proteinPct, lang, 1),
          proteinG: fmt(totals.proteinG, lang),
          fat: fmt(totals.fatPct, lang, 1),
          fatG: fmt(totals.fatG, lang),
          carbs: fmt(totals.carbsPct, lang, 1),
          carbsG: fmt(totals.carbsG, lang),
        })}
      </Text>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCircleCheck size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-teal-8)" />
        <Text size="sm">
          {t('solver.deviation', {
            energy: fmtSigned(deviation.energyPct, lang, 1),
            protein: fmtSigned(deviation.proteinPts, lang, 1),
            fat: fmtSigned(deviation.fatPts, lang, 1),
            carbs: fmtSigned(deviation.carbsPts, lang, 1),
          })}
        </Text>
      </Group>
    </div>
  );
}

export interface SolverTargetValues {
  energy: string;
  macros: { p: string; f: string; c: string };
}

const decimalProps = { inputMode: 'decimal' as const, autoComplete: 'off' };

/** The targets both solver dialogs ask for (energy and the three macro percentages), as typed text. */
export function SolverTargetFields({ energy, macros, onEnergy, onMacros }: SolverTargetValues & { onEnergy: (value: string) => void; onMacros: (value: SolverTargetValues['macros']) => void }) {
  const { t } = useTranslation('plans');
  return (
    <>
      <TextInput label={t('solver.energy')} value={energy} onChange={(e) => onEnergy(filterDecimalInput(e.currentTarget.value))} {...decimalProps} />
      <TextInput label={t('solver.protein')} value={macros.p} onChange={(e) => onMacros({ ...macros, p: filterDecimalInput(e.currentTarget.value) })} {...decimalProps} />
      <TextInput label={t('solver.fat')} value={macros.f} onChange={(e) => onMacros({ ...macros, f: filterDecimalInput(e.currentTarget.value) })} {...decimalProps} />
      <TextInput label={t('solver.carbs')} value={macros.c} onChange={(e) => onMacros({ ...macros, c: filterDecimalInput(e.currentTarget.value) })} {...decimalProps} />
    </>
  );
}
