/**
 * How pickup passes and attendance read to a family (issue 11): dates and times in the center's time zone,
 * the pass statuses and the ways the door recorded a drop-off or pickup.
 */
import { type AttendanceRecord, dateTimeFormat, type PassStatus } from '@lc/contract';
import { CENTER_TIME_ZONE } from '../class-sessions/format.ts';

/** "November 20, 2027" for an instant (ISO), in the center's time zone. */
export function longDay(iso: string): string {
  return dateTimeFormat('en-US', { dateStyle: 'long', timeZone: CENTER_TIME_ZONE }).format(new Date(iso));
}

/** "Tue, Nov 17, 2026" for an instant (ISO), in the center's time zone. */
export function shortDay(iso: string): string {
  return dateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));
}

/** "8:31 AM" for an instant (ISO), in the center's time zone. */
export function clockTime(iso: string): string {
  return dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: CENTER_TIME_ZONE }).format(
    new Date(iso),
  );
}

/** Filled dark shades only: white text on them passes 4.5:1 in both themes. */
export const passStatusColor: Record<PassStatus, string> = {
  Active: 'oak.8',
  Paused: 'honey.9',
  Expired: 'gray.7',
  Revoked: 'gray.7',
};

/** What a family calls each status. */
export const passStatusLabel: Record<PassStatus, string> = {
  Active: 'Active',
  Paused: 'Paused',
  Expired: 'Expired',
  Revoked: 'Revoked',
};

/** "Maya", "Maya and Leo", "Maya, Leo and Ana"; `fallback` when there are none. */
export function joinFirstNames(names: readonly string[], fallback = 'your children'): string {
  if (names.length === 0) return fallback;
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "Dropped off by Rosa Rivera" / "Picked up by Rosa Rivera" ("Dropped off" when no adult was named). */
export function eventLine(record: Pick<AttendanceRecord, 'kind' | 'adultName'>): string {
  const verb = record.kind === 'CheckIn' ? 'Dropped off' : 'Picked up';
  return record.adultName ? `${verb} by ${record.adultName}` : verb;
}

const METHOD_WORDS = { Pass: 'Pass scanned', Code: 'Code typed', Staff: 'By staff' } as const;

/**
 * How the door recorded it: "Pass scanned", "Code typed, PIN entered", "Pass scanned, photo checked by Ana
 * Ruiz", "By staff (Ana Ruiz)".
 */
export function methodLine(record: Pick<AttendanceRecord, 'method' | 'secondFactor' | 'staffName'>): string {
  const how: string = METHOD_WORDS[record.method];
  if (record.method === 'Staff') return record.staffName ? `${how} (${record.staffName})` : how;
  if (record.secondFactor === 'Pin') return `${how}, PIN entered`;
  if (record.secondFactor === 'Photo') {
    return record.staffName ? `${how}, photo checked by ${record.staffName}` : `${how}, photo checked`;
  }
  return how;
}

/** The code from a `/pass#<code>` link: the fragment without its '#', decoded; '' when there is none. */
export function codeFromHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}
