// Perfil tab: the account's personal data, read-only until profile editing lands.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '@almendra/contracts';
import { countryName } from '../../../lib/countries';
import { intlLocale } from '../../../lib/i18n';
import classes from './account.module.css';

export function ProfileTab({ me }: { me: MeResponse }) {
  const { t, i18n } = useTranslation('account');
  const nutritionist = me.nutritionist;
  return (
    <Stack gap="md">
      {nutritionist ? (
        <dl className={classes.profileList} data-testid="profile-data">
          <dt>{t('profile.firstName')}</dt>
          <dd>{nutritionist.firstName}</dd>
          <dt>{t('profile.lastName')}</dt>
          <dd>{nutritionist.lastName}</dd>
          <dt>{t('profile.email')}</dt>
          <dd>{me.user.email}</dd>
          <dt>{t('profile.country')}</dt>
          <dd>{countryName(nutritionist.countryCode, intlLocale(i18n.language))}</dd>
        </dl>
      ) : (
        <dl className={classes.profileList} data-testid="profile-data">
          <dt>{t('profile.email')}</dt>
          <dd>{me.user.email}</dd>
        </dl>
      )}
      <Text size="sm" c="dimmed">
        {nutritionist ? t('profile.readOnlyNote') : t('profile.noProfile')}
      </Text>
    </Stack>
  );
}
