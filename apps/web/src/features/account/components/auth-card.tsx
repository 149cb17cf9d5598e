// Card that frames the sign-in, registration and recovery screens.
import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(`${title} · ${t('appName')}`);
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460} mx="auto">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        </Stack>
        {children}
        {footer ? (
          <Text size="sm" ta="center">
            {footer}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
