// Planned vs target: signed deviation with a coloured icon AND text (colour is never the only signal).
import { Group, Text } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DeviationStatus } from '@almendra/domain';
import { fmtSigned } from './format';

export function DeviationBadge({ status, deviationKcal, deviationPercent }: { status: DeviationStatus; deviationKcal: number; deviationPercent: number }) {
  const { t, i18n } = useTranslation('plans');
  const Icon = status === 'under' ? IconArrowDownRight : status === 'over' ? IconArrowUpRight : IconCircleCheck;
  const color = status === 'on-target' ? 'teal.9' : status === 'under' ? 'blue.9' : 'orange.9';
  return (
    <Group gap={4} wrap="nowrap" data-testid="deviation">
      <Icon size={16} aria-hidden color={`var(--mantine-color-${color.replace('.', '-')})`} />
      {/* The text keeps the body colour: Mantine's darkest orange on white is 4.0:1, under AA's 4.5:1. */}
      <Text size="sm" fw={500}>
        {t(`deviation.${status}`)}: {fmtSigned(deviationKcal, i18n.language)} kcal ({fmtSigned(deviationPercent, i18n.language, 1)} %)
      </Text>
    </Group>
  );
}
