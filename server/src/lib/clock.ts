/**
 * Time for use cases: injected so tests can move it, read in the center's time zone so "today" is the
 * center's today, not the server's (a server in UTC is already "tomorrow" at 5 pm in California).
 */
export type Clock = {
  now: () => Date;
  /** The center's calendar date for `at` (default now), "YYYY-MM-DD". */
  today: (at?: Date) => string;
  /** The center's IANA time zone (CENTER_TIMEZONE), e.g. "America/Los_Angeles". */
  timeZone: string;
};

export function createClock(timeZone: string, now: () => Date = () => new Date()): Clock {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return { now, today: (at = now()) => format.format(at), timeZone };
}
