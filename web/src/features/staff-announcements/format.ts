import { dateTimeFormat } from '@lc/contract';
import { CENTER_TIME_ZONE } from '../class-sessions/format';

/** "Nov 23, 2026, 9:00 AM" on the center's clock (CENTER_TIMEZONE), for an ISO instant. */
export function formatInstant(iso: string): string {
  return dateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));
}

/** The center's time zone as people say it, e.g. "Pacific Time" (falls back to the IANA name). */
export function centerZoneName(): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: CENTER_TIME_ZONE, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName');
  return parts?.value ?? CENTER_TIME_ZONE;
}
