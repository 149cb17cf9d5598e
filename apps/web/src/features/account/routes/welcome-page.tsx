// "/" for a signed-out visitor: what Almendra is (only what is built today) and the two ways in,
// sign-up (/comenzar) and sign-in (/login). Signed-in people never see it: the route sends them to
// /inicio before it renders (app/router.tsx).
import { Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarEvent, IconDatabase, IconRuler2, IconToolsKitchen2, IconUsers, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './welcome-page.module.css';

type Feature = 'patients' | 'consultations' | 'agenda' | 'plans' | 'foods';

const FEATURES: { key: Feature; icon: Icon }[] = [
  { key: 'patients', icon: IconUsers },
  { key: 'consultations', icon: IconRuler2 },
  { key: 'agenda', icon: IconCalendarEvent },
  { key: 'plans', icon: IconToolsKitchen2 },
  { key: 'foods', icon: IconDatabase },
];

export function WelcomePage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('common:appName'));
  return (
    <Stack gap="xl" data-testid="welcome">
      <Stack gap="md" align="center" ta="center" maw={680} mx="auto">
        <Title order={1} className={classes.title}>
          {t('auth:welcome.title')}
        </Title>
        <Text size="lg">{t('auth:welcome.lead')}</Text>
        <Group justify="center" gap="sm" className={classes.actions}>
          <Button component={Link} to="/comenzar" size="md">
            {t('auth:welcome.start')}
          </Button>
          <Button component={Link} to="/login" size="md" variant="default">
            {t('auth:welcome.signIn')}
          </Button>
        </Group>
      </Stack>
      <section aria-label={t('auth:welcome.featuresLabel')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {FEATURES.map(({ key, icon: FeatureIcon }) => (
            <Paper key={key} withBorder radius="md" p="lg" data-testid={`welcome-${key}`}>
              <Stack gap="xs">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                    <FeatureIcon size={20} />
                  </ThemeIcon>
                  <Title order={2} size="h4">
                    {t(`auth:welcome.${key}Title`)}
                  </Title>
                </Group>
                <Text size="sm">{t(`auth:welcome.${key}`)}</Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
