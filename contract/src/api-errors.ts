/**
 * The API's errors as stable codes with parameters (issue 22, item 3; docs/architecture.md, "API
 * conventions"). A use case throws a code such as `auth.tooManyLogins` with `{ minutes: 12 }`; the error body
 * carries the code and its parameters beside the sentence; the server writes the sentence in the caller's
 * language and the web writes it in the reader's, both with {@link apiErrorSentence} from the one pair of
 * message files `locales/api-errors.{en,es}.json` (i18next's format: `{{name}}` parts, `_one`/`_other`
 * plurals called with `count`). A code with no Spanish reads English (the staff pages' and the door's
 * sentences, which stay English: decision 015).
 */
import i18next, { type TFunction } from 'i18next';
import type { Language } from './language.ts';
import en from './locales/api-errors.en.json' with { type: 'json' };
import es from './locales/api-errors.es.json' with { type: 'json' };

/** The message files, for their tests. */
export const apiErrorMessages = { en, es } as const;

/** Dotted keys of a message file, e.g. 'auth.loginFailed'. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A plural message's code without its `_one` / `_other` suffix, as it is thrown (with `count`). */
type PluralBase<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

/** Every error code the API answers with. */
export type ApiErrorCode = PluralBase<Leaves<typeof en>>;
/** An error's parameters: the parts its sentence names (`count` chooses a plural). */
export type ApiErrorParams = Record<string, string | number>;

const translator = i18next.createInstance();
translator.init({
  resources: { en: { errors: en }, es: { errors: es } },
  lng: 'en',
  fallbackLng: 'en',
  ns: ['errors'],
  defaultNS: 'errors',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
const fixed: Record<Language, TFunction> = {
  en: translator.getFixedT('en'),
  es: translator.getFixedT('es'),
};

/** Whether `text` is one of the codes of the message files. */
export function isApiErrorCode(text: string): text is ApiErrorCode {
  return translator.exists(text, { lng: 'en' }) || translator.exists(`${text}_other`, { lng: 'en' });
}

/**
 * The sentence of `code` with its `params` in `language` (English when the Spanish file lacks it). An
 * unknown code answers itself, so a body from a newer server still shows something.
 */
export function apiErrorSentence(
  code: string,
  params: ApiErrorParams | undefined,
  language: string | null | undefined,
): string {
  const t = fixed[language === 'es' ? 'es' : 'en'];
  return t(code, { ...params, defaultValue: code }) as string;
}
