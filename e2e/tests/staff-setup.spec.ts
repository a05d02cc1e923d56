/**
 * Setting up terms in the browser (issue 10 "Sessions and programs"): the director creates a session with the
 * keyboard alone (age limits, prices in dollars, a registration window in the center's time, a program and
 * policies); a family is told in a sentence why their 7-year-old cannot join and enrolls their 4-year-old; the
 * teacher sees the child on the roster and downloads the CSV; the director withdraws the child and the next
 * waitlisted family is offered the seat by email. The director writes a policy in the rich-text
 * editor, duplicates a session for next term, and a wrong value is said by its field with focus on it. The
 * new screens pass axe in light and dark at 390 and 1280 px without sideways scrolling.
 */
import { createParent, type TestParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { newTeacher } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme, waitForMail } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

/** Add a child aged `years` and 2 months today (POST /api/Student). */
async function addChild(request: APIRequestContext, parent: TestParent, firstName: string, years: number) {
  const born = new Date();
  born.setMonth(born.getMonth() - years * 12 - 2);
  const res = await request.post('/api/Student', {
    headers: { authorization: `Bearer ${parent.token}` },
    data: { firstName, lastName: parent.lastName, dateOfBirth: born.toISOString().slice(0, 10) },
  });
  expect(res.status()).toBe(201);
}

/** The label of the focused element as a person reads it (without the required field's asterisk). */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    const text = el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '';
    return text.replace(/\s*\*\s*$/, '').trim();
  });

