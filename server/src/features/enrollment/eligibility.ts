/**
 * Who may enroll or join a waitlist, and the sentence that tells a parent why (spec §7 VerifyEligibility;
 * ARCHITECTURE.md "Registration domain"; docs/decisions/006-registration.md):
 * - during the priority window only returning families (`returningFamilySql`: a child of the family has or
 *   had a place in an earlier session that has started and was not withdrawn before its first day;
 *   decision 019) and children holding a waitlist offer may enroll;
 * - during the general window anyone may, while seats are left;
 * - a child holding an unexpired waitlist offer may enroll whenever offers are being made (after
 *   registration has first opened and until the session ends), whatever the window;
 * - the waitlist takes children only when no seat is left (or the session is waitlist-only), in order,
 *   up to `waitlistSize`.
 * The rules are pure; `loadSessionStanding` reads the facts they need in one place. The sentences are in
 * the family's language (issue 14: the page's, from `Accept-Language`), from the `eligibility` messages of
 * `server/src/i18n/locales/{en,es}.json`; English is the default.
 */
import type { Language, RegistrationState, SessionStudent } from '@lc/contract';
import { ageInMonths, dateTimeFormat } from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { type MailT, mailLocale, mailT } from '../../i18n/family-mail.ts';
import type { Clock } from '../../lib/clock.ts';
import { waitlistPositionSql } from './records.ts';

export type SessionFacts = {
  id: number;
  name: string;
  isActive: boolean;
  waitlistActive: boolean;
  /** ISO date. */
  sessionStartDate: string;
  sessionEndDate: string;
  /** Age limits on the first day in whole months (inclusive); null: none (issue 10). */
  minAgeMonths: number | null;
  maxAgeMonths: number | null;
  priorityRegistrationStartDate: Date | null;
  priorityRegistrationEndDate: Date | null;
  registrationStartDate: Date | null;
  registrationEndDate: Date | null;
  registrationState: RegistrationState;
  seatsLeft: number;
  waitlistSpotsLeft: number;
};

export type ChildFacts = {
  id: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** Live enrollment in this session (an expired hold does not count). */
  enrollmentStatus: 'PendingPayment' | 'Enrolled' | null;
  holdExpiresAt: Date | null;
  waitlistStatus: 'Waiting' | 'Offered' | null;
  waitlistPosition: number | null;
  /** When an offer lapses; an offer whose time has passed is not counted. */
  offerExpires: Date | null;
};

/** A child's facts as SQL answers them (snake_case; times as Date, or as ISO strings from JSON). */
export type ChildFactsRow = {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  enrollment_status: 'PendingPayment' | 'Enrolled' | null;
  hold_expires_at: Date | string | null;
  waitlist_status: 'Waiting' | 'Offered' | null;
  offer_expires: Date | string | null;
  waitlist_position: number | null;
};

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

/** {@link ChildFacts} from a row of the standing or eligibility queries. */
export function toChildFacts(r: ChildFactsRow): ChildFacts {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    dateOfBirth: r.date_of_birth,
    enrollmentStatus: r.enrollment_status,
    holdExpiresAt: asDate(r.hold_expires_at),
    waitlistStatus: r.waitlist_status,
    waitlistPosition: r.waitlist_position,
    offerExpires: asDate(r.offer_expires),
  };
}

/** True when freed seats may be offered to the waitlist and offer holders may enroll. */
export function offersOpen(session: SessionFacts, now: Date, today: string): boolean {
  if (!session.isActive || session.sessionEndDate < today) return false;
  const starts = [session.priorityRegistrationStartDate, session.registrationStartDate].filter(
    (d): d is Date => d !== null,
  );
  return starts.some((start) => start <= now);
}

