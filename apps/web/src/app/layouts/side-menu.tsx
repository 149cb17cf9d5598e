// Side menu: the spec's entries in its order, the agenda's, marketing and chat badges (hidden when 0) and, for admins,
// Administración.
import { Badge, NavLink, Stack, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import type { Role } from '@almendra/contracts';
import { unseenRequestsQuery } from '../../features/marketing/api/unseen-requests';
import { useMarketingLive } from '../../features/marketing/api/use-marketing-live';
import { useUnreadTotal } from '../../features/chat/lib/unread';
import { usePatientAnswersLive } from '../../features/appointments/api/patient-answers';
import { visibleMenu } from './navigation';

export function SideMenu({ role, onNavigate }: { role: Role | null; onNavigate: () => void }) {
  const { t } = useTranslation('nav');
  const location = useLocation();
  const unseen = useQuery(unseenRequestsQuery());
  useMarketingLive();
  const unseenCount = unseen.data?.count ?? 0;
  const unreadMessages = useUnreadTotal();
  const patientCancellations = usePatientAnswersLive(role !== 'patient');

  return (
    <nav aria-label={t('menu.label')}>
      <Stack gap={2}>
        {visibleMenu(role).map((entry) => {
          const Icon = entry.icon;
          const active = location.pathname === entry.path;
          const badge =
            entry.badge === 'unseenRequests' && unseenCount > 0 ? (
              <Badge size="sm" color="red" circle={unseenCount < 10} data-testid="marketing-badge">
                <span aria-hidden>{unseenCount}</span>
                <VisuallyHidden>{t('menu.unseenRequests', { count: unseenCount })}</VisuallyHidden>
              </Badge>
            ) : entry.badge === 'unreadMessages' && unreadMessages > 0 ? (
              <Badge size="sm" color="red" circle={unreadMessages < 10} data-testid="chat-badge">
                <span aria-hidden>{unreadMessages}</span>
                <VisuallyHidden>{t('menu.unreadMessages', { count: unreadMessages })}</VisuallyHidden>
              </Badge>
            ) : entry.badge === 'patientCancellations' && patientCancellations > 0 ? (
              <Badge size="sm" color="red" circle={patientCancellations < 10} data-testid="appointments-badge">
                <span aria-hidden>{patientCancellations}</span>
                <VisuallyHidden>{t('menu.patientCancellations', { count: patientCancellations })}</VisuallyHidden>
              </Badge>
            ) : null;
          return (
            <NavLink
              key={entry.path}
              component={RouterNavLink}
              to={entry.path}
              label={t(`pages.${entry.label}`)}
              leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
              rightSection={badge}
              active={active}
              variant="light"
              onClick={onNavigate}
              data-tour={`menu-${entry.label}`}
            />
          );
        })}
      </Stack>
    </nav>
  );
}
