/**
 * Sessions and paid places for the money tests (issues 10 and 13): a one-seat session with a waitlist, made
 * by the director through the API, and a place paid on the built-in test checkout.
 */
import { createParent, type TestParent } from './accounts.ts';
import { addChild, bearer } from './door.ts';
import { type APIRequestContext, expect } from './test.ts';

/**
 * A one-seat session open for registration now, with a waitlist of 3 ($400.00, no supply fee, spring 2030
 * unless `overrides` say otherwise); answers its id.
 */
export async function oneSeatSession(
  request: APIRequestContext,
  token: string,
  name: string,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const now = Date.now();
  const res = await request.post('/api/ClassSession', {
    headers: bearer(token),
    data: {
      name,
      description: 'A small morning group for stories, songs and painting.',
      sessionStartDate: '2030-03-04',
      sessionEndDate: '2030-05-27',
      registrationStartDate: new Date(now - 86_400_000).toISOString(),
      registrationEndDate: new Date(now + 30 * 86_400_000).toISOString(),
      daySchedule: 'Monday, 9:00 am – 11:00 am',
      registrationPrice: 40_000,
      rosterSize: 1,
      waitlistActive: true,
      waitlistSize: 3,
      ...overrides,
    },
  });
  expect(res.status(), 'POST /api/ClassSession').toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/**
 * The parent enrolls the child and pays on the test checkout; `choice` adds the enrollment's payment choices
 * (e.g. `{ paymentPlan: true, saveMethod: false }`: the plan's deposit today, no card saved).
 */
export async function enrollAndPay(
  request: APIRequestContext,
  parent: TestParent,
  sessionId: number,
  childId: string,
  choice: { paymentPlan?: boolean; saveMethod?: boolean } = {},
): Promise<void> {
  const res = await request.post('/api/ClassSessionEnrollment', {
    headers: bearer(parent.token),
    data: { classSessionId: sessionId, studentIds: [childId], ...choice },
  });
  expect(res.status(), 'POST /api/ClassSessionEnrollment').toBe(201);
  const checkout = new URL(((await res.json()) as { checkoutUrl: string }).checkoutUrl).pathname;
  const paid = await request.post(`${checkout}/pay`, { form: { pay: '1' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
}

/**
 * A session of its own whose one seat is taken (by another family, paid), so its waitlist is open: a test
 * joins that waitlist without using up the demo sessions' places, which other tests count on. Hide it with
 * {@link hideSession} when done.
 */
export async function fullSessionWithWaitlist(
  request: APIRequestContext,
  directorToken: string,
  name: string,
): Promise<number> {
  const sessionId = await oneSeatSession(request, directorToken, name);
  const other = await createParent(request, { firstName: 'Noor', lastName: 'Haddad' });
  await enrollAndPay(request, other, sessionId, await addChild(request, other, 'Layla'));
  return sessionId;
}

/**
 * Hide a session a test made (the director's PUT with `isActive: false`), so the public catalogue other tests
 * count is the demo's again.
 */
export async function hideSession(request: APIRequestContext, token: string, id: number): Promise<void> {
  const session = (await (await request.get(`/api/ClassSession/${id}`)).json()) as Record<string, unknown> & {
    expectationPolicy: { id: number } | null;
    dismissalPolicy: { id: number } | null;
    latePickupPolicy: { id: number } | null;
  };
  const {
    id: _id,
    classSection: _section,
    expectationPolicy,
    dismissalPolicy,
    latePickupPolicy,
    seatsLeft: _seats,
    waitlistSpotsLeft: _places,
    registrationState: _state,
    ...input
  } = session;
  const res = await request.put(`/api/ClassSession/${id}`, {
    headers: bearer(token),
    data: {
      ...input,
      isActive: false,
      expectationPolicyId: expectationPolicy?.id ?? null,
      dismissalPolicyId: dismissalPolicy?.id ?? null,
      latePickupPolicyId: latePickupPolicy?.id ?? null,
    },
  });
  expect(res.status(), `PUT /api/ClassSession/${id}`).toBeLessThan(300);
}
