/**
 * Contrast in every state a page can show (issue 21 item 18). The other sweeps scan pages with the data their
 * flows happened to make, so a badge or an alert that only shows in a rarer state was never measured (a light
 * red allergy badge on a roster's striped row read 4.42:1). Here one family is put, through the real API, in
 * every state at once: a child with an allergy, a seat held in an open checkout (unpaid), a checkout that was
 * cancelled, a place paid on the test checkout and partly refunded, a place paid by check recorded by the
 * office, a place withdrawn with a full refund, a waitlist place offered that seat, and a child still checked
 * in after a hidden session's pickup time (a late pickup). Each page that shows those states — the staff
 * sessions list, the rosters, payments, the family and child pages, the attendance board, and the parent's
 * dashboard, My sessions, a session page, Billing and the offer — is checked to show them, then scanned by axe
 * in light and dark at 1280 and 390 px; the family pages in English and in Spanish.
 */
import { randomUUID } from 'node:crypto';
import { createParent, type TestParent } from '../support/accounts.ts';
import { storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer, centerDate, enrollByHand } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { enrollAndPay, hideSession, oneSeatSession } from '../support/money.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

const DAY = 86_400_000;

/** Everything one family's states were built with: the sessions, the children and the parent. */
type States = {
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
async function buildStates(request: APIRequestContext, language: 'en' | 'es'): Promise<States> {
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
async function hideAll(request: APIRequestContext, states: States) {
  await hideSession(request, states.director, states.paid.id);
  await hideSession(request, states.director, states.offered.id);
}

/** Open `path`, wait for its h1 and the page's data, check `shown` is on screen, then scan. */
async function scan(
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

// The staff pages in two tests, so the two workers share them.
test('the staff sessions list and rosters in every state have no axe violations in light and dark at 1280 and 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // four pages, four scans each, on a busy machine
  const s = await buildStates(request, 'en');
  await storeTokenBeforeLoad(page, s.director);

  await scan(page, `/staff?q=${s.marker}`, 'Sessions', async () => {
    const table = page.getByRole('region', { name: 'Sessions table' });
    for (const session of [s.paid, s.offered, s.late]) {
      await expect(table.getByRole('row', { name: new RegExp(session.name) })).toBeVisible();
    }
    await expect(table.getByRole('row', { name: new RegExp(s.late.name) })).toContainText('Hidden');
  });

  await scan(page, `/staff/sessions/${s.paid.id}`, s.paid.name, async () => {
    const roster = page.getByRole('region', { name: 'Roster table' });
    await expect(roster.getByRole('row', { name: /Ana Quintero/ })).toContainText(s.allergy);
    await expect(roster.getByRole('row', { name: /Eli Quintero/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Seats on hold' })).toContainText('Dev Quintero');
  });

  await scan(page, `/staff/sessions/${s.offered.id}`, s.offered.name, async () => {
    await expect(page.getByText('No children are enrolled yet.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Cleo Quintero' })).toContainText(
      'offered a seat',
    );
  });

  await scan(page, `/staff/sessions/${s.late.id}`, s.late.name, async () => {
    const row = page.getByRole('region', { name: 'Roster table' }).getByRole('row', { name: /Ana Quintero/ });
    await expect(row).toContainText(s.allergy);
    await expect(row).toContainText(/In since/);
    await expect(page.getByRole('link', { name: 'Today’s attendance' })).toBeVisible();
  });

  await hideAll(request, s);
});

test('the staff payments, family, child and attendance pages in every state have no axe violations in light and dark at 1280 and 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000); // four pages, four scans each, on a busy machine
  const s = await buildStates(request, 'en');
  await storeTokenBeforeLoad(page, s.director);

  // The list's rows are text in one style whatever their state; a full refund is on the family page below.
  await scan(page, `/staff/payments?classSessionId=${s.paid.id}`, 'Payments', async () => {
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /Ana/ })).toContainText('$150.00');
    await expect(table.getByRole('row', { name: /Check #1042/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Pending/ })).toBeVisible();
  });

  await scan(page, `/staff/families/${s.parentId}`, /Quintero/, async () => {
    await expect(page.getByText(s.allergy).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Withdrawn', exact: true }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Offered a seat', exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Refunded', exact: true }).first()).toBeVisible();
  });

  await scan(page, `/staff/children/${s.children.ana}`, /Ana Quintero/, async () => {
    await expect(page.getByText(s.allergy).first()).toBeVisible();
    await expect(page.getByText(s.late.name).first()).toBeVisible();
  });

  await scan(page, '/staff/attendance', 'Attendance', async () => {
    const card = page.getByRole('region', { name: s.late.name, exact: true });
    await expect(card.getByRole('alert', { name: 'Late pickup' })).toContainText(
      'Ana is still here after pickup time',
    );
    const ana = card.getByRole('row').filter({ has: page.getByRole('link', { name: 'Ana Quintero' }) });
    await expect(ana).toContainText('Late pickup');
    await expect(ana).toContainText(`Allergy: ${s.allergy}`);
  });
  await hideAll(request, s);
});

/** What the family pages say about the states, in each language. */
const FAMILY_WORDS = {
  en: {
    welcome: 'Welcome, Marisol',
    mySessions: 'My sessions',
    billing: 'Billing',
    offeredHeading: 'A seat is waiting for you',
    withdrawn: 'Withdrawn',
    awaitingPayment: 'Awaiting payment',
    refunded: 'Refunded',
    partlyRefunded: /Refunded \$150\.00/,
    finishPaying: 'Finish paying',
    enroll: (name: string) => `Enroll in ${name}`,
  },
  es: {
    welcome: 'Le damos la bienvenida, Marisol',
    mySessions: 'Mis sesiones',
    billing: 'Pagos',
    offeredHeading: 'Tiene un lugar reservado',
    withdrawn: 'Baja de la sesión',
    awaitingPayment: 'Pago pendiente',
    refunded: 'Reembolsado',
    partlyRefunded: /Reembolso de \$150\.00/,
    finishPaying: 'Terminar de pagar',
    enroll: (name: string) => `Inscripción en ${name}`,
  },
} as const;

async function familyPages(page: Page, request: APIRequestContext, language: 'en' | 'es') {
  test.setTimeout(180_000); // five pages, four scans each, on a busy machine
  const words = FAMILY_WORDS[language];
  const s = await buildStates(request, language);
  await storeTokenBeforeLoad(page, s.parent.token);
  const lang = async () => expect(page.locator('html')).toHaveAttribute('lang', language);

  await scan(page, '/dashboard', words.welcome, async () => {
    await lang();
    await expect(page.getByText(new RegExp(s.allergy)).first()).toBeVisible();
    await expect(page.getByText(words.awaitingPayment, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`Cleo.*${s.offered.name}`) })).toBeVisible();
  });

  await scan(page, '/dashboard/sessions', words.mySessions, async () => {
    await lang();
    await expect(page.getByRole('region', { name: words.offeredHeading })).toContainText(s.offered.name);
    await expect(page.getByText(words.withdrawn, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(words.awaitingPayment, { exact: true }).first()).toBeVisible();
  });

  await scan(page, `/dashboard/sessions/${s.offered.id}`, s.offered.name, async () => {
    await lang();
    await expect(page.getByText(words.withdrawn, { exact: true }).first()).toBeVisible();
  });

  await scan(page, '/dashboard/billing', words.billing, async () => {
    await lang();
    await expect(page.getByText(words.partlyRefunded).first()).toBeVisible();
    await expect(page.getByText(words.refunded, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(words.finishPaying).first()).toBeVisible();
  });

  await scan(page, `/sessions/${s.offered.id}/enroll`, words.enroll(s.offered.name), async () => {
    await lang();
    await expect(page.getByRole('checkbox', { name: /Cleo Quintero/ })).toBeEnabled();
  });
  await hideAll(request, s);
}

test('family pages in every state have no axe violations in light and dark at 1280 and 390 px', async ({
  page,
  request,
}) => {
  await familyPages(page, request, 'en');
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('family pages in every state in Spanish have no axe violations in light and dark at 1280 and 390 px', async ({
    page,
    request,
  }) => {
    await familyPages(page, request, 'es');
  });
});
