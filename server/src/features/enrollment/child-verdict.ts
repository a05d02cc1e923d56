/**
 * The eligibility rules, pure (spec §7 VerifyEligibility; docs/architecture.md "Registration domain";
 * docs/decisions/006-registration.md): from a session's facts and a child's standing, whether the child may
 * enroll or join the waitlist now and the sentence that tells a parent why. eligibility.ts reads the facts
 * (and re-exports everything here). The sentences are in the family's language (issue 14), from the
 * `eligibility` messages of `server/src/i18n/locales/{en,es}.json`; English is the default.
 */
import type { Language, RegistrationState, SessionStudent } from '@lc/contract';
import { ageInMonths, dateTimeFormat } from '@lc/contract';
import { type MailT, mailLocale, mailT } from '../../i18n/family-mail.ts';

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

export type Verdict = {
  canEnroll: boolean;
  canJoinWaitlist: boolean;
  eligibility: string;
  /** The program's forms still to sign for the child (issue 26; decision 036), when any. */
  formsToSign?: { formId: string; title: string; blocking: boolean }[];
};

/** A form of the session's program the child still needs signed (signed-forms `enrollmentFormGate`). */
export type MissingFormFact = { formId: string; title: string; requirement: string };

/**
 * The verdict with the program's forms applied (issue 26; decision 036): a child who could enroll but lacks a
 * `Blocking` form's current signature may not, with a sentence naming the forms; a `Warning` form only adds a
 * sentence. A child already holding a seat (`PendingPayment`) or enrolled is not stopped: the gate is for new
 * enrollments. The forms are listed either way, for the page's links.
 */
export function withFormGate(
  verdict: Verdict,
  child: Pick<ChildFacts, 'firstName' | 'enrollmentStatus'>,
  missing: readonly MissingFormFact[],
  language: Language = 'en',
): Verdict {
  if (missing.length === 0 || child.enrollmentStatus === 'Enrolled') return verdict;
  const t = mailT(language);
  const formsToSign = missing.map((m) => ({
    formId: m.formId,
    title: m.title,
    blocking: m.requirement === 'Blocking',
  }));
  const blocking = formsToSign.filter((f) => f.blocking);
  const list = (items: { title: string }[]) =>
    new Intl.ListFormat(mailLocale(language), { type: 'conjunction' }).format(items.map((i) => i.title));
  if (verdict.canEnroll && blocking.length > 0 && child.enrollmentStatus !== 'PendingPayment')
    return {
      ...verdict,
      canEnroll: false,
      eligibility: t('eligibility.formsBlocking', {
        count: blocking.length,
        name: child.firstName,
        forms: list(blocking),
      }),
      formsToSign,
    };
  // A form that only warns leaves the family's sentence as it is (spec's VerifyEligibility sentence); the
  // enroll page lists it beside the child with a link to sign (`formsToSign`).
  return { ...verdict, formsToSign };
}

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
