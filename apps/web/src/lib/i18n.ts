// i18next with bundled resources (es default and fallback, en second). The language follows the
// preferences store, so the navbar switch, the account form and other tabs all stay in step.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import esAccount from '../locales/es/account.json';
import esAdmin from '../locales/es/admin.json';
import esAuth from '../locales/es/auth.json';
import esBilling from '../locales/es/billing.json';
import esCommon from '../locales/es/common.json';
import esDashboard from '../locales/es/dashboard.json';
import esErrors from '../locales/es/errors.json';
import esFeatures from '../locales/es/features.json';
import esNav from '../locales/es/nav.json';
import esPatients from '../locales/es/patients.json';
import esConsultations from '../locales/es/consultations.json';
import esAppointments from '../locales/es/appointments.json';
import esFoods from '../locales/es/foods.json';
import esPlans from '../locales/es/plans.json';
import enAccount from '../locales/en/account.json';
import enAdmin from '../locales/en/admin.json';
import enAuth from '../locales/en/auth.json';
import enBilling from '../locales/en/billing.json';
import enCommon from '../locales/en/common.json';
import enDashboard from '../locales/en/dashboard.json';
import enErrors from '../locales/en/errors.json';
import enFeatures from '../locales/en/features.json';
import enNav from '../locales/en/nav.json';
import enPatients from '../locales/en/patients.json';
import enConsultations from '../locales/en/consultations.json';
import enAppointments from '../locales/en/appointments.json';
import enFoods from '../locales/en/foods.json';
import enPlans from '../locales/en/plans.json';
import { preferencesStore } from './preferences';

export const resources = {
  es: {
    common: esCommon,
    auth: esAuth,
    nav: esNav,
    account: esAccount,
    dashboard: esDashboard,
    features: esFeatures,
    billing: esBilling,
    errors: esErrors,
    admin: esAdmin,
    patients: esPatients,
    consultations: esConsultations,
    appointments: esAppointments,
    foods: esFoods,
    plans: esPlans,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    nav: enNav,
    account: enAccount,
    dashboard: enDashboard,
    features: enFeatures,
    billing: enBilling,
    errors: enErrors,
    admin: enAdmin,
    patients: enPatients,
    consultations: enConsultations,
    appointments: enAppointments,
    foods: enFoods,
    plans: enPlans,
  },
} as const;

export const defaultNS = 'common';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: preferencesStore.get().locale,
  fallbackLng: 'es',
  supportedLngs: ['es', 'en'],
  ns: Object.keys(resources.es),
  defaultNS,
  interpolation: { escapeValue: false },
  // Resources are bundled: initialise synchronously so the first render already has its texts.
  initAsync: false,
  react: { useSuspense: false },
});

preferencesStore.subscribe(() => {
  const { locale } = preferencesStore.get();
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
});

/** BCP 47 tag for Intl formatting: Argentine Spanish is the product's Spanish. */
export function intlLocale(language: string = i18n.language): string {
  return language === 'en' ? 'en' : 'es-AR';
}
