// How much of a limited text field is used ("37/500"), under the field: a reason that stopped at 500
// characters used to be cut mid-word without a word said. Near the limit it is announced (aria-live) and
// at the limit it says so in words, not only in colour.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** From this share of the limit on, a counter with onlyNearLimit shows (a long note's "12/4000" is noise). */
export const NEAR_LIMIT_SHARE = 0.8;

export function LengthCounter({ length, max, id, onlyNearLimit = false }: { length: number; max: number; id?: string; onlyNearLimit?: boolean }) {
  const { t } = useTranslation('common');
  const full = length >= max;
  const near = length >= max - 50;
  if (onlyNearLimit && length < Math.floor(max * NEAR_LIMIT_SHARE)) return null;
  return (
    <Text id={id} size="xs" ta="right" c={full ? 'red' : 'dimmed'} aria-live={near ? 'polite' : 'off'} data-testid="length-counter">
      {full ? t('lengthCounter.full', { max }) : t('lengthCounter.used', { length, max })}
    </Text>
  );
}
