// /login and /pages/login: email + password sign-in, then the `to` address (same-origin only) or /inicio.
import { useEffect, useRef, type FormEvent } from 'react';
import { Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../app/safe-redirect';
import { PasswordField } from '../../../components/password-field';
import { startSession } from '../../../lib/auth';
import { isAuthenticated } from '../../../lib/session';
import { showWarning } from '../../../lib/toast';
import { accountApi } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { isEmail } from '../validation';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (isEmail(value) ? null : t('common:validation.email')),
      password: (value) => (value ? null : t('common:validation.required')),
    },
  });
  const login = useMutation({
    mutationFn: accountApi.login,
    onSuccess: (session) => {
      startSession(session);
      void navigate(safeRedirectPath(params.get('to'), session.user.role === 'patient' ? '/portal' : undefined), { replace: true });
    },
  });

  // Single sign-on only when the server has a provider (GET /client-config); a failed read hides the button.
  const clientConfig = useQuery({ queryKey: ['client-config'], queryFn: accountApi.clientConfig, staleTime: Infinity, meta: { silent: true } });
  const sso = clientConfig.data?.sso ?? null;
  const startSso = useMutation({
    mutationFn: () => accountApi.startSso(params.get('to') ?? undefined),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });

  // Opening the sign-in screen while signed in already gets the same warning as submitting it.
  const warned = useRef(false);
  useEffect(() => {
    if (warned.current || !isAuthenticated()) return;
    warned.current = true;
    showWarning(t('auth:login.alreadyTitle'), t('auth:login.alreadyMessage'));
  }, [t]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Seed rule: signing in while already signed in is refused with a warning and no call.
    if (isAuthenticated()) {
      event.preventDefault();
      showWarning(t('auth:login.alreadyTitle'), t('auth:login.alreadyMessage'));
      return;
    }
    form.onSubmit((values) => login.mutate({ email: values.email.trim(), password: values.password }))(event);
  };

  return (
    <AuthCard
      title={t('auth:login.title')}
      subtitle={t('auth:login.subtitle')}
      footer={
        <>
          {t('auth:login.noAccount')}{' '}
          <Anchor component={Link} to="/comenzar" underline="always">
            {t('auth:login.createAccount')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth:login.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('auth:login.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm" underline="always">
              {t('auth:login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t('auth:login.submit')}
          </Button>
          {sso && (
            <>
              <Divider label={t('auth:login.or')} labelPosition="center" />
              <Button
                variant="default"
                fullWidth
                loading={startSso.isPending || startSso.isSuccess}
                onClick={() => {
                  if (isAuthenticated()) {
                    showWarning(t('auth:login.alreadyTitle'), t('auth:login.alreadyMessage'));
                    return;
                  }
                  startSso.mutate();
                }}
                data-testid="sso-button"
              >
                {sso.label}
              </Button>
            </>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
