/**
 * How pickup passes and attendance read to a family (issue 11): dates and times in the center's time zone,
 * the pass statuses and the ways the door recorded a drop-off or pickup.
 */
import { type AttendanceRecord, dateTimeFormat, listFormat, type PassStatus } from '@lc/contract';
import { i18n } from '../../i18n/i18n.ts';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { CENTER_TIME_ZONE } from '../class-sessions/format.ts';

// Everything here speaks the language shown now (issue 14): call these while rendering.

/** "November 20, 2027" ("20 de noviembre de 2027") for an instant (ISO), in the center's time zone. */
export function longDay(iso: string): string {
  return dateTimeFormat(intlLocale(), { dateStyle: 'long', timeZone: CENTER_TIME_ZONE }).format(
    new Date(iso),
  );
}

/** "Tue, Nov 17, 2026" ("mar, 17 de nov de 2026") for an instant (ISO), in the center's time zone. */
export function shortDay(iso: string): string {
  return dateTimeFormat(intlLocale(), {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));
}

/** "8:31 AM" ("8:31 a.m.") for an instant (ISO), in the center's time zone. */
export function clockTime(iso: string): string {
  return dateTimeFormat(intlLocale(), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  }).format(new Date(iso));
}

/** Filled dark shades only: white text on them passes 4.5:1 in both themes. */
export const passStatusColor: Record<PassStatus, string> = {
  Active: 'oak.8',
  Paused: 'honey.9',
  Expired: 'gray.7',
  Revoked: 'gray.7',
};

const STATUS_KEYS = {
  Active: 'family.passStatus.active',
  Paused: 'family.passStatus.paused',
  Expired: 'family.passStatus.expired',
  Revoked: 'family.passStatus.revoked',
} as const satisfies Record<PassStatus, string>;

/** What a family calls each status ("Active", "Activo"). */
export function passStatusLabel(status: PassStatus): string {
  return i18n.t(STATUS_KEYS[status]);
}

/**
 * "Maya", "Maya and Leo", "Maya, Leo and Ana" ("Maya, Leo y Ana"); `fallback` when there are none
 * (default "your children").
 */
export function joinFirstNames(names: readonly string[], fallback?: string): string {
  if (names.length === 0) return fallback ?? i18n.t('family.common.yourChildren');
  if (names.length === 1) return names[0]!;
  // Spanish lists follow Intl (it also writes "e" before an "i" sound: "Mia e Isabel").
  if (i18n.language === 'es') return listFormat(intlLocale(), { type: 'conjunction' }).format(names);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "Dropped off by Rosa Rivera" / "Picked up by Rosa Rivera" ("Dropped off" when no adult was named). */
export function eventLine(record: Pick<AttendanceRecord, 'kind' | 'adultName'>): string {
  const name = record.adultName;
  if (record.kind === 'CheckIn')
    return name ? i18n.t('family.attendance.checkInBy', { name }) : i18n.t('family.attendance.checkIn');
  return name ? i18n.t('family.attendance.checkOutBy', { name }) : i18n.t('family.attendance.checkOut');
}

const METHOD_KEYS = {
  Pass: 'family.attendance.byPass',
  Code: 'family.attendance.byCode',
  Staff: 'family.attendance.byStaff',
} as const;

/**
 * How the door recorded it: "Pass scanned", "Code typed, PIN entered", "Pass scanned, photo checked by Ana
 * Ruiz", "By staff (Ana Ruiz)".
 */
export function methodLine(record: Pick<AttendanceRecord, 'method' | 'secondFactor' | 'staffName'>): string {
  const name = record.staffName;
  if (record.method === 'Staff')
    return name ? i18n.t('family.attendance.byStaffNamed', { name }) : i18n.t(METHOD_KEYS.Staff);
  const how = i18n.t(METHOD_KEYS[record.method]);
  if (record.secondFactor === 'Pin') return i18n.t('family.attendance.withPin', { how });
  if (record.secondFactor === 'Photo') {
    return name
      ? i18n.t('family.attendance.withPhotoBy', { how, name })
      : i18n.t('family.attendance.withPhoto', { how });
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
