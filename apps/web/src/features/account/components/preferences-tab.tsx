// Preferencias tab: language, theme and primary colour, saved to the account (PATCH
// /me/preferences) and to this browser so theme-boot.js applies them before the next first paint;
// plus the practice's time zone, in which slots, today's agenda and reminders are computed.
import { useMemo, useState } from 'react';
import { Button, ColorSwatch, Fieldset, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Locale, MeResponse, PrimaryColor, Theme } from '@almendra/contracts';
import { updatePreferences } from '../../../lib/current-user';
import { loadLanguageNamespaces } from '../../../lib/i18n';
import { LOCALES, PRIMARY_COLORS, THEMES } from '../../../lib/preferences';
import { queryClient } from '../../../lib/query-client';
import { timeZoneOptions } from '../../../lib/time-zones';
import { showSuccess } from '../../../lib/toast';
import classes from './account.module.css';

export function PreferencesTab({ me }: { me: MeResponse }) {
  const { t } = useTranslation('account');
  const [locale, setLocale] = useState<Locale>(me.user.locale);
  const [theme, setTheme] = useState<Theme>(me.user.theme);
  const [primaryColor, setPrimaryColor] = useState<PrimaryColor>(me.user.primaryColor);
  const savedTimeZone = me.nutritionist?.timeZone ?? null;
  const [timeZone, setTimeZone] = useState<string | null>(savedTimeZone);
  const zones = useMemo(() => timeZoneOptions(savedTimeZone), [savedTimeZone]);
  const save = useMutation({
    mutationFn: () =>
      updatePreferences({ locale, theme, primaryColor, ...(timeZone && timeZone !== savedTimeZone ? { timeZone } : {}) }),
    onSuccess: (saved) => {
      // Agendas and slots cached in the old zone are stale.
      if (saved.nutritionist?.timeZone !== savedTimeZone) {
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
      }
      // Texts of the toast in the language just chosen (English is not bundled: loaded first).
      const tSaved = (key: 'preferences.savedTitle' | 'preferences.savedMessage') => t(key, { lng: saved.user.locale });
      return loadLanguageNamespaces(saved.user.locale, ['account']).then(() => showSuccess(tSaved('preferences.savedTitle'), tSaved('preferences.savedMessage')));
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="lg" maw={520}>
        <Select
          label={t('preferences.language')}
          value={locale}
          allowDeselect={false}
          onChange={(value) => value && setLocale(value as Locale)}
          data={LOCALES.map((value) => ({ value, label: t(`preferences.languages.${value}`) }))}
        />
        <Select
          label={t('preferences.theme')}
          description={t('preferences.themeHint')}
          value={theme}
          allowDeselect={false}
          onChange={(value) => value && setTheme(value as Theme)}
          data={THEMES.map((value) => ({ value, label: t(`preferences.themes.${value}`) }))}
        />
        {me.nutritionist ? (
          <Select
            label={t('preferences.timeZone')}
            description={t('preferences.timeZoneHint')}
            placeholder={t('preferences.timeZoneSearch')}
            nothingFoundMessage={t('preferences.timeZoneNone')}
            searchable
            value={timeZone}
            allowDeselect={false}
            onChange={(value) => value && setTimeZone(value)}
            data={zones}
            limit={60}
            data-testid="time-zone-select"
          />
        ) : null}
        <Fieldset legend={t('preferences.primaryColor')} variant="unstyled">
          <div className={classes.swatches}>
            {PRIMARY_COLORS.map((color) => {
              const checked = color === primaryColor;
              return (
                <label key={color} className={classes.swatchLabel} title={t(`preferences.colors.${color}`)}>
                  <input
                    className={classes.swatchInput}
                    type="radio"
                    name="primaryColor"
                    value={color}
                    checked={checked}
                    onChange={() => setPrimaryColor(color)}
                    aria-label={t(`preferences.colors.${color}`)}
                  />
                  <ColorSwatch component="span" className={classes.swatch} color={`var(--mantine-color-${color}-7)`} size={36}>
                    {checked ? <IconCheck size={18} stroke={3} aria-hidden /> : null}
                  </ColorSwatch>
                </label>
              );
            })}
          </div>
          <Text size="sm" mt="xs" data-testid="selected-color">
            {t('preferences.selectedColor', { color: t(`preferences.colors.${primaryColor}`) })}
          </Text>
        </Fieldset>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('preferences.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
