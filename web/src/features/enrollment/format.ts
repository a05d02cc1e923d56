/**
 * How the enrollment pages put names, places and times into words, in the language shown now (issue 14:
 * messages `enroll.format.*`, dates with `intlLocale()`).
 */
import type { Policy } from '@lc/contract';
import { dateTimeFormat, listFormat } from '@lc/contract';
import { i18n } from '../../i18n/i18n.ts';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { CENTER_TIME_ZONE } from '../class-sessions/format.ts';

/** "Maya", "Maya and Theo", "Maya, Theo and Ava"; in Spanish "Maya, Theo y Ava" (and "Maya e Isabel"). */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  if (intlLocale() !== 'en-US') return listFormat(intlLocale(), { type: 'conjunction' }).format(names);
  return i18n.t('enroll.format.namesPair', {
    first: names.slice(0, -1).join(', '),
    last: names[names.length - 1],
  });
}

/** "1 child", "2 children". */
export function childCount(count: number): string {
  return i18n.t('enroll.format.children', { count });
}

/** "Maya is number 3 on the waitlist." (1 reads as "next in line"). */
export function waitlistPositionSentence(firstName: string, position: number | null): string {
  if (position === 1) return i18n.t('enroll.format.waitlistNextInLine', { name: firstName });
  if (position === null) return i18n.t('enroll.format.waitlistOn', { name: firstName });
  return i18n.t('enroll.format.waitlistNumber', { name: firstName, position });
}

/** "January 6 at 3:15 PM" for an ISO instant, in the center's time zone ("6 de enero a las 3:15 p.m."). */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  const locale = intlLocale();
  const day = dateTimeFormat(locale, {
    month: 'long',
    day: 'numeric',
    timeZone: CENTER_TIME_ZONE,
  }).format(date);
  const time = dateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  }).format(date);
  // The hour picks "a la 1:15" or "a las 3:15" in Spanish.
  const hour = Number.parseInt(time, 10);
  return i18n.t('enroll.format.dayAtTime', { day, time, count: Number.isNaN(hour) ? 2 : hour });
}

/** "the Late pickup policy" — without doubling "policy" when the name already says it. */
export function policyName(policy: Pick<Policy, 'name' | 'policyType'>): string {
  const name = policy.name.trim() || policy.policyType;
  return /\bpolicy$/i.test(name)
    ? i18n.t('enroll.format.policyNameWithPolicy', { name })
    : i18n.t('enroll.format.policyName', { name });
}
