/**
 * Age limits (issue 10): a session for ages 3½–5 on its first day refuses a 7-year-old and a 2-year-old with a
 * sentence a parent understands, for enrolling and for the waitlist alike, and takes a 4-year-old; staff set
 * the limits in months through the session API, and a youngest age above the oldest is refused by its field.
 */
import { describeAgeMonths, describeAgeRange } from '@lc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, movableClock, springSessionBody } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe('age phrases', () => {
  it('reads months as people say ages', () => {
    expect(describeAgeMonths(42)).toBe('3½');
    expect(describeAgeMonths(60)).toBe('5');
    expect(describeAgeMonths(86)).toBe('7 years 2 months');
    expect(describeAgeRange(42, 71)).toBe('ages 3½–5');
    expect(describeAgeRange(60, null)).toBe('ages 5 and up');
    expect(describeAgeRange(null, 71)).toBe('up to age 5');
    expect(describeAgeRange(null, null)).toBeNull();
  });
});

describe.each(dbKinds)('age limits on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let family: Family;
  let preschooler: string;
  let schoolchild: string;
  let toddler: string;

  const addChild = async (firstName: string, dateOfBirth: string) => {
    const res = await a.call(family.token, 'POST', '/api/Student', {
      firstName,
      lastName: 'Okoro',
      dateOfBirth,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: movableClock(NOW), env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    family = await a.family('Okoro', 0);
    // Ages on 2026-12-15 (the test sessions' first day): 4 years 5 months, 7 years 2 months, 3 years 8 months.
    preschooler = await addChild('Ada', '2022-07-01');
    schoolchild = await addChild('Femi', '2019-10-01');
    toddler = await addChild('Bisi', '2023-04-01');
  });
  afterAll(async () => t?.close());

  it('refuses a child outside the ages with a sentence, and takes a child within them', async () => {
    const id = await a.session({ name: 'Morning Room', minAgeMonths: 42, maxAgeMonths: 71, rosterSize: 5 });
    const older = await a.enroll(family, id, [schoolchild]);
    expect(older.statusCode).toBe(409);
    expect(older.json().message).toBe(
      'Morning Room is for children ages 3½–5 on its first day (December 15); Femi will be 7 years 2 months then, so one of our programs for older children will be a better fit.',
    );
    const preK = await a.session({ name: 'Pre-K Room', minAgeMonths: 54, maxAgeMonths: 71, rosterSize: 5 });
    const younger = await a.enroll(family, preK, [toddler]);
    expect(younger.statusCode).toBe(409);
    expect(younger.json().message).toBe(
      'Pre-K Room is for children ages 4½–5 on its first day (December 15); Bisi will be 3 years 8 months then, so a later session will be a better fit.',
    );
    const sentence = await a.call(
      family.token,
      'GET',
      `/api/ClassSessionEnrollment/${id}/VerifyEligibility?studentId=${schoolchild}`,
    );
    expect(sentence.body).toContain('Femi will be 7 years 2 months then');
    expect((await a.enroll(family, id, [preschooler])).statusCode).toBe(201);
    expect((await a.call(null, 'GET', `/api/ClassSession/${id}`)).json()).toMatchObject({
      minAgeMonths: 42,
      maxAgeMonths: 71,
    });
  });

  it('the waitlist keeps the same limits', async () => {
    const full = await a.session({ name: 'Full Room', minAgeMonths: 42, maxAgeMonths: 71, rosterSize: 0 });
    const res = await a.joinWaitlist(family, full, [schoolchild]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Full Room is for children ages 3½–5');
  });

  it('staff set the limits in months; a youngest age above the oldest is refused by its field', async () => {
    const staff = await a.staff();
    const ok = await a.call(staff, 'POST', '/api/ClassSession', {
      ...springSessionBody('Garden Club'),
      minAgeMonths: 48,
      maxAgeMonths: 71,
    });
    expect(ok.statusCode).toBeLessThan(300);
    const bad = await a.call(staff, 'POST', '/api/ClassSession', {
      ...springSessionBody('Upside Down'),
      minAgeMonths: 72,
      maxAgeMonths: 48,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      maxAgeMonths: 'The oldest age must be at least the youngest age',
    });
  });
});
