import 'i18next';
import type { messages } from './i18n';

/** Makes every `t('…')` key type-checked against the English messages (every file's; the Spanish ones must match). */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: (typeof messages)['en'] };
  }
}
