/**
 * The director's staff-on-duty screens in the browser (issue 26, decisions 038 and 041). Set up through the API:
 * a room meeting every day with a teacher of its own, who has a punch of yesterday they never clocked out of.
 * The director fixes the missed clock-out on Timesheets with a reason (the row then shows the corrected hours,
 * who corrected it and the original behind a disclosure); adds the teacher's CPR certification with a PDF on
 * Team and opens it through its signed link; sets a new program's licensing ratio; and allows clocking in from
 * the phone for the room, which the teacher then sees on My time with their own certification. Axe in light
 * and dark at 1280 and 390 px on each new dialog and page. No fixed waits: each page is read after a reload.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { bearer, centerDate, everyDaySession } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, type StaffLogin, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('rota').slice(-6);
const ROOM = `Heron Room ${marker}`;
const FIRST = `Noor${marker}`;
const NAME = `${FIRST} Haddad`;
const YESTERDAY = centerDate(-1);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
let TEACHER: StaffLogin;
let roomId = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const director = await tokenFor(request, DIRECTOR);
  roomId = await everyDaySession(request, director, ROOM);
  const person = await createParent(request, { firstName: FIRST, lastName: 'Haddad' });
  const staff = await request.post('/api/staff/team', {
    headers: bearer(director),
    data: { firstName: FIRST, lastName: 'Haddad', emailAddress: person.emailAddress, role: 'Staff' },
  });
  expect(staff.status()).toBeLessThan(300);
  const userId = ((await staff.json()) as { id: string }).id;
  TEACHER = { email: person.emailAddress, password: person.password };
  const taught = await request.put(`/api/staff/sessions/${roomId}/teachers`, {
    headers: bearer(director),
    data: { userIds: [userId] },
  });
  expect(taught.status()).toBe(200);
  // Yesterday at 8:00 they clocked in and never clocked out (added here as the director would).
  const punch = await request.post('/api/staff/duty/punches', {
    headers: bearer(director),
    data: {
      userId,
      classSessionId: roomId,
      inAt: `${YESTERDAY}T08:00`,
      outAt: null,
      reason: 'Clocked in on paper; the tablet was charging',
    },
  });
  expect(punch.status()).toBe(201);
});

test('the director fixes a missed clock-out with a reason and the timesheet shows the corrected hours', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, `/staff/timesheets?week=${YESTERDAY}`, 'Timesheets');
  // The week's table comes first; the punches' table is under it.
  const summary = page
    .getByRole('table')
    .first()
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: NAME }) });
  await expect(summary).toContainText('Yes');
  await summary.getByRole('button', { name: `Fix ${NAME}’s open punch` }).click();
  const dialog = page.getByRole('dialog', { name: `Correct ${NAME}’s punch` });
  await expect(dialog.getByLabel(/^Clocked in/)).toHaveValue('08:00');
  await expectNoAxeViolationsInEveryTheme(page, 'correct a punch dialog');

  // No reason: the field says so and takes the focus; nothing is sent.
  await dialog.getByLabel(/^Clocked out/).fill('12:30');
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(dialog.getByText('Say why in a few words, for the record')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Reason/ })).toBeFocused();
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Left at 12:30 after the last pickup');
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(dialog).toBeHidden();

  await expect(summary).toContainText('4:30');
  await expect(summary).not.toContainText('Yes');
  const punches = page.getByRole('region', { name: 'Punches this week' });
  const row = punches.getByRole('row').filter({ hasText: NAME });
  await expect(row).toContainText('Corrected');
  await expect(row).toContainText('Reason: Left at 12:30 after the last pickup');
  await row.getByText('Original punch').click();
  await expect(row).toContainText('still clocked in');
  await expectNoAxeViolationsInEveryTheme(page, 'timesheets with punches', { noSidewaysScroll: true });

  // Adding a missed punch: the person comes first, and the dialog passes axe.
  await page.getByRole('button', { name: 'Add a missed punch' }).click();
  const add = page.getByRole('dialog', { name: 'Add a missed punch' });
  await add.getByRole('button', { name: 'Add punch' }).click();
  await expect(add.getByLabel(/^Staff member/)).toBeFocused();
  await expect(add.getByText('Choose the staff member')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'add a missed punch dialog');
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();
});

test('the director adds a CPR certification with its PDF and opens it', async ({ page, request }) => {
  test.setTimeout(120_000);
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/team', 'Team');
  const card = page.getByRole('article', { name: NAME });
  await card.getByRole('button', { name: `Add a certification for ${NAME}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add a certification for ${NAME}` });
  await expectNoAxeViolationsInEveryTheme(page, 'add a certification dialog');
  await dialog.getByLabel(/^Certification/).selectOption({ label: 'CPR' });
  await dialog.getByLabel(/^Issued/).fill(centerDate(-30));
  await dialog.getByRole('button', { name: 'Add certification' }).click();
  await expect(dialog.getByText('Enter the date it expires')).toBeVisible();
  await expect(dialog.getByLabel(/^Expires/)).toBeFocused();
  await dialog.getByLabel(/^Expires/).fill(centerDate(20));
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'cpr card.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await dialog.getByRole('button', { name: 'Add certification' }).click();
  await expect(dialog).toBeHidden();

  const cpr = card.getByRole('row').filter({ hasText: 'CPR' });
  await expect(cpr).toContainText('Expires in 20 days');
  const open = cpr.getByRole('link', { name: /^Open cpr card\.pdf/ });
  const href = await open.getAttribute('href');
  expect(href).toMatch(/^\/api\/CertificationDocuments\/.+signature=/);
  // The signed link is the permission: it opens without a session.
  const file = await request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).equals(PDF)).toBe(true);
  await expectNoAxeViolationsInEveryTheme(page, 'team with certifications', { noSidewaysScroll: true });

  // Removing asks first; cancelled here, so the teacher keeps it for the next test.
  await cpr.getByRole('button', { name: `Remove ${NAME}’s CPR` }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${NAME}’s CPR?` });
  await expect(confirm).toContainText('its certificate will be deleted');
  await expectNoAxeViolationsInEveryTheme(page, 'remove a certification dialog');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(cpr).toBeVisible();
});

test('the director sets a program’s licensing ratio', async ({ page, request }) => {
  test.setTimeout(90_000);
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/programs', 'Programs and policies');
  await page.getByRole('button', { name: 'Add a program' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a program' });
  await expect(dialog.getByLabel(/^Children per adult/)).toHaveValue('12');
  await expectNoAxeViolationsInEveryTheme(page, 'program dialog with the ratio');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(`Toddlers ${marker}`);
  await dialog.getByLabel(/^Children per adult/).fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the children per adult, from 1 to 40')).toBeVisible();
  await expect(dialog.getByLabel(/^Children per adult/)).toBeFocused();
  await dialog.getByLabel(/^Children per adult/).fill('6');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: `Toddlers ${marker}` })).toContainText(
    '1 adult : 6 children',
  );
});

test('the director allows clocking in from the phone; the teacher sees it and their own certification', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, `/staff/sessions/${roomId}`, ROOM);
  const phone = page.getByRole('switch', { name: /Teachers may clock in from their phone/ });
  await expect(phone).not.toBeChecked();
  await phone.click();
  await expect(page.getByText(`Teachers can now clock in to ${ROOM} from their phone.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: /Teachers may clock in from their phone/ })).toBeChecked();

  const own = await browser.newContext();
  const teacherPage = await own.newPage();
  await storeTokenBeforeLoad(teacherPage, await tokenFor(request, TEACHER));
  await openPage(teacherPage, '/staff/my-time', 'My time');
  await expect(teacherPage.getByRole('button', { name: `Clock in to ${ROOM}` })).toBeVisible();
  const mine = teacherPage.getByRole('region', { name: 'My certifications' });
  await expect(mine.getByRole('row').filter({ hasText: 'CPR' })).toContainText('Expires in 20 days');
  await expect(mine.getByRole('link', { name: /^Open cpr card\.pdf/ })).toBeVisible();
  await expect(mine.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  await expectNoAxeViolationsInEveryTheme(teacherPage, 'my time with certifications', {
    noSidewaysScroll: true,
  });
  await own.close();
});
