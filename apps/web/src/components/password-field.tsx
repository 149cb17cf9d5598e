// Mantine PasswordInput with a translated visibility toggle. The toggle's name avoids the word
// "contraseña" so that a field's label stays unique for label-based lookups (tests, screen readers).
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('common');
  return <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }} />;
}
