// Honest placeholder for a product screen whose feature has not landed yet: title, one sentence on
// what it will do, and an icon. Never shows sample data.
import type { ComponentType } from 'react';
import { Badge, EmptyState, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { IconProps } from '@tabler/icons-react';

export type FeaturePage =
  | 'patients'
  | 'newPatient'
  | 'patientRecord'
  | 'newConsultation'
  | 'appointments'
  | 'templates'
  | 'newPlan'
  | 'planDetail'
  | 'foods'
  | 'newFood'
  | 'foodRequest'
  | 'foodOptions'
  | 'foodDetail'
  | 'dishes'
  | 'dishDetail'
  | 'newDish'
  | 'editDish'
  | 'newNote'
  | 'statistics'
  | 'marketing'
  | 'chat'
  | 'settings'
  | 'referrals'
  | 'news'
  | 'help'
  | 'videoCalls';

export interface EmptyFeatureProps {
  page: FeaturePage;
  icon: ComponentType<IconProps>;
}

export function EmptyFeature({ page, icon: Icon }: EmptyFeatureProps) {
  const { t } = useTranslation(['nav', 'features', 'common']);
  const title = t(`nav:pages.${page}`);
  useDocumentTitle(`${title} · ${t('common:appName')}`);
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="md" p="xl">
        <EmptyState
          data-testid="empty-feature"
          variant="light"
          icon={<Icon size={32} stroke={1.6} aria-hidden />}
          title={t(`features:${page}`)}
        >
          <Badge variant="light" mt="sm">
            {t('features:badge')}
          </Badge>
          <Text size="sm" c="dimmed" mt="xs">
            {t('features:note')}
          </Text>
        </EmptyState>
      </Paper>
    </Stack>
  );
}
