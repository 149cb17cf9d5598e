// Main layout (Mantine AppShell): navbar with burger, search, language, appearance and user menu;
// side menu (a drawer below 992 px); the routed screen. Loaded lazily with the first main route.
import '@mantine/spotlight/styles.css';
import { Suspense, lazy, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { ActionIcon, AppShell, Burger, Button, Group, Kbd, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { NewsBell } from '../../features/help/components/news-bell';
import { useCurrentUser } from '../../lib/current-user';
import { preferencesStore } from '../../lib/preferences';
import { LocaleSwitch, UserMenu } from './navbar-controls';
import { ThemeMenu } from './theme-menu';
import { SideMenu } from './side-menu';
import { VersionCheck } from '../version-check';
import { usePatientListsLive } from '../../features/patients/api/use-patients-live';
import { useScreenSettled } from '../../lib/use-screen-settled';
import { PageSearchSpotlight } from '../search/page-search-spotlight';
import { pageSearch } from '../search/page-search-store';
import classes from './main-layout.module.css';
import { PHONE_QUERY } from '../../lib/breakpoints';

// Chat and calls in the shell (floating chat, incoming-call notice) load after the screen has settled
// (its data shown), in their own chunk: no main screen waits or competes for them on a first visit.
const BillingNotices = lazy(() => import('../../features/billing/components/billing-notices').then((m) => ({ default: m.BillingNotices })));
// The first-patient popup (seed 1 §4: part of the shell of every main screen) while the tour is due.
const FirstPatientTour = lazy(() =>
  import('../../features/patients/components/first-patient-tour').then((m) => ({ default: m.FirstPatientTour })),
);
/** Screens where the popup would only repeat what is on screen: the new-patient form itself. */
const NO_FIRST_PATIENT_POPUP = new Set(['/nuevo-paciente']);
const ChatShell = lazy(() => import('../../features/chat/components/chat-shell').then((m) => ({ default: m.ChatShell })));
// On phones the chat is a header icon instead of a floating button (see chat-header-button.tsx).
const ChatHeaderButton = lazy(() => import('../../features/chat/components/chat-header-button').then((m) => ({ default: m.ChatHeaderButton })));

/**
 * Its children once the screen has settled. Its own component because "settled" watches every query's
 * fetching state: in the layout itself, each query that starts or ends during a first visit re-rendered
 * the whole shell (navbar, side menu, search) while the screen was painting.
 */
function WhenSettled({ children }: { children: ReactNode }) {
  return useScreenSettled() ? children : null;
}

export function MainLayout() {
  const { t } = useTranslation(['nav', 'common']);
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const me = useCurrentUser();
  const { theme } = useSyncExternalStore(preferencesStore.subscribe, preferencesStore.get);
  const semiDark = theme === 'semi-dark';
  // Same breakpoint as the chat shell's: below it the chat is in the header, above it in the corner.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  usePatientListsLive();

  // The mobile drawer closes whenever the route changes (menu click, search, back button).
  useEffect(() => {
    close();
  }, [location.pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', md: 'lg' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('common:skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="md"
              size="sm"
              aria-label={opened ? t('nav:navbar.closeMenu') : t('nav:navbar.openMenu')}
              aria-expanded={opened}
            />
            <Link to="/inicio" className={classes.brand}>
              {t('common:appName')}
            </Link>
          </Group>
          <Group gap={6} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              hiddenFrom="sm"
              aria-label={t('nav:navbar.search')}
              onClick={() => pageSearch.open()}
            >
              <IconSearch size={18} aria-hidden />
            </ActionIcon>
            <Button
              variant="default"
              visibleFrom="sm"
              className={classes.searchButton}
              leftSection={<IconSearch size={16} aria-hidden />}
              rightSection={
                <Kbd size="xs">{t('nav:navbar.searchShortcut')}</Kbd>
              }
              onClick={() => pageSearch.open()}
              data-testid="open-search"
            >
              {t('nav:navbar.search')}
            </Button>
            {me.data?.user.role === 'nutritionist' && phone ? (
              <Suspense fallback={null}>
                <ChatHeaderButton />
              </Suspense>
            ) : null}
            <LocaleSwitch countryCode={me.data?.nutritionist?.countryCode ?? null} />
            <NewsBell />
            <ThemeMenu />
            <UserMenu me={me.data} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="sm"
        className={semiDark ? `${classes.navbar} ${classes.semiDark}` : classes.navbar}
        data-mantine-color-scheme={semiDark ? 'dark' : undefined}
        data-mobile-closed={opened ? undefined : true}
        data-testid="side-menu"
      >
        <AppShell.Section grow component={ScrollArea}>
          <SideMenu role={me.data?.user.role ?? null} onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1}>
        {me.data?.user.role === 'nutritionist' ? (
          <WhenSettled>
            <Suspense fallback={null}>
              <BillingNotices />
              {NO_FIRST_PATIENT_POPUP.has(location.pathname) ? null : <FirstPatientTour />}
            </Suspense>
          </WhenSettled>
        ) : null}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {/* Mounted with the shell, not once the screen settles like the chat: it owns the Ctrl+K shortcut,
          which must work from the first paint (deferring it saved ~60 ms of a throttled phone's CPU but
          lost a Ctrl+K pressed in the first seconds). */}
      <PageSearchSpotlight me={me.data} />
      <WhenSettled>
        <Suspense fallback={null}>
          <ChatShell />
        </Suspense>
      </WhenSettled>
      <VersionCheck />
    </AppShell>
  );
}
