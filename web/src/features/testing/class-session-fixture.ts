import type { ClassSession } from '@lc/contract';

/** A session as GET /api/ClassSession returns it; override what a test is about. */
export function classSessionFixture(overrides: Partial<ClassSession> = {}): ClassSession {
  return {
    id: 1,
    name: 'Spring Morning Program',
    description: 'Mornings of play and discovery.',
    thumbnail: null,
    sessionStartDate: '2026-02-02',
    sessionEndDate: '2026-05-29',
    priorityRegistrationStartDate: '2026-01-05T16:00:00Z',
    priorityRegistrationEndDate: '2026-01-10T07:59:00Z',
    registrationStartDate: '2026-01-12T16:00:00Z',
    registrationEndDate: '2026-01-31T07:59:00Z',
    daySchedule: 'Mon–Fri, 8:30 am – 12:00 pm',
    isActive: true,
    stripeLineItem: null,
    supplyFeeLineItem: null,
    registrationPrice: 185000,
    supplyFee: 7500,
    rosterSize: 12,
    minAgeMonths: 42,
    maxAgeMonths: 71,
    waitlistActive: true,
    waitlistSize: 6,
    classSectionId: null,
    classSection: null,
    expectationPolicy: null,
    dismissalPolicy: null,
    latePickupPolicy: null,
    seatsLeft: 12,
    waitlistSpotsLeft: 6,
    registrationState: 'Upcoming',
    ...overrides,
  };
}
