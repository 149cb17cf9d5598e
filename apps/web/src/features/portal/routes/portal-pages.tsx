// /portal: the patient's portal, built for a phone first: home (next appointment, plan, unread
// messages), my plan (readable here, with its PDF), chat with my nutritionist, my daily log, and video
// calls (the incoming-call notice shows on every tab). The invitation page /portal/aceptar is
// portal-accept-page.tsx. The portal has its own entry (portal.html, app/portal-app.tsx): the home tab is
// what a first visit paints; the plan, chat, log and call tabs, the appearance menu and the tooltip load
// their code when opened (issue 27: the portal's first load on a phone stays under 150 KB of JavaScript).
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Avatar, Badge, Button, Container, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBrandWhatsapp, IconCalendarEvent, IconHome, IconLogout, IconMessages, IconNotebook, IconSalad, IconVideo } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { afterNextPaint } from '../../../lib/after-paint';
import { endSession } from '../../../lib/auth';
import { useAppNavigate, useAppSearchParams } from '../../../lib/navigation';
import { showError, showWarning } from '../../../lib/toast';
import type { RealtimeEvent } from '../../../lib/realtime';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { whatsappLink, whatsappNumber } from '../../../lib/whatsapp';
import { chatApi } from '../../chat/api/chat-api';
import { IncomingCallNotice, useCallState } from '../../video/components/incoming-call-notice';
import { callManager } from '../../video/lib/call-manager';
import { portalApi, portalKeys, portalMeQuery } from '../api/portal-api';
import { DeferredTooltip, ThemeMenuButton } from '../components/deferred-controls';
import { InstallCard } from '../components/install-card';
import { VersionCheck } from '../../../app/version-check';
import { NotificationsCard } from '../../push/components/notifications-card';
import { formatDate, formatLongDateTime } from '../../../lib/dates';
import { PendingPaymentsCard } from '../../payments/components/pending-payments-card';
import { useHomeSnapshot } from '../lib/home-snapshot';

const ChatThread = lazy(() => import('../../chat/components/chat-thread').then((m) => ({ default: m.ChatThread })));
const PlanReader = lazy(() => import('../components/plan-reader').then((m) => ({ default: m.PlanReader })));
const DailyLogForm = lazy(() => import('../components/daily-log-form').then((m) => ({ default: m.DailyLogForm })));
const DailyLogDays = lazy(() => import('../components/daily-log-days').then((m) => ({ default: m.DailyLogDays })));
const CallScreen = lazy(() => import('../../video/components/call-screen').then((m) => ({ default: m.CallScreen })));

