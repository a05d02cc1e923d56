/**
 * The eligibility rules as pure functions (server/src/features/enrollment/eligibility.ts, which re-exports
 * child-verdict.ts; spec §7 VerifyEligibility, docs/decisions/006-registration.md), at their edges: an offer
 * that expires at this very instant, each condition of an open waitlist (waitlist-only, inactive, ended,
 * waitlist off, no place left, offers not yet open) and the registration windows' sentences, in English and,
 * where the words differ, Spanish. Age limits: eligibility-ages.test.ts. No database: each test builds its own
 * facts (issue 22 item 8, the mutation run's tests).
 */
import { describe, expect, it } from 'vitest';
import { offersOpen } from '../../src/features/enrollment/eligibility.ts';
import { JOIN, NOW, session, TODAY, verdict } from './eligibility-support.ts';

describe('when offers are being made (offersOpen)', () => {
  it('opens at the instant registration first opens, priority or general, and not a millisecond before', () => {
    const opensNow = { registrationStartDate: NOW, priorityRegistrationStartDate: null };
    expect(offersOpen(session(opensNow), NOW, TODAY)).toBe(true);
    expect(offersOpen(session(opensNow), new Date(NOW.getTime() - 1), TODAY)).toBe(false);
    const priorityOnly = { registrationStartDate: null, priorityRegistrationStartDate: NOW };
    expect(offersOpen(session(priorityOnly), NOW, TODAY)).toBe(true);
    expect(offersOpen(session(priorityOnly), new Date(NOW.getTime() - 1), TODAY)).toBe(false);
    const later = new Date('2026-12-01T17:00:00Z');
    expect(
      offersOpen(session({ priorityRegistrationStartDate: NOW, registrationStartDate: later }), NOW, TODAY),
    ).toBe(true);
  });

  it('is closed with no window at all, for an inactive session, and after the last day (open on it)', () => {
    const none = { registrationStartDate: null, priorityRegistrationStartDate: null };
    expect(offersOpen(session(none), NOW, TODAY)).toBe(false);
    expect(offersOpen(session({ isActive: false }), NOW, TODAY)).toBe(false);
    expect(offersOpen(session({ sessionEndDate: TODAY }), NOW, TODAY)).toBe(true);
    expect(offersOpen(session({ sessionEndDate: '2026-11-19' }), NOW, TODAY)).toBe(false);
  });
});

