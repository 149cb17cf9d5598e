// On a phone the chat lives in the header bar, not in a floating corner button: a floating button sat over
// sticky save bars, dialog buttons and table values there (issue 24). The icon opens /chat (the full-page
// chat, which is what fits a phone) and carries the unread total like the side menu's entry.
import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadTotal } from '../lib/unread';

export function ChatHeaderButton() {
  const { t } = useTranslation('portal');
  const unread = useUnreadTotal();
  const label = unread > 0 ? `${t('chat.open')} (${unread > 99 ? '99+' : unread})` : t('chat.open');
  return (
    <Indicator disabled={unread <= 0} label={unread > 99 ? '99+' : unread} size={16} color="red" offset={4}>
      <ActionIcon component={Link} to="/chat" variant="default" size="lg" aria-label={label} data-testid="header-chat">
        <IconMessages size={18} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
