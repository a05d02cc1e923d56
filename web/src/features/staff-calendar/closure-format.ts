/**
 * How the center's calendar reads in English (issue 24): the days a closure covers and its dismissal time.
 * Dates are the center's calendar dates ("YYYY-MM-DD"), formatted as dates (no time zone shift).
 */
import { type Closure, dateTimeFormat } from '@lc/contract';

const longDay = dateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const asDate = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** "Thursday, November 26, 2026", or "Thu, Nov 26 – Fri, Nov 27, 2026" for several days. */
export function formatClosureDays(closure: Pick<Closure, 'startsOn' | 'endsOn'>): string {
  if (closure.startsOn === closure.endsOn) return longDay.format(asDate(closure.startsOn));
  return shortDay.formatRange(asDate(closure.startsOn), asDate(closure.endsOn));
}

/** "11:00 AM" from the center's wall clock "11:00". */
export function formatDismissal(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Closed" or "Home at 11:00 AM": what the day is, in words. */
export function closureWhat(closure: Pick<Closure, 'kind' | 'dismissAt'>): string {
  return closure.kind === 'Closed' ? 'Closed' : `Home at ${formatDismissal(closure.dismissAt ?? '')}`;
}
