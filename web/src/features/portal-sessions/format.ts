/**
 * How a family's enrollments, waitlist places and payments read in the portal, in the visitor's language
 * (issue 14; status words are messages under `portal.status.*`): deadlines, days, names, and the grouping
 * of enrollments into session cards. Deadlines (`holdExpiresAt`, `expires`) and payment times are instants,
 * shown in the center's time zone; session dates are calendar dates (class-sessions format.ts).
 */
import type {
  ClassSessionEnrollment,
  EnrollmentStatus,
  Payment,
  PaymentStatus,
  SessionSummary,
  WaitlistSubmission,
} from '@lc/contract';
import { dateTimeFormat, listFormat } from '@lc/contract';
import { i18n } from '../../i18n/i18n.ts';
import { type IntlLocale, intlLocale } from '../../i18n/intl-locale.ts';
import { CENTER_TIME_ZONE, formatDateRange, formatDay } from '../class-sessions/format.ts';

/** Enrollments that hold or keep a seat: what "enrolled in a session" means to a family. */
export const ACTIVE_ENROLLMENT: ReadonlySet<EnrollmentStatus> = new Set(['Enrolled', 'PendingPayment']);

/** Payment statuses whose word alone could worry a parent: they get a short note (`portal.status.paymentNote`). */
export type NotedPaymentStatus = Exclude<PaymentStatus, 'Paid' | 'Refunded'>;

export function hasPaymentNote(status: PaymentStatus): status is NotedPaymentStatus {
  return status !== 'Paid' && status !== 'Refunded';
}

function dayKey(date: Date): string {
  return dateTimeFormat('en-CA', { timeZone: CENTER_TIME_ZONE }).format(date);
}

/** The message function of the language `locale` shows. */
function tIn(locale: IntlLocale) {
  return i18n.getFixedT(locale === 'es-US' ? 'es' : 'en');
}

/**
 * A deadline a parent acts on, in the center's time zone: "3:45 pm today", "Fri, Jan 9 at 5:00 pm"
 * (with the year when it is not this year's); in Spanish "hoy a las 3:45 p.m.", "el vie, 9 de ene a las
 * 5:00 p.m.".
 */
export function formatDeadline(
  iso: string,
  now: Date = new Date(),
  locale: IntlLocale = intlLocale(),
): string {
  const date = new Date(iso);
  const time = dateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: CENTER_TIME_ZONE,
  })
    .format(date)
    .replace(/\s?([AP])M$/, (_m, ap: string) => ` ${ap.toLowerCase()}m`);
  // The hour on the clock ("1:00" reads "a la una" in Spanish, other hours "a las").
  const count = Number.parseInt(time, 10);
  const t = tIn(locale);
  if (dayKey(date) === dayKey(now)) return t('portal.deadline.today', { time, count });
  const sameYear = dayKey(date).slice(0, 4) === dayKey(now).slice(0, 4);
  const day = dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: sameYear ? undefined : 'numeric',
    timeZone: CENTER_TIME_ZONE,
  }).format(date);
  return t('portal.deadline.onDay', { day, time, count });
}

/** A day in the language shown now: "Jan 5" / "5 ene" (class-sessions' `formatDay`, which see). */
export function formatPortalDay(
  iso: string,
  options: { withYear?: boolean; now?: Date; locale?: IntlLocale } = {},
): string {
  return formatDay(iso, { ...options, locale: options.locale ?? intlLocale() });
}

/** "Jan 12 – May 29, 2026" / "12 ene – 29 may 2026", in the language shown now. */
export function formatPortalDateRange(
  startIso: string,
  endIso: string,
  locale: IntlLocale = intlLocale(),
): string {
  return formatDateRange(startIso, endIso, locale);
}

/** The calendar year (in the center's time zone) an instant falls in. */
export function yearOf(iso: string | Date): number {
  return Number(dayKey(typeof iso === 'string' ? new Date(iso) : iso).slice(0, 4));
}

/** Whether a session is still running or still to come on `today` (ISO date): it ends today or later. */
export function hasNotEnded(session: Pick<SessionSummary, 'sessionEndDate'>, today: string): boolean {
  return session.sessionEndDate >= today;
}

