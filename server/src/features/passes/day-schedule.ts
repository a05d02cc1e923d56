/**
 * Reading a session's `daySchedule` text (spec §3 ClassSession; written by staff as "Monday to Friday,
 * 8:30 am – 12:30 pm") for the door (issue 11): which weekdays the session meets and its hours, so the kiosk
 * knows today's sessions and the board knows when a pickup is late. Text that cannot be read gives what
 * could be read: no days → every weekday in the session's dates; no hours → no late-pickup warning.
 */

/** Day words and their weekday (0 = Sunday): names, plurals and common short forms. */
const DAY_WORDS: Record<string, number> = {};
for (const [index, names] of [
  ['sunday', 'sun'],
  ['monday', 'mon'],
  ['tuesday', 'tue', 'tues'],
  ['wednesday', 'wed', 'weds'],
  ['thursday', 'thu', 'thur', 'thurs'],
  ['friday', 'fri'],
  ['saturday', 'sat'],
].entries()) {
  for (const name of names) DAY_WORDS[name] = index;
  DAY_WORDS[`${names[0]}s`] = index;
}

export type DaySchedule = {
  /** Weekdays the session meets, 0 = Sunday … 6 = Saturday. */
  days: Set<number>;
  /** Start and end of the day's session in minutes after midnight, when given. */
  startMinutes: number | null;
  endMinutes: number | null;
};

function dayIndex(word: string): number {
  return DAY_WORDS[word] ?? -1;
}

/** Minutes after midnight of "8:30 am", "12 pm", "15:30"; null when not a time. */
function minutesOf(hour: string, minute: string | undefined, meridiem: string | undefined): number | null {
  let h = Number(hour);
  const m = minute ? Number(minute) : 0;
  if (h > 23 || m > 59) return null;
  const mer = meridiem?.toLowerCase().replace(/\./g, '');
  if (mer === 'pm' && h < 12) h += 12;
  if (mer === 'am' && h === 12) h = 0;
  return h * 60 + m;
}

/** Parse a day schedule; see the module comment for what unreadable parts become. */
export function parseDaySchedule(text: string): DaySchedule {
  const lower = text.toLowerCase();
  const days = new Set<number>();
  if (/\b(weekdays?|every weekday|monday\s*(?:-|–|to|through)\s*friday)\b/.test(lower)) {
    for (const d of [1, 2, 3, 4, 5]) days.add(d);
  }
  if (/\b(daily|every day)\b/.test(lower)) for (let d = 0; d < 7; d += 1) days.add(d);
  // Ranges such as "Tuesday to Thursday" or "Mon–Wed".
  const range = /\b([a-z]{3,9})\s*(?:-|–|to|through|thru)\s*([a-z]{3,9})\b/g;
  for (const m of lower.matchAll(range)) {
    const from = dayIndex(m[1]!);
    const to = dayIndex(m[2]!);
    if (from >= 0 && to >= 0) {
      for (let d = from; ; d = (d + 1) % 7) {
        days.add(d);
        if (d === to) break;
      }
    }
  }
  for (const word of lower.match(/\b[a-z]{3,10}\b/g) ?? []) {
    const d = dayIndex(word);
    if (d >= 0) days.add(d);
  }
  if (days.size === 0) for (const d of [1, 2, 3, 4, 5]) days.add(d);

  const times = [...lower.matchAll(/\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?(?=[\s,–-]|$)/g)].filter(
    (m) => m[2] !== undefined || m[3] !== undefined,
  );
  let startMinutes: number | null = null;
  let endMinutes: number | null = null;
  if (times.length >= 2) {
    const [a, b] = [times[0]!, times[1]!];
    // "1:00 – 3:00 pm": the first time takes the second's am/pm when it has none.
    const endMer = b[3];
    const startMer = a[3] ?? endMer;
    startMinutes = minutesOf(a[1]!, a[2], startMer);
    endMinutes = minutesOf(b[1]!, b[2], endMer);
    if (startMinutes !== null && endMinutes !== null && endMinutes <= startMinutes && !a[3]) {
      startMinutes = minutesOf(a[1]!, a[2], 'am');
    }
  }
  return { days, startMinutes, endMinutes };
}

/** The grace after the session's end before a pickup is late, read from the late-pickup policy ("10-minute grace"). */
export function graceMinutes(policyText: string | null | undefined): number {
  const match = /(\d{1,3})[\s-]*min(?:ute)?s?\b[^.<]{0,40}grace|grace[^.<]{0,40}?(\d{1,3})[\s-]*min/i.exec(
    policyText ?? '',
  );
  const value = Number(match?.[1] ?? match?.[2] ?? Number.NaN);
  return Number.isFinite(value) ? value : DEFAULT_GRACE_MINUTES;
}

/** Grace when the center's late-pickup policy names none. */
export const DEFAULT_GRACE_MINUTES = 10;

/** Minutes after midnight as the center's wall clock "HH:MM" (a schedule's start or end). */
export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
