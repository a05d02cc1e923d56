/**
 * Enrolling and the waitlist end to end (issue 5): a new family enrolls two children in an open session,
 * sees the price for both, accepts the policies, pays in the built-in test checkout and lands on the
 * success page; a cancelled checkout lands on the failed page and gives its seat back; a full session
 * offers its waitlist and the success page shows the child's place. The enroll, waitlist, success and
 * failed pages pass axe in light and dark.
 */

import { createParent, type TestParent } from '../support/accounts.ts';
import { DEMO_SESSIONS, findSession, openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { expectNoAxeViolations } from '../support/fixtures.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

/** An ISO date `years` and `months` before today (the browser's today). */
function birthDate(years: number, months = 0): string {
  const d = new Date();
  d.setMonth(d.getMonth() - years * 12 - months);
  return d.toISOString().slice(0, 10);
}

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

const bearer = (parent: TestParent) => ({ authorization: `Bearer ${parent.token}` });

/** Add a child aged `years` and 2 months (POST /api/Student). */
async function addChild(request: APIRequestContext, parent: TestParent, firstName: string, years: number) {
  const response = await request.post('/api/Student', {
    headers: bearer(parent),
    data: { firstName, lastName: parent.lastName, dateOfBirth: birthDate(years, 2) },
  });
  expect(response.status(), 'POST /api/Student').toBe(201);
  return (await response.json()) as { id: string; fullName: string };
}

/** One child's standing in a session as the family sees it (GET /api/ClassSessionEnrollment/{id}). */
async function childStanding(
  request: APIRequestContext,
  token: string,
  classSessionId: number,
  studentId: string,
) {
  const response = await request.get(`/api/ClassSessionEnrollment/${classSessionId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const children = (await response.json()) as Array<{
    id: string;
    enrollmentStatus: string | null;
    canEnroll: boolean;
  }>;
  return children.find((c) => c.id === studentId);
}

/** The session's seats left right now (GET /api/ClassSession/{id}). */
async function seatsLeft(request: APIRequestContext, classSessionId: number): Promise<number> {
  const response = await request.get(`/api/ClassSession/${classSessionId}`);
  expect(response.status(), `GET /api/ClassSession/${classSessionId}`).toBe(200);
  return ((await response.json()) as { seatsLeft: number }).seatsLeft;
}

/** Reload the page in `theme` (stored as the theme toggle stores it) and check it with axe. */
async function expectAxeCleanIn(page: Page, theme: 'light' | 'dark', heading: string | RegExp) {
  await page.evaluate((value) => window.localStorage.setItem('themeMode', value), theme);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expectNoAxeViolations(page, `${page.url()} (${theme})`);
}

async function acceptEveryPolicy(page: Page) {
  const boxes = page.getByRole('checkbox', { name: /^I have read and accept/ });
  expect(await boxes.count()).toBeGreaterThan(0);
  for (const box of await boxes.all()) await box.check();
}

test('a new family enrolls two children, pays in the test checkout and sees them enrolled', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // the longest family flow: about 50 s on a busy 2-core CI machine
  const parent = await createParent(request, { firstName: 'Amara', lastName: 'Okafor' });
  await addChild(request, parent, 'Zola', 4);
  await addChild(request, parent, 'Kofi', 5);
  const winter = await findSession(request, DEMO_SESSIONS.winter);
  await storeTokenBeforeLoad(page, parent.token);

  await openPage(page, `/sessions/${winter.id}/enroll`, `Enroll in ${winter.name}`);
  // The family's sentence (VerifyEligibility), oldest child first.
  await expect(page.getByText('Kofi can enroll now. Zola can enroll now.')).toBeVisible();
  for (const theme of ['light', 'dark'] as const)
    await expectAxeCleanIn(page, theme, `Enroll in ${winter.name}`);

  // Nothing is sent until a child and every policy are chosen; focus goes to the first child (the oldest).
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('checkbox', { name: 'Kofi Okafor' })).toBeFocused();
  await expect(
    page.getByRole('group', { name: /Which children are you enrolling/ }),
  ).toHaveAccessibleDescription(/Choose at least one child/);

  await page.getByRole('checkbox', { name: 'Zola Okafor' }).check();
  await page.getByRole('checkbox', { name: 'Kofi Okafor' }).check();
  const price = page.getByRole('region', { name: 'Price' });
  const total = usd((winter.registrationPrice + winter.supplyFee) * 2);
  await expect(price.getByRole('row', { name: /Total/ })).toContainText(total);
  await expect(price).toContainText(`${usd(winter.registrationPrice)} × 2`);
  await acceptEveryPolicy(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // The built-in test checkout: the same total, then Pay.
  await expect(page).toHaveURL(/\/test-checkout\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Bright Oak Learning Center' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText(total);
  await expect(page.getByRole('note')).toContainText('no card is charged');
  // The checkout page follows the device's colour scheme (it is served outside the app): both are checked.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `test checkout (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: null });
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(new RegExp(`/sessions/${winter.id}/enrollment-successful/`));
  await expect(page.getByRole('heading', { level: 1, name: 'You’re all set!' })).toBeVisible();
  const enrollment = page.getByRole('region', { name: winter.name });
  await expect(enrollment.getByRole('listitem')).toHaveCount(2);
  await expect(enrollment.getByRole('listitem').filter({ hasText: 'Zola Okafor' })).toBeVisible();
  await expect(enrollment.getByRole('listitem').filter({ hasText: 'Kofi Okafor' })).toBeVisible();
  await expect(enrollment.getByRole('table', { name: 'What you paid' })).toContainText(total);
  const receipt = page.getByRole('link', { name: /View your receipt/ });
  await expect(receipt).toHaveAttribute('target', '_blank');
  await expect(receipt).toHaveAttribute('href', /\/test-checkout\/.+\/receipt$/);
  await expect(page.getByRole('link', { name: 'Go to My sessions' })).toHaveAttribute(
    'href',
    `/dashboard/sessions/${winter.id}`,
  );
  for (const theme of ['light', 'dark'] as const) await expectAxeCleanIn(page, theme, 'You’re all set!');

  // The dashboard shows the session with both children and its announcement; Billing shows the payment.
  await openPage(page, '/dashboard', 'Welcome, Amara');
  const upcoming = page.getByRole('region', { name: 'Upcoming and current sessions' });
  await expect(upcoming.getByRole('link', { name: winter.name })).toBeVisible();
  await expect(upcoming).toContainText('Zola');
  await expect(upcoming).toContainText('Kofi');
  await expect(
    page.getByRole('region', { name: 'Recent announcements' }).getByRole('link', {
      name: 'Welcome to the Winter Morning Session!',
    }),
  ).toBeVisible();
  await openPage(page, '/dashboard/billing', 'Billing');
  const payments = page.getByRole('region', { name: 'Payments and receipts' });
  const row = payments.getByRole('row').filter({ hasText: winter.name });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(total);

  // Back on the enroll page, both children are enrolled: nothing left to choose.
  await openPage(page, `/sessions/${winter.id}/enroll`, `Enroll in ${winter.name}`);
  await expect(page.getByRole('heading', { level: 2, name: 'You’re all enrolled' })).toBeVisible();
});