describe('a child’s own place first', () => {
  it('an enrolled child is told so, and may neither enroll nor join the waitlist', () => {
    expect(verdict({}, { enrollmentStatus: 'Enrolled' })).toEqual({
      canEnroll: false,
      canJoinWaitlist: false,
      eligibility: 'Maya is enrolled in Spring Garden.',
    });
  });

  it('a seat held for a checkout may be paid for until the hold runs out, in the center’s time', () => {
    const held = {
      enrollmentStatus: 'PendingPayment' as const,
      holdExpiresAt: new Date('2026-11-20T18:30:00Z'),
    };
    expect(verdict({ registrationState: 'Full', seatsLeft: 0 }, held)).toEqual({
      canEnroll: true,
      canJoinWaitlist: false,
      eligibility:
        'A seat is held for Maya until November 20 at 10:30 AM: finish the checkout to complete the enrollment.',
    });
    // Spanish reads "20 de noviembre, 10:30 a.m." or "… a las 10:30 a.m.", as the platform's ICU writes it.
    expect(verdict({}, held, { language: 'es' }).eligibility).toMatch(
      /^Hay un lugar reservado para Maya hasta el 20 de noviembre,? (a las )?10:30 a\. ?m\.: termine el pago para completar la inscripción\.$/,
    );
  });

  it('a hold without an end time, or an end time without a hold, holds nothing', () => {
    const closed = { registrationState: 'Closed' as const };
    expect(verdict(closed, { enrollmentStatus: 'PendingPayment' }).eligibility).toBe(
      'Registration for Spring Garden is closed.',
    );
    expect(verdict(closed, { holdExpiresAt: new Date('2026-11-20T18:30:00Z') }).eligibility).toBe(
      'Registration for Spring Garden is closed.',
    );
  });

  it('a waitlist offer lets the child enroll in a full or closed session until it expires', () => {
    const offer = { waitlistStatus: 'Offered' as const, offerExpires: new Date('2026-11-21T18:00:00Z') };
    expect(verdict({ registrationState: 'Full', seatsLeft: 0 }, offer)).toEqual({
      canEnroll: true,
      canJoinWaitlist: false,
      eligibility:
        'A seat opened up and is saved for Maya until November 21 at 10:00 AM. Enroll before then to keep it.',
    });
    expect(verdict({ registrationState: 'Closed' }, offer, { language: 'es' }).eligibility).toMatch(
      /^Se liberó un lugar y lo guardamos para Maya hasta el 21 de noviembre,? (a las )?10:00 a\. ?m\.\. Complete la inscripción antes de esa hora para no perderlo\.$/,
    );
  });

  it('an offer that expires at this very instant, or earlier, is not counted', () => {
    const full = { registrationState: 'Full' as const, seatsLeft: 0 };
    for (const offerExpires of [NOW, new Date(NOW.getTime() - 60_000)]) {
      expect(verdict(full, { waitlistStatus: 'Offered', offerExpires })).toEqual({
        canEnroll: false,
        canJoinWaitlist: true,
        eligibility: `Spring Garden is full.${JOIN}`,
      });
    }
    expect(verdict(full, { waitlistStatus: 'Offered', offerExpires: null }).canEnroll).toBe(false);
    expect(
      verdict(full, { waitlistStatus: 'Offered', offerExpires: new Date(NOW.getTime() + 1) }).canEnroll,
    ).toBe(true);
  });

  it('only an offer counts: a waiting child with an expiry time on its row is still waiting', () => {
    const waiting = {
      waitlistStatus: 'Waiting' as const,
      waitlistPosition: 2,
      offerExpires: new Date('2026-11-21T18:00:00Z'),
    };
    expect(verdict({ registrationState: 'Full', seatsLeft: 0 }, waiting)).toEqual({
      canEnroll: false,
      canJoinWaitlist: false,
      eligibility: 'Maya is number 2 on the waitlist. We’ll email you the moment a seat opens.',
    });
  });

  it('an offer counts only while offers are being made: not after the last day, nor for an inactive session', () => {
    const offer = { waitlistStatus: 'Offered' as const, offerExpires: new Date('2026-11-21T18:00:00Z') };
    expect(verdict({ registrationState: 'Closed', sessionEndDate: '2026-11-19' }, offer)).toEqual({
      canEnroll: false,
      canJoinWaitlist: false,
      eligibility: 'Registration for Spring Garden is closed.',
    });
    expect(verdict({ registrationState: 'Closed', isActive: false }, offer).canEnroll).toBe(false);
  });

  it('a waiting child is told its place in line (first when the place is unknown)', () => {
    expect(
      verdict(
        { registrationState: 'Full', seatsLeft: 0 },
        { waitlistStatus: 'Waiting', waitlistPosition: 3 },
      ),
    ).toEqual({
      canEnroll: false,
      canJoinWaitlist: false,
      eligibility: 'Maya is number 3 on the waitlist. We’ll email you the moment a seat opens.',
    });
    expect(verdict({}, { waitlistStatus: 'Waiting' }).eligibility).toBe(
      'Maya is number 1 on the waitlist. We’ll email you the moment a seat opens.',
    );
  });

  it('a child outside the ages may neither enroll nor join the waitlist, even with a seat open', () => {
    expect(verdict({ minAgeMonths: 60 })).toEqual({
      canEnroll: false,
      canJoinWaitlist: false,
      eligibility:
        'Spring Garden is for children ages 5 and up on its first day (January 4); Maya will be 4½ then, so a later session will be a better fit.',
    });
    expect(verdict({ registrationState: 'Full', seatsLeft: 0, maxAgeMonths: 48 }).canJoinWaitlist).toBe(
      false,
    );
  });
});

