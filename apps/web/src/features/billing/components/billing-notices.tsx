// In the shell, for a nutritionist's practice (issue 12): the plan's alert (trial ending, payment due,
// cancelled), the payment-rejected notice shown once per event (then marked seen: the spec's set-visto),
// and the billing popup asking for fiscal data while the plan state's tour_documento asks for it —
// after saving it shows the success state with its link to /cuenta?tab=facturacion.
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showError } from '../../../lib/toast';
import { useCurrentUser } from '../../../lib/current-user';
import { firstPatientDismissedHere, onboardingQuery } from '../../onboarding';
import { billingApi, billingKeys, mySubscriptionQuery } from '../api/billing-api';
import { formatDay } from './billing-tab';
import { FiscalForm } from './fiscal-form';

export function BillingNotices() {
  const { t, i18n } = useTranslation('billing');
  const queryClient = useQueryClient();
  const mine = useQuery({ ...mySubscriptionQuery(), meta: { silent: true } });
  // One popup at a time: the first-patient popup (onboarding) goes first, the billing popup after it.
  const onboarding = useQuery({ ...onboardingQuery(), meta: { silent: true } });
  // The first-patient popup also remembers a dismissal in this browser, per account (onboarding/first-patient-memory.ts).
  const me = useCurrentUser();
  const firstPatientPopupDue = onboarding.data?.firstPatientTour === 'sin_tour' && !firstPatientDismissedHere(me.data?.user.id);
  const [fiscalSaved, setFiscalSaved] = useState(false);
  const [fiscalClosed, setFiscalClosed] = useState(false);
  const seen = useMutation({
    mutationFn: billingApi.rejectedNoticeSeen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.mine }),
    onError: showError,
  });
  const tourSeen = useMutation({
    mutationFn: billingApi.fiscalTourSeen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.mine }),
    onError: showError,
  });
  const data = mine.data;
  if (!data?.billingEnabled || !data.state) return null;
  const state = data.state;
  const date = formatDay(state.vigencia, i18n.language);
  const banner =
    state.status === 'expired'
      ? t('alerts.expired')
      : state.status === 'past_due'
      ? t('alerts.pastDue', { date })
      : state.status === 'cancelled'
        ? t('alerts.cancelled', { date })
        : state.status === 'trialing' && state.alerta
          ? t('alerts.trialEnding', { count: Math.max(0, state.dias_restantes) })
          : null;
  const fiscalOpen = ((state.tour_documento && !firstPatientPopupDue) || fiscalSaved) && !fiscalClosed && !data.rejectedNotice;

  return (
    <>
      {banner ? (
        <Alert color={state.alerta_tipo === 'danger' ? 'red' : state.alerta_tipo === 'warning' ? 'yellow' : 'blue'} mb="md" data-testid="plan-alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{banner}</Text>
            {state.status === 'expired' ? (
              <Anchor component={Link} to="/activar-cuenta" size="sm">
                {t('alerts.pay')}
              </Anchor>
            ) : (
              <Anchor component={Link} to="/comprar" size="sm">
                {t('alerts.choose')}
              </Anchor>
            )}
          </Group>
        </Alert>
      ) : null}
      <Modal opened={data.rejectedNotice !== null} onClose={() => data.rejectedNotice && seen.mutate(data.rejectedNotice.eventId)} title={t('rejected.title')} centered data-testid="rejected-notice">
        <Stack>
          <Text>{t('rejected.message', { reason: t(`failure.${data.rejectedNotice?.reasonCode ?? 'unknown'}`) })}</Text>
          <Group justify="flex-end">
            <Button onClick={() => data.rejectedNotice && seen.mutate(data.rejectedNotice.eventId)} loading={seen.isPending}>
              {t('rejected.ok')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={fiscalOpen} onClose={() => setFiscalClosed(true)} title={fiscalSaved ? t('fiscal.successTitle') : t('fiscal.popupTitle')} centered data-testid="fiscal-popup">
        {fiscalSaved ? (
          <Stack data-testid="fiscal-popup-success">
            <Text>{t('fiscal.successText')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setFiscalClosed(true)}>
                {t('fiscal.close')}
              </Button>
              <Button component={Link} to="/cuenta?tab=facturacion" onClick={() => setFiscalClosed(true)}>
                {t('fiscal.goToBilling')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Text size="sm">{t('fiscal.popupText')}</Text>
            <FiscalForm onSaved={() => setFiscalSaved(true)} />
            <Button
              variant="subtle"
              size="xs"
              style={{ alignSelf: 'flex-end' }}
              loading={tourSeen.isPending}
              onClick={() => {
                tourSeen.mutate();
                setFiscalClosed(true);
              }}
            >
              {t('fiscal.later')}
            </Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}
