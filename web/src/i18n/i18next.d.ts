import 'i18next';
import type en from './locales/en.json';

/** Makes every `t('…')` key type-checked against the English messages (the Spanish file must match). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
