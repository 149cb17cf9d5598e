// Full-page message screen (errors, maintenance, callback, billing placeholders): icon, optional
// code, title, explanation and the ways forward.
import type { ComponentType, ReactNode } from 'react';
import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { IconProps } from '@tabler/icons-react';

export interface StatusScreenProps {
  icon: ComponentType<IconProps>;
  title: string;
  description: ReactNode;
  code?: string;
  actions?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

export function StatusScreen({ icon: Icon, title, description, code, actions, children, testId }: StatusScreenProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(`${title} · ${t('appName')}`);
  return (
    <Stack align="center" gap="md" ta="center" maw={560} mx="auto" py="xl" data-testid={testId}>
      <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
        <Icon size={40} stroke={1.5} />
      </ThemeIcon>
      {code ? (
        <Text fw={700} size="xl" c="dimmed">
          {code}
        </Text>
      ) : null}
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{description}</Text>
      {children}
      {actions ? (
        <Group justify="center" mt="sm">
          {actions}
        </Group>
      ) : null}
    </Stack>
  );
}
