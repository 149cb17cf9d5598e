// i18next with three languages: es (neutral Spanish in the tú form, the spec's own messages word for
// word; default and fallback), es-AR (Argentine voseo, holding only the strings that differ from es;
// everything else falls back to es) and en. docs/style-guide.md says which voice each one speaks.
// The namespaces the shell, login, registration and error screens need are bundled in Spanish (common, nav
// and errors here, in the start-up chunk both pages share; auth, account and features in the
// professional app's, lib/i18n-app.ts), so those screens render their texts on the first paint; their
// English loads before the first render when it is the language (`textsReady`, awaited by the entries); the
// feature namespaces (patients, plans, …) are one chunk per language and file, fetched by the backend
// below when a route loader (router.tsx) or a suspending useTranslation asks for them, and again for
// the other language on changeLanguage. The language follows the preferences store, so the navbar
// switch, the account form and other tabs all stay in step.
import i18next, { type BackendModule, type ReadCallback, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import esCommon from '../locales/es/common.json';
import esErrors from '../locales/es/errors.json';
import esNav from '../locales/es/nav.json';
import esArCommon from '../locales/es-AR/common.json';
import esArErrors from '../locales/es-AR/errors.json';
import esArNav from '../locales/es-AR/nav.json';
import { preferencesStore } from './preferences';

/**
 * Bundled here, in the chunk both entries share (the portal's and the professional's): the Spanish texts
 * (es, and the es-AR overrides) of what the portal and every screen may show at start, its header, its
 * error screens. English is not bundled: its files load before the first render when it is the
 * language (`textsReady`), so a Spanish first visit does not download it.
 */
const sharedResources = { common: esCommon, nav: esNav, errors: esErrors } as const;
const sharedOverridesEsAr = { common: esArCommon, nav: esArNav, errors: esArErrors };

/** Types only (erased from the build): the shape of every namespace, for type-checked keys. */
export type Resources = typeof sharedResources & {
  auth: typeof import('../locales/es/auth.json');
  account: typeof import('../locales/es/account.json');
  features: typeof import('../locales/es/features.json');
  dashboard: typeof import('../locales/es/dashboard.json');
  billing: typeof import('../locales/es/billing.json');
  admin: typeof import('../locales/es/admin.json');
  patients: typeof import('../locales/es/patients.json');
  consultations: typeof import('../locales/es/consultations.json');
  appointments: typeof import('../locales/es/appointments.json');
  foods: typeof import('../locales/es/foods.json');
  plans: typeof import('../locales/es/plans.json');
  portal: typeof import('../locales/es/portal.json');
  marketing: typeof import('../locales/es/marketing.json');
  stats: typeof import('../locales/es/stats.json');
  help: typeof import('../locales/es/help.json');
  payments: typeof import('../locales/es/payments.json');
};

export const LANGUAGES = ['es', 'es-AR', 'en'] as const;
/** Bundled in Spanish in the shared start-up chunk (above). */
export const SHARED_NAMESPACES = Object.freeze(Object.keys(sharedResources) as (keyof typeof sharedResources)[]);
/**
 * Bundled in Spanish in the professional app's start-up only (lib/i18n-app.ts, imported by app.tsx):
 * the sign-in, registration and account screens and the shell's feature names; the portal never reads them.
 */
export const APP_NAMESPACES = ['auth', 'account', 'features'] as const satisfies readonly (keyof Resources)[];
/** Every namespace whose Spanish texts are bundled at start (one entry's or both's); their English loads before the first render. */
export const BUNDLED_NAMESPACES: readonly ((typeof SHARED_NAMESPACES)[number] | (typeof APP_NAMESPACES)[number])[] = Object.freeze([
  ...SHARED_NAMESPACES,
  ...APP_NAMESPACES,
]);
/** Loaded on demand, one chunk per language and namespace. */
export const LAZY_NAMESPACES = [
  'dashboard',
  'billing',
  'admin',
  'patients',
  'consultations',
  'appointments',
  'foods',
  'plans',
  'portal',
  'marketing',
  'stats',
  'help',
  'payments',
] as const satisfies readonly Exclude<keyof Resources, (typeof BUNDLED_NAMESPACES)[number]>[];

// One chunk per lazy locale file. The pattern names only the lazy namespaces: a template import
// (`../locales/${lng}/${ns}.json`) would also match the bundled files and split them out of the entry
// chunk into a dozen extra requests on every first load. A new lazy namespace goes here and in
// LAZY_NAMESPACES (locales.test.ts and the test setup fail otherwise). The second pattern is the
// English of the bundled namespaces (vite.config.ts groups them: `locales-en-boot` with the shared
// ones, `locales-en-app` with the professional app's).
const lazyLocaleFiles = {
  ...import.meta.glob<ResourceKey>(
    '../locales/*/{dashboard,billing,admin,patients,consultations,appointments,foods,plans,portal,marketing,stats,help,payments}.json',
    { import: 'default' },
  ),
  ...import.meta.glob<ResourceKey>('../locales/en/{common,nav,errors,auth,account,features}.json', { import: 'default' }),
};

/** Languages that hold only overrides: a namespace without a file there has nothing to override. */
const OVERRIDE_LANGUAGES: readonly string[] = ['es-AR'];

/** i18next backend reading the lazy locale chunks. */
const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyLocaleFiles[`../locales/${language}/${namespace}.json`];
    if (!load && OVERRIDE_LANGUAGES.includes(language)) {
      callback(null, {});
      return;
    }
    if (!load) {
      callback(new Error(`No locale file ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const defaultNS = 'common';

export const i18n = i18next.createInstance();

void i18n
  .use(lazyLocaleBackend)
  .use(initReactI18next)
  .init({
    // Copies: i18next adds the loaded namespaces into these objects and pushes them onto `ns`.
    resources: { es: { ...sharedResources }, 'es-AR': { ...sharedOverridesEsAr } },
    // The backend fills in only what is not bundled.
    partialBundledLanguages: true,
    lng: preferencesStore.get().locale,
    // es-AR → es: a string without a voseo override is the neutral one. en → es. English is not a
    // fallback of the Spanish locales: locales.test.ts keeps es and en key for key identical, so it
    // would never be read, and i18next would still download every English chunk for it.
    fallbackLng: { 'es-AR': ['es'], default: ['es'] },
    supportedLngs: [...LANGUAGES],
    // 'es-AR' is loaded as itself plus its fallbacks, never as a bare 'es' guessed from the region.
    load: 'currentOnly',
    // A route asks for 12 namespaces in a language and its fallback (24 reads of two chunks). At the
    // default of 10 reads at a time the fallback's chunk was requested only once the first had arrived:
    // one more round trip on every first visit.
    maxParallelReads: 32,
    ns: [...SHARED_NAMESPACES],
    defaultNS,
    interpolation: { escapeValue: false },
    // The bundled namespaces are in the store already: initialise synchronously so a Spanish first
    // render has its texts (an English one waits for `textsReady`).
    initAsync: false,
    // A component whose namespace is still loading suspends: the route's Suspense shows the page loader.
    react: { useSuspense: true },
  });

/**
 * The patient portal's namespaces (its screens, its payments card, the plan it reads): a chunk of their
 * own per language (vite.config.ts), so a patient's phone does not download the professional's texts.
 */
export const PORTAL_NAMESPACES = ['portal', 'payments', 'plans'] as const satisfies readonly (typeof LAZY_NAMESPACES)[number][];

/**
 * The feature namespaces (all of them unless told) in the current language and its fallback; route
 * loaders await it. Rejects when a locale chunk failed, so the route shows the chunk error screen
 * instead of bare keys.
 */
export function loadLazyNamespaces(namespaces: readonly (typeof LAZY_NAMESPACES)[number][] = LAZY_NAMESPACES): Promise<void> {
  return new Promise((resolve, reject) => {
    void i18n.loadNamespaces([...namespaces], (error) => (error ? reject(new Error(String(error))) : resolve()));
  });
}

/**
 * Namespaces in a language other than the current one (the navbar search also matches the other
 * language's page names; the preferences form's toast speaks the language just chosen). Resolves
 * without them when a chunk failed: the text then falls back to Spanish.
 */
export function loadLanguageNamespaces(language: string, namespaces: readonly (keyof Resources)[]): Promise<void> {
  return new Promise((resolve) => {
    i18n.services.backendConnector.load([language], [...namespaces], () => resolve());
  });
}

/**
 * Every namespace registered so far (the shared ones, and the professional app's once lib/i18n-app.ts
 * has run) in the current language and its fallback. The entries render once it settles: in Spanish at
 * once (bundled), in English after the English chunks arrived, so the first paint is not in Spanish.
 * Never rejects: without those chunks the texts fall back to Spanish.
 */
export function textsReady(): Promise<void> {
  return new Promise((resolve) => {
    void i18n.loadNamespaces([...(i18n.options.ns as readonly string[])], () => resolve());
  });
}

/**
 * Every namespace in every language, for tests that render feature screens without suspending
 * (the test setup imports lib/i18n-app.ts first: the professional app's Spanish namespaces are bundled there).
 */
export async function loadAllNamespaces(): Promise<void> {
  await loadLazyNamespaces();
  await new Promise<void>((resolve, reject) => {
    i18n.services.backendConnector.load([...LANGUAGES], [...BUNDLED_NAMESPACES, ...LAZY_NAMESPACES], (error: unknown) =>
      error ? reject(new Error(String(error))) : resolve(),
    );
  });
}

preferencesStore.subscribe(() => {
  const { locale } = preferencesStore.get();
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
});

/**
 * BCP 47 tag for Intl formatting. Both Spanish locales format dates and numbers the Argentine way
 * (22,5 kg; 1.401,5 kcal; dd-mm-yyyy): only the voice differs between es and es-AR.
 */
export function intlLocale(language: string = i18n.language): string {
  return language === 'en' ? 'en' : 'es-AR';
}
