// /cuenta and /mi-cuenta: Perfil, Preferencias, Seguridad and Facturación tabs. The open tab lives
// in ?tab= (the spec's ?tab=facturacion opens billing).
import { Paper, Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAdjustments, IconLock, IconReceipt, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useCurrentUser } from '../../../lib/current-user';
import { PreferencesTab } from '../components/preferences-tab';
import { ProfileTab } from '../components/profile-tab';
import { SecurityTab } from '../components/security-tab';
import { BillingTab } from '../../billing/components/billing-tab';

export const ACCOUNT_TABS = ['perfil', 'preferencias', 'seguridad', 'facturacion'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export function accountTabFrom(value: string | null): AccountTab {
  return (ACCOUNT_TABS as readonly string[]).includes(value ?? '') ? (value as AccountTab) : 'perfil';
}

export function AccountPage() {
  const { t } = useTranslation(['account', 'common']);
  const [params, setParams] = useSearchParams();
  const tab = accountTabFrom(params.get('tab'));
  const me = useCurrentUser();
  useDocumentTitle(`${t('account:title')} · ${t('common:appName')}`);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('account:title')}</Title>
      {me.data ? (
        <Tabs
          value={tab}
          keepMounted={false}
          onChange={(value) => setParams(value === 'perfil' ? {} : { tab: value ?? 'perfil' }, { replace: true })}
        >
          <Tabs.List aria-label={t('account:tabs.label')}>
            <Tabs.Tab value="perfil" leftSection={<IconUser size={16} aria-hidden />}>
              {t('account:tabs.profile')}
            </Tabs.Tab>
            <Tabs.Tab value="preferencias" leftSection={<IconAdjustments size={16} aria-hidden />}>
              {t('account:tabs.preferences')}
            </Tabs.Tab>
            <Tabs.Tab value="seguridad" leftSection={<IconLock size={16} aria-hidden />}>
              {t('account:tabs.security')}
            </Tabs.Tab>
            <Tabs.Tab value="facturacion" leftSection={<IconReceipt size={16} aria-hidden />}>
              {t('account:tabs.billing')}
            </Tabs.Tab>
          </Tabs.List>
          <Paper withBorder radius="md" p="lg" mt="md">
            <Tabs.Panel value="perfil">
              <ProfileTab me={me.data} />
            </Tabs.Panel>
            <Tabs.Panel value="preferencias">
              <PreferencesTab me={me.data} />
            </Tabs.Panel>
            <Tabs.Panel value="seguridad">
              <SecurityTab />
            </Tabs.Panel>
            <Tabs.Panel value="facturacion">
              <BillingTab />
            </Tabs.Panel>
          </Paper>
        </Tabs>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}
