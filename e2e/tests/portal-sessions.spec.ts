/**
 * A family's sessions in the portal end to end (issue 5): a new parent enrolls a child through the API and
 * pays in the built-in test checkout, then finds the session and its announcement on the dashboard, on My
 * sessions and on the session's page, and the payment with its receipt in Billing. Another family sees the
 * "not enrolled" panel on that session's page. The screens pass axe in both themes, at phone width too.
 */

import { createParent, type TestParent } from '../support/accounts.ts';
import { DEMO_SESSIONS, findSession, openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

/** The seeded Winter announcement with priority 1 (server/src/db/seed/demo.ts). */
const WELCOME = 'Welcome to the Winter Morning Session!';

/** An ISO date `years` and `months` before today (the browser's today). */
function birthDate(years: number, months = 0): string {
  const d = new Date();
  d.setMonth(d.getMonth() - years * 12 - months);
  return d.toISOString().slice(0, 10);
}

const bearer = (parent: TestParent) => ({ authorization: `Bearer ${parent.token}` });

async function addChild(request: APIRequestContext, parent: TestParent, firstName: string, years: number) {
  const response = await request.post('/api/Student', {
    headers: bearer(parent),
    data: { firstName, lastName: parent.lastName, dateOfBirth: birthDate(years, 2) },
  });
  expect(response.status(), 'POST /api/Student').toBe(201);
  return (await response.json()) as { id: string };
}

/** Hold a seat (POST /api/ClassSessionEnrollment) and answer the checkout's path on this site. */
async function startCheckout(
  request: APIRequestContext,
  parent: TestParent,
  classSessionId: number,
  studentIds: string[],
) {
  const response = await request.post('/api/ClassSessionEnrollment', {
    headers: bearer(parent),
    data: { classSessionId, studentIds },
  });
  expect(response.status(), 'POST /api/ClassSessionEnrollment').toBe(201);
  const payment = (await response.json()) as { checkoutUrl: string };
  return new URL(payment.checkoutUrl).pathname;
}

/** Press Pay on the test checkout (a form post), as the parent's browser would. */
async function pay(request: APIRequestContext, checkoutPath: string) {
  const response = await request.post(`${checkoutPath}/pay`, { form: { pay: '1' }, maxRedirects: 0 });
  expect(response.status(), `POST ${checkoutPath}/pay`).toBe(303);
  expect(response.headers().location).toContain('/enrollment-successful/');
}

/** Switch the stored theme for the next page load (the site reads it before it paints). */
test('a paid enrollment shows on the dashboard, My sessions, the session page and in Billing; the screens pass axe', async ({
  page,
  request,
}, info) => {
  // One family for the flow and all four looks, so the spec takes only two of the demo session's seats.
  test.setTimeout(150_000);
  const parent = await createParent(request, { firstName: 'Priya', lastName: 'Raman' });
  const child = await addChild(request, parent, 'Asha', 4);
  const pending = await addChild(request, parent, 'Nia', 4);
  const older = await addChild(request, parent, 'Ravi', 7);
  const winter = await findSession(request, DEMO_SESSIONS.winter);
  const tutoring = await findSession(request, DEMO_SESSIONS.tutoring);
  await pay(request, await startCheckout(request, parent, winter.id, [child.id]));
  await storeTokenBeforeLoad(page, parent.token);

  // Dashboard: the session, next first, and its announcement.
  await openPage(page, '/dashboard', 'Welcome, Priya');
  const upcoming = page.getByRole('region', { name: 'Upcoming and current sessions' });
  await expect(upcoming.getByRole('link', { name: DEMO_SESSIONS.winter })).toHaveAttribute(
    'href',
    `/dashboard/sessions/${winter.id}`,
  );
  await expect(upcoming).toContainText('Asha');
  await expect(upcoming).toContainText('Enrolled');
  const news = page.getByRole('region', { name: 'Recent announcements' });
  await expect(news.getByRole('link', { name: WELCOME })).toHaveAttribute(
    'href',
    `/dashboard/sessions/${winter.id}`,
  );
  await expect(page.getByRole('region', { name: 'Waitlist' })).toContainText('aren’t on any waitlist');
  // The session page, from the dashboard link.
  await upcoming.getByRole('link', { name: DEMO_SESSIONS.winter }).click();
  await expect(page.getByRole('heading', { level: 1, name: DEMO_SESSIONS.winter })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your children in this session' })).toContainText(
    'Asha Raman',
  );
  const announcements = page.getByRole('region', { name: 'Announcements' });
  const welcome = announcements.getByRole('listitem').filter({ hasText: WELCOME });
  await expect(welcome).toContainText('Important');
  await expect(welcome).toContainText('parents are welcome to stay');
  const resources = page.getByRole('region', { name: 'Resources' });
  const open = resources.getByRole('link', { name: 'Open What to bring this winter (opens in a new tab)' });
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', /noopener/);
  await expect(resources.getByRole('link', { name: 'Download What to bring this winter' })).toHaveAttribute(
    'download',
    'winter-supply-list.pdf',
  );

  // My sessions.
  await openPage(page, '/dashboard/sessions', 'My sessions');
  const current = page.getByRole('region', { name: 'Current and upcoming' });
  const card = current.getByRole('listitem').filter({ hasText: DEMO_SESSIONS.winter });
  await expect(card).toContainText('Asha Raman');
  await expect(card).toContainText('Enrolled');
  await expect(card.getByRole('link', { name: DEMO_SESSIONS.winter })).toHaveAttribute(
    'href',
    `/dashboard/sessions/${winter.id}`,
  );

  // Billing: the paid payment and its receipt.
  await openPage(page, '/dashboard/billing', 'Billing');
  await expect(page.getByText(/^Total paid in \d{4}:/)).toContainText(/\$[\d,]+\.\d\d \(1 payment\)/);
  const payments = page.getByRole('region', { name: 'Payments and receipts' });
  const row = payments.getByRole('row').filter({ hasText: DEMO_SESSIONS.winter });
  await expect(row).toContainText('Asha');
  await expect(row).toContainText('Paid');
  const receipt = row.getByRole('link', { name: /^Receipt for Winter Morning Session/ });
  await expect(receipt).toHaveAttribute('target', '_blank');
  const receiptPath = new URL((await receipt.getAttribute('href')) ?? '', page.url()).pathname;
  const receiptPage = await request.get(receiptPath);
  expect(receiptPage.status(), `GET ${receiptPath}`).toBe(200);
  expect(await receiptPage.text()).toContain('Receipt');

  // A second child awaiting payment and a third on a waitlist, for the other states.
  await startCheckout(request, parent, winter.id, [pending.id]);
  const joined = await request.post(`/api/ClassSessionEnrollment/JoinWaitlist/${tutoring.id}`, {
    headers: bearer(parent),
    data: { classSessionId: tutoring.id, studentIds: [older.id] },
  });
  expect(joined.status(), 'POST JoinWaitlist').toBe(201);
  await openPage(page, '/dashboard/sessions', 'My sessions');
  await expect(page.getByRole('region', { name: 'Current and upcoming' })).toContainText('Awaiting payment');
  await expect(page.getByRole('region', { name: 'Waitlist' })).toContainText(
    new RegExp(`Ravi is number \\d+ in line for ${DEMO_SESSIONS.tutoring}`),
  );
  await openPage(page, '/dashboard/billing', 'Billing');
  await expect(page.getByRole('link', { name: /^Finish paying/ })).toBeVisible();

  const pages: Array<[string, string]> = [
    ['/dashboard', 'Welcome, Priya'],
    ['/dashboard/sessions', 'My sessions'],
    [`/dashboard/sessions/${winter.id}`, DEMO_SESSIONS.winter],
    ['/dashboard/billing', 'Billing'],
  ];
  for (const [path, heading] of pages) {
    await openPage(page, path, heading);
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectNoAxeViolationsInEveryTheme(page, path);
    await page.screenshot({ path: info.outputPath(`${path.replaceAll('/', '_')}.png`), fullPage: true });
  }
});

test('another family’s session page says none of their children are enrolled', async ({ page, request }) => {
  const winter = await findSession(request, DEMO_SESSIONS.winter);
  const stranger = await createParent(request, { firstName: 'Stranger' });
  await addChild(request, stranger, 'Ola', 4);
  await storeTokenBeforeLoad(page, stranger.token);

  await openPage(page, `/dashboard/sessions/${winter.id}`, DEMO_SESSIONS.winter);
  const panel = page.getByRole('region', { name: 'None of your children are enrolled in this session' });
  await expect(panel.getByRole('link', { name: 'About this session' })).toHaveAttribute(
    'href',
    `/sessions/${winter.id}`,
  );
  await expect(panel.getByRole('link', { name: 'Back to My sessions' })).toHaveAttribute(
    'href',
    '/dashboard/sessions',
  );
  await expect(page.getByText(WELCOME)).toHaveCount(0);

  await openPage(page, '/dashboard/sessions/not-a-session', 'We couldn’t find that session');
});
