/**
 * How session dates, money and seats read to people. Dates are shown in the center's time zone
 * (America/Los_Angeles): registration window bounds are instants (ISO timestamps), so they are converted;
 * session start and end are calendar dates ("2026-01-12"), so they are shown as the same calendar day
 * everywhere (read as UTC midnight and formatted in UTC, which never shifts the day).
 *
 * The sentences (registration windows, seats, actions) are in the language shown now (issue 14: messages
 * `enroll.session.*`, dates with `intlLocale()`). `formatDay` and `formatDateRange` take a `locale`, US
 * English unless given, as staff pages stay English; the families' pages pass `intlLocale()`.
 */
import type { ClassSession } from '@lc/contract';
import { dateTimeFormat } from '@lc/contract';
import { i18n } from '../../i18n/i18n.ts';
import { intlLocale } from '../../i18n/intl-locale.ts';

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

/**
 * "Jan 5", or "Jan 5, 2027" when the year is not the current one; `withYear` forces either way. In `locale`
 * (default US English), e.g. 'es-US': "5 ene", "5 ene 2027".
 */
export function formatDay(
  iso: string,
  options: { withYear?: boolean; now?: Date; locale?: string } = {},
): string {
  const { date, timeZone } = parse(iso);
  const now = options.now ?? new Date();
  const withYear = options.withYear ?? yearOf(date, timeZone) !== yearOf(now, CENTER_TIME_ZONE);
  return dateTimeFormat(options.locale ?? 'en-US', {
    month: 'short',
    day: 'numeric',
    year: withYear ? 'numeric' : undefined,
    timeZone,
  }).format(date);
}

/** "Jan 12 – May 29, 2026" (the year once when both ends share it), in `locale` (default US English). */
export function formatDateRange(startIso: string, endIso: string, locale = 'en-US'): string {
  const start = parse(startIso);
  const end = parse(endIso);
  const sameYear = yearOf(start.date, start.timeZone) === yearOf(end.date, end.timeZone);
  const first = formatDay(startIso, { withYear: !sameYear, locale });
  return `${first} – ${formatDay(endIso, { withYear: true, locale })}`;
}

/** Whether an ISO timestamp or date lies after `now`. */
function isFuture(iso: string, now: Date): boolean {
  return parse(iso).date.getTime() > now.getTime();
}

/**
 * The registration windows as sentences in the language shown now, e.g.
 * 'Priority registration: Jan 5 – Jan 9 for returning families', 'General registration opens Jan 12'.
 */
export function registrationWindowLines(session: ClassSession, now: Date = new Date()): string[] {
  const t = i18n.t;
  const locale = intlLocale();
  const day = (iso: string) => formatDay(iso, { now, locale });
  const lines: string[] = [];
  const { priorityRegistrationStartDate: ps, priorityRegistrationEndDate: pe } = session;
  const { registrationStartDate: rs, registrationEndDate: re } = session;
  if (ps && pe) {
    lines.push(t('enroll.session.priorityWindow', { start: day(ps), end: day(pe) }));
  } else if (ps) {
    lines.push(t('enroll.session.priorityOpens', { date: day(ps) }));
  }
  if (rs && isFuture(rs, now)) {
    lines.push(t('enroll.session.generalOpens', { date: day(rs) }));
  } else if (rs && re) {
    lines.push(t('enroll.session.generalWindow', { start: day(rs), end: day(re) }));
  } else if (rs) {
    lines.push(t('enroll.session.generalOpened', { date: day(rs) }));
  }
  return lines;
}

/** 'Only 2 seats left' when few remain; nothing for sessions where seats do not apply. */
export function seatsLeftText(session: ClassSession): string | null {
  if (session.registrationState === 'Closed' || session.registrationState === 'WaitlistOnly') return null;
  const count = session.seatsLeft;
  if (count <= 0) return i18n.t('enroll.session.noSeatsLeft');
  return count <= 3
    ? i18n.t('enroll.session.fewSeatsLeft', { count })
    : i18n.t('enroll.session.seatsLeft', { count });
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
  const t = i18n.t;
  const waitlistHasRoom = session.waitlistActive && session.waitlistSpotsLeft > 0;
  switch (session.registrationState) {
    case 'Open':
      return { enroll: true, waitlist: false, status: null };
    case 'PriorityOpen':
      return { enroll: true, waitlist: false, status: t('enroll.session.statusPriorityOpen') };
    case 'Upcoming': {
      const opens = [session.priorityRegistrationStartDate, session.registrationStartDate]
        .filter((iso): iso is string => Boolean(iso))
        .sort((a, b) => parse(a).date.getTime() - parse(b).date.getTime())[0];
      return {
        enroll: false,
        waitlist: false,
        status: opens
          ? t('enroll.session.statusOpens', { date: formatDay(opens, { now, locale: intlLocale() }) })
          : t('enroll.session.statusOpensSoon'),
      };
    }
    case 'Full':
      return waitlistHasRoom
        ? { enroll: false, waitlist: true, status: t('enroll.session.statusFullWaitlist') }
        : { enroll: false, waitlist: false, status: t('enroll.session.statusFull') };
    case 'WaitlistOnly':
      return waitlistHasRoom
        ? { enroll: false, waitlist: true, status: t('enroll.session.statusWaitlistOnly') }
        : { enroll: false, waitlist: false, status: t('enroll.session.statusWaitlistFull') };
    case 'Closed':
      return { enroll: false, waitlist: false, status: t('enroll.session.statusClosed') };
  }
}

/** An age in months in words, in the language shown now: "3½", "5", "4 years 2 months" (contract `describeAgeMonths`). */
function ageInWords(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (rest === 0) return i18n.t('enroll.session.ageWhole', { count: years });
  if (rest === 6) return i18n.t('enroll.session.ageHalf', { years });
  return i18n.t('enroll.session.ageYearsMonths', {
    years: i18n.t('enroll.session.years', { count: years }),
    months: i18n.t('enroll.session.months', { count: rest }),
  });
}

/**
 * A session's age limits on the first day ("Ages 3½–5 on the first day", "Ages 5 and up on the first day",
 * "Up to age 5 on the first day"), or null without limits: the contract's `describeAgeRange`, capitalised,
 * in the language shown now. The upper limit is inclusive in whole years.
 */
export function ageLimitsText(minAgeMonths: number | null, maxAgeMonths: number | null): string | null {
  const max =
    maxAgeMonths === null
      ? null
      : i18n.t('enroll.session.ageWhole', { count: Math.floor(maxAgeMonths / 12) });
  if (minAgeMonths !== null && max !== null)
    return i18n.t('enroll.session.agesRange', { min: ageInWords(minAgeMonths), max });
  if (minAgeMonths !== null) return i18n.t('enroll.session.agesFrom', { min: ageInWords(minAgeMonths) });
  if (max !== null) return i18n.t('enroll.session.agesUpTo', { max });
  return null;
}

/** The center's calendar date (YYYY-MM-DD) at `now`: what "today" means for a plan's dates and a due date. */
export function centerToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: CENTER_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
