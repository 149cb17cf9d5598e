// /admin: platform summary for operators, food requests, news and the FAQ (the route itself is admin-only).
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlatformSummary } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { intlLocale } from '../../../lib/i18n';
import { platformSummaryQuery } from '../api/admin-api';
import { FaqAdminPanel } from '../components/faq-admin-panel';
import { FoodRequestsPanel } from '../components/food-requests-panel';
import { NewsAdminPanel } from '../components/news-admin-panel';

const FIGURES = ['users', 'nutritionists', 'admins', 'pendingEmails'] as const satisfies readonly (keyof PlatformSummary)[];

export function AdminPage() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const summary = useQuery(platformSummaryQuery());
  useDocumentTitle(`${t('admin:title')} · ${t('common:appName')}`);
  const number = new Intl.NumberFormat(intlLocale(i18n.language));

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('admin:title')}</Title>
        <Text c="dimmed">{t('admin:description')}</Text>
      </div>
      {summary.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {FIGURES.map((figure) => (
            <Paper key={figure} withBorder radius="md" p="lg" data-testid={`admin-${figure}`}>
              <Text size="sm" c="dimmed">
                {t(`admin:${figure}`)}
              </Text>
              <Text fw={700} fz={32}>
                {number.format(summary.data[figure])}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      ) : summary.isPending ? (
        <PageLoader />
      ) : null}
      <FoodRequestsPanel />
      <NewsAdminPanel />
      <FaqAdminPanel />
    </Stack>
  );
}
