// Preferencias tab: language, theme and primary colour, saved to the account (PATCH
// /me/preferences) and to this browser so theme-boot.js applies them before the next first paint.
import { useState } from 'react';
import { Button, ColorSwatch, Fieldset, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Locale, MeResponse, PrimaryColor, Theme } from '@almendra/contracts';
import { updatePreferences } from '../../../lib/current-user';
import { LOCALES, PRIMARY_COLORS, THEMES } from '../../../lib/preferences';
import { showSuccess } from '../../../lib/toast';
import classes from './account.module.css';

export function PreferencesTab({ me }: { me: MeResponse }) {
  const { t } = useTranslation('account');
  const [locale, setLocale] = useState<Locale>(me.user.locale);
  const [theme, setTheme] = useState<Theme>(me.user.theme);
  const [primaryColor, setPrimaryColor] = useState<PrimaryColor>(me.user.primaryColor);
  const save = useMutation({
    mutationFn: () => updatePreferences({ locale, theme, primaryColor }),
    onSuccess: (saved) => {
      // Texts of the toast in the language just chosen.
      const tSaved = (key: 'preferences.savedTitle' | 'preferences.savedMessage') => t(key, { lng: saved.user.locale });
      showSuccess(tSaved('preferences.savedTitle'), tSaved('preferences.savedMessage'));
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