test('a cancelled checkout shows the failed page and gives the seat back', async ({ page, request }) => {
  test.setTimeout(60_000);
  const parent = await createParent(request, { firstName: 'Tomas', lastName: 'Lindqvist' });
  const child = await addChild(request, parent, 'Elsa', 4);
  const winter = await findSession(request, DEMO_SESSIONS.winter);
  await storeTokenBeforeLoad(page, parent.token);

  await openPage(page, `/sessions/${winter.id}/enroll`, `Enroll in ${winter.name}`);
  // The only child who can enroll is chosen already.
  await expect(page.getByRole('checkbox', { name: child.fullName })).toBeChecked();
  await acceptEveryPolicy(page);
  const before = await seatsLeft(request, winter.id);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  // Other tests may take Winter seats at the same time, so only this family's own standing is compared exactly.
  expect(await seatsLeft(request, winter.id), 'a seat is held while the checkout is open').toBeLessThan(
    before,
  );
  expect(await childStanding(request, parent.token, winter.id, child.id)).toMatchObject({
    enrollmentStatus: 'PendingPayment',
  });
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(new RegExp(`/sessions/${winter.id}/enrollment-failed/`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your payment didn’t go through' })).toBeVisible();
  await expect(
    page.getByText(/nothing was charged\. The seats we were holding have been released/),
  ).toBeVisible();
  expect(await childStanding(request, parent.token, winter.id, child.id), 'the seat is back').toMatchObject({
    enrollmentStatus: null,
    canEnroll: true,
  });
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute(
    'href',
    `/sessions/${winter.id}/enroll`,
  );
  for (const theme of ['light', 'dark'] as const)
    await expectAxeCleanIn(page, theme, 'Your payment didn’t go through');

  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Enroll in ${winter.name}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: child.fullName })).toBeEnabled();
});

test('a full session offers its waitlist; the success page shows the child’s place', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const parent = await createParent(request, { firstName: 'Hana', lastName: 'Sato' });
  await addChild(request, parent, 'Yui', 4);
  await addChild(request, parent, 'Ren', 5);
  const preK = await findSession(request, DEMO_SESSIONS.preK);
  await storeTokenBeforeLoad(page, parent.token);

  await openPage(page, `/sessions/${preK.id}/enroll`, `Enroll in ${preK.name}`);
  await expect(page.getByRole('heading', { level: 2, name: 'The waitlist is open' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Join the waitlist' }).click();

  const title = `Join the waitlist for ${preK.name}`;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How the waitlist works' })).toContainText(
    'First come, first served.',
  );
  for (const theme of ['light', 'dark'] as const) await expectAxeCleanIn(page, theme, title);

  await page.getByRole('checkbox', { name: 'Yui Sato' }).check();
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page).toHaveURL(`/sessions/${preK.id}/waitlist/success`);
  await expect(page.getByRole('heading', { level: 1, name: 'You’re on the waitlist' })).toBeVisible();

  // The position shown is the one the API keeps for Yui; Ren was not added.
  const places = await request.get('/api/ClassSessionEnrollment/Waitlist', { headers: bearer(parent) });
  const [place, ...others] = (await places.json()) as Array<{
    position: number;
    student: { firstName: string };
  }>;
  expect(others).toHaveLength(0);
  expect(place?.student.firstName).toBe('Yui');
  await expect(page.getByText(`Yui is number ${place?.position} on the waitlist.`)).toBeVisible();
  await expect(page.getByText(/Ren is number/)).toHaveCount(0);

  // Opened afresh (no router state), the page loads the places itself; it passes axe in both themes.
  await openPage(page, `/sessions/${preK.id}/waitlist/success`, 'You’re on the waitlist');
  await expect(page.getByText(`Yui is number ${place?.position} on the waitlist.`)).toBeVisible();
  for (const theme of ['light', 'dark'] as const)
    await expectAxeCleanIn(page, theme, 'You’re on the waitlist');
  await expect(page.getByText(`Yui is number ${place?.position} on the waitlist.`)).toBeVisible();
});
