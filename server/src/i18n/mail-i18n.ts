/**
 * The families' emails in their language (issue 14, decision 015). Messages live in
 * `locales/{en,es}.json` (a translator edits them without reading code); keys are type-checked against
 * the English file, and `account-language.test.ts` fails when a key is missing or left in English. The
 * language comes from the parent's account (`users.language`). Plurals are `key_one` / `key_other`, called
 * as `t('key', { count })`.
 */
import i18next, { type TFunction } from 'i18next';
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };

export const mailMessages = { en, es } as const;

const instance = i18next.createInstance();
instance.init({
  resources: { en: { mail: en }, es: { mail: es } },
  lng: 'en',
  fallbackLng: 'en',
  ns: ['mail'],
  defaultNS: 'mail',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** Dotted keys of the English mail messages, e.g. 'welcome.subject'. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A plural message's key without its `_one` / `_other` suffix, as it is called (with `count`). */
type PluralBase<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
export type MailKey = PluralBase<Leaves<typeof en>>;

/** `t(key, values)` for one language: a mail message with `{{placeholders}}` filled in. */
export type MailT = (key: MailKey, values?: Record<string, string | number>) => string;

/** The message function for `language` (an unknown or missing language reads English). */
export function mailT(language: string | null | undefined): MailT {
  const t: TFunction = instance.getFixedT(language === 'es' ? 'es' : 'en');
  return (key, values) => t(key, values ?? {}) as string;
}
