// The dashboard's 'Pacientes recientes' card: the 5 patients most recently visited or updated, each a
// link to its record (the query: api/dashboard-queries.ts). The first-patient popup lives in the shell
// (app/layouts/main-layout.tsx), on every main screen.
import { Anchor, Avatar, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recentPatientsQuery } from '../api/dashboard-queries';
import { formatDate } from '../../../lib/dates';

/** dd-mm-yyyy of an instant, in the browser's calendar day. */
const formatDay = (iso: string): string => formatDate(iso);

export function RecentPatientsCard() {
  const { t } = useTranslation(['dashboard', 'patients']);
  const recent = useQuery(recentPatientsQuery());
  const items = recent.data ?? [];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="recent-patients">
      <Title order={2} size="h4" id="recent-patients" mb="md">
        {t('dashboard:patients.title')}
      </Title>
      {recent.isError ? (
        <Text c="dimmed" data-testid="dashboard-patients-error">
          {t('patients:dashboard.error')}
        </Text>
      ) : recent.isSuccess && items.length === 0 ? (
        <EmptyState
          size="sm"
          variant="light"
          icon={<IconUsers size={24} aria-hidden />}
          description={t('patients:dashboard.empty')}
          data-testid="dashboard-patients-empty"
        />
      ) : (
        <Stack gap="sm" data-testid="dashboard-recent-patients">
          {items.map((p) => (
            <Group key={p.id} gap="sm" wrap="nowrap">
              <Avatar src={p.photoUrl} alt="" size={32} radius="xl" color="teal">
                {`${p.firstName[0] ?? ''}${p.lastName[0] ?? ''}`.toUpperCase()}
              </Avatar>
              <div>
                <Anchor component={Link} to={`/ficha?id=${encodeURIComponent(p.id)}`} fw={600}>
                  {p.firstName} {p.lastName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {p.lastVisitAt
                    ? t('patients:dashboard.lastVisit', { date: formatDay(p.lastVisitAt) })
                    : t('patients:dashboard.updated', { date: formatDay(p.updatedAt) })}
                </Text>
              </div>
            </Group>
          ))}
          {items.length > 0 && (
            <Anchor component={Link} to="/pacientes" underline="always" size="sm">
              {t('patients:dashboard.viewAll')}
            </Anchor>
          )}
        </Stack>
      )}
    </Paper>
  );
}
