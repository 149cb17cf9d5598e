// The portal's offer to install it as an app, once install-card.tsx has decided to show it: on Android
// and other Chromium browsers a button that opens the browser's install dialog; on an iPhone the two taps Safari
// needs (Compartir → Agregar a inicio). "Ahora no" hides it for good on this device.
import { useState } from 'react';
import { Button, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceMobileDown, IconShare2, IconSquarePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dismissInstall, promptInstall, type InstallWay } from '../../../lib/install-prompt';

export function InstallCardBody({ way }: { way: Exclude<InstallWay, null> }) {
  const { t } = useTranslation('portal');
  const [installing, setInstalling] = useState(false);
  return (
    <Paper withBorder radius="md" p="md" data-testid="install-app" component="section" aria-labelledby="install-app-title">
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          <IconDeviceMobileDown size={20} />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1 }}>
          <Text fw={700} id="install-app-title">
            {way === 'ios' ? t('portal.install.iosTitle') : t('portal.install.title')}
          </Text>
          {way === 'prompt' ? (
            <Text size="sm">{t('portal.install.body')}</Text>
          ) : (
            <List size="sm" spacing={4} type="ordered">
              <List.Item>
                <Group gap={4} wrap="nowrap" component="span">
                  <span>{t('portal.install.iosShare')}</span>
                  <IconShare2 size={16} aria-label={t('portal.install.iosShareIcon')} />
                </Group>
              </List.Item>
              <List.Item>
                <Group gap={4} wrap="nowrap" component="span">
                  <span>{t('portal.install.iosAdd')}</span>
                  <IconSquarePlus size={16} aria-hidden />
                </Group>
              </List.Item>
            </List>
          )}
          <Group gap="xs" justify="flex-end" mt={4}>
            <Button variant="default" size="xs" onClick={() => dismissInstall()}>
              {way === 'ios' ? t('portal.install.understood') : t('portal.install.later')}
            </Button>
            {way === 'prompt' && (
              <Button
                size="xs"
                loading={installing}
                onClick={() => {
                  setInstalling(true);
                  void promptInstall().finally(() => setInstalling(false));
                }}
              >
                {t('portal.install.action')}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