/** A tab whose code loads when it is first opened: a loader meanwhile. */
function LazyTab({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return <Suspense fallback={<Loader m="md" aria-label={t('loading')} />}>{children}</Suspense>;
}

const PORTAL_TABS = ['home', 'plan', 'chat', 'log', 'call'] as const;
type PortalTab = (typeof PORTAL_TABS)[number];

/** Spec: the support widget's message is limited to 120 characters. */
const SUPPORT_MESSAGE_MAX = 120;

export function PortalPage() {
  const { t, i18n } = useTranslation(['portal', 'common']);
  useDocumentTitle(`${t('portal:portal.title')} · ${t('common:appName')}`);
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  // ?tab= opens a tab directly: a notification's link (/portal?tab=chat, …; docs/push.md).
  const [searchParams] = useAppSearchParams();
  const [tab, setTab] = useState<PortalTab>(() => {
    const requested = searchParams.get('tab');
    return PORTAL_TABS.includes(requested as PortalTab) ? (requested as PortalTab) : 'home';
  });
  // Shown at once from the last kept home on a repeat visit, and refetched on mount (app/screen-prefetch.ts).
  const me = useQuery(portalMeQuery());
  const call = useCallState();

  const painted = useAfterFirstPaint();
  // An accepted call takes the screen wherever the patient was (state adjusted while rendering, when the phase changes).
  const [seenPhase, setSeenPhase] = useState(call.phase);
  if (seenPhase !== call.phase) {
    setSeenPhase(call.phase);
    if (call.phase === 'connecting' || call.phase === 'inCall' || call.phase === 'noDevices' || call.phase === 'blocked') setTab('call');
  }

  // The live page replaces the kept first paint as soon as it shows its data (or says it has none); the
  // home tab is kept for the next visit while it shows (../lib/home-snapshot.ts).
  useHomeSnapshot(!me.isLoading, tab === 'home' && me.data !== undefined && call.phase === 'idle');

  const onRealtimeEvent = (event: RealtimeEvent) => {
    if (event.type === 'session.revoked') {
      showWarning(t('portal:portal.revoked'), '');
      void endSession().then(() => navigate('/login?para=paciente', { replace: true }));
      return;
    }
    queryClient.setQueryData(portalKeys.me, (old: typeof me.data) => (old ? { ...old, unreadMessages: Number(event.unreadCount ?? 0) } : old));
  };

  if (me.isLoading) return <Loader m="xl" aria-label={t('common:loading')} />;
  if (!me.data) {
    return (
      <Container size="xs" py="xl">
        <Alert color="red">{t('portal:portal.revoked')}</Alert>
      </Container>
    );
  }
  const { patient, nutritionist, nextAppointment, currentPlan, unreadMessages } = me.data;
  const nutritionistName = `${nutritionist.firstName} ${nutritionist.lastName}`.trim();
  const when = (iso: string) => formatLongDateTime(iso, i18n.language);

  return (
    <Container size="sm" px={0} data-testid="portal">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={patient.photoUrl} name={`${patient.firstName} ${patient.lastName}`} color="initials" radius="xl" />
            <div>
              <Title order={1} size="h3">
                {t('portal:portal.greeting', { name: patient.firstName })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('portal:portal.nutritionist', { name: nutritionistName })}
              </Text>
            </div>
          </Group>
          <Group gap={4} wrap="nowrap">
          <ThemeMenuButton />
          <DeferredTooltip label={t('portal:portal.signOut')}>
            <ActionIcon variant="subtle" size="lg" aria-label={t('portal:portal.signOut')} onClick={() => void endSession().then(() => navigate('/login?para=paciente', { replace: true }))}>
              <IconLogout size={20} aria-hidden />
            </ActionIcon>
          </DeferredTooltip>
          </Group>
        </Group>
        <IncomingCallNotice onAccept={() => setTab('call')} />
        {painted && <PortalLive onEvent={onRealtimeEvent} />}
        <Tabs value={tab} onChange={(v) => setTab((v as PortalTab) ?? 'home')} keepMounted={false}>
          <Tabs.List grow>
            <PortalTabButton value="home" icon={IconHome} label={t('portal:portal.tabs.home')} />
            <PortalTabButton value="plan" icon={IconSalad} label={t('portal:portal.tabs.plan')} />
            <PortalTabButton value="chat" icon={IconMessages} label={t('portal:portal.tabs.chat')} badge={unreadMessages} testId="portal-tab-chat" />
            <PortalTabButton value="log" icon={IconNotebook} label={t('portal:portal.tabs.log')} testId="portal-tab-log" />
            <PortalTabButton value="call" icon={IconVideo} label={t('portal:portal.tabs.call')} />
          </Tabs.List>
          <Tabs.Panel value="home" pt="md">
            <Stack gap="sm">
              <PendingPaymentsCard />
              <InstallCard />
              <Paper withBorder radius="md" p="md">
                <Group gap="xs" mb={4}>
                  <IconCalendarEvent size={18} aria-hidden />
                  <Text fw={700}>{t('portal:portal.nextAppointment')}</Text>
                </Group>
                {nextAppointment ? (
                  <Text data-testid="portal-next-appointment">
                    {when(nextAppointment.start)}
                    {nextAppointment.locationName ? ` · ${nextAppointment.locationName}` : ''}
                    {nextAppointment.address ? ` (${nextAppointment.address})` : ''}
                  </Text>
                ) : (
                  <Text c="dimmed">{t('portal:portal.noAppointment')}</Text>
                )}
              </Paper>
              <Paper withBorder radius="md" p="md">
                <Group gap="xs" mb={4}>
                  <IconSalad size={18} aria-hidden />
                  <Text fw={700}>{t('portal:portal.currentPlan')}</Text>
                </Group>
                {currentPlan ? (
                  <Group justify="space-between">
                    <Text>{currentPlan.title}</Text>
                    <Button size="xs" variant="light" onClick={() => setTab('plan')}>
                      {t('portal:portal.openPlan')}
                    </Button>
                  </Group>
                ) : (
                  <Text c="dimmed">{t('portal:portal.noPlan')}</Text>
                )}
              </Paper>
              {unreadMessages > 0 && (
                <Button variant="light" leftSection={<IconMessages size={16} aria-hidden />} onClick={() => setTab('chat')}>
                  {t('portal:portal.unread', { count: unreadMessages })}
                </Button>
              )}
              {nutritionist.phone && <WhatsAppSupport phone={nutritionist.phone} />}
              <NotificationsCard audience="patient" />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="plan" pt="md">
            {currentPlan ? (
              <LazyTab>
                <PortalPlan />
              </LazyTab>
            ) : (
              <Text c="dimmed">{t('portal:portal.noPlan')}</Text>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="chat" pt="md">
            <PortalChat patientId={patient.id} title={t('portal:chat.titleWith', { name: nutritionistName })} />
          </Tabs.Panel>
          <Tabs.Panel value="log" pt="md">
            <LazyTab>
              <Stack gap="md">
                <DailyLogForm />
                <MyLog />
              </Stack>
            </LazyTab>
          </Tabs.Panel>
          <Tabs.Panel value="call" pt="md">
            {call.phase === 'idle' || call.phase === 'incoming' ? (
              <Text c="dimmed">{t('portal:portal.callHint')}</Text>
            ) : (
              <LazyTab>
                <CallScreen onExit={() => { callManager.reset(); setTab('home'); }} />
              </LazyTab>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

/**
 * True once the home has painted (the frame after its first commit; a second at most, for a tab in the
 * background): what the home does not show starts then, off the first paint's path (issue 27).
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}

/**
 * What the home does not show, mounted once it has painted: the call signalling (an incoming call's
 * notice), the realtime socket (the unread count, a revoked session) and the new-version notice.
 */
function PortalLive({ onEvent }: { onEvent: (event: RealtimeEvent) => void }) {
  useEffect(() => {
    callManager.start('patient');
  }, []);
  useRealtimeEvents(['chat.unread', 'session.revoked'], onEvent);
  return <VersionCheck />;
}

/** Below this the chat scrolls with the page instead of shrinking further (a landscape phone). */
const PORTAL_CHAT_MIN_HEIGHT = 320;

/**
 * The conversation fills the screen below the tabs, its message box always in view on a phone: the box
 * is as tall as the dynamic viewport (100dvh: the visible part, without the browser's bars) minus where
 * it starts on the page.
 */
function PortalChat({ patientId, title }: { patientId: string; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const el = box.current;
      if (el) setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return (
    <Paper
      ref={box}
      withBorder
      radius="md"
      style={{ display: 'flex', flexDirection: 'column', height: `max(${PORTAL_CHAT_MIN_HEIGHT}px, calc(100dvh - ${top ?? 0}px - 24px))` }}
      data-testid="portal-chat"
    >
      <Group p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)', flexShrink: 0 }}>
        <Title order={2} size="h5">
          {title}
        </Title>
      </Group>
      <LazyTab>
        <ChatThread endpoint={chatApi.portalEndpoint(patientId)} height="fill" />
      </LazyTab>
    </Paper>
  );
}

/** A portal tab: its icon over a short label, so five fit side by side on a phone. */
function PortalTabButton({ value, icon: Icon, label, badge = 0, testId }: { value: PortalTab; icon: typeof IconHome; label: string; badge?: number; testId?: string }) {
  return (
    <Tabs.Tab value={value} px={4} data-testid={testId}>
      <Stack gap={2} align="center" pos="relative">
        <Icon size={20} aria-hidden />
        <Text size="xs" lh={1.1} ta="center">
          {label}
        </Text>
        {badge > 0 && (
          <Badge size="xs" color="red" circle pos="absolute" top={-6} right={-10} data-testid="portal-unread">
            {badge}
          </Badge>
        )}
      </Stack>
    </Tabs.Tab>
  );
}

/** The spec's support widget: a WhatsApp message to the practice, at most 120 characters. */
function WhatsAppSupport({ phone }: { phone: string }) {
  const { t } = useTranslation('portal');
  const [text, setText] = useState('');
  // Argentine numbers get the 54 9 form WhatsApp needs (packages/domain).
  const digits = whatsappNumber(null, null, phone);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group gap="xs">
          <IconBrandWhatsapp size={18} aria-hidden />
          <Text fw={700}>{t('chat.support')}</Text>
        </Group>
        <AutoTextarea
          aria-label={t('chat.supportMessage')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value.slice(0, SUPPORT_MESSAGE_MAX))}
          max={SUPPORT_MESSAGE_MAX}
          minRows={2}
          data-testid="support-message"
        />
        <Button
          component="a"
          href={whatsappLink(digits, text)}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          color="green"
          leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
          data-testid="support-whatsapp"
        >
          {t('chat.supportSend')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * "Mi plan": the plan her nutritionist published most recently, and the earlier published ones, still
 * readable (a new plan in the works never shows here until it is published for her).
 */
function PortalPlan() {
  const { t } = useTranslation(['common', 'portal']);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = useQuery({ queryKey: portalKeys.plans, queryFn: portalApi.plans });
  const current = useQuery({ queryKey: portalKeys.plan, queryFn: portalApi.plan, enabled: chosen === null });
  const earlier = useQuery({ queryKey: portalKeys.planById(chosen ?? ''), queryFn: () => portalApi.planById(chosen!), enabled: chosen !== null });
  const plan = chosen === null ? current : earlier;
  const pdf = useMutation({
    mutationFn: () => (chosen === null ? portalApi.planPdf() : portalApi.planPdfById(chosen)),
    onSuccess: (blob) => {
      const url = URL.createObjectURL(blob);
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    onError: showError,
  });
  const items = list.data?.items ?? [];
  const older = items.filter((item) => !item.current);
  const shown = items.find((item) => (chosen === null ? item.current : item.id === chosen));
  return (
    <Stack gap="md">
      {chosen !== null && (
        <Alert variant="light" color="gray" data-testid="portal-earlier-plan">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('portal:portal.earlierPlanNotice', { date: shown ? formatPortalDate(shown.publishedAt) : '' })}</Text>
            <Button size="xs" variant="light" onClick={() => setChosen(null)}>
              {t('portal:portal.backToCurrentPlan')}
            </Button>
          </Group>
        </Alert>
      )}
      {plan.isLoading ? <Loader aria-label={t('loading')} /> : plan.data ? <PlanReader plan={plan.data} onPdf={() => pdf.mutate()} pdfLoading={pdf.isPending} /> : null}
      {older.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="portal-earlier-plans">
          <Title order={3} size="h5" id="portal-earlier-plans" mb="xs">
            {chosen === null ? t('portal:portal.earlierPlans') : t('portal:portal.otherPlans')}
          </Title>
          <Stack gap={6}>
            {items
              .filter((item) => item.id !== (chosen ?? items.find((i) => i.current)?.id))
              .map((item) => (
                <Button
                  key={item.id}
                  variant="subtle"
                  justify="space-between"
                  fullWidth
                  onClick={() => setChosen(item.current ? null : item.id)}
                  rightSection={
                    <Text size="xs" c="dimmed">
                      {item.current ? t('portal:portal.currentPlanLabel') : t('portal:portal.publishedOn', { date: formatPortalDate(item.publishedAt) })}
                    </Text>
                  }
                >
                  {item.title}
                </Button>
              ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** dd-mm-yyyy, the app's date format, in the patient's own time. */
const formatPortalDate = (instant: string): string => formatDate(instant);

function MyLog() {
  const log = useQuery({ queryKey: portalKeys.log, queryFn: () => portalApi.myLog() });
  if (!log.data || log.data.days.length === 0) return null;
  return <DailyLogDays days={log.data.days} />;
}
