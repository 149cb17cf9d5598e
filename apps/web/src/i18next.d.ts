// Type-checked translation keys: t('nav:pages.home') fails to compile when the key is missing in es.
import 'i18next';
import type { defaultNS, Resources } from './lib/i18n';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: Resources;
  }
}
