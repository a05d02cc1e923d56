/**
 * One family in every state a page can show, made through the real API, for the state sweeps
 * (e2e/tests/a11y-states.spec.ts, issue 21 item 18): see that file for the states and the pages.
 */
import { randomUUID } from 'node:crypto';
import { createParent, type TestParent } from './accounts.ts';
import { uniqueMarker } from './app.ts';
import { addChild, bearer, centerDate, enrollByHand } from './door.ts';
import { expectNoAxeViolationsInEveryTheme } from './fixtures.ts';
import { enrollAndPay, hideSession, oneSeatSession } from './money.ts';
import { DIRECTOR, tokenFor } from './staff.ts';
import { type APIRequestContext, expect, type Page } from './test.ts';

const DAY = 86_400_000;

/** Everything one family's states were built with: the sessions, the children and the parent. */
export type States = {
  director: string;
  parent: TestParent;
  parentId: string;
  marker: string;
  /** Ana (allergy, paid and partly refunded), Dev (seat held, unpaid), Eli (paid by check). */
  paid: { id: number; name: string };
  /** Ben withdrawn with a full refund; Cleo offered the seat he left. */
  offered: { id: number; name: string };
  /** Hidden from the catalogue, meets every day, its pickup time long past: Ana is still in (late). */
  late: { id: number; name: string };
  children: { ana: string; ben: string; cleo: string; dev: string; eli: string };
  allergy: string;
};

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string, status = 201) {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
  return response;
}

/** The parent's user id: the `sub` claim of their session token. */
function userIdOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
}

/**
 * Start a checkout for `childId` in `sessionId` and leave it open (the seat is held, unpaid) or press Cancel
 * on the test checkout.
 */
async function startCheckout(
  request: APIRequestContext,
  parent: TestParent,
  sessionId: number,
  childId: string,
  then: 'leave open' | 'cancel',
) {
  const res = await ok(
    await request.post('/api/ClassSessionEnrollment', {
      headers: bearer(parent.token),
      data: { classSessionId: sessionId, studentIds: [childId] },
    }),
    'POST /api/ClassSessionEnrollment',
  );
  if (then === 'cancel') {
    const checkout = new URL(((await res.json()) as { checkoutUrl: string }).checkoutUrl).pathname;
    const done = await request.post(`${checkout}/cancel`, { form: { cancel: '1' }, maxRedirects: 0 });
    expect(done.status()).toBe(303);
  }
}

/**
 * A session meeting every day from last week, hidden from the catalogue, whose day ends one minute after
 * midnight with no grace (its late-pickup policy says "a 0-minute grace"): a child still checked in is late
 * from 12:01 am, whatever time of day the run is (the server's clock cannot be moved).
 */
async function lateSession(request: APIRequestContext, director: string, name: string): Promise<number> {
  const policy = await ok(
    await request.post('/api/staff/policies', {
      headers: bearer(director),
      data: {
        policyType: 'LatePickup',
        name: `Pickup at the bell ${name}`,
        htmlValue: '<p>Pickup is late straight after the session ends: a 0-minute grace.</p>',
      },
    }),
    'POST /api/staff/policies',
  );
  const res = await ok(
    await request.post('/api/ClassSession', {
      headers: bearer(director),
      data: {
        name,
        description: 'Night owls: stories by lamplight for the children of the late shift.',
        sessionStartDate: centerDate(-7),
        sessionEndDate: centerDate(30),
        registrationStartDate: new Date(Date.now() - 10 * DAY).toISOString(),
        registrationEndDate: new Date(Date.now() + 20 * DAY).toISOString(),
        daySchedule: 'Daily, 12:00 am – 12:01 am',
        registrationPrice: 40_000,
        rosterSize: 6,
        isActive: false,
        latePickupPolicyId: ((await policy.json()) as { id: number }).id,
      },
    }),
    'POST /api/ClassSession',
  );
  return ((await res.json()) as { id: number }).id;
}

