/**
 * Field messages in the visitor's language (issue 14). The contract's schemas speak English (the spec's
 * exact texts, spec §5), in the browser's checks and in the API's 400 `fields` alike; the browser shows
 * them through a `fieldMessages` section of the message files (`fieldMessages.*` for the account forms,
 * `portal.fieldMessages.*`, `family.fieldMessages.*`, `enroll.fieldMessages.*`), found by their English text. A message with no entry
 * shows as it is (English); `locales.test.ts` and each part's tests check the entries against the contract.
 */
import { useTranslation } from 'react-i18next';
import { messages } from './i18n';

/** English text → dotted key, from every part's `fieldMessages` section. */
const keyByEnglish = new Map<string, string>();
for (const [prefix, section] of [
  ['fieldMessages', messages.en.fieldMessages],
  ['portal.fieldMessages', (messages.en.portal as { fieldMessages?: Record<string, string> }).fieldMessages],
  ['family.fieldMessages', (messages.en.family as { fieldMessages?: Record<string, string> }).fieldMessages],
  ['enroll.fieldMessages', (messages.en.enroll as { fieldMessages?: Record<string, string> }).fieldMessages],
] as const)
  for (const [key, text] of Object.entries(section ?? {})) keyByEnglish.set(text, `${prefix}.${key}`);

/** The dotted message key of a contract message (its exact English text), e.g. 'fieldMessages.emailInvalid'. */
export function fieldMessageKey(message: string): string | undefined {
  return keyByEnglish.get(message);
}

/** `(message) => message in the current language`, for a form's `error={…}` props. */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined) return undefined;
    const key = fieldMessageKey(message);
    // The key came from the message files themselves, so it exists in both languages.
    return key ? (t(key as 'fieldMessages.fieldRequired') as string) : message;
  };
}
