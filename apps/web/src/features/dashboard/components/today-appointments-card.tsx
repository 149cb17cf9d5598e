// Dashboard card 'Citas de hoy': today's agenda from GET /appointments/today, the next appointment
// highlighted (background + 'Próxima' badge, so colour is not the only signal), each patient linked
// to their record (/ficha?id=…).
import { Anchor, Badge, Box, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TodayAgenda } from '@almendra/contracts';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { todayAppointmentsQuery } from '../api/dashboard-queries';
import { formatTime } from '../../appointments/lib/money';

type TodayItem = TodayAgenda['appointments'][number];

function Row({ item, timeZone }: { item: TodayItem; timeZone: string }) {
  const { t } = useTranslation('appointments');
  return (
    <Box
      component="li"
      p="xs"
      data-testid="today-appointment"
      data-next={item.isNext ? 'true' : undefined}
      style={{
        borderRadius: 8,
        borderInlineStart: `4px solid ${item.color}`,
        background: item.isNext ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div>
          <Text fw={600} size="sm">
            {formatTime(item.start, timeZone)}–{formatTime(item.end, timeZone)}{' '}
            {item.patientId ? (
              <Anchor component={Link} to={`/ficha?id=${encodeURIComponent(item.patientId)}`} underline="always" c="var(--mantine-color-text)">
                {item.title}
              </Anchor>
            ) : (
              <span>{item.title}</span>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {item.locationName}
            {item.serviceName ? ` · ${item.serviceName}` : ''}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          {item.isNext && <Badge variant="filled">{t('today.next')}</Badge>}
          {item.status === 'completed' && (
            <Badge variant="light" color="teal">
              {t('status.completed')}
            </Badge>
          )}
        </Group>
      </Group>
    </Box>
  );
}

export function TodayAppointmentsCard() {
  const { t } = useTranslation('appointments');
  const agenda = useQuery({ ...todayAppointmentsQuery(), refetchInterval: 60_000 });
  const items = agenda.data?.appointments ?? [];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="today-appointments">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="today-appointments">
          {t('today.title')}
        </Title>
        <Anchor component={Link} to="/citas" size="sm" underline="always">
          {t('today.openCalendar')}
        </Anchor>
      </Group>
      {items.length > 0 ? (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="today-appointments">
          {items.map((item) => (
            <Row key={item.id} item={item} timeZone={agenda.data!.timeZone} />
          ))}
        </Stack>
      ) : (
        <EmptyState
          size="sm"
          variant="light"
          icon={<IconCalendarEvent size={24} aria-hidden />}
          description={agenda.isPending ? t('today.loading') : agenda.isError ? t('today.error') : t('today.empty')}
          data-testid="dashboard-appointments-empty"
        />
      )}
    </Paper>
  );
}
