// /pages/reset-password?token=…: the emailed link. Sets a new password, then back to sign in.
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { showSuccess } from '../../../lib/toast';
import { accountApi } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { isStrongEnough, PASSWORD_MIN_LENGTH, passwordsMatch } from '../validation';
import { submitFocusingErrors } from '../../../lib/form-focus';

export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (value) => (isStrongEnough(value) ? null : t('common:validation.passwordLength', { min: PASSWORD_MIN_LENGTH })),
      confirmPassword: (value, values) => (passwordsMatch(values.password, value) ? null : t('common:validation.passwordMismatch')),
    },
  });
  const reset = useMutation({
    mutationFn: accountApi.resetPassword,
    onSuccess: () => {
      showSuccess(t('auth:reset.successTitle'), t('auth:reset.successMessage'));
      void navigate('/login', { replace: true });
    },
  });

  const requestNew = (
    <Anchor component={Link} to="/forgot-password" underline="always">
      {t('auth:reset.requestNew')}
    </Anchor>
  );

  if (!token) {
    return (
      <AuthCard title={t('auth:reset.title')} footer={requestNew}>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {t('auth:reset.missingToken')}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth:reset.title')} subtitle={t('auth:reset.subtitle')} footer={requestNew}>
      <form noValidate onSubmit={submitFocusingErrors(form, (values) => reset.mutate({ token, password: values.password }))}>
        <Stack gap="md">
          <PasswordField
            label={t('auth:reset.password')}
            description={t('auth:register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('auth:reset.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('auth:reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
