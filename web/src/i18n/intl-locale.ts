/**
 * Dates, money and lists in the visitor's language (issue 14): the `Intl` locale of the language being
 * shown. Spanish is `es-US`, Spanish as written in the United States: "24 de noviembre de 2026", "8:33 p.m."
 * and dollars as "$1,234.50", the way a family here reads them. The formatters in `@lc/contract`'s `intl.ts`
 * key their results by locale, so a page the server rendered in Spanish replays Spanish results.
 */
import { formatCents } from '@lc/contract';
import { i18n } from './i18n';

export type IntlLocale = 'en-US' | 'es-US';

/** The `Intl` locale for the language shown now (call it while rendering: a language switch re-renders). */
export function intlLocale(): IntlLocale {
  return i18n.language === 'es' ? 'es-US' : 'en-US';
}

/** Cents as dollars in the language shown now, e.g. "$1,234.50" (spec §3: money is integer cents). */
export function formatMoney(cents: number): string {
  return formatCents(cents, intlLocale());
}
