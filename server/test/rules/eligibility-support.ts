/**
 * The facts the pure eligibility tests build: a session (Spring Garden, January 4, 2027, general registration
 * open since November 1) and a child (Maya, 4½ on the first day), each with what a test changes, on Friday,
 * November 20, 2026 at 10:00 am in California.
 */
import {
  type ChildFacts,
  childVerdict,
  type SessionFacts,
} from '../../src/features/enrollment/eligibility.ts';

/** 10:00 am on Friday, November 20, 2026 in the center's time zone. */
export const NOW = new Date('2026-11-20T18:00:00Z');
export const TODAY = '2026-11-20';
export const LA = 'America/Los_Angeles';

/** Spring Garden starts Monday, January 4, 2027; general registration opened November 1. */
export const session = (over: Partial<SessionFacts> = {}): SessionFacts => ({
  id: 7,
  name: 'Spring Garden',
  isActive: true,
  waitlistActive: true,
  sessionStartDate: '2027-01-04',
  sessionEndDate: '2027-03-26',
  minAgeMonths: null,
  maxAgeMonths: null,
  priorityRegistrationStartDate: null,
  priorityRegistrationEndDate: null,
  registrationStartDate: new Date('2026-11-01T17:00:00Z'),
  registrationEndDate: new Date('2026-12-20T17:00:00Z'),
  registrationState: 'Open',
  seatsLeft: 3,
  waitlistSpotsLeft: 2,
  ...over,
});

/** Maya, born July 4, 2022: 54 months (4½) on January 4, 2027. */
export const child = (over: Partial<ChildFacts> = {}): ChildFacts => ({
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Maya',
  lastName: 'Rivera',
  dateOfBirth: '2022-07-04',
  enrollmentStatus: null,
  holdExpiresAt: null,
  waitlistStatus: null,
  waitlistPosition: null,
  offerExpires: null,
  ...over,
});

/** The verdict on the child in the session, as a family of `returning` asks in `language`. */
export const verdict = (
  s: Partial<SessionFacts>,
  c: Partial<ChildFacts> = {},
  { returning = false, language = 'en' as 'en' | 'es' } = {},
) => childVerdict(session(s), child(c), returning, NOW, TODAY, LA, language);

/** The waitlist hint an open waitlist adds. */
export const JOIN = ' Join the waitlist and we’ll email you the moment a seat opens.';
