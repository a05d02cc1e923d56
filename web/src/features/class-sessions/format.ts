/**
 * How session dates, money and seats read to people. Dates are shown in the center's time zone
 * (America/Los_Angeles): registration window bounds are instants (ISO timestamps), so they are converted;
 * session start and end are calendar dates ("2026-01-12"), so they are shown as the same calendar day
 * everywhere (read as UTC midnight and formatted in UTC, which never shifts the day).
 */
import type { ClassSession } from '@lc/contract';
import { dateTimeFormat } from '@lc/contract';

export const CENTER_TIME_ZONE = 'America/Los_Angeles';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parse(iso: string): { date: Date; timeZone: string } {
  if (DATE_ONLY.test(iso)) return { date: new Date(`${iso}T00:00:00Z`), timeZone: 'UTC' };
  return { date: new Date(iso), timeZone: CENTER_TIME_ZONE };
}

/** Every time zone's offset is a whole number of quarter hours, so a year never turns inside one. */
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The year of `date` in `timeZone`. A calendar date (UTC) needs no `Intl`; an instant is read at the start of
 * its quarter hour (the same year), so the server's render and the browser's hydration format the same
 * value and the browser replays the server's result (contract intl.ts) instead of starting `Intl`.
 */
function yearOf(date: Date, timeZone: string): string {
  if (timeZone === 'UTC') return String(date.getUTCFullYear());
  const quarterHour = Math.floor(date.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  return dateTimeFormat('en-US', { year: 'numeric', timeZone }).format(quarterHour);
}

/** "Jan 5", or "Jan 5, 2027" when the year is not the current one; `withYear` forces either way. */
export function formatDay(iso: string, options: { withYear?: boolean; now?: Date } = {}): string {
  const { date, timeZone } = parse(iso);
  const now = options.now ?? new Date();
  const withYear = options.withYear ?? yearOf(date, timeZone) !== yearOf(now, CENTER_TIME_ZONE);
  return dateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: withYear ? 'numeric' : undefined,
    timeZone,
  }).format(date);
}

/** "Jan 12 – May 29, 2026" (the year once when both ends share it). */
export function formatDateRange(startIso: string, endIso: string): string {
  const start = parse(startIso);
  const end = parse(endIso);
  const sameYear = yearOf(start.date, start.timeZone) === yearOf(end.date, end.timeZone);
  const first = formatDay(startIso, { withYear: !sameYear });
  return `${first} – ${formatDay(endIso, { withYear: true })}`;
}

/** Whether an ISO timestamp or date lies after `now`. */
function isFuture(iso: string, now: Date): boolean {
  return parse(iso).date.getTime() > now.getTime();
}

/**
 * The registration windows as sentences, e.g.
 * 'Priority registration: Jan 5 – Jan 9 for returning families', 'General registration opens Jan 12'.
 */
export function registrationWindowLines(session: ClassSession, now: Date = new Date()): string[] {
  const lines: string[] = [];
  const { priorityRegistrationStartDate: ps, priorityRegistrationEndDate: pe } = session;
  const { registrationStartDate: rs, registrationEndDate: re } = session;
  if (ps && pe) {
    lines.push(
      `Priority registration: ${formatDay(ps, { now })} – ${formatDay(pe, { now })} for returning families`,
    );
  } else if (ps) {
    lines.push(`Priority registration for returning families opens ${formatDay(ps, { now })}`);
  }
  if (rs && isFuture(rs, now)) {
    lines.push(`General registration opens ${formatDay(rs, { now })}`);
  } else if (rs && re) {
    lines.push(`General registration: ${formatDay(rs, { now })} – ${formatDay(re, { now })}`);
  } else if (rs) {
    lines.push(`General registration opened ${formatDay(rs, { now })}`);
  }
  return lines;
}

/** 'Only 2 seats left' when few remain; nothing for sessions where seats do not apply. */
export function seatsLeftText(session: ClassSession): string | null {
  if (session.registrationState === 'Closed' || session.registrationState === 'WaitlistOnly') return null;
  const n = session.seatsLeft;
  if (n <= 0) return 'No seats left';
  const seats = n === 1 ? 'seat' : 'seats';
  return n <= 3 ? `Only ${n} ${seats} left` : `${n} ${seats} left`;
}

/** Whether a session has few seats left (used to draw attention to the seats line). */
export function isFewSeats(session: ClassSession): boolean {
  return session.seatsLeft > 0 && session.seatsLeft <= 3;
}

/** ISO dates ("2026-12-17") sort as plain strings; no collator (starting one costs a phone ~40 ms). */
function compareIsoDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sessions in the order people read a calendar: earliest start first, then by name. */
export function sortByStartDate(sessions: readonly ClassSession[]): ClassSession[] {
  return [...sessions].sort(
    (a, b) => compareIsoDates(a.sessionStartDate, b.sessionStartDate) || a.name.localeCompare(b.name),
  );
}

export type SessionActions = {
  /** Show 'Enroll Now' (→ /sessions/{id}/enroll). */
  enroll: boolean;
  /** Show 'Join the Waitlist' (→ /sessions/{id}/waitlist). */
  waitlist: boolean;
  /** A sentence saying where registration stands, e.g. 'Registration opens Jan 12'. */
  status: string | null;
};

/**
 * What a family can do with a session now, from the server's `registrationState`:
 * Enroll Now while Open or PriorityOpen; Join the Waitlist while Full or WaitlistOnly when the waitlist
 * is active and has room; otherwise a status line.
 */
export function sessionActions(session: ClassSession, now: Date = new Date()): SessionActions {
  const waitlistHasRoom = session.waitlistActive && session.waitlistSpotsLeft > 0;
  switch (session.registrationState) {
    case 'Open':
      return { enroll: true, waitlist: false, status: null };
    case 'PriorityOpen':
      return {
        enroll: true,
        waitlist: false,
        status: 'Priority registration is open for returning families',
      };
    case 'Upcoming': {
      const opens = [session.priorityRegistrationStartDate, session.registrationStartDate]
        .filter((iso): iso is string => Boolean(iso))
        .sort((a, b) => parse(a).date.getTime() - parse(b).date.getTime())[0];
      return {
        enroll: false,
        waitlist: false,
        status: opens ? `Registration opens ${formatDay(opens, { now })}` : 'Registration opens soon',
      };
    }
    case 'Full':
      return waitlistHasRoom
        ? {
            enroll: false,
            waitlist: true,
            status: 'This session is full — join the waitlist for the next open seat',
          }
        : { enroll: false, waitlist: false, status: 'This session is full' };
    case 'WaitlistOnly':
      return waitlistHasRoom
        ? { enroll: false, waitlist: true, status: 'Places are offered from the waitlist' }
        : { enroll: false, waitlist: false, status: 'The waitlist is full right now' };
    case 'Closed':
      return { enroll: false, waitlist: false, status: 'Registration is closed' };
  }
}
