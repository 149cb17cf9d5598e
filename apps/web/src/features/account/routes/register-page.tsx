// /comenzar, /register and /pages/register: create a nutritionist account and sign in with it.
import { useMemo } from 'react';
import { Alert, Anchor, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { REFERRAL_QUERY_PARAM } from '@almendra/contracts/constants';
import type { Locale } from '@almendra/contracts';
import { HOME_PATH } from '../../../app/safe-redirect';
import { PasswordField } from '../../../components/password-field';
import { startSession } from '../../../lib/auth';
import { countryOptions, DEFAULT_COUNTRY } from '../../../lib/countries';
import { intlLocale } from '../../../lib/i18n';
import { showSuccess } from '../../../lib/toast';
import { accountApi } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { isEmail, isStrongEnough, PASSWORD_MIN_LENGTH, passwordsMatch } from '../validation';
import { submitFocusingErrors } from '../../../lib/form-focus';

export function RegisterPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  // A colleague's referral link (/comenzar?ref=CODE): the code travels with the registration.
  const [params] = useSearchParams();
  const referralCode = params.get(REFERRAL_QUERY_PARAM)?.trim().slice(0, 40) || undefined;
  const countries = useMemo(() => countryOptions(intlLocale(i18n.language)), [i18n.language]);
  const form = useForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '', countryCode: DEFAULT_COUNTRY },
    validate: {
      firstName: (value) => (value.trim() ? null : t('common:validation.required')),
      lastName: (value) => (value.trim() ? null : t('common:validation.required')),
      email: (value) => (isEmail(value) ? null : t('common:validation.email')),
      password: (value) => (isStrongEnough(value) ? null : t('common:validation.passwordLength', { min: PASSWORD_MIN_LENGTH })),
      confirmPassword: (value, values) => (passwordsMatch(values.password, value) ? null : t('common:validation.passwordMismatch')),
    },
  });
  const register = useMutation({
    mutationFn: accountApi.register,
    onSuccess: (session) => {
      startSession(session);
      showSuccess(t('auth:register.successTitle'), t('auth:register.successMessage'));
      void navigate(HOME_PATH, { replace: true });
    },
  });

  return (
    <AuthCard
      title={t('auth:register.title')}
      subtitle={t('auth:register.subtitle')}
      footer={
        <>
          {t('auth:register.haveAccount')}{' '}
          <Anchor component={Link} to="/login" underline="always">
            {t('auth:register.login')}
          </Anchor>
        </>
      }
    >
      <form
        noValidate
        onSubmit={submitFocusingErrors(form, (values) =>
          register.mutate({
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email: values.email.trim(),
            password: values.password,
            countryCode: values.countryCode,
            locale: i18n.language as Locale,
            ...(referralCode ? { referralCode } : {}),
          }),
        )}
      >
        <Stack gap="md">
          {referralCode ? (
            <Alert variant="light" data-testid="register-referral">
              {t('auth:register.referral', { code: referralCode })}
            </Alert>
          ) : null}
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label={t('auth:register.firstName')} autoComplete="given-name" required {...form.getInputProps('firstName')} />
            <TextInput label={t('auth:register.lastName')} autoComplete="family-name" required {...form.getInputProps('lastName')} />
          </Group>
          <TextInput label={t('auth:register.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PasswordField
            label={t('auth:register.password')}
            description={t('auth:register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('auth:register.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Select
            label={t('auth:register.country')}
            data={countries}
            required
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('auth:register.countryNothingFound')}
            autoComplete="off"
            {...form.getInputProps('countryCode')}
          />
          <Button type="submit" fullWidth loading={register.isPending}>
            {t('auth:register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
