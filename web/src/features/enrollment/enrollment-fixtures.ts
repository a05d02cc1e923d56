/** Test data for the enrollment pages, shaped as the API answers (contract/src/enrollment.ts). */
import type {
  ClassSessionEnrollment,
  Payment,
  SessionStudent,
  SessionSummary,
  WaitlistSubmission,
} from '@lc/contract';

export const MAYA_ID = '3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f';
export const THEO_ID = '7a9d0c1e-2b3f-4a5d-8e6f-0a1b2c3d4e5f';

/** A child of the family as GET /api/ClassSessionEnrollment/{id} answers; override what a test is about. */
export function sessionStudentFixture(overrides: Partial<SessionStudent> = {}): SessionStudent {
  const firstName = overrides.firstName ?? 'Maya';
  return {
    id: MAYA_ID,
    firstName,
    lastName: 'Avery',
    fullName: `${firstName} Avery`,
    dateOfBirth: '2021-08-02',
    enrollmentStatus: null,
    waitlistStatus: null,
    waitlistPosition: null,
    offerExpires: null,
    canEnroll: true,
    canJoinWaitlist: false,
    eligibility: `${firstName} can enroll now.`,
    ...overrides,
  };
}

export function sessionSummaryFixture(overrides: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id: 1,
    name: 'Spring Morning Program',
    sessionStartDate: '2026-02-02',
    sessionEndDate: '2026-05-29',
    daySchedule: 'Mon–Fri, 8:30 am – 12:00 pm',
    thumbnail: null,
    ...overrides,
  };
}

function student(id: string, firstName: string) {
  return { id, firstName, lastName: 'Avery', fullName: `${firstName} Avery` };
}

export function enrollmentFixture(
  firstName: string,
  overrides: Partial<ClassSessionEnrollment> = {},
): ClassSessionEnrollment {
  const child = student(firstName === 'Theo' ? THEO_ID : MAYA_ID, firstName);
  return {
    id: `enrollment-${firstName}`,
    classSessionId: 1,
    classSession: sessionSummaryFixture(),
    studentId: child.id,
    student: child,
    students: [child],
    status: 'Enrolled',
    created: '2026-01-12T17:00:00Z',
    paymentId: 'payment-1',
    holdExpiresAt: null,
    ...overrides,
  };
}

/** A payment for Maya and Theo in session 1: $1,850 registration and $75 supply fee each. */
export function paymentFixture(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'payment-1',
    status: 'Paid',
    originalAmount: 385_000,
    finalAmount: 385_000,
    provider: 'test',
    checkoutUrl: '/test-checkout/test_cs_1',
    checkoutId: 'test_cs_1',
    paymentIntentId: 'test_pi_1',
    receiptUrl: '/test-checkout/test_cs_1/receipt',
    emailAddress: 'jordan@families.example',
    created: '2026-01-12T17:00:00Z',
    userId: 'user-1',
    paidBy: 'Jordan Rivera',
    holdExpiresAt: null,
    classSessionId: 1,
    classSession: sessionSummaryFixture(),
    lineItems: [
      {
        description: 'Spring Morning Program — registration',
        unitAmount: 185_000,
        quantity: 2,
        amount: 370_000,
      },
      { description: 'Spring Morning Program — supply fee', unitAmount: 7_500, quantity: 2, amount: 15_000 },
    ],
    enrollments: [enrollmentFixture('Maya'), enrollmentFixture('Theo')],
    refundedAmount: 0,
    refundedAt: null,
    plan: null,
    ...overrides,
  };
}

export function waitlistPlaceFixture(overrides: Partial<WaitlistSubmission> = {}): WaitlistSubmission {
  const child = student(MAYA_ID, 'Maya');
  return {
    id: 'place-1',
    classSessionId: 1,
    classSession: sessionSummaryFixture(),
    studentId: child.id,
    student: child,
    students: [child],
    status: 'Waiting',
    created: '2026-01-12T17:00:00Z',
    expires: null,
    position: 3,
    ...overrides,
  };
}

/** A plain-text reply (VerifyEligibility answers a sentence). */
export function textReply(text: string): Response {
  return new Response(text, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
