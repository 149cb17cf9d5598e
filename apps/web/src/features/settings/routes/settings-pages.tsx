// Settings areas: /configuracion and /configuracion2 (tabs from settings-tabs.tsx, the open one in
// ?tab=), and /gratis (the referral link and referred colleagues, referrals/referrals-page.tsx).
import { Stack, Tabs, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { tabs } from '../settings-tabs';

export function SettingsPage() {
  const { t } = useTranslation(['appointments', 'common']);
  const [params, setParams] = useSearchParams();
  const first = tabs[0]!.value;
  const requested = params.get('tab');
  const tab = tabs.some((entry) => entry.value === requested) ? requested! : first;
  useDocumentTitle(`${t('appointments:settings.title')} · ${t('common:appName')}`);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('appointments:settings.title')}</Title>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => setParams(!value || value === first ? {} : { tab: value }, { replace: true })}
      >
        <Tabs.List aria-label={t('appointments:settings.tabs.label')}>
          {tabs.map(({ value, labelKey, icon: TabIcon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} aria-hidden />}>
              {t(labelKey as never)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ value, panel: Panel }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Suspense fallback={<PageLoader />}>
              <Panel />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

export { ReferralsPage } from '../referrals/referrals-page';

