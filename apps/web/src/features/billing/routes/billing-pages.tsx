// Subscription screens (issue 12): /planes (= /comprar) to compare and choose a plan, /pagar
// (= /activar-cuenta) to pay it or reactivate an expired account — which also keeps the patients' data
// downloadable, since nothing is deleted for non-payment — and /exitoso (= /gracias) after paying.
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconDownload, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { MeSubscription, PatientListResponse, SubscriptionPlan } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { StatusScreen } from '../../../components/status-screen';
import { api } from '../../../lib/api-client';
import { endSession } from '../../../lib/auth';
import { useCurrentUser, useSignedIn } from '../../../lib/current-user';
import { intlLocale } from '../../../lib/i18n';
import { showError, showSuccess, showWarning } from '../../../lib/toast';
import { patientsApi } from '../../patients/api/patients-api';
import { billingApi, billingKeys, formatMoney, mySubscriptionQuery, plansQuery } from '../api/billing-api';
import { formatDay, SubscriptionSummary } from '../components/billing-tab';
import { ReceiptUpload } from '../components/payment-receipts';
import { SuspensionNotice } from '../components/suspension-notice';

function SessionActions() {
  const { t } = useTranslation(['billing', 'common']);
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  if (!signedIn) {
    return (
      <Button component={Link} to="/login" variant="default">
        {t('billing:signIn')}
      </Button>
    );
  }
  return (
    <Button
      variant="default"
      onClick={async () => {
        await endSession();
        void navigate('/login', { replace: true });
      }}
    >
      {t('common:actions.logout')}
    </Button>
  );
}

/** The visitor's country: the practice's when signed in, else the browser's region (es-AR → AR). */
function useCountry(): string | null {
  const me = useCurrentUser();
  if (me.data?.nutritionist?.countryCode) return me.data.nutritionist.countryCode;
  const region = typeof navigator !== 'undefined' ? navigator.language.split('-')[1] : undefined;
  return region ? region.toUpperCase() : null;
}

/** An operator's suspension (Usu_Baneado 2 set in the console), as the session reports it. */
function useSuspended(): boolean {
  const me = useCurrentUser();
  return me.data?.user.bannedStatus === 2 && !me.data.user.readOnly;
}

