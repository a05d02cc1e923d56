/**
 * Dates and times of the day's feed (issue 25), on the center's clock in the reader's language: a day's
 * heading ("Friday, November 20"), a clock time ("8:31 AM"), and rest times kept as minutes after midnight
 * ("12:30" in a time field).
 */
import { dateTimeFormat } from '@lc/contract';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { CENTER_TIME_ZONE } from '../class-sessions/format.ts';

/** "Friday, November 20" of an ISO calendar day, in the reader's language. */
export function dayHeading(day: string): string {
  return dateTimeFormat(intlLocale(), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** "8:31 AM" of an instant on the center's clock, in the reader's language. */
export function clockOf(iso: string): string {
  return dateTimeFormat(intlLocale(), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));
}

/** "12:30 PM" of minutes after midnight (a wall time), in the reader's language. */
export function minuteClock(minutes: number): string {
  return dateTimeFormat(intlLocale(), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60)),
  );
}

/** "12:30" (a time field's value) of minutes after midnight; '' for none. */
export function minutesToField(minutes: number | null): string {
  if (minutes === null) return '';
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes after midnight of a time field's "HH:MM"; null when empty or unreadable. */
export function fieldToMinutes(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  return h < 24 && m < 60 ? h * 60 + m : null;
}
