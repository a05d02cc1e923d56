/**
 * Times of incident reports (issue 26), on the center's clock in the reader's language: "Friday, November 20,
 * 9:40 AM", and the wall clock a `datetime-local` field holds ("2026-11-20T09:40").
 */
import { dateTimeFormat } from '@lc/contract';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { CENTER_TIME_ZONE } from '../class-sessions/format.ts';

/** "Friday, November 20, 9:40 AM" of an instant on the center's clock. */
export function incidentWhen(iso: string): string {
  return dateTimeFormat(intlLocale(), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));
}

/** "Nov 20, 9:40 AM": the short form for lists. */
export function incidentShortWhen(iso: string): string {
  return dateTimeFormat(intlLocale(), {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));
}

/** The center's wall clock of `at` as a `datetime-local` value ("2026-11-20T09:40"). */
export function wallClockOf(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: CENTER_TIME_ZONE,
    })
      .formatToParts(at)
      .map((p: Intl.DateTimeFormatPart) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
