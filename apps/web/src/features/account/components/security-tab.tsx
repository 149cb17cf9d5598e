// Seguridad tab: change the password (the current one is confirmed by the server; a wrong one
// answers 401 INVALID_CREDENTIALS, shown as a toast and never treated as an expired session).
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { showSuccess } from '../../../lib/toast';
import { accountApi } from '../api/account-api';
import { isStrongEnough, PASSWORD_MIN_LENGTH, passwordsMatch } from '../validation';
import { submitFocusingErrors } from '../../../lib/form-focus';

export function SecurityTab() {
  const { t } = useTranslation(['account', 'common', 'auth']);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : t('common:validation.required')),
      newPassword: (value) => (isStrongEnough(value) ? null : t('common:validation.passwordLength', { min: PASSWORD_MIN_LENGTH })),
      confirmPassword: (value, values) => (passwordsMatch(values.newPassword, value) ? null : t('common:validation.passwordMismatch')),
    },
  });
  const change = useMutation({
    mutationFn: accountApi.changePassword,
    onSuccess: () => {
      form.reset();
      showSuccess(t('account:security.successTitle'), t('account:security.successMessage'));
    },
  });

  return (
    <form
      noValidate
      onSubmit={submitFocusingErrors(form, (values) =>
        change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
      )}
    >
      <Stack gap="md" maw={520}>
        <div>
          <Title order={2} size="h4">
            {t('account:security.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account:security.description')}
          </Text>
        </div>
        <PasswordField
          label={t('account:security.currentPassword')}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          label={t('account:security.newPassword')}
          description={t('auth:register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          label={t('account:security.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('account:security.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
