// Navbar controls: language switch (ES/EN) and the user menu (the appearance menu is theme-menu.tsx).
// Switching language applies at once and is saved to the account.
import { Avatar, Button, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconGift,
  IconHelp,
  IconLock,
  IconLogout,
  IconNote,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { MeResponse } from '@almendra/contracts';
import { endSession } from '../../lib/auth';
import { fullName } from '../../lib/current-user';
import { setLocked } from '../../lib/lock';
import { useProfilePhotoUrl } from '../../lib/profile-photo';
import { preferencesStore, spanishLocaleFor } from '../../lib/preferences';
import { LOCK_SCREEN_PATH } from '../guard';
import classes from './main-layout.module.css';
import { usePreferences, useSavePreferences } from './theme-menu';

/** Spanish ⇄ English. Back to Spanish means the Spanish of the practice's country (es-AR or es). */
export function LocaleSwitch({ countryCode }: { countryCode: string | null }) {
  const { t } = useTranslation('nav');
  const { locale } = usePreferences();
  const save = useSavePreferences();
  const next = locale === 'en' ? spanishLocaleFor(countryCode) : 'en';
  return (
    <Tooltip label={t('navbar.switchLocale')}>
      <Button
        variant="subtle"
        color="gray"
        size="compact-md"
        aria-label={t('navbar.switchLocale')}
        lang={next}
        data-testid="locale-switch"
        onClick={() => {
          preferencesStore.set({ locale: next });
          save.mutate({ locale: next });
        }}
      >
        {t('navbar.localeShort')}
      </Button>
    </Tooltip>
  );
}

export function UserMenu({ me }: { me: MeResponse | undefined }) {
  const { t } = useTranslation('nav');
  const navigate = useNavigate();
  const location = useLocation();
  const name = fullName(me);
  const photoUrl = useProfilePhotoUrl(me?.nutritionist?.photoUpdatedAt);

  const lock = () => {
    setLocked(true);
    void navigate(`${LOCK_SCREEN_PATH}?to=${encodeURIComponent(location.pathname + location.search)}`);
  };
  const logout = async () => {
    await endSession();
    void navigate('/login', { replace: true });
  };

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu.label')} data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar radius="xl" size="md" name={name} src={photoUrl} alt="" aria-hidden data-testid="user-menu-avatar" />
            <Text size="sm" fw={500} visibleFrom="sm" className={classes.userName}>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden className={classes.userChevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" data-testid="user-menu-name">
            {name}
          </Text>
          {me ? <Text size="xs">{t(`userMenu.roles.${me.user.role}`)}</Text> : null}
        </Menu.Label>
        <Menu.Item component={Link} to="/mi-cuenta" leftSection={<IconUser size={16} aria-hidden />}>
          {t('userMenu.account')}
        </Menu.Item>
        <Menu.Item component={Link} to="/nueva-nota" leftSection={<IconNote size={16} aria-hidden />}>
          {t('userMenu.notes')}
        </Menu.Item>
        <Menu.Item component={Link} to="/ayuda" leftSection={<IconHelp size={16} aria-hidden />}>
          {t('userMenu.help')}
        </Menu.Item>
        <Menu.Item component={Link} to="/gratis" leftSection={<IconGift size={16} aria-hidden />}>
          {t('userMenu.referrals')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLock size={16} aria-hidden />} onClick={lock}>
          {t('userMenu.lock')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
