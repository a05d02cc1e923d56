/**
 * Field messages in the reader's language (issue 14, issue 22 item 3). The contract's schemas say what is
 * wrong with a field as a code of its message files (contract/src/field-message.ts), in the browser's checks;
 * the server's 400 `fields` arrive already written in the page's language (`Accept-Language`). Either way the
 * field shows {@link messageSentence} of it: a code becomes its sentence from the contract's files, a
 * sentence stays as it is.
 */
import { messageSentence } from '@lc/contract';
import { useTranslation } from 'react-i18next';

/** `(message) => message in the current language`, for a form's `error={…}` props. */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { i18n } = useTranslation();
  return (message) => (message === undefined ? undefined : messageSentence(message, i18n.language));
}