/** Build one family in every state (see the module comment), in `language`. */
export async function buildStates(request: APIRequestContext, language: 'en' | 'es'): Promise<States> {
  const director = await tokenFor(request, DIRECTOR);
  const marker = uniqueMarker('st').slice(-6);
  const paid = { id: 0, name: `Robin Room ${marker}` };
  const offered = { id: 0, name: `Wren Room ${marker}` };
  const late = { id: 0, name: `Owl Room ${marker}` };
  paid.id = await oneSeatSession(request, director, paid.name, { rosterSize: 6 });
  offered.id = await oneSeatSession(request, director, offered.name);
  late.id = await lateSession(request, director, late.name);

  const parent = await createParent(request, { firstName: 'Marisol', lastName: 'Quintero', language });
  const allergy = language === 'es' ? 'Cacahuate' : 'Peanuts';
  const children = {
    ana: await addChild(request, parent, 'Ana'),
    ben: await addChild(request, parent, 'Ben'),
    cleo: await addChild(request, parent, 'Cleo'),
    dev: await addChild(request, parent, 'Dev'),
    eli: await addChild(request, parent, 'Eli'),
  };
  await ok(
    await request.post(`/api/Student/${children.ana}/Allergies`, {
      headers: bearer(parent.token),
      data: { name: allergy },
    }),
    'POST allergy',
  );

  // Paid on the test checkout, then $150.00 of $400.00 given back: a partly refunded payment.
  await enrollAndPay(request, parent, paid.id, children.ana);
  const money = (await (
    await request.get(`/api/staff/sessions/${paid.id}/enrollments`, { headers: bearer(director) })
  ).json()) as Array<{ studentId: string; paymentId: string | null }>;
  const anaPayment = money.find((m) => m.studentId === children.ana)?.paymentId;
  expect(anaPayment, 'Ana’s payment').toBeTruthy();
  await ok(
    await request.post(`/api/staff/payments/${anaPayment}/refunds`, {
      headers: bearer(director),
      data: { amount: 15_000, reason: 'Missed the first two weeks', idempotencyKey: randomUUID() },
    }),
    'POST refund',
  );
  // Paid by check, recorded by the office (an offline payment).
  await ok(
    await request.post(`/api/staff/sessions/${paid.id}/enrollments`, {
      headers: bearer(director),
      data: { studentId: children.eli, amount: 25_000, note: 'Check #1042' },
    }),
    'POST enroll by hand',
  );
  // A checkout cancelled (not charged), then one left open: Dev's seat is held, unpaid.
  await startCheckout(request, parent, paid.id, children.dev, 'cancel');
  await startCheckout(request, parent, paid.id, children.dev, 'leave open');

  // Ben takes the one seat and pays; Cleo waits; the office withdraws Ben with a full refund, and the seat
  // is offered to Cleo.
  await enrollAndPay(request, parent, offered.id, children.ben);
  await ok(
    await request.post(`/api/ClassSessionEnrollment/JoinWaitlist/${offered.id}`, {
      headers: bearer(parent.token),
      data: { classSessionId: offered.id, studentIds: [children.cleo] },
    }),
    'POST JoinWaitlist',
  );
  await ok(
    await request.post(`/api/staff/sessions/${offered.id}/withdraw`, {
      headers: bearer(director),
      data: {
        studentId: children.ben,
        reason: 'The family is moving to Oregon',
        refundAmount: 40_000,
        idempotencyKey: randomUUID(),
      },
    }),
    'POST withdraw',
    200,
  );

  // Ana is checked in to the hidden session and not picked up: late.
  await enrollByHand(request, director, late.id, [children.ana]);
  await ok(
    await request.post('/api/staff/attendance', {
      headers: bearer(director),
      data: {
        studentId: children.ana,
        classSessionId: late.id,
        kind: 'CheckIn',
        adultName: 'Marisol Quintero',
      },
    }),
    'POST /api/staff/attendance',
  );
  return {
    director,
    parent,
    parentId: userIdOf(parent.token),
    marker,
    paid,
    offered,
    late,
    children,
    allergy,
  };
}

/** Hide the sessions a test made, so the public catalogue other tests count is the demo's again. */
export async function hideAll(request: APIRequestContext, states: States) {
  await hideSession(request, states.director, states.paid.id);
  await hideSession(request, states.director, states.offered.id);
}

/** Open `path`, wait for its h1 and the page's data, check `shown` is on screen, then scan. */
export async function scan(
  page: Page,
  path: string,
  heading: string | RegExp,
  shown: (page: Page) => Promise<void>,
) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await shown(page);
  await expectNoAxeViolationsInEveryTheme(page, path);
}
