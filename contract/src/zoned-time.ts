/**
 * Wall-clock times in the center's time zone (CENTER_TIMEZONE) and the instants they name, through dayjs's
 * `utc` and `timezone` plugins (IANA zones from the platform's `Intl`). Staff type registration windows as
 * the center's local time ("2027-01-04T09:00"); the API stores instants. A separate entry point
 * (`@lc/contract/zoned-time`) so dayjs stays out of the public pages' code.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const WALL = 'YYYY-MM-DDTHH:mm';

/** `"2027-01-04T09:00"` (a `datetime-local` value) in `timeZone` → ISO instant, or null when not a time. */
export function wallTimeToInstant(wallTime: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(wallTime)) return null;
  const parsed = dayjs.tz(wallTime, WALL, timeZone);
  return parsed.isValid() ? parsed.toISOString() : null;
}

/** ISO instant → `"2027-01-04T09:00"` in `timeZone` (for a `datetime-local` field). */
export function instantToWallTime(iso: string, timeZone: string): string {
  return dayjs(iso).tz(timeZone).format(WALL);
}

/**
 * The same wall-clock time `days` calendar days later in `timeZone` (9:00 stays 9:00 across a daylight
 * saving change). Used to move a session's registration windows to the next term.
 */
export function shiftInstantByDays(iso: string, days: number, timeZone: string): string {
  const wall = dayjs(iso).tz(timeZone).format(WALL);
  const shifted = dayjs(`${wall.slice(0, 10)}T00:00`)
    .add(days, 'day')
    .format('YYYY-MM-DD');
  return dayjs.tz(`${shifted}${wall.slice(10)}`, WALL, timeZone).toISOString();
}

/** Whole calendar days from ISO date `from` to ISO date `to` ("2026-01-05" → "2026-04-06": 91). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** ISO date `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar date "YYYY-MM-DD" in `timeZone` of the instant `at` (a Date or an ISO instant). */
export function instantToDate(at: Date | string, timeZone: string): string {
  return dayjs(at).tz(timeZone).format('YYYY-MM-DD');
}
