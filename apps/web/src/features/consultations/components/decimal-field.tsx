// A measurement input: numeric keypad on phones, accepts comma or dot, drops any other character.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { filterDecimalInput, parseDecimal } from '../lib/format';

interface DecimalFieldProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
}

export function DecimalField({ value, onValueChange, ...rest }: DecimalFieldProps) {
  const { t } = useTranslation('consultations');
  const invalid = Number.isNaN(parseDecimal(value));
  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={invalid ? t('invalidNumber') : rest.error}
      onChange={(event) => onValueChange(filterDecimalInput(event.currentTarget.value))}
    />
  );
}
