// The professional app's bundled namespaces (imported by app/app.tsx, so they land in its start-up chunk
// `app-boot`, which the patient portal never loads): the Spanish texts (es, and the es-AR overrides) of
// the sign-in, registration, account and shell screens, in the store before the first render. Their
// English is a lazy chunk (`locales-en-app`) that main.tsx awaits when English is the language
// (`textsReady` in lib/i18n.ts); switching language loads it like every other namespace.
import esAccount from '../locales/es/account.json';
import esAuth from '../locales/es/auth.json';
import esFeatures from '../locales/es/features.json';
import esArAccount from '../locales/es-AR/account.json';
import esArAuth from '../locales/es-AR/auth.json';
import esArFeatures from '../locales/es-AR/features.json';
import { APP_NAMESPACES, i18n } from './i18n';

const spanish = { auth: esAuth, account: esAccount, features: esFeatures } as const;
const overridesEsAr = { auth: esArAuth, account: esArAccount, features: esArFeatures } as const;

for (const namespace of APP_NAMESPACES) {
  // addResourceBundle also registers the namespace (i18n.options.ns), so a language switch and
  // `textsReady` load its other languages.
  i18n.addResourceBundle('es', namespace, spanish[namespace], false, false, { silent: false, skipCopy: true });
  i18n.addResourceBundle('es-AR', namespace, overridesEsAr[namespace], false, false, { silent: false, skipCopy: true });
}
