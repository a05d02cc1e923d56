/**
 * Field messages in the visitor's language (issue 14). The contract's schemas speak English (the spec's
 * exact texts, spec §5), in the browser's checks and in the API's 400 `fields` alike; the browser shows
 * them through `fieldMessages.*` in `locales/{en,es}.json`, found by their English text. A message with
 * no entry shows as it is (English), and `locales.test.ts` checks the entries against the contract.
 */
import { useTranslation } from 'react-i18next';
import en from './locales/en.json';

type FieldMessageKey = keyof typeof en.fieldMessages;

const keyByEnglish = new Map<string, FieldMessageKey>(
  (Object.entries(en.fieldMessages) as Array<[FieldMessageKey, string]>).map(([key, text]) => [text, key]),
);

/** The `fieldMessages` key of a contract message (its exact English text), if it has one. */
export function fieldMessageKey(message: string): FieldMessageKey | undefined {
  return keyByEnglish.get(message);
}

/** `(message) => message in the current language`, for a form's `error={…}` props. */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined) return undefined;
    const key = fieldMessageKey(message);
    return key ? t(`fieldMessages.${key}`) : message;
  };
}