describe('when the waitlist is open', () => {
  const full = { registrationState: 'Full' as const, seatsLeft: 0 };
  const fullAndClosed = {
    canEnroll: false,
    canJoinWaitlist: false,
    eligibility: 'Spring Garden is full, and so is its waitlist.',
  };

  it('a full session takes waitlist sign-ups while the waitlist is on and has a place left', () => {
    expect(verdict(full)).toEqual({
      canEnroll: false,
      canJoinWaitlist: true,
      eligibility: `Spring Garden is full.${JOIN}`,
    });
    expect(verdict({ ...full, waitlistSpotsLeft: 1 }).canJoinWaitlist).toBe(true);
    expect(verdict(full, {}, { language: 'es' }).eligibility).toBe(
      'Spring Garden está llena. Únase a la lista de espera y le escribiremos en cuanto se libere un lugar.',
    );
  });

  it('not with no waitlist place left, the waitlist off, an inactive session or after the last day', () => {
    expect(verdict({ ...full, waitlistSpotsLeft: 0 })).toEqual(fullAndClosed);
    expect(verdict({ ...full, waitlistActive: false })).toEqual(fullAndClosed);
    expect(verdict({ ...full, isActive: false })).toEqual(fullAndClosed);
    expect(verdict({ ...full, sessionEndDate: '2026-11-19' })).toEqual(fullAndClosed);
    expect(verdict({ ...full, sessionEndDate: TODAY }).canJoinWaitlist).toBe(true);
  });

  it('a full session takes no sign-ups before registration has opened (no offers are being made yet)', () => {
    const notYet = { ...full, registrationStartDate: new Date('2026-12-01T17:00:00Z') };
    expect(verdict(notYet)).toEqual(fullAndClosed);
  });

  it('a session with seats left takes no waitlist sign-ups, unless it is waitlist-only', () => {
    expect(verdict({ registrationState: 'Open', seatsLeft: 1 })).toEqual({
      canEnroll: true,
      canJoinWaitlist: false,
      eligibility: 'Maya can enroll now.',
    });
    expect(verdict({ registrationState: 'Closed', seatsLeft: 1 })).toEqual({
      canEnroll: false,
      canJoinWaitlist: false,
      eligibility: 'Registration for Spring Garden is closed.',
    });
  });

  it('a waitlist-only session takes sign-ups with seats left and before any window, while its waitlist has room', () => {
    const waitlistOnly = {
      registrationState: 'WaitlistOnly' as const,
      seatsLeft: 3,
      registrationStartDate: null,
      registrationEndDate: null,
    };
    expect(verdict(waitlistOnly)).toEqual({
      canEnroll: false,
      canJoinWaitlist: true,
      eligibility: `Spring Garden takes waitlist sign-ups only for now.${JOIN}`,
    });
    const full = {
      canEnroll: false,
      canJoinWaitlist: false,
      eligibility: 'Spring Garden takes waitlist sign-ups only, and its waitlist is full right now.',
    };
    expect(verdict({ ...waitlistOnly, waitlistSpotsLeft: 0 })).toEqual(full);
    expect(verdict({ ...waitlistOnly, isActive: false })).toEqual(full);
    expect(verdict({ ...waitlistOnly, sessionEndDate: '2026-11-19' })).toEqual(full);
    expect(verdict({ ...waitlistOnly, waitlistActive: false })).toEqual(full);
  });

  it('a closed session that is full still takes waitlist sign-ups for seats that free up', () => {
    expect(verdict({ registrationState: 'Closed', seatsLeft: 0 })).toEqual({
      canEnroll: false,
      canJoinWaitlist: true,
      eligibility: `Registration for Spring Garden has closed and every seat is taken.${JOIN}`,
    });
    expect(verdict({ registrationState: 'Closed', seatsLeft: 0, waitlistSpotsLeft: 0 })).toEqual({
      canEnroll: false,
      canJoinWaitlist: false,
      eligibility: 'Registration for Spring Garden is closed.',
    });
  });
});

describe('the registration windows’ sentences', () => {
  const priorityStart = new Date('2026-12-01T17:00:00Z');
  const generalStart = new Date('2026-12-08T17:00:00Z');
  const upcoming = {
    registrationState: 'Upcoming' as const,
    priorityRegistrationStartDate: priorityStart,
    registrationStartDate: generalStart,
  };

  it('before registration: a returning family is told the priority date, any other the general one', () => {
    expect(verdict(upcoming, {}, { returning: true })).toEqual({
      canEnroll: false,
      canJoinWaitlist: false,
      eligibility:
        'Registration for Spring Garden opens on Tuesday, December 1 (priority registration for returning families).',
    });
    expect(verdict(upcoming).eligibility).toBe(
      'Registration for Spring Garden opens on Tuesday, December 8.',
    );
    expect(verdict(upcoming, {}, { language: 'es' }).eligibility).toBe(
      'La inscripción para Spring Garden abre el martes, 8 de diciembre.',
    );
  });

  it('before registration with one window only, or none, says what there is', () => {
    expect(verdict({ ...upcoming, registrationStartDate: null }).eligibility).toBe(
      'Registration for Spring Garden opens on Tuesday, December 1.',
    );
    expect(
      verdict({ ...upcoming, priorityRegistrationStartDate: null }, {}, { returning: true }).eligibility,
    ).toBe('Registration for Spring Garden opens on Tuesday, December 8.');
    expect(
      verdict({ ...upcoming, priorityRegistrationStartDate: null, registrationStartDate: null }).eligibility,
    ).toBe('Registration for Spring Garden has not opened yet.');
  });

  it('during priority registration only a returning family may enroll; others learn when general opens', () => {
    const priority = {
      ...upcoming,
      registrationState: 'PriorityOpen' as const,
      priorityRegistrationStartDate: NOW,
    };
    expect(verdict(priority, {}, { returning: true })).toEqual({
      canEnroll: true,
      canJoinWaitlist: false,
      eligibility: 'Maya can enroll now (priority registration for returning families).',
    });
    expect(verdict(priority)).toEqual({
      canEnroll: false,
      canJoinWaitlist: false,
      eligibility:
        'Priority registration for returning families is open now; general registration opens on Tuesday, December 8.',
    });
    expect(verdict({ ...priority, registrationStartDate: null }).eligibility).toBe(
      'Priority registration for returning families is open now.',
    );
  });

  it('dates are the center’s: 11 pm in California is still that day', () => {
    const lateEvening = new Date('2026-12-02T07:00:00Z');
    expect(verdict({ ...upcoming, registrationStartDate: lateEvening }).eligibility).toBe(
      'Registration for Spring Garden opens on Tuesday, December 1.',
    );
  });
});
