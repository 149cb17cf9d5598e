// The appearance (theme) menu of the navbar, and the preference hooks of the navbar's controls: switching
// theme applies at once and is saved to the account. Its own module, without react-router: the patient
// portal's header loads it too (features/portal/components/floating-controls.tsx).
import { ActionIcon, Menu } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpdatePreferencesRequest } from '@almendra/contracts';
import { updatePreferences } from '../../lib/current-user';
import { preferencesStore, THEMES } from '../../lib/preferences';
import { THEME_ICONS } from './theme-icons';

export function usePreferences() {
  return useSyncExternalStore(preferencesStore.subscribe, preferencesStore.get);
}

export function useSavePreferences() {
  return useMutation({
    mutationFn: (patch: UpdatePreferencesRequest) => updatePreferences(patch),
  });
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
