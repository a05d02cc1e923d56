/**
 * The staff back office in the browser (issue 10, first slice): the demo teacher signs in on /login and lands
 * on /staff, sees only the sessions they teach, opens a roster (allergies stand out) and downloads its CSV,
 * which holds the table's rows; a parent opening /staff sees the not-found page and no Staff link; someone
 * signed out is sent to log in. The staff screens pass axe in light and dark at 390 and 1280 px.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { addChild, enrollByHand, everyDaySession } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme, mailFiles } from '../support/fixtures.ts';
import { DIRECTOR, TEACHER, tokenFor } from '../support/staff.ts';
import { expect, type Page, test } from '../support/test.ts';

const TAUGHT = ['Little Scientists (Tuesday & Thursday)', 'Pre-K Readiness Mornings'];

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /email/i }).fill(who.email);
  await page.getByLabel(/password/i).fill(who.password);
  await page.getByRole('button', { name: /log ?in/i }).click();
}

test('a teacher lands on Today in the staff workspace, sees only their sessions, and exports a roster that matches the screen', async ({
  page,
}) => {
  await signIn(page, TEACHER);
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  // The workspace is its own app: no public header or footer, the center's name and the person on top.
  await expect(page.getByRole('link', { name: 'Enroll Now' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const staffNav = page.getByRole('navigation', { name: 'Staff' });
  await expect(staffNav.getByRole('link', { name: 'Payments' })).toHaveCount(0);
  await staffNav.getByRole('link', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(/\/staff\/sessions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  const table = page.getByRole('table');
  for (const name of TAUGHT) await expect(table.getByRole('link', { name })).toBeVisible();
  await expect(table.getByRole('link')).toHaveCount(TAUGHT.length);
  await expect(table.getByRole('columnheader', { name: 'Revenue' })).toHaveCount(0);

  // Filters live in the URL: a link to the filtered list works.
  await page.getByRole('textbox', { name: 'Search sessions' }).fill('little');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=little/);
  await expect(table.getByRole('link')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('table').getByRole('link')).toHaveCount(1);

  await page.getByRole('table').getByRole('link', { name: TAUGHT[0] }).click();
  await expect(page.getByRole('heading', { level: 1, name: TAUGHT[0] })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  const onScreen = await rows.evaluateAll((trs) =>
    trs.slice(1).map((tr) =>
      // The box that chooses a row for a bulk action (issue 24) is not a column of the file.
      Array.from(tr.querySelectorAll('th, td:not([data-select-cell])'), (cell) => {
        // A custody note under a child's name is for the screen only (decision 026), not the file.
        const copy = cell.cloneNode(true) as Element;
        for (const note of Array.from(copy.querySelectorAll('[data-screen-note]'))) note.remove();
        return copy.textContent ?? '';
      }),
    ),
  );
  expect(onScreen.length).toBeGreaterThan(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('little-scientists-tuesday-thursday-roster.csv');
  const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  const { parse } = await import('csv-parse/sync');
  const [header, ...csvRows] = parse(text) as string[][];
  expect(header?.[0]).toBe('Child');
  expect(csvRows).toEqual(onScreen);
});

test('a parent opening /staff sees the not-found page and no Staff link; someone signed out is asked to log in', async ({
  page,
  request,
}) => {
  const parent = await createParent(request);
  await storeTokenBeforeLoad(page, parent.token);
  await page.goto('/staff');
  await expect(page.getByText('Oops! Looks like you followed a bad link.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);

  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('/staff/sessions/1');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fstaff%2Fsessions%2F1/);
});

test('the staff screens have no axe violations and no sideways scroll in light and dark at 390 and 1280 px', async ({
  page,
  request,
}) => {
  test.slow(); // four pages, each scanned four times
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff', 'Today');
  await expect(page.getByRole('region', { name: 'Sessions today' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, '/staff', { noSidewaysScroll: true });
  await openPage(page, '/staff/sessions', 'Sessions');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, '/staff/sessions', { noSidewaysScroll: true });
  // Other browser tests add rooms of their own to the director's list: find the room by its name.
  await openPage(page, `/staff/sessions?q=${encodeURIComponent(TAUGHT[1]!)}`, 'Sessions');
  await page.getByRole('table').getByRole('link', { name: TAUGHT[1] }).click();
  await expect(page.getByRole('heading', { level: 1, name: TAUGHT[1] })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Waitlist' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'roster', { noSidewaysScroll: true });
  // The sweep ends at 390 px, where the sidebar is a menu behind the top bar's button.
  await expect(page.getByRole('navigation', { name: 'Staff' })).toBeHidden();
  await page.getByRole('button', { name: 'Open the staff menu' }).click();
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('navigation', { name: 'Staff' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  // The team's table comes first; each staff member's certifications follow it.
  await expect(page.getByRole('region', { name: 'Team table' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Certifications of Sam Whitaker' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'team', { noSidewaysScroll: true });
});

test('the director chooses who teaches a session, and the roster says so', async ({ page, request }) => {
  const token = await tokenFor(request, DIRECTOR);
  const created = await request.post('/api/ClassSession', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Garden Club ${Date.now()}`,
      description: 'Planting, watering and watching things grow.',
      sessionStartDate: '2030-03-04',
      sessionEndDate: '2030-05-27',
      daySchedule: 'Wednesday, 1:00 pm – 3:00 pm',
      registrationPrice: 30_000,
      rosterSize: 8,
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  await storeTokenBeforeLoad(page, token);
  await page.goto(`/staff/sessions/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Who teaches this session' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Teachers' }).click();
  await page.getByRole('option', { name: 'Elena Okafor (director)' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save teachers' }).click();
  await expect(page.getByText(/Elena now teaches Garden Club/)).toBeVisible();
  await expect(page.getByText(/Taught by Elena Okafor/)).toBeVisible();
});

test('the director invites a teacher, who chooses a password from the mailed link and lands on /staff', async ({
  page,
  browser,
  request,
}) => {
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/team', 'Team');
  const form = page.getByRole('form', { name: 'Invite someone to the staff' });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Please enter their first name')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'First name' })).toBeFocused();
  const email = `new.teacher.${Date.now()}@staff.example`;
  await form.getByRole('textbox', { name: 'First name' }).fill('Priya');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Nair');
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('We emailed Priya a link to choose a password.')).toBeVisible();
  const row = page.getByRole('row', { name: /Priya Nair/ });
  await expect(row).toContainText('Invited');

  // The invitation as it arrived: the link sets the first password, then login lands on /staff.
  let mail: string | undefined;
  await expect
    .poll(() => {
      mail = mailFiles().find((m) => m.includes(`To: ${email}`));
      return mail !== undefined;
    })
    .toBe(true);
  const link = /http:\/\/[^\s]+\/password-reset\/[A-Za-z0-9_-]+/.exec(mail!.replace(/=\r?\n/g, ''))![0];
  const newcomer = await browser.newPage();
  await newcomer.goto(new URL(link).pathname);
  await newcomer.getByLabel(/^New password/).fill('chalk and crayons');
  await newcomer.getByLabel(/^Repeat/).fill('chalk and crayons');
  await newcomer.getByRole('button', { name: 'Change password' }).click();
  await newcomer.waitForURL(/\/login/);
  await newcomer.getByRole('textbox', { name: /email/i }).fill(email);
  await newcomer.getByLabel(/password/i).fill('chalk and crayons');
  await newcomer.getByRole('button', { name: /log ?in/i }).click();
  await expect(newcomer).toHaveURL(/\/staff$/);
  await expect(newcomer.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(newcomer.getByText('No session meets today.')).toBeVisible();
  await newcomer.close();
});

test('at 1280 px a roster and the payments fit beside the sidebar; the roster’s columns are chosen and remembered, and it prints every column on US Letter landscape', async ({
  page,
  request,
}) => {
  const director = await tokenFor(request, DIRECTOR);
  // The newest payment has the longest words a table meets: a name with digits, a generated email and session.
  const stamp = `${Date.now()}`;
  const longSession = await everyDaySession(request, director, `Marigold Room e2e-s-${stamp}-longnames`);
  const longFamily = await createParent(request, { firstName: 'Ruth', lastName: `Abernathy${stamp}` });
  await enrollByHand(request, director, longSession, [await addChild(request, longFamily, 'Milo')]);
  await storeTokenBeforeLoad(page, director);
  await page.setViewportSize({ width: 1280, height: 900 });
  const fits = (label: string) =>
    page.getByRole('region', { name: label }).evaluate((region) => region.scrollWidth <= region.clientWidth);

  await openPage(page, '/staff/payments', 'Payments');
  const payments = page.getByRole('region', { name: 'Payments table' });
  await expect(payments.getByRole('row', { name: new RegExp(`Abernathy${stamp}`) }).first()).toBeVisible();
  expect(await fits('Payments table'), 'the payments table scrolls sideways at 1280 px').toBe(true);
  await openPage(page, `/staff/sessions/${longSession}`, `Marigold Room e2e-s-${stamp}-longnames`);
  expect(await fits('Roster table'), 'a roster of long names scrolls sideways at 1280 px').toBe(true);

  await openPage(page, '/staff/sessions', 'Sessions');
  // Other browser tests add rooms of their own to the director's list: find the room by its name.
  await openPage(page, `/staff/sessions?q=${encodeURIComponent(TAUGHT[1]!)}`, 'Sessions');
  await page.getByRole('table').getByRole('link', { name: TAUGHT[1] }).click();
  await expect(page.getByRole('heading', { level: 1, name: TAUGHT[1] })).toBeVisible();
  const roster = page.getByRole('region', { name: 'Roster table' });
  await expect(roster.getByRole('button', { name: /^Actions/ }).first()).toBeVisible();
  expect(await fits('Roster table'), 'the roster scrolls sideways at 1280 px').toBe(true);
  // By default the screen leaves out date of birth, parent emails and the enrolment date.
  const headers = () =>
    roster
      .getByRole('columnheader')
      .evaluateAll((ths) =>
        ths.filter((th) => getComputedStyle(th).display !== 'none').map((th) => th.textContent),
      );
  expect(await headers()).not.toContain('Parent emails');

  // The director takes Allergies off the screen and brings Parent emails back; a reload remembers it.
  await page.getByRole('button', { name: /^Columns/ }).click();
  await page.getByRole('checkbox', { name: 'Allergies' }).uncheck();
  await page.getByRole('checkbox', { name: 'Parent emails' }).check();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(roster.getByRole('row').nth(1)).toBeVisible();
  expect(await headers()).toContain('Parent emails');
  expect(await headers()).not.toContain('Allergies');

  // Printed: every column (Allergies too), none cut off, on the 10.2 inches of a Letter page in landscape.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 979, height: 900 });
  const printed = await roster
    .getByRole('columnheader')
    .evaluateAll((ths) =>
      ths.filter((th) => getComputedStyle(th).display !== 'none').map((th) => th.textContent),
    );
  expect(printed).toEqual([
    'Child',
    'Date of birth',
    'Age at start',
    'Allergies',
    'Parents',
    'Parent phones',
    'Parent emails',
    'May pick up',
    'Enrolled on',
    'Payment',
  ]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(979);
  expect(await fits('Roster table'), 'the printed roster is cut off').toBe(true);
  await page.emulateMedia({ media: 'screen' });
  // Back to the defaults for the tests after this one.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('lc.staff.roster-hidden-columns.')) localStorage.removeItem(key);
  });
});