const dateFormat = (timeZone: string, language: Language) =>
  dateTimeFormat(mailLocale(language), { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
const timeFormat = (timeZone: string, language: Language) =>
  dateTimeFormat(mailLocale(language), {
    timeZone,
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** An age in months as a parent says it: "5", "3½", "6 years 8 months" (English as the contract's). */
function ageText(t: MailT, months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (rest === 0) return t('eligibility.ageYears', { years });
  if (rest === 6) return t('eligibility.ageHalf', { years });
  return t('eligibility.ageYearsMonths', {
    years,
    yearWord: t('eligibility.year', { count: years }),
    count: rest,
  });
}

/**
 * A session's age limits as a phrase: "ages 3½–5" / "3½ a 5 años" (English as `describeAgeRange`), or
 * null without limits. The upper limit is inclusive in whole years.
 */
function ageRangeText(t: MailT, language: Language, min: number | null, max: number | null): string | null {
  const upper = max === null ? null : String(Math.floor(max / 12));
  // Spanish puts the lower limit as a number ("de 3½ a 5 años"); English as the contract words it.
  const lower =
    min === null
      ? null
      : language === 'es' && min % 6 === 0
        ? `${Math.floor(min / 12)}${min % 12 ? '½' : ''}`
        : ageText(t, min);
  if (lower !== null && upper !== null) return t('eligibility.rangeBoth', { min: lower, max: upper });
  if (lower !== null) return t('eligibility.rangeFrom', { min: lower });
  if (upper !== null) return t('eligibility.rangeTo', { max: upper });
  return null;
}

export type Verdict = { canEnroll: boolean; canJoinWaitlist: boolean; eligibility: string };

/**
 * The sentence refusing a child whose age on the session's first day is outside its limits (issue 10:
 * the program for ages 3½–5 took a 7-year-old), or null when the child fits or there are no limits.
 */
export function ageRefusal(
  session: SessionFacts,
  child: ChildFacts,
  language: Language = 'en',
): string | null {
  const t = mailT(language);
  const range = ageRangeText(t, language, session.minAgeMonths, session.maxAgeMonths);
  if (!range) return null;
  const age = ageInMonths(child.dateOfBirth, session.sessionStartDate);
  const tooYoung = session.minAgeMonths !== null && age < session.minAgeMonths;
  const tooOld = session.maxAgeMonths !== null && age > session.maxAgeMonths;
  if (!tooYoung && !tooOld) return null;
  const starts = dateTimeFormat(mailLocale(language), {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${session.sessionStartDate}T00:00:00Z`));
  return t(tooYoung ? 'eligibility.tooYoung' : 'eligibility.tooOld', {
    session: session.name,
    range,
    starts,
    name: child.firstName,
    age: ageText(t, age),
  });
}

/**
 * What one child may do in one session right now, and why, in a sentence for the parent.
 * `returning`: the family is returning (`returningFamilySql`).
 */
export function childVerdict(
  session: SessionFacts,
  child: ChildFacts,
  returning: boolean,
  now: Date,
  today: string,
  timeZone: string,
  language: Language = 'en',
): Verdict {
  const t = mailT(language);
  const name = child.firstName;
  const sessionName = session.name;
  const no = (eligibility: string, canJoinWaitlist = false): Verdict => ({
    canEnroll: false,
    canJoinWaitlist,
    eligibility,
  });
  if (child.enrollmentStatus === 'Enrolled')
    return no(t('eligibility.enrolled', { name, session: sessionName }));
  if (child.enrollmentStatus === 'PendingPayment' && child.holdExpiresAt)
    return {
      canEnroll: true,
      canJoinWaitlist: false,
      eligibility: t('eligibility.held', {
        name,
        time: timeFormat(timeZone, language).format(child.holdExpiresAt),
      }),
    };
  const offersAreOpen = offersOpen(session, now, today);
  if (child.waitlistStatus === 'Offered' && child.offerExpires && child.offerExpires > now && offersAreOpen)
    return {
      canEnroll: true,
      canJoinWaitlist: false,
      eligibility: t('eligibility.offered', {
        name,
        time: timeFormat(timeZone, language).format(child.offerExpires),
      }),
    };
  if (child.waitlistStatus === 'Waiting')
    return no(t('eligibility.waiting', { name, position: child.waitlistPosition ?? 1 }));
  const outsideAges = ageRefusal(session, child, language);
  if (outsideAges) return no(outsideAges);

  const state = session.registrationState;
  const waitlistOpen =
    session.isActive &&
    session.sessionEndDate >= today &&
    session.waitlistActive &&
    session.waitlistSpotsLeft > 0 &&
    (state === 'WaitlistOnly' || (session.seatsLeft === 0 && offersAreOpen));
  const hint = waitlistOpen ? t('eligibility.joinHint') : '';
  const date = (value: Date) => dateFormat(timeZone, language).format(value);
  switch (state) {
    case 'Closed':
      if (session.seatsLeft === 0 && waitlistOpen)
        return no(t('eligibility.closedFull', { session: sessionName, hint }), true);
      return no(t('eligibility.closed', { session: sessionName }));
    case 'WaitlistOnly':
      return waitlistOpen
        ? no(t('eligibility.waitlistOnly', { session: sessionName, hint }), true)
        : no(t('eligibility.waitlistOnlyFull', { session: sessionName }));
    case 'Upcoming': {
      const priority = returning && session.priorityRegistrationStartDate;
      const opens = priority
        ? session.priorityRegistrationStartDate
        : (session.registrationStartDate ?? session.priorityRegistrationStartDate);
      return no(
        opens
          ? t(priority ? 'eligibility.opensOnPriority' : 'eligibility.opensOn', {
              session: sessionName,
              date: date(opens),
            })
          : t('eligibility.notOpenYet', { session: sessionName }),
      );
    }
    case 'Full':
      return waitlistOpen
        ? no(t('eligibility.full', { session: sessionName, hint }), true)
        : no(t('eligibility.fullAndWaitlist', { session: sessionName }));
    case 'PriorityOpen':
      if (!returning) {
        const general = session.registrationStartDate;
        return no(
          general
            ? t('eligibility.priorityOnlyUntil', { date: date(general) })
            : t('eligibility.priorityOnly'),
        );
      }
      return {
        canEnroll: true,
        canJoinWaitlist: false,
        eligibility: t('eligibility.canEnrollPriority', { name }),
      };
    case 'Open':
      return { canEnroll: true, canJoinWaitlist: false, eligibility: t('eligibility.canEnroll', { name }) };
  }
}

/** The family-level sentence: each child's sentence, or a nudge to add a child first. */
export function familySentence(verdicts: ReadonlyArray<Verdict>, language: Language = 'en'): string {
  if (verdicts.length === 0) return mailT(language)('eligibility.noChildren');
  return [...new Set(verdicts.map((v) => v.eligibility))].join(' ');
}

/**
 * SQL: true when the family of `user` (an expression for a user id; the family is that account's
 * `user_students` mappings) is returning for a session starting on `before` (issue 21, decision 019): one of
 * its children has, or had, a place in a session that started earlier, has started by `today` (ISO date, the
 * center's) and whose place was not withdrawn before that first day — `Enrolled`, or `Withdrawn` on or after the
 * first day in the center's `timeZone` (a move after the start counts too). A paid place in a session not yet
 * started does not count, nor does one withdrawn before its start, so paying for Winter does not open Spring's
 * priority window. One definition for the enroll page (`isReturningFamily`) and the reservation's standing
 * query (`seats.ts`).
 */
export function returningFamilySql(user: SQL, before: SQL, today: SQL, timeZone: SQL): SQL {
  return sql`exists (
    select 1 from class_session_enrollments e
    join class_sessions s on s.id = e.class_session_id
    join user_students us on us.student_id = e.student_id
    where us.user_id = ${user}
      and s.session_start_date < ${before} and s.session_start_date <= ${today}::date
      and (e.status = 'Enrolled'
        or (e.status = 'Withdrawn' and e.withdrawn_at is not null
          and (e.withdrawn_at at time zone ${timeZone})::date >= s.session_start_date))
  )`;
}

/**
 * Whether `userId`'s family is returning for a session starting on `beforeDate` (ISO date), judged on `today`
 * (ISO, the center's) in the center's `timeZone`: {@link returningFamilySql}.
 */
export async function isReturningFamily(
  db: DbOrTx,
  userId: string,
  beforeDate: string,
  today: string,
  timeZone: string,
): Promise<boolean> {
  const rows = await queryRows<{ returning: boolean }>(
    db,
    sql`select ${returningFamilySql(sql`${userId}::uuid`, sql`${beforeDate}::date`, sql`${today}`, sql`${timeZone}`)} as returning`,
  );
  return rows[0]?.returning === true;
}

/** The user's children with where each stands in one session (live enrollment, waitlist place). */
export async function loadChildFacts(
  db: DbOrTx,
  userId: string,
  sessionId: number,
  now: Date,
  onlyStudentIds?: string[],
): Promise<ChildFacts[]> {
  const filter =
    onlyStudentIds && onlyStudentIds.length > 0
      ? sql`and s.id in (${sql.join(
          onlyStudentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  const rows = await queryRows<ChildFactsRow>(
    db,
    sql`select s.id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth,
        e.status as enrollment_status, e.hold_expires_at,
        w.status as waitlist_status, w.expires as offer_expires,
        case when w.status = 'Waiting' then ${waitlistPositionSql('w')} end as waitlist_position
      from students s
      join user_students us on us.student_id = s.id and us.user_id = ${userId}
      left join class_session_enrollments e on e.student_id = s.id and e.class_session_id = ${sessionId}
        and (e.status = 'Enrolled' or (e.status = 'PendingPayment' and e.hold_expires_at > ${now}))
      left join waitlist_submissions w on w.student_id = s.id and w.class_session_id = ${sessionId}
        and w.status in ('Waiting', 'Offered')
      where true ${filter}
      order by s.date_of_birth, s.first_name`,
  );
  return rows.map(toChildFacts);
}

/** What `loadSiblingPlaces` needs of a session (a `class_sessions` row has it). */
export type SiblingScope = {
  id: number;
  classSectionId: number | null;
  siblingDiscountType: string | null;
  siblingDiscountAcrossProgram: boolean;
};

/**
 * The ids of the user's children (their own `user_students` mappings, never another family's) who hold a
 * place that makes a brother or sister enrolling in `session` an additional child for its sibling discount
 * (issue 13, decision 014): enrolled, or holding a seat for a checkout whose hold has not run out at `now`,
 * in this session, or, when the discount reaches across the program (`siblingDiscountAcrossProgram`), in
 * another session of the same program (`classSectionId`) that has not ended on `today` (ISO date). The
 * checkout leaves out the children being enrolled; the enroll page does the same with the children chosen.
 * Empty, without a query, for a session with no sibling discount.
 */
export async function loadSiblingPlaces(
  db: DbOrTx,
  userId: string,
  session: SiblingScope,
  now: Date,
  today: string,
): Promise<Set<string>> {
  // No discount, nothing to count: no query on the enroll page's or the checkout's path.
  if (session.siblingDiscountType === null) return new Set();
  const acrossProgram =
    session.siblingDiscountAcrossProgram && session.classSectionId !== null
      ? sql`or (s.class_section_id = ${session.classSectionId} and s.session_end_date >= ${today})`
      : sql``;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct e.student_id as id
      from class_session_enrollments e
      join user_students us on us.student_id = e.student_id and us.user_id = ${userId}
      join class_sessions s on s.id = e.class_session_id
      where (e.status = 'Enrolled' or (e.status = 'PendingPayment' and e.hold_expires_at > ${now}))
        and (e.class_session_id = ${session.id} ${acrossProgram})`,
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The contract shape of one child's standing (GET /api/ClassSessionEnrollment/{classSessionId}).
 * `holdsSiblingPlace`: the child is among `loadSiblingPlaces` for this session.
 */
export function toSessionStudent(
  child: ChildFacts,
  verdict: Verdict,
  holdsSiblingPlace = false,
): SessionStudent {
  return {
    id: child.id,
    firstName: child.firstName,
    lastName: child.lastName,
    fullName: `${child.firstName} ${child.lastName}`,
    dateOfBirth: child.dateOfBirth,
    enrollmentStatus: child.enrollmentStatus,
    waitlistStatus: child.waitlistStatus,
    waitlistPosition: child.waitlistPosition,
    offerExpires: child.waitlistStatus === 'Offered' ? (child.offerExpires?.toISOString() ?? null) : null,
    ...verdict,
    holdsSiblingPlace,
  };
}

/** Everything a family's page or a reservation needs to judge a session for its children. */
export async function judgeFamily(
  db: DbOrTx,
  clock: Clock,
  timeZone: string,
  userId: string,
  session: SessionFacts,
  onlyStudentIds?: string[],
  language: Language = 'en',
) {
  const now = clock.now();
  const today = clock.today(now);
  const [children, returning] = await Promise.all([
    loadChildFacts(db, userId, session.id, now, onlyStudentIds),
    isReturningFamily(db, userId, session.sessionStartDate, today, timeZone),
  ]);
  const judged = children.map((child) => ({
    child,
    verdict: childVerdict(session, child, returning, now, today, timeZone, language),
  }));
  return { now, today, returning, judged };
}
