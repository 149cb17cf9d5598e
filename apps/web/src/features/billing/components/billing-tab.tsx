// The Facturación tab of /cuenta: the plan state (plan, status, validity, next charge, processor), the
// history of the subscription, change / pay / cancel / reactivate, and the fiscal data form.
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MeSubscription } from '@almendra/contracts';
import { formatDocumentNumber } from '@almendra/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { SuspensionNotice } from './suspension-notice';
import { useCurrentUser } from '../../../lib/current-user';
import { showError, showSuccess, showWarning } from '../../../lib/toast';
import { billingApi, billingKeys, mySubscriptionQuery } from '../api/billing-api';
import { FiscalForm } from './fiscal-form';
import { BillingHistory } from './billing-history';
import { PENDING_REFETCH_MS, PendingChangeNotice } from './pending-change-notice';
import { formatDate } from '../../../lib/dates';

export const STATUS_COLOR = { trialing: 'blue', active: 'teal', past_due: 'orange', cancelled: 'gray', expired: 'red', suspended: 'red' } as const;

/** The app's one date format, dd-mm-yyyy (as the records, plans and consultations show dates), in her local day. */
export function formatDay(iso: string, _language?: string): string {
  return formatDate(iso);
}

function Figure({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function SubscriptionSummary({ data }: { data: MeSubscription }) {
  const { t, i18n } = useTranslation('billing');
  const state = data.state!;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Figure label={t('tab.status')} value={<Badge color={STATUS_COLOR[state.status]} data-testid="subscription-status">{t(`status.${state.status}`)}</Badge>} />
      <Figure label={t('tab.plan')} value={state.plan ?? t('tab.trialPlan')} testId="subscription-plan" />
      <Figure label={t('tab.period')} value={state.frecuencia ? t(`period.${state.frecuencia}`) : t('tab.none')} />
      <Figure label={t('tab.validUntil')} value={`${formatDay(state.vigencia, i18n.language)}${state.activo ? ` · ${t('tab.daysLeft', { count: Math.max(0, state.dias_restantes) })}` : ''}`} testId="subscription-valid-until" />
      <Figure label={t('tab.nextCharge')} value={state.proximo_cobro ? formatDay(state.proximo_cobro, i18n.language) : t('tab.none')} testId="subscription-next-charge" />
      <Figure label={t('tab.processor')} value={state.procesador ? t(`processor.${state.procesador}`) : t('tab.none')} />
      {data.fiscalDocument ? (
        <Figure label={t('tab.fiscalDocument')} value={`${data.fiscalDocument.type} ${formatDocumentNumber(data.fiscalDocument.number, data.fiscalDocument.type)}`} testId="subscription-fiscal-document" />
      ) : null}
    </SimpleGrid>
  );
}

export function BillingTab() {
  const { t, i18n } = useTranslation('billing');
  const queryClient = useQueryClient();
  // While the processor has not confirmed a change of hers, ask again now and then: the notice clears itself.
  const mine = useQuery({ ...mySubscriptionQuery(), refetchInterval: (query) => (query.state.data?.pendingChange?.status === 'pending' ? PENDING_REFETCH_MS : false) });
  // The app's own dialog, whose buttons say what happens (the browser's confirm() offered "Aceptar/Cancelar").
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const update = (data: MeSubscription) => queryClient.setQueryData(billingKeys.mine, data);
  // A change still being confirmed by the processor is not announced as done: the notice on the tab says it.
  const pendingToast = (data: MeSubscription) => showWarning(t('pending.title', { processor: t(`processor.${data.pendingChange!.processor}`) }), t('pending.toast'));
  const cancel = useMutation({
    mutationFn: billingApi.cancel,
    onSuccess: (data) => (update(data), data.pendingChange?.status === 'pending' ? pendingToast(data) : showSuccess(t('tab.cancelled'), t(`alerts.cancelled`, { date: formatDay(data.state!.vigencia, i18n.language) }))),
    onError: showError,
  });
  const portal = useMutation({ mutationFn: billingApi.customerPortal, onSuccess: ({ url }) => window.location.assign(url), onError: showError });
  const reactivate = useMutation({
    mutationFn: billingApi.reactivate,
    onSuccess: (data) => (update(data), data.pendingChange?.status === 'pending' ? pendingToast(data) : showSuccess(t('tab.reactivated'), t('payment.active'))),
    onError: showError,
  });

  const me = useCurrentUser();
  // An operator's suspension: "always active" (billing off) or the plan's figures would not be the truth.
  const suspended = me.data?.user.bannedStatus === 2 && !me.data.user.readOnly;

  if (!mine.data) return <PageLoader />;
  const data = mine.data;
  // One change at a time: while the processor confirms one, the others wait (the server answers 409).
  const waiting = data.pendingChange?.status === 'pending';
  return (
    <Stack gap="xl" data-testid="billing-tab">
      <SuspensionNotice withTitle />
      {suspended && (!data.billingEnabled || !data.state) ? null : !data.billingEnabled || !data.state ? (
        <Alert color="blue" data-testid="billing-disabled">
          {t('tab.disabled')}
        </Alert>
      ) : (
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('tab.title')}
          </Title>
          <PendingChangeNotice data={data} />
          <SubscriptionSummary data={data} />
          <Group gap="sm">
            <Button component={Link} to="/comprar" variant="default">
              {t('payment.changePlan')}
            </Button>
            {data.state.status === 'expired' || data.state.status === 'past_due' || data.state.status === 'trialing' ? (
              <Button component={Link} to="/pagar">
                {t('tab.pay')}
              </Button>
            ) : null}
            {data.state.status === 'active' || data.state.status === 'past_due' ? (
              <Button
                variant="subtle"
                color="red"
                loading={cancel.isPending}
                disabled={waiting}
                onClick={() => setConfirmingCancel(true)}
              >
                {t('tab.cancel')}
              </Button>
            ) : null}
            <ConfirmDialog
              opened={confirmingCancel}
              title={t('tab.cancelTitle')}
              message={t('tab.cancelConfirm', { date: formatDay(data.state.vigencia, i18n.language) })}
              confirmLabel={t('tab.cancelYes')}
              backLabel={t('tab.cancelBack')}
              closeLabel={t('fiscal.close')}
              danger
              loading={cancel.isPending}
              onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirmingCancel(false) })}
              onClose={() => setConfirmingCancel(false)}
            />
            {data.state.status === 'cancelled' ? (
              <Button loading={reactivate.isPending} disabled={waiting} onClick={() => reactivate.mutate()}>
                {t('tab.reactivate')}
              </Button>
            ) : null}
            {data.state.procesador === 'stripe' ? (
              <Button variant="default" loading={portal.isPending} onClick={() => portal.mutate()}>
                {t('tab.portal')}
              </Button>
            ) : null}
          </Group>
          <Title order={3} size="h5">
            {t('tab.history')}
          </Title>
          <BillingHistory events={data.history} />
        </Stack>
      )}
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('fiscal.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('fiscal.description')}
        </Text>
        <FiscalForm />
      </Stack>
    </Stack>
  );
}
