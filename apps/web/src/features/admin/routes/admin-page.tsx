// /admin: the operator's console (the route is admin-only; every call answers 403 to anyone else). Tabs
// in ?tab=: Resumen (platform and subscription figures), Usuarios (search, suspend, payments), Planes
// (the catalogue), Trabajos (the job outbox: waiting and failed work, Reintentar), Novedades y ayuda, Solicitudes de alimentos, Auditoría (read-only).
import { Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PlatformSummary } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { intlLocale } from '../../../lib/i18n';
import { adminBillingQueries, formatMoney } from '../../billing/api/billing-api';
import { platformSummaryQuery } from '../api/admin-api';
import { AuditPanel } from '../components/audit-panel';
import { FaqAdminPanel } from '../components/faq-admin-panel';
import { FoodRequestsPanel } from '../components/food-requests-panel';
import { JobsPanel } from '../components/jobs-panel';
import { NewsAdminPanel } from '../components/news-admin-panel';
import { PlansPanel } from '../components/plans-panel';
import { UsersPanel } from '../components/users-panel';
import consoleClasses from '../components/admin-console.module.css';

const FIGURES = ['users', 'nutritionists', 'admins', 'pendingEmails'] as const satisfies readonly (keyof PlatformSummary)[];
const BILLING_FIGURES = ['accounts', 'trialing', 'active', 'pastDue', 'cancelled', 'expired', 'suspended'] as const;
export const ADMIN_TABS = ['resumen', 'usuarios', 'planes', 'trabajos', 'contenidos', 'alimentos', 'auditoria'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={28}>
        {value}
      </Text>
    </Paper>
  );
}

function SummaryTab() {
  const { t, i18n } = useTranslation(['admin']);
  const summary = useQuery(platformSummaryQuery());
  const figures = useQuery(adminBillingQueries.figures());
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const percent = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'percent', maximumFractionDigits: 1 });
  if (!summary.data) return summary.isPending ? <PageLoader /> : null;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {FIGURES.map((figure) => (
          <Figure key={figure} label={t(`admin:${figure}`)} value={number.format(summary.data[figure])} testId={`admin-${figure}`} />
        ))}
      </SimpleGrid>
      {figures.data ? (
        <>
          <Title order={2} size="h4">
            {t('admin:figures.title')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 7 }} spacing="md">
            {BILLING_FIGURES.map((key) => (
              <Figure key={key} label={t(`admin:figures.${key}`)} value={number.format(figures.data[key])} testId={`admin-figure-${key}`} />
            ))}
            <Figure label={t('admin:figures.churn')} value={percent.format(figures.data.churnLast30Days)} testId="admin-figure-churn" />
          </SimpleGrid>
          <Title order={3} size="h5">
            {t('admin:figures.payments')}
          </Title>
          {figures.data.paymentsByMonth.length === 0 ? (
            <Text c="dimmed">{t('admin:figures.noPayments')}</Text>
          ) : (
            <Table striped maw={520}>
              <Table.Tbody>
                {figures.data.paymentsByMonth.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>{m.month}</Table.Td>
                    <Table.Td>{number.format(m.count)}</Table.Td>
                    <Table.Td>{m.amounts.map((a) => formatMoney(a.cents, a.currency, intlLocale(i18n.language))).join(' · ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      ) : null}
    </Stack>
  );
}

export function AdminPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = (ADMIN_TABS as readonly string[]).includes(requested ?? '') ? (requested as AdminTab) : 'resumen';
  useDocumentTitle(`${t('admin:title')} · ${t('common:appName')}`);

  return (
    <Stack gap="lg" className={consoleClasses.console}>
      <div>
        <Title order={1}>{t('admin:title')}</Title>
        <Text c="dimmed">{t('admin:description')}</Text>
      </div>
      <Tabs value={tab} onChange={(value) => setParams(value === 'resumen' ? {} : { tab: value ?? 'resumen' }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="resumen">{t('admin:tabs.summary')}</Tabs.Tab>
          <Tabs.Tab value="usuarios">{t('admin:tabs.users')}</Tabs.Tab>
          <Tabs.Tab value="planes">{t('admin:tabs.plans')}</Tabs.Tab>
          <Tabs.Tab value="trabajos">{t('admin:tabs.jobs')}</Tabs.Tab>
          <Tabs.Tab value="contenidos">{t('admin:tabs.content')}</Tabs.Tab>
          <Tabs.Tab value="alimentos">{t('admin:tabs.foods')}</Tabs.Tab>
          <Tabs.Tab value="auditoria">{t('admin:tabs.audit')}</Tabs.Tab>
        </Tabs.List>
        <Stack mt="md">
          <Tabs.Panel value="resumen">
            <SummaryTab />
          </Tabs.Panel>
          <Tabs.Panel value="usuarios">
            <UsersPanel />
          </Tabs.Panel>
          <Tabs.Panel value="planes">
            <PlansPanel />
          </Tabs.Panel>
          <Tabs.Panel value="trabajos">
            <JobsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="contenidos">
            <Stack gap="xl">
              <NewsAdminPanel />
              <FaqAdminPanel />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="alimentos">
            <FoodRequestsPanel />
          </Tabs.Panel>
          <Tabs.Panel value="auditoria">
            <AuditPanel />
          </Tabs.Panel>
        </Stack>
      </Tabs>
    </Stack>
  );
}
