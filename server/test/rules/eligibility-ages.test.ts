/**
 * The age limits and the page's shapes as pure functions (server/src/features/enrollment/eligibility.ts,
 * which re-exports child-verdict.ts; issue 10): a child exactly at a limit and one month outside it, the
 * birthday itself, a lower or an upper limit alone, ages and ranges as a parent says them (English and
 * Spanish); the family's sentence, a row's facts and the contract's shape of a child's standing. No database.
 */
import { describe, expect, it } from 'vitest';
import {
  ageRefusal,
  familySentence,
  toChildFacts,
  toSessionStudent,
} from '../../src/features/enrollment/eligibility.ts';
import { child, session, verdict } from './eligibility-support.ts';

describe('age limits on the first day (issue 10)', () => {
  it('takes a child exactly at the lower and at the upper limit, and refuses one month outside either', () => {
    expect(ageRefusal(session({ minAgeMonths: 54, maxAgeMonths: 71 }), child())).toBeNull();
    expect(ageRefusal(session({ minAgeMonths: 42, maxAgeMonths: 54 }), child())).toBeNull();
    expect(ageRefusal(session({ minAgeMonths: 55, maxAgeMonths: 71 }), child())).toBe(
      'Spring Garden is for children ages 4 years 7 months–5 on its first day (January 4); Maya will be 4½ then, so a later session will be a better fit.',
    );
    expect(ageRefusal(session({ minAgeMonths: 42, maxAgeMonths: 53 }), child())).toBe(
      'Spring Garden is for children ages 3½–4 on its first day (January 4); Maya will be 4½ then, so one of our programs for older children will be a better fit.',
    );
  });

  it('counts the birthday itself: a child turns a month older on the day, not the day before', () => {
    // Born January 4, 2022: exactly 60 months (5) on January 4, 2027; born January 5: still 59.
    expect(ageRefusal(session({ minAgeMonths: 60 }), child({ dateOfBirth: '2022-01-04' }))).toBeNull();
    expect(ageRefusal(session({ minAgeMonths: 60 }), child({ dateOfBirth: '2022-01-05' }))).toBe(
      'Spring Garden is for children ages 5 and up on its first day (January 4); Maya will be 4 years 11 months then, so a later session will be a better fit.',
    );
  });

  it('with a lower limit only, takes every older child and refuses only the younger ones', () => {
    const minOnly = session({ minAgeMonths: 36, maxAgeMonths: null });
    expect(ageRefusal(minOnly, child())).toBeNull();
    expect(ageRefusal(minOnly, child({ dateOfBirth: '2018-02-01' }))).toBeNull();
    expect(ageRefusal(minOnly, child({ dateOfBirth: '2024-03-01' }))).toBe(
      'Spring Garden is for children ages 3 and up on its first day (January 4); Maya will be 2 years 10 months then, so a later session will be a better fit.',
    );
    expect(verdict({ minAgeMonths: 36 }).canEnroll).toBe(true);
  });

  it('with an upper limit only, takes every younger child and refuses only the older ones', () => {
    const maxOnly = session({ minAgeMonths: null, maxAgeMonths: 59 });
    expect(ageRefusal(maxOnly, child())).toBeNull();
    expect(ageRefusal(maxOnly, child({ dateOfBirth: '2025-06-01' }))).toBeNull();
    expect(ageRefusal(maxOnly, child({ dateOfBirth: '2021-01-04' }))).toBe(
      'Spring Garden is for children up to age 4 on its first day (January 4); Maya will be 6 then, so one of our programs for older children will be a better fit.',
    );
    expect(verdict({ maxAgeMonths: 59 }).canEnroll).toBe(true);
  });

  it('without limits refuses no one, however young or old', () => {
    expect(ageRefusal(session(), child({ dateOfBirth: '2026-10-01' }))).toBeNull();
    expect(ageRefusal(session(), child({ dateOfBirth: '2010-10-01' }))).toBeNull();
  });

  it('says an age as a parent does: whole years, a half, one year and one month', () => {
    const refusalFor = (dateOfBirth: string) =>
      ageRefusal(session({ maxAgeMonths: 11 }), child({ dateOfBirth }))!.match(/Maya will be (.*) then/)![1];
    expect(refusalFor('2023-07-04')).toBe('3½');
    expect(refusalFor('2025-12-04')).toBe('1 year 1 month');
    expect(refusalFor('2025-11-04')).toBe('1 year 2 months');
    expect(refusalFor('2023-05-04')).toBe('3 years 8 months');
  });

  it('says the upper limit in whole years, rounded down', () => {
    expect(ageRefusal(session({ minAgeMonths: 24, maxAgeMonths: 47 }), child())).toContain('ages 2–3 on');
  });

  it('in Spanish, a lower limit in whole or half years as a number, any other as words', () => {
    const es = (min: number, max: number | null, dateOfBirth = '2022-07-04') =>
      ageRefusal(session({ minAgeMonths: min, maxAgeMonths: max }), child({ dateOfBirth }), 'es');
    expect(es(42, 53)).toBe(
      'Spring Garden es para niños de 3½ a 4 años el primer día (4 de enero); Maya tendrá 4 años y medio entonces, así que uno de nuestros programas para niños mayores le quedará mejor.',
    );
    expect(es(60, 71)).toBe(
      'Spring Garden es para niños de 5 a 5 años el primer día (4 de enero); Maya tendrá 4 años y medio entonces, así que una sesión posterior le quedará mejor.',
    );
    expect(es(55, null)).toBe(
      'Spring Garden es para niños de 4 años y 7 meses años en adelante el primer día (4 de enero); Maya tendrá 4 años y medio entonces, así que una sesión posterior le quedará mejor.',
    );
    expect(es(13, null, '2026-03-04')).toContain('de 1 año y 1 mes años en adelante');
  });
});

