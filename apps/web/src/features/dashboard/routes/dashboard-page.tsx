// /inicio: greeting, the guided-tour invitation for a new account, today's appointments, what is
// pending (unread messages, unseen requests, draft plans), who wrote in the daily log, and recent patients.
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewDailyLogCard } from '../components/new-daily-log-card';
import { PendingCard } from '../components/pending-card';
import { TodayAppointmentsCard } from '../components/today-appointments-card';
import { displayName, useCurrentUser } from '../../../lib/current-user';
import { formatLongDate } from '../../../lib/dates';
import { RecentPatientsCard } from './recent-patients-card';
import { GuidedTourCard } from '../../onboarding';


export function DashboardPage() {
  const { t, i18n } = useTranslation(['dashboard', 'nav', 'common']);
  const me = useCurrentUser();
  const name = displayName(me.data);
  useDocumentTitle(`${t('nav:pages.home')} · ${t('common:appName')}`);
  const today = formatLongDate(new Date(), i18n.language, me.data?.nutritionist?.timeZone);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} data-testid="dashboard-greeting">
          {name ? t('dashboard:greeting', { name }) : t('dashboard:greetingAnonymous')}
        </Title>
        <Text c="dimmed">{t('dashboard:today', { date: today })}</Text>
      </div>
      <GuidedTourCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <TodayAppointmentsCard />
        <PendingCard />
        <NewDailyLogCard />
        <RecentPatientsCard />
      </SimpleGrid>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dashboard-account">
        <Stack gap="xs">
          <Title order={2} size="h4" id="dashboard-account">
            <IconSettings size={18} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 8 }} />
            {t('dashboard:account.title')}
          </Title>
          <Text>{t('dashboard:account.description')}</Text>
          <Anchor component={Link} to="/mi-cuenta?tab=preferencias" underline="always">
            {t('dashboard:account.link')}
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}
