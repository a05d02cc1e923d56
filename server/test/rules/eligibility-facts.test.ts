/**
 * The facts the eligibility rules read from the database (server/src/features/enrollment/eligibility.ts):
 * whether a family is returning (decision 019), where each child stands in a session (a live place, a lapsed
 * hold, a waitlist place and its position, an offer), which brothers' and sisters' places count for a sibling
 * discount (issue 13, decision 014: in the session, or across the program while that session runs), and
 * `judgeFamily` putting them together. Places are written straight into the tables; each test makes its own
 * family and sessions. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSections, classSessionEnrollments, waitlistSubmissions } from '../../src/db/schema.ts';
import {
  isReturningFamily,
  judgeFamily,
  loadChildFacts,
  loadSiblingPlaces,
  type SessionFacts,
} from '../../src/features/enrollment/eligibility.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { api, movableClock } from '../support/registration.ts';

/** 10:00 am on Friday, November 20, 2026 in the center's time zone. */
const NOW = '2026-11-20T18:00:00Z';
const TODAY = '2026-11-20';
const LA = 'America/Los_Angeles';

describe.each(dbKinds)('the facts eligibility reads, on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  const clock = movableClock(NOW);
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const place = (
    classSessionId: number,
    studentId: string,
    status: 'Enrolled' | 'PendingPayment' | 'Withdrawn',
    extra: { holdExpiresAt?: Date; withdrawnAt?: Date } = {},
  ) =>
    db()
      .insert(classSessionEnrollments)
      .values({ classSessionId, studentId, status, ...extra });

  it('a family is returning once a child holds a place in a session that has started before this one', async () => {
    const family = await a.family('Returning', 1);
    const newcomer = await a.family('Newcomer', 1);
    const fall = await a.session({ sessionStartDate: '2026-09-08', sessionEndDate: '2026-12-18' });
    await place(fall, family.childIds[0]!, 'Enrolled');
    expect(await isReturningFamily(db(), family.userId, '2027-01-04', TODAY, LA)).toBe(true);
    expect(await isReturningFamily(db(), newcomer.userId, '2027-01-04', TODAY, LA)).toBe(false);
    // Not for a session that started before the family's first one.
    expect(await isReturningFamily(db(), family.userId, '2026-09-01', TODAY, LA)).toBe(false);
  });

  it('a paid place in a session not yet started, or one withdrawn before its first day, does not count', async () => {
    const family = await a.family('Early', 1);
    const winter = await a.session({ sessionStartDate: '2026-12-01', sessionEndDate: '2027-02-26' });
    await place(winter, family.childIds[0]!, 'Enrolled');
    expect(await isReturningFamily(db(), family.userId, '2027-03-01', TODAY, LA)).toBe(false);
    const other = await a.family('Withdrawn', 1);
    const fall = await a.session({ sessionStartDate: '2026-09-08', sessionEndDate: '2026-12-18' });
    await place(fall, other.childIds[0]!, 'Withdrawn', { withdrawnAt: new Date('2026-09-08T06:00:00Z') });
    // 11 pm on September 7 in California: withdrawn before the first day.
    expect(await isReturningFamily(db(), other.userId, '2027-03-01', TODAY, LA)).toBe(false);
    const third = await a.family('Stayed', 1);
    await place(fall, third.childIds[0]!, 'Withdrawn', { withdrawnAt: new Date('2026-09-08T08:00:00Z') });
    expect(await isReturningFamily(db(), third.userId, '2027-03-01', TODAY, LA)).toBe(true);
  });

  it('where each child stands: a live place, a lapsed hold (none), a waitlist place with its position, an offer', async () => {
    const family = await a.family('Standing', 3);
    const [ava, ben, cleo] = family.childIds as [string, string, string];
    const ahead = await a.family('Ahead', 1);
    const spring = await a.session();
    await place(spring, ava, 'Enrolled');
    await place(spring, ben, 'PendingPayment', { holdExpiresAt: new Date('2026-11-20T17:59:00Z') });
    await db()
      .insert(waitlistSubmissions)
      .values([
        {
          classSessionId: spring,
          studentId: ahead.childIds[0]!,
          userId: ahead.userId,
          created: new Date(NOW),
        },
        {
          classSessionId: spring,
          studentId: ben,
          userId: family.userId,
          created: new Date('2026-11-20T18:01:00Z'),
        },
        {
          classSessionId: spring,
          studentId: cleo,
          userId: family.userId,
          status: 'Offered',
          expires: new Date('2026-11-21T18:00:00Z'),
        },
      ]);
    const facts = await loadChildFacts(db(), family.userId, spring, new Date(NOW));
    expect(facts).toEqual([
      {
        id: ava,
        firstName: 'Ava',
        lastName: 'Standing',
        dateOfBirth: '2022-01-15',
        enrollmentStatus: 'Enrolled',
        holdExpiresAt: null,
        waitlistStatus: null,
        waitlistPosition: null,
        offerExpires: null,
      },
      {
        id: ben,
        firstName: 'Ben',
        lastName: 'Standing',
        dateOfBirth: '2022-02-15',
        enrollmentStatus: null,
        holdExpiresAt: null,
        waitlistStatus: 'Waiting',
        waitlistPosition: 2,
        offerExpires: null,
      },
      {
        id: cleo,
        firstName: 'Cleo',
        lastName: 'Standing',
        dateOfBirth: '2022-03-15',
        enrollmentStatus: null,
        holdExpiresAt: null,
        waitlistStatus: 'Offered',
        waitlistPosition: null,
        offerExpires: new Date('2026-11-21T18:00:00Z'),
      },
    ]);
    // Only the children asked about; none asked about (an empty list) is every child.
    expect(
      (await loadChildFacts(db(), family.userId, spring, new Date(NOW), [ben, cleo])).map((c) => c.id),
    ).toEqual([ben, cleo]);
    expect(await loadChildFacts(db(), family.userId, spring, new Date(NOW), [])).toHaveLength(3);
    // A hold still running is a live place.
    const held = await loadChildFacts(db(), family.userId, spring, new Date('2026-11-20T17:58:00Z'), [ben]);
    expect(held[0]).toMatchObject({
      enrollmentStatus: 'PendingPayment',
      holdExpiresAt: new Date('2026-11-20T17:59:00Z'),
    });
    // Another family's children are never among them.
    expect(await loadChildFacts(db(), ahead.userId, spring, new Date(NOW), [ava])).toEqual([]);
  });

  it('a sibling discount counts brothers and sisters in the session, or across the program while it runs', async () => {
    const family = await a.family('Siblings', 3);
    const [ava, ben, cleo] = family.childIds as [string, string, string];
    const [section] = await db().insert(classSections).values({ name: 'Garden program' }).returning();
    const program = {
      classSectionId: section!.id,
      siblingDiscountType: 'Percent' as const,
      siblingDiscountValue: 10,
    };
    const spring = await a.session({ ...program, siblingDiscountAcrossProgram: true });
    const summer = await a.session({
      ...program,
      sessionStartDate: '2027-06-01',
      sessionEndDate: '2027-08-20',
    });
    const ended = await a.session({
      ...program,
      sessionStartDate: '2026-06-01',
      sessionEndDate: '2026-08-20',
    });
    await place(summer, ava, 'Enrolled');
    await place(spring, ben, 'PendingPayment', { holdExpiresAt: new Date('2026-11-20T18:30:00Z') });
    await place(ended, cleo, 'Enrolled');
    const scope = (id: number, over: Partial<Parameters<typeof loadSiblingPlaces>[2]> = {}) => ({
      id,
      classSectionId: section!.id,
      siblingDiscountType: 'Percent',
      siblingDiscountAcrossProgram: true,
      ...over,
    });
    const places = (s: Parameters<typeof loadSiblingPlaces>[2]) =>
      loadSiblingPlaces(db(), family.userId, s, new Date(NOW), TODAY).then((set) => [...set].sort());
    expect(await places(scope(spring))).toEqual([ava, ben].sort());
    // Only this session's places when the discount does not reach across the program.
    expect(await places(scope(spring, { siblingDiscountAcrossProgram: false }))).toEqual([ben]);
    expect(await places(scope(summer, { siblingDiscountAcrossProgram: false }))).toEqual([ava]);
    // No discount, nothing counted.
    expect(await places(scope(spring, { siblingDiscountType: null }))).toEqual([]);
    // A lapsed hold does not count.
    const later = await loadSiblingPlaces(
      db(),
      family.userId,
      scope(spring, { siblingDiscountAcrossProgram: false }),
      new Date('2026-11-20T18:31:00Z'),
      TODAY,
    );
    expect([...later]).toEqual([]);
  });

  it('judgeFamily: the center’s today, whether the family is returning, and each child’s verdict', async () => {
    const family = await a.family('Judged', 2);
    const fall = await a.session({ sessionStartDate: '2026-09-08', sessionEndDate: '2026-12-18' });
    const spring = await a.session({ sessionStartDate: '2027-01-04' });
    await place(fall, family.childIds[0]!, 'Enrolled');
    await place(spring, family.childIds[0]!, 'Enrolled');
    const facts: SessionFacts = {
      id: spring,
      name: 'Spring Garden',
      isActive: true,
      waitlistActive: true,
      sessionStartDate: '2027-01-04',
      sessionEndDate: '2027-03-15',
      minAgeMonths: null,
      maxAgeMonths: null,
      priorityRegistrationStartDate: null,
      priorityRegistrationEndDate: null,
      registrationStartDate: new Date('2026-11-01T17:00:00Z'),
      registrationEndDate: null,
      registrationState: 'Open',
      seatsLeft: 1,
      waitlistSpotsLeft: 3,
    };
    const judged = await judgeFamily(db(), clock, LA, family.userId, facts, undefined, 'es');
    expect(judged.now).toEqual(new Date(NOW));
    expect(judged.today).toBe(TODAY);
    expect(judged.returning).toBe(true);
    expect(judged.judged.map(({ child, verdict }) => [child.firstName, verdict])).toEqual([
      [
        'Ava',
        { canEnroll: false, canJoinWaitlist: false, eligibility: 'Ava ya tiene su lugar en Spring Garden.' },
      ],
      ['Ben', { canEnroll: true, canJoinWaitlist: false, eligibility: 'Ben ya se puede inscribir.' }],
    ]);
    const english = await judgeFamily(db(), clock, LA, family.userId, facts, [family.childIds[1]!]);
    expect(english.judged.map(({ verdict }) => verdict.eligibility)).toEqual(['Ben can enroll now.']);
  });
});