function PlanCard({ plan, current, onChoose, busy, showTrial }: { plan: SubscriptionPlan; current: boolean; onChoose: (() => void) | null; busy: boolean; showTrial: boolean }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`plan-${plan.key}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {plan.name}
          </Title>
          {current ? <Badge color="teal">{t('plans.current')}</Badge> : null}
        </Group>
        <Text c="dimmed">{t(`period.${plan.period}`)}</Text>
        <Text fw={700} fz={24} data-testid={`plan-${plan.key}-price`}>
          {formatMoney(plan.priceCents, plan.currency, intlLocale(i18n.language))}
        </Text>
        <Text size="sm">{plan.patientLimit ? t('plans.patientLimit', { count: plan.patientLimit }) : t('plans.noLimit')}</Text>
        {showTrial && plan.trialDays > 0 ? (
          <Text size="sm" c="dimmed">
            {t('plans.trial', { count: plan.trialDays })}
          </Text>
        ) : null}
        {onChoose ? (
          <Button mt="auto" onClick={onChoose} loading={busy} variant={current ? 'default' : 'filled'}>
            {t('plans.choose')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/** A self-hosted install without billing (the default): nothing to choose or pay, the account is active. */
function BillingOffScreen({ testId }: { testId: string }) {
  const { t } = useTranslation(['billing', 'common']);
  return (
    <StatusScreen
      icon={IconCircleCheck}
      title={t('billing:tab.disabledTitle')}
      description={t('billing:tab.disabled')}
      actions={
        <Button component={Link} to="/inicio">
          {t('common:actions.backHome')}
        </Button>
      }
      testId={testId}
    />
  );
}

/**
 * An operator suspended the account: it says so and why (not the subscription: paying does not lift it),
 * keeps her patients' data downloadable, and offers no way "home" — the guard would send her back here.
 */
function SuspendedScreen({ testId }: { testId: string }) {
  const { t } = useTranslation(['billing', 'common']);
  return (
    <Stack gap="lg" maw={760} mx="auto" py="md" w="100%" data-testid={testId}>
      <StatusScreen icon={IconLock} title={t('billing:suspended.title')} description={t('billing:suspended.description')} testId="suspended-screen" actions={<SessionActions />}>
        <SuspensionNotice />
      </StatusScreen>
      <DataExportCard />
    </Stack>
  );
}

export function PlansPage({ variant = 'plans' }: { variant?: 'plans' | 'buy' }) {
  const { t } = useTranslation(['billing', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const country = useCountry();
  const plans = useQuery(plansQuery(country));
  const signedIn = useSignedIn();
  const mine = useQuery({ ...mySubscriptionQuery(), enabled: signedIn });
  useDocumentTitle(`${variant === 'buy' ? t('billing:plans.buyTitle') : t('billing:plans.title')} · ${t('common:appName')}`);
  // A running subscription (active or past due) changes plan at the processor: a dialog first says what
  // happens now, per processor (docs/billing.md § State machine).
  const running = mine.data?.state?.status === 'active' || mine.data?.state?.status === 'past_due';
  const [confirming, setConfirming] = useState<SubscriptionPlan | null>(null);
  const choose = useMutation({
    mutationFn: billingApi.choosePlan,
    onSuccess: async (data) => {
      setConfirming(null);
      queryClient.setQueryData(billingKeys.mine, data);
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      if (running) {
        if (data.pendingChange?.status === 'pending') showWarning(t('billing:pending.title', { processor: t(`billing:processor.${data.pendingChange.processor}`) }), t('billing:pending.toast'));
        else showSuccess(t('billing:change.done'), t('billing:change.doneMessage'));
        void navigate('/cuenta?tab=facturacion');
        return;
      }
      showSuccess(t('billing:plans.chosen'), t('billing:plans.chosenMessage'));
      void navigate(data.state?.activo ? '/pagar' : '/activar-cuenta');
    },
    onError: showError,
  });
  const currentKey = mine.data?.state?.keyPlan ?? null;
  const suspended = useSuspended();
  if (suspended) return <SuspendedScreen testId={`plans-screen-${variant}`} />;
  if (mine.data && !mine.data.billingEnabled) return <BillingOffScreen testId={`plans-screen-${variant}`} />;
  // A trial is offered to someone who has not used one: signed out, or still on it.
  const showTrial = !signedIn || mine.data?.state?.status === 'trialing';
  return (
    <Stack gap="lg" maw={1000} mx="auto" py="md" w="100%" data-testid={`plans-screen-${variant}`}>
      <div>
        <Title order={1}>{variant === 'buy' ? t('billing:plans.buyTitle') : t('billing:plans.title')}</Title>
        <Text c="dimmed">{t('billing:plans.description')}</Text>
      </div>
      {mine.data?.state && !mine.data.state.activo ? <Alert color="red">{t('billing:payment.expiredNotice')}</Alert> : null}
      {plans.isPending ? (
        <PageLoader />
      ) : plans.data && plans.data.items.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {plans.data.items.map((plan) => (
            <PlanCard
              key={plan.key}
              plan={plan}
              current={plan.key === currentKey}
              busy={choose.isPending && choose.variables === plan.key}
              onChoose={signedIn && !(running && plan.key === currentKey) ? () => (running ? setConfirming(plan) : choose.mutate(plan.key)) : null}
              showTrial={showTrial}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{t('billing:plans.empty')}</Text>
      )}
      {confirming && mine.data?.state ? (
        <ChangePlanDialog plan={confirming} data={mine.data} busy={choose.isPending} onConfirm={() => choose.mutate(confirming.key)} onClose={() => setConfirming(null)} />
      ) : null}
      <Group>
        {variant === 'buy' ? (
          <Button component={Link} to="/inicio" variant="default">
            {t('common:actions.backHome')}
          </Button>
        ) : (
          <SessionActions />
        )}
      </Group>
    </Stack>
  );
}

/** What changing plan does now, said before it is done — and then done exactly so by the server. */
export function ChangePlanDialog({ plan, data, busy, onConfirm, onClose }: { plan: SubscriptionPlan; data: MeSubscription; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation(['billing', 'common']);
  const state = data.state!;
  const processor = state.procesador ?? 'manual';
  const price = formatMoney(plan.priceCents, plan.currency, intlLocale(i18n.language));
  const date = formatDay(state.vigencia, i18n.language);
  const samePeriod = data.plan?.period === plan.period;
  const refused = processor === 'mercadopago' && !samePeriod;
  return (
    <Modal opened onClose={onClose} title={t('billing:change.title', { plan: plan.name })} centered data-testid="change-plan-dialog">
      <Stack>
        <Text>{refused ? t('billing:change.mercadopagoPeriod') : t(`billing:change.${processor}`, { price, period: t(`billing:period.${plan.period}`), date })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('billing:change.keep')}
          </Button>
          {refused ? null : (
            <Button onClick={onConfirm} loading={busy}>
              {t('billing:change.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** Nothing is deleted for non-payment: the contacts CSV and each record's export stay available. */
function DataExportCard() {
  const { t } = useTranslation('billing');
  const patients = useQuery({
    queryKey: ['billing', 'export-patients'],
    queryFn: ({ signal }) => api.get<PatientListResponse>('/patients?limit=100&sort=name', { signal }),
  });
  const download = (blob: Blob, name: string) => {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Paper withBorder radius="md" p="lg" data-testid="data-export">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('export.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('export.description')}
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
          onClick={async () => {
            try {
              download(await patientsApi.contactsCsv('all'), 'contactos-pacientes-todos.csv');
            } catch (error) {
              showError(error);
            }
          }}
        >
          {t('export.contacts')}
        </Button>
        {patients.data && patients.data.items.length === 0 ? <Text size="sm">{t('export.none')}</Text> : null}
        {patients.data?.items.map((p) => (
          <Group key={p.id} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {p.firstName} {p.lastName}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              onClick={async () => {
                try {
                  const data = await patientsApi.exportRecord(p.id);
                  download(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), `ficha-${p.lastName}-${p.firstName}.json`);
                } catch (error) {
                  showError(error);
                }
              }}
            >
              {t('export.record')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

export function PaymentPage({ mode = 'pay' }: { mode?: 'pay' | 'activate' }) {
  const { t, i18n } = useTranslation(['billing', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSignedIn();
  const suspended = useSuspended();
  // Polls while waiting for the operator (or the processor's webhook) to confirm the payment.
  const mine = useQuery({ ...mySubscriptionQuery(), enabled: signedIn, refetchInterval: (query) => ((query.state.data as MeSubscription | undefined)?.state?.activo ? false : 10_000) });
  useDocumentTitle(`${mode === 'activate' ? t('billing:payment.activateTitle') : t('billing:payment.payTitle')} · ${t('common:appName')}`);
  const state = mine.data?.state ?? null;
  const wasInactive = mode === 'activate';
  // The processor's hosted page; it sends the browser back to /exitoso (or /pagar when abandoned).
  const checkout = useMutation({
    mutationFn: billingApi.startCheckout,
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    onError: showError,
  });
  useEffect(() => {
    // Once an expired account is paid, the session says so and /exitoso confirms it.
    if (wasInactive && state?.activo && state.pago) {
      void queryClient.invalidateQueries({ queryKey: ['me'] }).then(() => navigate('/exitoso', { replace: true }));
    }
  }, [wasInactive, state?.activo, state?.pago, navigate, queryClient]);

  if (!signedIn) {
    return (
      <StatusScreen icon={IconCircleCheck} title={t('billing:payment.activateTitle')} description={t('billing:payment.bannedNotice')} actions={<SessionActions />} testId={`payment-screen-${mode}`} />
    );
  }
  if (suspended) return <SuspendedScreen testId={`payment-screen-${mode}`} />;
  if (!mine.data) return <PageLoader />;
  if (!mine.data.billingEnabled) return <BillingOffScreen testId={`payment-screen-${mode}`} />;
  const plan = mine.data.plan;
  return (
    <Stack gap="lg" maw={760} mx="auto" py="md" w="100%" data-testid={`payment-screen-${mode}`}>
      <Title order={1}>{mode === 'activate' ? t('billing:payment.activateTitle') : t('billing:payment.payTitle')}</Title>
      {state && !state.activo ? <Alert color="red" data-testid="inactive-notice">{t('billing:payment.expiredNotice')}</Alert> : null}
      {state ? (
        <Paper withBorder radius="md" p="lg">
          <SubscriptionSummary data={mine.data} />
        </Paper>
      ) : null}
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          {plan ? (
            <>
              <Group justify="space-between">
                <div>
                  <Text size="sm" c="dimmed">
                    {t('billing:payment.plan')}
                  </Text>
                  <Text fw={700} data-testid="payment-plan">
                    {plan.name} · {t(`billing:period.${plan.period}`)}
                  </Text>
                </div>
                <div>
                  <Text size="sm" c="dimmed">
                    {t('billing:payment.amount')}
                  </Text>
                  <Text fw={700} fz={22} data-testid="payment-amount">
                    {formatMoney(plan.priceCents, plan.currency, intlLocale(i18n.language))}
                  </Text>
                </div>
              </Group>
              <Title order={2} size="h5">
                {t('billing:payment.howTitle')}
              </Title>
              {mine.data.manualPaymentInstructions ? (
                <>
                  <Text style={{ whiteSpace: 'pre-line' }} data-testid="payment-instructions">
                    {mine.data.manualPaymentInstructions}
                  </Text>
                  {!state?.activo ? <Text size="sm" c="dimmed">{t('billing:payment.manualNote')}</Text> : null}
                  <ReceiptUpload receipts={mine.data.receipts ?? []} />
                </>
              ) : mine.data.checkoutProcessors.length === 0 ? (
                // No instructions and no processor: say so instead of a payment path that leads nowhere.
                <Alert color="yellow" data-testid="payment-not-configured">
                  {t('billing:payment.notConfigured')}
                </Alert>
              ) : null}
              {mine.data.checkoutProcessors.length > 0 ? (
                <Group gap="sm" data-testid="checkout-processors">
                  {mine.data.checkoutProcessors.map((processor) => (
                    <Button key={processor} loading={checkout.isPending && checkout.variables === processor} onClick={() => checkout.mutate(processor)}>
                      {t('billing:payment.payWith', { processor: t(`billing:processor.${processor}`) })}
                    </Button>
                  ))}
                </Group>
              ) : null}
              <Button component={Link} to="/comprar" variant="default" style={{ alignSelf: 'flex-start' }}>
                {t('billing:payment.changePlan')}
              </Button>
            </>
          ) : (
            <>
              <Text>{t('billing:payment.noPlan')}</Text>
              <Button component={Link} to={mode === 'activate' ? '/planes' : '/comprar'} style={{ alignSelf: 'flex-start' }}>
                {t('billing:payment.choosePlan')}
              </Button>
            </>
          )}
          {state?.activo && state.pago ? <Alert color="teal">{t('billing:success.active', { date: formatDay(state.vigencia, i18n.language) })}</Alert> : null}
        </Stack>
      </Paper>
      {state && !state.activo ? <DataExportCard /> : null}
      <Group>
        {/* An expired account can still read her screens (the guard lets her in), so home never loops. */}
        <Button component={Link} to="/inicio" variant="default">
          {t('billing:payment.goHome')}
        </Button>
        {state?.activo ? null : <SessionActions />}
      </Group>
    </Stack>
  );
}

export function SuccessPage({ option }: { option: 'exito' | 'gracias' }) {
  const { t, i18n } = useTranslation(['billing', 'common']);
  const signedIn = useSignedIn();
  const mine = useQuery({ ...mySubscriptionQuery(), enabled: signedIn });
  const state = mine.data?.state;
  return (
    <StatusScreen
      icon={IconCircleCheck}
      title={option === 'gracias' ? t('billing:success.graciasTitle') : t('billing:success.exitoTitle')}
      description={state?.activo && state.pago ? t('billing:success.active', { date: formatDay(state.vigencia, i18n.language) }) : t('billing:success.pending')}
      testId={`success-screen-${option}`}
      actions={
        <Button component={Link} to="/inicio">
          {t('common:actions.backHome')}
        </Button>
      }
    />
  );
}
