// /login and /pages/login: email + password sign-in, then the `to` address (same-origin only) or /inicio.
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
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
  // Two fields: plain state instead of @mantine/form, whose 6 KB would sit on the login route (issue 15's
  // budget is 200 KB of JavaScript on the wire). Same behaviour: checked on submit, an error clears as
  // soon as its field changes.
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const field = (name: 'email' | 'password') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
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
    event.preventDefault();
    const found = {
      email: isEmail(values.email) ? undefined : t('common:validation.email'),
      password: values.password ? undefined : t('common:validation.required'),
    };
    setErrors(found);
    if (found.email || found.password) return;
    login.mutate({ email: values.email.trim(), password: values.password });
  };

  // A patient's sign-in (from the portal, its sign-out or an expired portal session) offers her way in —
  // the invitation code — never the professional's sign-up.
  const forPatient = params.get('para') === 'paciente' || (params.get('to') ?? '').startsWith('/portal');
  return (
    <AuthCard
      title={forPatient ? t('auth:login.patientTitle') : t('auth:login.title')}
      subtitle={forPatient ? t('auth:login.patientSubtitle') : t('auth:login.subtitle')}
      footer={
        forPatient ? (
          <span data-testid="login-patient-footer">
            {t('auth:login.patientNoAccount')}{' '}
            <Anchor component={Link} to="/portal/aceptar" underline="always">
              {t('auth:login.patientActivate')}
            </Anchor>
          </span>
        ) : (
          <>
            {t('auth:login.noAccount')}{' '}
            <Anchor component={Link} to="/comenzar" underline="always">
              {t('auth:login.createAccount')}
            </Anchor>
            <br />
            {t('auth:login.areYouPatient')}{' '}
            <Anchor component={Link} to="/login?para=paciente" underline="always">
              {t('auth:login.patientLink')}
            </Anchor>
          </>
        )
      }
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth:login.email')}
            type="email"
            autoComplete="email"
            required
            {...field('email')}
          />
          <PasswordField
            label={t('auth:login.password')}
            autoComplete="current-password"
            required
            {...field('password')}
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
