// The route tree: ROUTES (route-table.ts) mapped to lazily loaded screens under the main or the
// full-page layout, each guarded by its access rule; '/' → /inicio for someone signed in and the
// welcome page for a visitor; unknown paths → the 404 screen.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { ensureSession } from '../lib/auth';
import { loadLazyNamespaces } from '../lib/i18n';
import { guardLoader } from './guard-loader';
import { FullPageLayout } from './layouts/full-page-layout';
import { lazyPage, loadWithTimeout, type LazyPage } from './lazy-page';
import { RootRoute } from './root-route';
import { RouteError } from './route-error';
import { prefetchScreen } from './screen-prefetch';
import { NOT_FOUND_PATH, ROOT_REDIRECT, ROUTES, type PageKey, type RouteEntry } from './route-table';

const MainLayout = lazyPage('main-layout', () => import('./layouts/main-layout'), 'MainLayout');

const account = () => import('../features/account/routes/account-page');
const login = () => import('../features/account/routes/login-page');
const register = () => import('../features/account/routes/register-page');
const forgot = () => import('../features/account/routes/forgot-password-page');
const reset = () => import('../features/account/routes/reset-password-page');
const lockScreen = () => import('../features/account/routes/lock-screen-page');
const callback = () => import('../features/account/routes/callback-page');
const dashboard = () => import('../features/dashboard/routes/dashboard-page');
const billing = () => import('../features/billing/routes/billing-pages');
const errors = () => import('../features/errors/routes/error-pages');
const admin = () => import('../features/admin/routes/admin-page');
const patientsList = () => import('../features/patients/routes/patients-page');
const newPatient = () => import('../features/patients/routes/new-patient-page');
const patientRecord = () => import('../features/patients/routes/patient-record-page');
const consultations = () => import('../features/consultations/routes/consultation-pages');
const appointments = () => import('../features/appointments/routes/appointment-pages');
const plans = () => import('../features/plans/routes/plan-pages');
const foodsList = () => import('../features/foods/routes/foods-page');
const foods = () => import('../features/foods/routes/food-pages');
const dishes = () => import('../features/dishes/routes/dish-pages');
const notes = () => import('../features/notes/routes/note-pages');
const stats = () => import('../features/stats/routes/stats-pages');
const marketing = () => import('../features/marketing/routes/marketing-pages');
const settings = () => import('../features/settings/routes/settings-pages');
const chat = () => import('../features/chat/routes/chat-pages');
const video = () => import('../features/video/routes/video-pages');
const help = () => import('../features/help/routes/help-pages');
const welcome = () => import('../features/account/routes/welcome-page');

/** '/' for a signed-out visitor: what Almendra is, with sign-up and sign-in. */
const WelcomePage = lazyPage('welcome', welcome, 'WelcomePage');

/** '/': signed-in people go where they always went (/inicio, whose guard handles lock and ban). */
async function rootLoader() {
  // /inicio's guard sends a patient on to /portal.
  if (await ensureSession().catch(() => false)) throw redirect(ROOT_REDIRECT);
  await WelcomePage.preload();
  return null;
}

/** The patient portal's screens: an app of its own (portal.html, portal-app.tsx), loaded as a page. */
type PortalPageKey = 'portal' | 'portalAccept';
const PORTAL_PAGES: ReadonlySet<PageKey> = new Set<PortalPageKey>(['portal', 'portalAccept']);

