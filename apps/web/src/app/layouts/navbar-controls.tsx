// Navbar controls: language switch (ES/EN), appearance (theme) menu and the user menu. Switching
// language or theme applies at once and is saved to the account.
import { ActionIcon, Avatar, Button, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  IconCheck,
  IconChevronDown,
  IconGift,
  IconHelp,
  IconLock,
  IconLogout,
  IconNote,
  IconUser,
} from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { MeResponse, UpdatePreferencesRequest } from '@almendra/contracts';
import { endSession } from '../../lib/auth';
import { fullName, updatePreferences } from '../../lib/current-user';
import { setLocked } from '../../lib/lock';
import { useProfilePhotoUrl } from '../../lib/profile-photo';
import { preferencesStore, spanishLocaleFor, THEMES } from '../../lib/preferences';
import { LOCK_SCREEN_PATH } from '../guard';
import classes from './main-layout.module.css';
import { THEME_ICONS } from './theme-icons';

function usePreferences() {
  return useSyncExternalStore(preferencesStore.subscribe, preferencesStore.get);
}

function useSavePreferences() {
  return useMutation({
    mutationFn: (patch: UpdatePreferencesRequest) => updatePreferences(patch),
  });
}

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

/** The appearance menu; `defaultOpened` when it is loaded by a click on its stand-in (the portal's ThemeMenuButton). */
export function ThemeMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation('nav');
  const { theme } = usePreferences();
  const save = useSavePreferences();
  const CurrentIcon = THEME_ICONS[theme];
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('navbar.appearance')} data-testid="theme-menu">
          <CurrentIcon size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('navbar.appearance')}</Menu.Label>
        {THEMES.map((value) => {
          const Icon = THEME_ICONS[value];
          return (
            <Menu.Item
              key={value}
              leftSection={<Icon size={16} aria-hidden />}
              rightSection={value === theme ? <IconCheck size={16} aria-hidden /> : null}
              // Mantine keeps role="menuitem" (where aria-checked is not allowed): the chosen one is aria-current.
              aria-current={value === theme ? 'true' : undefined}
              onClick={() => {
                preferencesStore.set({ theme: value });
                save.mutate({ theme: value });
              }}
            >
              {t(`navbar.themes.${value}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
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
