// /inicio's invitation to the guided tour, while the account has not seen it (GET /me/onboarding).
// Not a blocking dialog: the nutritionist can work first and take the tour later. /ayuda reopens it
// (reopenGuidedTour), which lands here with ?recorrido=1 and starts it at once.
import { useEffect, useRef } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRoute } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showError } from '../../lib/toast';
import { onboardingQuery, updateOnboarding } from './onboarding-api';
import { startGuidedTour } from './guided-tour';

export const START_TOUR_PARAM = 'recorrido';

export function GuidedTourCard() {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const onboarding = useQuery(onboardingQuery());
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const [searchParams, setSearchParams] = useSearchParams();
  const autoStarted = useRef(false);

  const markSeen = () => {
    updateOnboarding(queryClient, { guidedTour: 'seen' }).catch(showError);
  };

  const start = () => {
    if (!onboarding.data) return;
    startGuidedTour({
      band: onboarding.data.patientBand,
      t,
      wide: wide ?? true,
      onFinished: markSeen,
    }).catch(showError);
  };

  const requested = searchParams.get(START_TOUR_PARAM) === '1';
  useEffect(() => {
    if (!requested || !onboarding.data || autoStarted.current) return;
    autoStarted.current = true;
    setSearchParams(
      (params) => {
        params.delete(START_TOUR_PARAM);
        return params;
      },
      { replace: true },
    );
    start();
    // start() reads the latest onboarding state; it must run once per request, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested, onboarding.data]);

  if (!onboarding.data || onboarding.data.guidedTour !== 'pending') return null;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="guided-tour-title" data-testid="guided-tour-card">
      <Stack gap="xs">
        <Title order={2} size="h4" id="guided-tour-title">
          <IconRoute size={18} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 8 }} />
          {t('tour.card.title')}
        </Title>
        <Text>{t('tour.card.description')}</Text>
        <Group gap="xs">
          <Button onClick={start}>{t('tour.card.start')}</Button>
          <Button variant="default" onClick={markSeen}>
            {t('tour.card.skip')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
