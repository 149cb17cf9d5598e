// /forgot-password and /pages/forgot-password: asks for a reset link. The answer is the same whether
// or not the address has an account, so the screen never reveals who is registered.
import { useState } from 'react';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountApi } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { isEmail } from '../validation';
import { submitFocusingErrors } from '../../../lib/form-focus';

export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => (isEmail(value) ? null : t('common:validation.email')) },
  });
  const forgot = useMutation({
    mutationFn: accountApi.forgotPassword,
    onSuccess: (_result, variables) => setSentTo(variables.email),
  });

  const backToLogin = (
    <Anchor component={Link} to="/login" underline="always">
      {t('auth:forgot.backToLogin')}
    </Anchor>
  );

  if (sentTo) {
    return (
      <AuthCard title={t('auth:forgot.sentTitle')} footer={backToLogin}>
        <Alert icon={<IconMailCheck aria-hidden />} title={t('auth:forgot.sentTitle')} data-testid="forgot-password-sent" role="status">
          {t('auth:forgot.sentMessage', { email: sentTo })}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth:forgot.title')} subtitle={t('auth:forgot.subtitle')} footer={backToLogin}>
      <form noValidate onSubmit={submitFocusingErrors(form, (values) => forgot.mutate({ email: values.email.trim() }))}>
        <Stack gap="md">
          <TextInput label={t('auth:forgot.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={forgot.isPending}>
            {t('auth:forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
