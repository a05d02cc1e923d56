/**
 * Times of the medication log (issue 26), on the center's clock in the reader's language: "Fri, Nov 20,
 * 9:45 AM" for a dose, "November 2, 2026" for the day an authorization was signed.
 */
import { dateTimeFormat } from '@lc/contract';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { CENTER_TIME_ZONE } from '../class-sessions/format.ts';

/** "Fri, Nov 20, 9:45 AM" of an instant on the center's clock. */
export function doseWhen(iso: string): string {
  return dateTimeFormat(intlLocale(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));
}

/** "November 2, 2026": the center's calendar day of an instant. */
export function signedDay(iso: string): string {
  return dateTimeFormat(intlLocale(), {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));
}
