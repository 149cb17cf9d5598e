// Topbar link to /novedades with the number of news items the user has not seen (hidden at 0), like the
// side menu's marketing badge. The count refreshes every minute and when /novedades marks items seen.
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { unseenNewsQuery } from '../api/help-api';

export function NewsBell() {
  const { t } = useTranslation('nav');
  const unseen = useQuery(unseenNewsQuery());
  const count = unseen.data?.count ?? 0;
  const label = count > 0 ? t('navbar.newsUnseen', { count }) : t('navbar.news');
  return (
    <Tooltip label={label}>
      <Indicator
        label={<span data-testid="news-badge">{count > 9 ? '9+' : count}</span>}
        disabled={count === 0}
        size={18}
        color="red"
        offset={5}
        withBorder
      >
        <ActionIcon component={Link} to="/novedades" variant="subtle" color="gray" size="lg" aria-label={label} data-testid="news-bell">
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
