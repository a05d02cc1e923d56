/**
 * The API's errors as stable codes with parameters (issue 22, item 3; docs/architecture.md, "API
 * conventions"). A use case throws a code such as `auth.tooManyLogins` with `{ count: 12 }` (minutes); the error body
 * carries the code and its parameters beside the sentence; the server writes the sentence in the caller's
 * language and the web writes it in the reader's, both with {@link apiErrorSentence} from the one pair of
 * message files `locales/api-errors/*.{en,es}.json` (i18next's format: `{{name}}` parts, `_one`/`_other`
 * plurals called with `count`, `{{date, policyDate}}` for an ISO date written out in the sentence's language). A code with no Spanish reads English (the staff pages' and the door's
 * sentences, which stay English: decision 015).
 */
import i18next, { type TFunction } from 'i18next';
import { formatPolicyDate } from './family-money.ts';
import { readFieldMessage } from './field-message.ts';
import type { Language } from './language.ts';
import authEn from './locales/api-errors/auth.en.json' with { type: 'json' };
import authEs from './locales/api-errors/auth.es.json' with { type: 'json' };
import billingEn from './locales/api-errors/billing.en.json' with { type: 'json' };
import billingEs from './locales/api-errors/billing.es.json' with { type: 'json' };
import commonEn from './locales/api-errors/common.en.json' with { type: 'json' };
import commonEs from './locales/api-errors/common.es.json' with { type: 'json' };
import dutyEn from './locales/api-errors/duty.en.json' with { type: 'json' };
import dutyEs from './locales/api-errors/duty.es.json' with { type: 'json' };
import enrollmentEn from './locales/api-errors/enrollment.en.json' with { type: 'json' };
import enrollmentEs from './locales/api-errors/enrollment.es.json' with { type: 'json' };
import familyEn from './locales/api-errors/family.en.json' with { type: 'json' };
import familyEs from './locales/api-errors/family.es.json' with { type: 'json' };
import feedEn from './locales/api-errors/feed.en.json' with { type: 'json' };
import feedEs from './locales/api-errors/feed.es.json' with { type: 'json' };
import fieldsEn from './locales/api-errors/fields.en.json' with { type: 'json' };
import fieldsEs from './locales/api-errors/fields.es.json' with { type: 'json' };
import formsEn from './locales/api-errors/forms.en.json' with { type: 'json' };
import formsEs from './locales/api-errors/forms.es.json' with { type: 'json' };
import healthEn from './locales/api-errors/health.en.json' with { type: 'json' };
import healthEs from './locales/api-errors/health.es.json' with { type: 'json' };
import incidentsEn from './locales/api-errors/incidents.en.json' with { type: 'json' };
import incidentsEs from './locales/api-errors/incidents.es.json' with { type: 'json' };
import medicationEn from './locales/api-errors/medication.en.json' with { type: 'json' };
import medicationEs from './locales/api-errors/medication.es.json' with { type: 'json' };
import messagesEn from './locales/api-errors/messages.en.json' with { type: 'json' };
import messagesEs from './locales/api-errors/messages.es.json' with { type: 'json' };
import passesEn from './locales/api-errors/passes.en.json' with { type: 'json' };
import passesEs from './locales/api-errors/passes.es.json' with { type: 'json' };
import sessionsEn from './locales/api-errors/sessions.en.json' with { type: 'json' };
import sessionsEs from './locales/api-errors/sessions.es.json' with { type: 'json' };
import type { Leaves, MessageParams, PluralBase } from './message-keys.ts';

/**
 * The message files, one pair per domain (`locales/api-errors/<domain>.{en,es}.json`; `common` holds the
 * request, server, access and not-found sentences): a domain's codes start with its name, e.g.
 * `enrollment.sessionFull`.
 */
const en = {
  ...commonEn,
  auth: authEn,
  billing: billingEn,
  duty: dutyEn,
  enrollment: enrollmentEn,
  family: familyEn,
  feed: feedEn,
  fields: fieldsEn,
  incidents: incidentsEn,
  medication: medicationEn,
  forms: formsEn,
  health: healthEn,
  messages: messagesEn,
  passes: passesEn,
  sessions: sessionsEn,
} as const;
const es = {
  ...commonEs,
  auth: authEs,
  billing: billingEs,
  duty: dutyEs,
  enrollment: enrollmentEs,
  family: familyEs,
  feed: feedEs,
  fields: fieldsEs,
  incidents: incidentsEs,
  medication: medicationEs,
  forms: formsEs,
  health: healthEs,
  messages: messagesEs,
  passes: passesEs,
  sessions: sessionsEs,
};

/** The message files, for their tests. */
export const apiErrorMessages = { en, es } as const;

/** Every error code the API answers with. */
export type ApiErrorCode = PluralBase<Leaves<typeof en>>;
/** An error's parameters: the parts its sentence names (`count` chooses a plural). */
export type ApiErrorParams = MessageParams;

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
// `{{date, policyDate}}`: an ISO date written out in the sentence's language ("Friday, January 2, 2026";
// "viernes, 2 de enero de 2026"), as the family's pages and mails write it.
translator.services.formatter?.add('policyDate', (value: unknown, lng: string | undefined) =>
  formatPolicyDate(String(value), lng === 'es' ? 'es-US' : 'en-US'),
);
const fixed: Record<Language, TFunction> = {
  en: translator.getFixedT('en'),
  es: translator.getFixedT('es'),
};

/** Every code of the English files (a plural's code without its `_one`/`_other`). */
const codes = new Set<string>();
(function collect(tree: object, prefix: string) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') codes.add(`${prefix}${key}`.replace(/_(one|other)$/, ''));
    else collect(value, `${prefix}${key}.`);
  }
})(en, '');

/** Whether `text` is one of the codes of the message files. */
export function isApiErrorCode(text: string): text is ApiErrorCode {
  return codes.has(text);
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

/**
 * A message as a person reads it, in `language`: a code (with its parameters, or a field message's
 * `code|{json}` from {@link fieldMessage}) becomes its sentence; any other text (a sentence the server already
 * wrote in the caller's language) is shown as it is.
 */
export function messageSentence(
  text: string,
  language: string | null | undefined,
  params?: ApiErrorParams,
): string {
  const field = readFieldMessage(text);
  if (field) return apiErrorSentence(field.code, { ...params, ...field.params }, language);
  return isApiErrorCode(text) ? apiErrorSentence(text, params, language) : text;
}