describe('the family’s sentence and the page’s shapes', () => {
  it('a family without children is asked to add one first; otherwise each different sentence once', () => {
    expect(familySentence([])).toBe(
      'Add your child in the Student Portal first (My students → Add a child), then come back to enroll.',
    );
    expect(familySentence([], 'es')).toMatch(/^Primero agregue a su hijo/);
    const a = { canEnroll: true, canJoinWaitlist: false, eligibility: 'Maya can enroll now.' };
    const b = { canEnroll: true, canJoinWaitlist: false, eligibility: 'Theo can enroll now.' };
    expect(familySentence([a, b, a])).toBe('Maya can enroll now. Theo can enroll now.');
  });

  it('reads a row’s times as dates, whether SQL gave Date objects or JSON strings, and keeps nulls', () => {
    const facts = toChildFacts({
      id: 'c1',
      first_name: 'Maya',
      last_name: 'Rivera',
      date_of_birth: '2022-07-04',
      enrollment_status: 'PendingPayment',
      hold_expires_at: '2026-11-20T18:30:00.000Z',
      waitlist_status: 'Offered',
      offer_expires: new Date('2026-11-21T18:00:00Z'),
      waitlist_position: null,
    });
    expect(facts).toEqual({
      id: 'c1',
      firstName: 'Maya',
      lastName: 'Rivera',
      dateOfBirth: '2022-07-04',
      enrollmentStatus: 'PendingPayment',
      holdExpiresAt: new Date('2026-11-20T18:30:00Z'),
      waitlistStatus: 'Offered',
      waitlistPosition: null,
      offerExpires: new Date('2026-11-21T18:00:00Z'),
    });
    const none = toChildFacts({
      id: 'c2',
      first_name: 'Theo',
      last_name: 'Rivera',
      date_of_birth: '2023-01-02',
      enrollment_status: null,
      hold_expires_at: null,
      waitlist_status: 'Waiting',
      offer_expires: null,
      waitlist_position: 2,
    });
    expect(none.holdExpiresAt).toBeNull();
    expect(none.offerExpires).toBeNull();
    expect(none.waitlistPosition).toBe(2);
  });

  it('shows an offer’s expiry only while the child holds the offer', () => {
    const v = { canEnroll: true, canJoinWaitlist: false, eligibility: 'x' };
    const offered = child({ waitlistStatus: 'Offered', offerExpires: new Date('2026-11-21T18:00:00Z') });
    expect(toSessionStudent(offered, v, true)).toEqual({
      id: offered.id,
      firstName: 'Maya',
      lastName: 'Rivera',
      fullName: 'Maya Rivera',
      dateOfBirth: '2022-07-04',
      enrollmentStatus: null,
      waitlistStatus: 'Offered',
      waitlistPosition: null,
      offerExpires: '2026-11-21T18:00:00.000Z',
      canEnroll: true,
      canJoinWaitlist: false,
      eligibility: 'x',
      holdsSiblingPlace: true,
    });
    expect(toSessionStudent(child({ waitlistStatus: 'Offered' }), v).offerExpires).toBeNull();
    const waiting = child({ waitlistStatus: 'Waiting', offerExpires: new Date('2026-11-21T18:00:00Z') });
    expect(toSessionStudent(waiting, v).offerExpires).toBeNull();
    expect(toSessionStudent(waiting, v).holdsSiblingPlace).toBe(false);
  });
});
