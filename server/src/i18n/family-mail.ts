/**
 * Building blocks of the emails and text messages a family receives, in the family's language (issue 14,
 * decision 015): the sign-off, names joined into a list, money, dates and clock times. English is written
 * exactly as the mails always were; Spanish uses US Spanish (`es-US`: "24 de noviembre de 2026", "$1,234.50").
 * The words themselves live in `locales/{en,es}.json` (`mailT`).
 */
import { dateTimeFormat, formatCents, formatPolicyDate, listFormat } from '@lc/contract';
import { type MailT, mailT } from './mail-i18n.ts';

export { type MailT, mailT };

/** The center's name, the same in both languages. */
export const CENTER = 'Bright Oak Learning Center';

/** A family's language: 'es' or, for anything else (a missing or unknown value), 'en'. */
export type MailLanguage = 'en' | 'es';
export const mailLanguage = (language: string | null | undefined): MailLanguage =>
  language === 'es' ? 'es' : 'en';

/** The `Intl` locale of a family's language. */
export const mailLocale = (language: string | null | undefined): string =>
  mailLanguage(language) === 'es' ? 'es-US' : 'en-US';

/** Paragraphs of a family's mail, then "— The Bright Oak Learning Center team" in its language. */
export function familyText(t: MailT, ...paragraphs: string[]): string {
  return `${paragraphs.join('\n\n')}\n\n${t('signOff', { center: CENTER })}\n`;
}

/** Cents as dollars: "$1,234.50" in both languages (US Spanish writes dollars the same way). */
export const moneyIn = (cents: number, language: string | null | undefined): string =>
  formatCents(cents, mailLocale(language));

/**
 * Names as one phrase: "Maya", "Maya and Theo", "Maya, Theo and Ava" (English, without the serial comma, as
 * the mails always wrote them); "Maya y Theo", "Maya, Theo e Isabel" (Spanish). `none` when there are none.
 */
export function namesIn(
  language: string | null | undefined,
  names: ReadonlyArray<string>,
  none = '',
): string {
  if (names.length === 0) return none;
  if (mailLanguage(language) === 'es')
    return listFormat('es-US', { style: 'long', type: 'conjunction' }).format(names);
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "Friday, November 20, 2026" / "viernes, 20 de noviembre de 2026" for an ISO calendar date. */
export function longDateIn(isoDate: string, language: string | null | undefined): string {
  return formatPolicyDate(isoDate, mailLocale(language));
}

/** "Tuesday, November 24 at 12:36 PM" / "martes, 24 de noviembre, 12:36 p.m." in `timeZone`. */
export function dayAndTimeIn(at: Date, timeZone: string, language: string | null | undefined): string {
  return dateTimeFormat(mailLocale(language), {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/** "August 31, 2027" / "31 de agosto de 2027" in `timeZone`. */
export function calendarDateIn(at: Date, timeZone: string, language: string | null | undefined): string {
  return dateTimeFormat(mailLocale(language), {
    timeZone,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(at);
}

/** "8:31 AM" / "8:31 a.m." in `timeZone`. */
export function clockTimeIn(at: Date, timeZone: string, language: string | null | undefined): string {
  return dateTimeFormat(mailLocale(language), { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
}