export const PAGES: Record<Exclude<PageKey, PortalPageKey>, LazyPage> = {
  dashboard: lazyPage('dashboard', dashboard, 'DashboardPage'),
  payment: lazyPage('billing', billing, 'PaymentPage'),
  plans: lazyPage('billing', billing, 'PlansPage'),
  success: lazyPage('billing', billing, 'SuccessPage'),
  patients: lazyPage('patients', patientsList, 'PatientsPage'),
  newPatient: lazyPage('new-patient', newPatient, 'NewPatientPage'),
  patientRecord: lazyPage('patient-record', patientRecord, 'PatientRecordPage'),
  newConsultation: lazyPage('consultations', consultations, 'NewConsultationPage'),
  appointments: lazyPage('appointments', appointments, 'AppointmentsPage'),
  templates: lazyPage('plans', plans, 'TemplatesPage'),
  newPlan: lazyPage('plans', plans, 'NewPlanPage'),
  planDetail: lazyPage('plans', plans, 'PlanDetailPage'),
  foods: lazyPage('foods-list', foodsList, 'FoodsPage'),
  newFood: lazyPage('foods', foods, 'NewFoodPage'),
  foodRequest: lazyPage('foods', foods, 'FoodRequestPage'),
  foodOptions: lazyPage('foods', foods, 'FoodOptionsPage'),
  foodDetail: lazyPage('foods', foods, 'FoodDetailPage'),
  dishes: lazyPage('dishes', dishes, 'DishesPage'),
  dishDetail: lazyPage('dishes', dishes, 'DishDetailPage'),
  dishEditor: lazyPage('dishes', dishes, 'DishEditorPage'),
  newNote: lazyPage('notes', notes, 'NewNotePage'),
  statistics: lazyPage('stats', stats, 'StatisticsPage'),
  marketing: lazyPage('marketing', marketing, 'MarketingPage'),
  settings: lazyPage('settings', settings, 'SettingsPage'),
  referrals: lazyPage('settings', settings, 'ReferralsPage'),
  account: lazyPage('account', account, 'AccountPage'),
  chat: lazyPage('chat', chat, 'ChatPage'),
  news: lazyPage('help', help, 'NewsPage'),
  help: lazyPage('help', help, 'HelpPage'),
  admin: lazyPage('admin', admin, 'AdminPage'),
  videoCalls: lazyPage('video', video, 'VideoCallPage'),
  register: lazyPage('register', register, 'RegisterPage'),
  callback: lazyPage('callback', callback, 'CallbackPage'),
  login: lazyPage('login', login, 'LoginPage'),
  forgotPassword: lazyPage('forgot-password', forgot, 'ForgotPasswordPage'),
  resetPassword: lazyPage('reset-password', reset, 'ResetPasswordPage'),
  lockScreen: lazyPage('lock-screen', lockScreen, 'LockScreenPage'),
  notFound: lazyPage('errors', errors, 'NotFoundPage'),
  serverError: lazyPage('errors', errors, 'ServerErrorPage'),
  notAuthorized: lazyPage('errors', errors, 'NotAuthorizedPage'),
  maintenance: lazyPage('errors', errors, 'MaintenancePage'),
  comingSoon: lazyPage('errors', errors, 'ComingSoonPage'),
};

/**
 * Screens that use only the bundled locale namespaces (lib/i18n.ts): login, registration, account
 * recovery and error screens load no feature namespace. Every other screen waits for them in its loader.
 */
const SHELL_PAGES: ReadonlySet<PageKey> = new Set<PageKey>([
  'login',
  'register',
  'callback',
  'forgotPassword',
  'resetPassword',
  'lockScreen',
  'notFound',
  'serverError',
  'notAuthorized',
  'maintenance',
  'comingSoon',
]);

/** Renders nothing: the boot overlay covers the first load, and redirect-only routes never show. */
function BootFallback() {
  return null;
}

/**
 * A navigation to the portal (a patient signing in, a guard sending a patient home) loads it as a page:
 * the server and the service worker answer /portal… with portal.html. The navigation stays pending
 * meanwhile (the current screen and the progress bar) instead of flashing an empty screen.
 */
function portalRoute(entry: RouteEntry): RouteObject {
  return {
    path: entry.path,
    loader: ({ request }) => {
      // This page was itself loaded at a portal address (a server or worker that answered it with
      // index.html): loading it again would loop.
      if (request.url === window.location.href) throw new Error(`${new URL(request.url).pathname} answered with the professional's app`);
      window.location.assign(request.url);
      return new Promise<null>(() => undefined);
    },
    element: <BootFallback />,
  };
}

function toRouteObject(entry: RouteEntry): RouteObject {
  if (PORTAL_PAGES.has(entry.page)) return portalRoute(entry);
  const Page = PAGES[entry.page as Exclude<PageKey, PortalPageKey>];
  const guard = guardLoader(entry.access);
  return {
    path: entry.path,
    // The screen's chunks and locale namespaces download while the guard checks the session (one round
    // trip less on a phone: a signed-out visitor downloads a screen it will not see, which is cheaper
    // than making everyone wait), and the navigation commits with the screen ready instead of a loader.
    loader: async (args) => {
      const loading = Promise.all([
        Page.preload(),
        entry.layout === 'main' ? MainLayout.preload() : null,
        SHELL_PAGES.has(entry.page) ? null : loadWithTimeout('locales', () => loadLazyNamespaces()),
      ]);
      // Marked handled: when the guard redirects, a failure of this (now unused) download is no error.
      loading.catch(() => undefined);
      await guard(args);
      // Access granted: the screen's first queries start now, while its code is still loading and
      // running, and the navigation commits with them (screen-prefetch.ts, at most a second's wait).
      // Not for screens without an access check: no one may be signed in there.
      await Promise.all([loading, entry.access.auth ? prefetchScreen(entry.page, new URL(args.request.url)) : null]);
      return null;
    },
    element: <Page {...entry.props} />,
  };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RouteError />,
      // The boot overlay of index.html covers the first load; nothing to render meanwhile.
      hydrateFallbackElement: <BootFallback />,
      children: [
        { element: <MainLayout />, children: ROUTES.filter((r) => r.layout === 'main').map(toRouteObject) },
        {
          element: <FullPageLayout />,
          children: [
            { index: true, loader: rootLoader, element: <WelcomePage /> },
            ...ROUTES.filter((r) => r.layout === 'full').map(toRouteObject),
          ],
        },
        { path: '*', loader: () => redirect(NOT_FOUND_PATH), element: <BootFallback /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
