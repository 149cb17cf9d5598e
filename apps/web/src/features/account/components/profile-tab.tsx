// Perfil tab: the nutritionist's professional data — name, phone, licence number (matrícula) and
// country — printed on plans and consultation reports; saved with PATCH /me/profile. The email is the
// sign-in identity and is shown, not edited here. Below it, the logo for the same documents.
import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MeResponse, UpdateProfileRequest } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/api-error';
import { countryOptions } from '../../../lib/countries';
import { setCurrentUser } from '../../../lib/current-user';
import { intlLocale } from '../../../lib/i18n';
import { NAME_UPDATE_ERROR_TOAST_MS, showError, showLongError, showSuccess } from '../../../lib/toast';
import classes from './account.module.css';
import { LogoCard } from './logo-card';
import { ProfilePhotoCard } from './profile-photo-card';

/** The currencies of the countries Almendra serves first, plus the one she already uses. */
const CURRENCIES = ['ARS', 'USD', 'UYU', 'CLP', 'PYG', 'BOB', 'BRL', 'PEN', 'COP', 'MXN', 'EUR'];

function currencyOptions(locale: string, current: string) {
  const names = new Intl.DisplayNames([locale], { type: 'currency' });
  return [...new Set([...CURRENCIES, current])].map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
}

async function updateProfile(patch: UpdateProfileRequest): Promise<MeResponse> {
  const me = await api.patch<MeResponse>('/me/profile', patch);
  setCurrentUser(me);
  return me;
}

export function ProfileTab({ me }: { me: MeResponse }) {
  const { t, i18n } = useTranslation('account');
  const nutritionist = me.nutritionist;
  if (!nutritionist) {
    return (
      <Stack gap="md">
        <dl className={classes.profileList} data-testid="profile-data">
          <dt>{t('profile.email')}</dt>
          <dd>{me.user.email}</dd>
        </dl>
        <Text size="sm" c="dimmed">
          {t('profile.noProfile')}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      <ProfilePhotoCard />
      <ProfileForm me={me} locale={intlLocale(i18n.language)} />
      <LogoCard />
    </Stack>
  );
}

function ProfileForm({ me, locale }: { me: MeResponse; locale: string }) {
  const { t } = useTranslation('account');
  const nutritionist = me.nutritionist!;
  const [values, setValues] = useState({
    firstName: nutritionist.firstName,
    lastName: nutritionist.lastName,
    phone: nutritionist.phone ?? '',
    licenceNumber: nutritionist.licenceNumber ?? '',
    countryCode: nutritionist.countryCode,
    currency: nutritionist.currency,
  });
  const save = useMutation({
    mutationFn: () => updateProfile(values),
    // The error toast is shown here: 8800 ms when the name was being changed (seed 2 section 9), else 2500.
    meta: { silent: true },
    onSuccess: () => showSuccess(t('profile.savedTitle'), t('profile.savedMessage')),
    onError: (error) => {
      const nameChanged = values.firstName !== nutritionist.firstName || values.lastName !== nutritionist.lastName;
      if (nameChanged) showLongError(error, NAME_UPDATE_ERROR_TOAST_MS);
      else showError(error);
    },
  });
  const errors = fieldErrors(save.error);
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      // Read now: React clears currentTarget once the handler returns, before the updater runs.
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });
  return (
    <form
      noValidate
      data-testid="profile-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md" maw={520}>
        <Text size="sm" c="dimmed">
          {t('profile.printedNote')}
        </Text>
        <Group grow align="flex-start">
          <TextInput label={t('profile.firstName')} required autoComplete="given-name" {...field('firstName')} />
          <TextInput label={t('profile.lastName')} required autoComplete="family-name" {...field('lastName')} />
        </Group>
        <TextInput label={t('profile.email')} value={me.user.email} readOnly description={t('profile.emailNote')} />
        <Group grow align="flex-start">
          <TextInput label={t('profile.licenceNumber')} placeholder={t('profile.licencePlaceholder')} {...field('licenceNumber')} />
          <TextInput label={t('profile.phone')} type="tel" inputMode="tel" autoComplete="tel" {...field('phone')} />
        </Group>
        <Select
          label={t('profile.country')}
          value={values.countryCode}
          allowDeselect={false}
          searchable
          error={errors.countryCode}
          onChange={(value) => value && setValues((current) => ({ ...current, countryCode: value }))}
          data={countryOptions(locale)}
        />
        <Select
          label={t('profile.currency')}
          description={t('profile.currencyNote')}
          value={values.currency}
          allowDeselect={false}
          searchable
          error={errors.currency}
          onChange={(value) => value && setValues((current) => ({ ...current, currency: value }))}
          data={currencyOptions(locale, values.currency)}
          data-testid="profile-currency"
        />
        <Group>
          <Button type="submit" loading={save.isPending} leftSection={<IconCheck size={16} />}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
