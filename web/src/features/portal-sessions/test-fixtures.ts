/** Records as the registration API answers them, for this feature's and its pages' tests. */
import type {
  Announcement,
  ClassSessionEnrollment,
  DigitalResource,
  Payment,
  SessionSummary,
  StudentSummary,
  WaitlistSubmission,
} from '@lc/contract';

export function sessionSummary(overrides: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id: 2,
    name: 'Winter Morning Session',
    sessionStartDate: '2099-01-12',
    sessionEndDate: '2099-03-27',
    daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
    thumbnail: null,
    ...overrides,
  };
}

export function child(firstName: string, id = `${firstName.toLowerCase()}-id`): StudentSummary {
  return { id, firstName, lastName: 'Avery', fullName: `${firstName} Avery` };
}

export const MAYA = child('Maya', '28802cc2-9ee6-423d-bbcb-ec9ad003d6b8');
export const THEO = child('Theo', 'bb05f8f4-9e93-4b9a-b63f-58fa35f61cfd');

export function enrollment(overrides: Partial<ClassSessionEnrollment> = {}): ClassSessionEnrollment {
  const session = overrides.classSession ?? sessionSummary();
  const student = overrides.student ?? MAYA;
  return {
    id: `enr-${session.id}-${student.id}-${overrides.status ?? 'Enrolled'}`,
    classSessionId: session.id,
    classSession: session,
    studentId: student.id,
    student,
    students: [student],
    status: 'Enrolled',
    created: '2026-01-05T17:00:00.000Z',
    paymentId: 'pay-1',
    holdExpiresAt: null,
    ...overrides,
  };
}

export function waitlistPlace(overrides: Partial<WaitlistSubmission> = {}): WaitlistSubmission {
  const session = overrides.classSession ?? sessionSummary({ id: 6, name: 'Pre-K Readiness Mornings' });
  const student = overrides.student ?? MAYA;
  return {
    id: `wl-${session.id}-${student.id}`,
    classSessionId: session.id,
    classSession: session,
    studentId: student.id,
    student,
    students: [student],
    status: 'Waiting',
    created: '2026-01-05T17:00:00.000Z',
    expires: null,
    position: 2,
    ...overrides,
  };
}

export function announcement(overrides: Partial<Announcement> = {}): Announcement {
  const session = overrides.classSession === undefined ? sessionSummary() : overrides.classSession;
  return {
    id: 1,
    shortURL: null,
    title: 'Welcome to the Winter Morning Session!',
    category: 'Welcome',
    priority: 0,
    isActive: true,
    dateCreated: '2099-01-02T17:00:00.000Z',
    startDate: '2099-01-02T17:00:00.000Z',
    endDate: null,
    webMessage: 'We can’t wait to meet everyone.',
    showOnWeb: true,
    emailMessage: null,
    sendEmail: false,
    smsMessage: null,
    sendSMS: false,
    classSessionId: session?.id ?? null,
    classSession: session,
    ...overrides,
  };
}

export function resource(overrides: Partial<DigitalResource> = {}): DigitalResource {
  return {
    id: 1,
    type: 'Document',
    name: 'What to bring this winter',
    fileName: 'winter-supply-list.pdf',
    description: 'The supply list.',
    url: '/resources/winter-supply-list.pdf',
    isActive: true,
    uploadDate: '2099-01-02T17:00:00.000Z',
    ...overrides,
  };
}

export function payment(overrides: Partial<Payment> = {}): Payment {
  const session = overrides.classSession === undefined ? sessionSummary() : overrides.classSession;
  return {
    id: 'pay-1',
    status: 'Paid',
    originalAmount: 194_500,
    finalAmount: 194_500,
    provider: 'test',
    checkoutUrl: null,
    checkoutId: 'test_cs_1',
    paymentIntentId: null,
    receiptUrl: null,
    emailAddress: 'demo@brightoak.example',
    created: new Date().toISOString(),
    userId: 'user-1',
    paidBy: 'Jordan Rivera',
    holdExpiresAt: null,
    classSessionId: session?.id ?? null,
    classSession: session,
    lineItems: [],
    enrollments: [enrollment({ classSession: session ?? sessionSummary() })],
    refundedAmount: 0,
    refundedAt: null,
    plan: null,
    ...overrides,
  };
}

/**
 * Answers fetch calls from a table of "METHOD url" → reply (a reply function runs on every call, so a
 * test can change what it answers); anything else is a 404 as the API sends it.
 */
export function serveApi(
  fetchMock: { mockImplementation: (impl: typeof fetch) => unknown },
  table: Record<string, () => Response>,
) {
  fetchMock.mockImplementation(async (input, init) => {
    const reply = table[`${init?.method ?? 'GET'} ${String(input)}`];
    if (reply) return reply();
    return new Response(JSON.stringify({ error: 'Not Found', message: 'Not found.', requestId: 'r' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  });
}