/** Press Tab (and nothing else) until the focused field is labelled `name`; fails after 80 presses. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 80; i++) {
    if ((await focusedLabel(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

test('the director sets up a session by keyboard; a family enrolls within its ages; the teacher sees the child; a withdrawal offers the seat to the waitlist', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Garden Explorers ${Date.now() % 100_000}`;
  const director = await tokenFor(request, DIRECTOR);
  await storeTokenBeforeLoad(page, director);
  await openPage(page, '/staff/sessions', 'Sessions');
  await page.getByRole('link', { name: 'New session' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New session' })).toBeVisible();

  // Only the keyboard from here to the saved session: Tab between fields, typing, Space and Enter.
  await tabTo(page, 'Name');
  await page.keyboard.type(name);
  await tabTo(page, 'Program');
  await page.keyboard.type('Morning');
  await tabTo(page, 'Description');
  await page.keyboard.type('Mornings in the garden: planting, bugs, worms and a harvest picnic to finish.');
  await tabTo(page, 'First day');
  await page.keyboard.type('01112027');
  await tabTo(page, 'Last day');
  await page.keyboard.type('03262027');
  await tabTo(page, 'Days and hours');
  await page.keyboard.type('Monday to Friday, 8:30 am – 12:30 pm');
  await tabTo(page, 'Youngest age (months)');
  await page.keyboard.type('42');
  await tabTo(page, 'Oldest age (months)');
  await page.keyboard.type('71');
  await expect(page.getByLabel('Oldest age (months)')).toHaveAccessibleDescription(
    /Up to 5 years and 11 months/,
  );
  await tabTo(page, 'Registration price ($)');
  await page.keyboard.type('450');
  await tabTo(page, 'Supply fee ($)');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('35.50');
  await tabTo(page, 'Seats');
  await page.keyboard.type('1');
  await tabTo(page, 'General registration opens');
  await page.keyboard.type('11012026');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0900A');
  await tabTo(page, 'General registration closes');
  await page.keyboard.type('01082027');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0500P');
  await tabTo(page, 'Expectations policy');
  await page.keyboard.type('Family');
  await tabTo(page, 'Late pickup policy');
  await page.keyboard.type('Late');
  await tabTo(page, 'Active: families see this session on the website');
  await expect(page.getByRole('switch', { name: /^Active/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Create session' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  const saved = await (await request.get(`/api/ClassSession/${id}`)).json();
  expect(saved).toMatchObject({
    name,
    sessionStartDate: '2027-01-11',
    sessionEndDate: '2027-03-26',
    minAgeMonths: 42,
    maxAgeMonths: 71,
    registrationPrice: 45_000,
    supplyFee: 3_550,
    rosterSize: 1,
    // 9:00 am on November 1 in California (PST: summer time ended at 2 am that day) and 5:00 pm on January 8.
    registrationStartDate: '2026-11-01T17:00:00.000Z',
    registrationEndDate: '2027-01-09T01:00:00.000Z',
    classSection: { name: 'Morning Program (ages 3½–5)' },
    expectationPolicy: { policyType: 'Expectation' },
    dismissalPolicy: null,
    latePickupPolicy: { policyType: 'LatePickup' },
    registrationState: 'Open',
  });

  // A teacher of its own teaches it: the demo teacher's two sessions are counted by a test that may run at the
  // same moment in the other worker (staff.spec.ts).
  const newcomer = await newTeacher(request, director);
  const teacher = await tokenFor(request, newcomer.login);
  expect(
    (
      await request.put(`/api/staff/sessions/${id}/teachers`, {
        headers: { authorization: `Bearer ${director}` },
        data: { userIds: [newcomer.userId] },
      })
    ).status(),
  ).toBe(200);

  // A family with a 4-year-old and a 7-year-old: the older one is told why, in a sentence.
  const parent = await createParent(request, { firstName: 'Lena', lastName: 'Park' });
  await addChild(request, parent, 'Mina', 4);
  await addChild(request, parent, 'Joon', 7);
  const family = await browser.newPage();
  await storeTokenBeforeLoad(family, parent.token);
  await openPage(family, `/sessions/${id}/enroll`, `Enroll in ${name}`);
  await expect(
    family.getByText(/is for children ages 3½–5 on its first day \(January 11\); Joon will be 7/).first(),
  ).toBeVisible();
  await family.getByRole('checkbox', { name: 'Mina Park' }).check();
  for (const box of await family.getByRole('checkbox', { name: /^I have read and accept/ }).all())
    await box.check();
  await family.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(
    family.getByRole('heading', { level: 1, name: 'Pay Bright Oak Learning Center' }),
  ).toBeVisible();
  await family.getByRole('button', { name: 'Pay' }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'You’re all set!' })).toBeVisible();
  await family.close();

  // The teacher (in their own browser) sees Mina on the roster and downloads it; editing is not theirs.
  const classroom = await browser.newPage();
  await storeTokenBeforeLoad(classroom, teacher);
  await openPage(classroom, `/staff/sessions/${id}`, name);
  await expect(classroom.getByRole('table').getByRole('row', { name: /Mina Park/ })).toBeVisible();
  await expect(classroom.getByRole('link', { name: 'Edit session' })).toHaveCount(0);
  const download = classroom.waitForEvent('download');
  await classroom.getByRole('button', { name: 'Download CSV' }).click();
  const text = await (await import('node:fs/promises')).readFile((await (await download).path())!, 'utf8');
  expect(text).toContain('Mina Park');
  expect(text).not.toContain('Joon');
  await classroom.close();

  // The session is full now: another family joins the waitlist; the director withdraws Mina and the seat
  // is offered to them by email.
  const next = await createParent(request, { firstName: 'Omar', lastName: 'Reyes' });
  await addChild(request, next, 'Lucia', 4);
  const lucia = (
    await (await request.get('/api/Student', { headers: { authorization: `Bearer ${next.token}` } })).json()
  )[0];
  const joined = await request.post(`/api/ClassSessionEnrollment/JoinWaitlist/${id}`, {
    headers: { authorization: `Bearer ${next.token}` },
    data: { classSessionId: id, studentIds: [lucia.id] },
  });
  expect(joined.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Mina Park' }).click();
  await page.getByRole('menuitem', { name: 'Withdraw…' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw a child' });
  await withdraw.getByRole('textbox', { name: /Internal note/ }).fill('Mina is starting kindergarten early');
  await withdraw.getByRole('textbox', { name: /^Refund/ }).fill('0');
  await withdraw.getByRole('button', { name: 'Review the email' }).click();
  await expect(withdraw.getByRole('region', { name: /^Email to / }).first()).toBeVisible();
  await withdraw.getByRole('button', { name: 'Withdraw and send' }).click();
  await expect(
    page.getByText(/Mina Park is withdrawn\. The seat was offered to the next family/),
  ).toBeVisible();
  await waitForMail([`To: ${next.emailAddress}`, 'Lucia is next on the waitlist']);
});

test('a wrong value is said by its field, with focus on it; the director edits and duplicates a session', async ({
  page,
  request,
}) => {
  test.slow();
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  const sessions = await (await request.get('/api/ClassSession')).json();
  // A session nobody teaches yet: its copy (teachers come along) changes no teacher's list for other tests.
  const source = sessions.find((s: { name: string }) => s.name === 'Winter Morning Session');
  await openPage(page, `/staff/sessions/${source.id}/edit`, `Edit ${source.name}`);
  const price = page.getByLabel('Registration price ($)');
  await price.fill('12.345');
  await page.getByLabel('Seats').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(price).toBeFocused();
  await expect(price).toHaveAccessibleDescription(/Give the price in dollars, like 450 or 450.00/);
  await expect(page.getByLabel('Seats')).toHaveAccessibleDescription(/Give a whole number/);
  // The server's own rule (fewer seats than children already in them) comes back to its field too.
  await price.fill('360');
  await page.getByLabel('Seats').fill('0');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('Seats')).toBeFocused();
  await expect(page.getByLabel('Seats')).toHaveAccessibleDescription(/cannot be smaller than/);

  await page.getByRole('button', { name: 'Duplicate for next term' }).click();
  const dialog = page.getByRole('dialog', { name: 'Duplicate for next term' });
  await dialog.getByLabel('Name of the new session').fill('Winter Morning Session — Spring');
  await dialog.getByLabel('First day of the new session').fill('2027-04-06');
  await dialog.getByRole('button', { name: 'Duplicate' }).click();
  // The copy is written, then its form loads: allow a busy 2-core machine the time.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit Winter Morning Session — Spring' }),
  ).toBeVisible({ timeout: 20_000 });
  // The demo Winter session's payment plan moved with it: its first instalment is now in the spring.
  await expect(page.getByLabel('Instalment 1', { exact: true })).not.toHaveValue(/^2026-/);
  await expect(page.getByLabel(/^First day/)).toHaveValue('2027-04-06');
  await expect(page.getByRole('switch', { name: /^Active/ })).not.toBeChecked();
  await expect(page.getByLabel('Registration price ($)')).toHaveValue(
    (source.registrationPrice / 100).toFixed(2),
  );
});

test('the director writes a policy in the rich-text editor, and families read it as written', async ({
  page,
  request,
}) => {
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/programs', 'Programs and policies');
  await page.getByRole('button', { name: 'Write a policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a policy' });
  await dialog.getByRole('button', { name: 'Save policy' }).click();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByLabel('Kind').selectOption('Dismissal');
  await dialog.getByLabel('Name').fill('Rainy-day pickup');
  const text = dialog.getByRole('textbox', { name: 'Policy text' });
  await text.click();
  await page.keyboard.type('On rainy days we bring children to the ');
  await page.keyboard.press('ControlOrMeta+B');
  await page.keyboard.type('covered porch');
  await page.keyboard.press('ControlOrMeta+B');
  await page.keyboard.type('.');
  await dialog.getByRole('button', { name: 'Save policy' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: 'Rainy-day pickup' });
  await expect(card).toContainText('Dismissal · No sessions');
  await expect(card.locator('strong')).toHaveText('covered porch');
});

test('the set-up screens have no axe violations in light and dark at 390 and 1280 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // two pages and an editor, each scanned four times
  const sweep = { noSidewaysScroll: true };
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/sessions/new', 'New session');
  await page.getByRole('button', { name: 'Create session' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await expectNoAxeViolationsInEveryTheme(page, 'new session with errors', sweep);
  await openPage(page, '/staff/programs', 'Programs and policies');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'programs and policies', sweep);
  await page.getByRole('button', { name: 'Edit Late pickup' }).click();
  await expect(page.getByRole('textbox', { name: 'Policy text' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'policy editor');
});