export type SessionGroup = {
  session: SessionSummary;
  /** One enrollment per child: the one that holds a seat if any, otherwise the newest. */
  enrollments: ClassSessionEnrollment[];
  /** Some child is Enrolled or awaiting payment in this session. */
  active: boolean;
};

/**
 * The family's enrollments as one group per session. A child may have several rows in a session (a
 * checkout that lapsed, then a paid one): the row holding a seat wins, so an old Cancelled attempt does
 * not sit next to the enrollment that replaced it.
 */
export function groupBySession(enrollments: readonly ClassSessionEnrollment[]): SessionGroup[] {
  const bySession = new Map<
    number,
    { session: SessionSummary; byChild: Map<string, ClassSessionEnrollment> }
  >();
  for (const enrollment of enrollments) {
    const group = bySession.get(enrollment.classSessionId) ?? {
      session: enrollment.classSession,
      byChild: new Map(),
    };
    const current = group.byChild.get(enrollment.studentId);
    if (!current || outranks(enrollment, current)) group.byChild.set(enrollment.studentId, enrollment);
    bySession.set(enrollment.classSessionId, group);
  }
  return [...bySession.values()].map(({ session, byChild }) => {
    const kept = [...byChild.values()].sort((a, b) => a.student.firstName.localeCompare(b.student.firstName));
    return { session, enrollments: kept, active: kept.some((e) => ACTIVE_ENROLLMENT.has(e.status)) };
  });
}

function outranks(a: ClassSessionEnrollment, b: ClassSessionEnrollment): boolean {
  const aActive = ACTIVE_ENROLLMENT.has(a.status);
  const bActive = ACTIVE_ENROLLMENT.has(b.status);
  if (aActive !== bActive) return aActive;
  return a.created > b.created;
}

/**
 * My sessions' two lists: sessions with a child enrolled (or awaiting payment) that have not ended, next
 * first; and everything else — ended sessions and sessions whose enrollments were all cancelled or
 * withdrawn — most recent first.
 */
export function splitSessionGroups(
  groups: readonly SessionGroup[],
  today: string,
): { current: SessionGroup[]; past: SessionGroup[] } {
  const current = groups
    .filter((g) => g.active && hasNotEnded(g.session, today))
    .sort(
      (a, b) =>
        a.session.sessionStartDate.localeCompare(b.session.sessionStartDate) ||
        a.session.name.localeCompare(b.session.name),
    );
  const past = groups
    .filter((g) => !current.includes(g))
    .sort((a, b) => b.session.sessionEndDate.localeCompare(a.session.sessionEndDate));
  return { current, past };
}

/** Waitlist places a family can still act on or wait for: offered first (soonest deadline), then waiting. */
export function openWaitlistPlaces(places: readonly WaitlistSubmission[]): WaitlistSubmission[] {
  const rank = (p: WaitlistSubmission) => (p.status === 'Offered' ? 0 : 1);
  return places
    .filter((p) => p.status === 'Offered' || p.status === 'Waiting')
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        (a.expires ?? '').localeCompare(b.expires ?? '') ||
        (a.position ?? 0) - (b.position ?? 0),
    );
}

/** "Maya", "Maya and Theo", "Maya, Theo and Ana"; in Spanish "Maya, Theo y Ana". */
export function joinNames(names: readonly string[], locale: IntlLocale = intlLocale()): string {
  if (names.length <= 1) return names[0] ?? '';
  if (locale !== 'en-US') return listFormat(locale, { type: 'conjunction' }).format(names);
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The children a payment was for, by first name, each once. */
export function paymentChildren(payment: Payment): string[] {
  const names = new Map<string, string>();
  for (const enrollment of payment.enrollments) {
    for (const student of [enrollment.student, ...enrollment.students])
      names.set(student.id, student.firstName);
  }
  return [...names.values()];
}

/** Cents the family paid in `year` (center time): payments that are Paid, by when they were made. */
export function totalPaidIn(payments: readonly Payment[], year: number): { cents: number; count: number } {
  const paid = payments.filter((p) => p.status === 'Paid' && yearOf(p.created) === year);
  return { cents: paid.reduce((sum, p) => sum + p.finalAmount, 0), count: paid.length };
}

/**
 * An address we are willing to put in a link: http(s) or a path on this site. Resource and receipt
 * addresses come from staff and the payment provider; a `javascript:` URL must never become a link.
 */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
