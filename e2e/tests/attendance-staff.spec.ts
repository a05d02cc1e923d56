/**
 * Attendance for staff in the browser (issue 11). Set up through the API: a session meeting every day (so it
 * is on today's board whatever day the run is, hidden from the public catalog), taught by a teacher of its own, with a family whose child has a
 * peanut allergy and a grandmother who may pick up; and a second session the teacher does not teach. The
 * director checks the child in by hand from the roster naming the grandmother, sees them in on the board,
 * checks them out there (the dialog's error sits by its field first), finds both in the history and
 * downloads the CSV; the teacher sees only their session and checks the brother in. The page passes axe in
 * light and dark at 1280 and 390 px without sideways scrolling, on both views and with the dialog open.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer, centerDate, enrollByHand, everyDaySession, newTeacher } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, type StaffLogin, tokenFor } from '../support/staff.ts';
import { expect, type Page, test } from '../support/test.ts';

const CSV_HEADER = ['Date', 'Time', 'Child', 'Session', 'Event', 'Adult', 'How', 'Second factor', 'Staff'];

const marker = uniqueMarker('att').slice(-6);
const ROOM = `Sunflower Room ${marker}`;
const OTHER_ROOM = `Willow Room ${marker}`;
let roomId: number;
/** The session's own teacher (made in beforeAll). */
let TEACHER: StaffLogin;

// One worker: the tests follow one child through the day.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const director = await tokenFor(request, DIRECTOR);
  roomId = await everyDaySession(request, director, ROOM);
  const otherId = await everyDaySession(request, director, OTHER_ROOM);
  const teacher = await newTeacher(request, director);
  TEACHER = teacher.login;
  const teacherId = teacher.userId;
  const taught = await request.put(`/api/staff/sessions/${roomId}/teachers`, {
    headers: bearer(director),
    data: { userIds: [teacherId] },
  });
  expect(taught.status()).toBe(200);

  const parent = await createParent(request, { firstName: 'Marisol', lastName: 'Quintero' });
  const lucia = await addChild(request, parent, 'Lucia');
  const mateo = await addChild(request, parent, 'Mateo');
  const allergy = await request.post(`/api/Student/${lucia}/Allergies`, {
    headers: bearer(parent.token),
    data: { name: 'Peanuts' },
  });
  expect(allergy.status()).toBe(201);
  for (const [firstName, canPickup] of [
    ['Rosa', true],
    ['Tomas', false],
  ] as const) {
    const contact = await request.post('/api/Student/Trustees', {
      headers: bearer(parent.token),
      data: {
        firstName,
        lastName: 'Quintero',
        relationship: canPickup ? 'Grandmother' : 'Uncle',
        cellPhone: canPickup ? '(650) 555-0177' : '(650) 555-0166',
        canPickup,
        studentIds: [lucia, mateo],
      },
    });
    expect(contact.status()).toBe(201);
  }
  await enrollByHand(request, director, roomId, [lucia, mateo]);
  const other = await createParent(request, { firstName: 'Hana', lastName: 'Okonkwo' });
  await enrollByHand(request, director, otherId, [await addChild(request, other, 'Kofi')]);
});

/**
 * Wait until the success toast `text` has closed on its own: Mantine's toast close button has no name
 * (axe: button-name), so the page is scanned without one.
 */
async function toastGone(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 10_000 });
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const childRow = (page: Page, room: string, child: string) =>
  card(page, room)
    .getByRole('region', { name: `${room}: today’s children` })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: child }) });

test('the director checks a child in from the roster and out on the board, then finds both in the history and the CSV', async ({
  page,
  request,
}) => {
  test.slow(); // two dialogs, the history and eight axe scans
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/sessions', 'Sessions');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Attendance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Today', selected: true })).toBeVisible();
  await expect(card(page, OTHER_ROOM)).toBeVisible();
  const lucia = childRow(page, ROOM, 'Lucia Quintero');
  await expect(lucia).toContainText('Not arrived');
  await expect(lucia).toContainText('Allergy: Peanuts');
  await expect(card(page, ROOM)).toContainText('0 in · 0 picked up · 2 not arrived');

  // Check in by hand from the roster, naming the grandmother.
  await card(page, ROOM)
    .getByRole('link', { name: `Roster of ${ROOM}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: ROOM })).toBeVisible();
  const rosterRow = page
    .getByRole('region', { name: 'Roster table' })
    .getByRole('row', { name: /Lucia Quintero/ });
  await expect(rosterRow).toContainText('Not arrived');
  await rosterRow.getByRole('button', { name: 'Check in Lucia Quintero' }).click();
  const checkIn = page.getByRole('dialog', { name: 'Check a child in' });
  await checkIn.getByRole('combobox', { name: 'Who brought them (optional)' }).selectOption({
    label: 'Rosa Quintero (Grandmother)',
  });
  await checkIn.getByRole('button', { name: 'Check in Lucia' }).click();
  await toastGone(page, 'Lucia is checked in, brought by Rosa Quintero. The family has been told.');
  await expect(checkIn).toBeHidden();
  await expect(rosterRow).toContainText(/In since \d{1,2}:\d{2} [AP]M/);

  // The board says so; check out there.
  await page.getByRole('link', { name: 'Today’s attendance' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
  await expect(lucia).toContainText(/In since \d{1,2}:\d{2} [AP]M/);
  await expect(card(page, ROOM)).toContainText('1 in · 0 picked up · 1 not arrived');
  await lucia.getByRole('button', { name: 'Check out Lucia Quintero' }).click();
  const checkOut = page.getByRole('dialog', { name: 'Check a child out' });
  const adult = checkOut.getByRole('combobox', { name: /Who is picking up/ });
  await expect(checkOut).toContainText('Not allowed to pick up: Tomas Quintero.');
  await checkOut.getByRole('button', { name: 'Check out Lucia' }).click();
  await expect(adult).toHaveAccessibleDescription(/Choose who is picking up/);
  await expect(adult).toBeFocused();
  await expect(adult).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolationsInEveryTheme(page, 'attendance, check-out dialog', { noSidewaysScroll: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await adult.selectOption({ label: 'Rosa Quintero (Grandmother)' });
  await checkOut.getByRole('button', { name: 'Check out Lucia' }).click();
  await toastGone(page, 'Lucia is checked out with Rosa Quintero. The family has been told.');
  await expect(lucia).toContainText(/Picked up at \d{1,2}:\d{2} [AP]M by Rosa Quintero/);
  await expect(lucia.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolationsInEveryTheme(page, 'attendance today', { noSidewaysScroll: true });

  // The history, filtered to the session, and its CSV.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/view=history/);
  await page.getByRole('textbox', { name: 'Session' }).fill(marker);
  await page.getByRole('option', { name: ROOM }).click();
  await expect(page).toHaveURL(new RegExp(`classSessionId=${roomId}`));
  const history = page.getByRole('region', { name: 'Attendance history table' });
  await expect(history.getByRole('row')).toHaveCount(3);
  const pickup = history.getByRole('row').nth(1);
  await expect(pickup).toContainText('Lucia Quintero');
  await expect(pickup).toContainText('Pickup');
  await expect(pickup).toContainText('Rosa Quintero');
  await expect(pickup).toContainText('By staff');
  await expect(pickup).toContainText('Elena Okafor');
  await expect(history.getByRole('row').nth(2)).toContainText('Drop-off');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'History', selected: true })).toBeVisible();
  await expect(history.getByRole('row')).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`attendance-${centerDate()}.csv`);
  const [header, ...rows] = parse(await readFile((await file.path())!, 'utf8')) as string[][];
  expect(header).toEqual(CSV_HEADER);
  expect(rows.map((r) => [r[2], r[3], r[4], r[5], r[6], r[8]])).toEqual([
    ['Lucia Quintero', ROOM, 'Pickup', 'Rosa Quintero', 'By staff', 'Elena Okafor'],
    ['Lucia Quintero', ROOM, 'Drop-off', 'Rosa Quintero', 'By staff', 'Elena Okafor'],
  ]);
  expect(rows.every((r) => r[0] === centerDate())).toBe(true);
  await expectNoAxeViolationsInEveryTheme(page, 'attendance history', { noSidewaysScroll: true });
});

test('the teacher sees only their session today and checks a child in, naming someone else', async ({
  page,
  request,
}) => {
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, '/staff/attendance', 'Attendance');
  await expect(card(page, ROOM)).toBeVisible();
  await expect(card(page, OTHER_ROOM)).toHaveCount(0);
  await expect(page.getByText('Kofi Okonkwo')).toHaveCount(0);
  await expect(childRow(page, ROOM, 'Lucia Quintero')).toContainText(/Picked up at .* by Rosa Quintero/);

  const mateo = childRow(page, ROOM, 'Mateo Quintero');
  await mateo.getByRole('button', { name: 'Check in Mateo Quintero' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check a child in' });
  await dialog
    .getByRole('combobox', { name: 'Who brought them (optional)' })
    .selectOption({ label: 'Someone else…' });
  await dialog.getByRole('button', { name: 'Check in Mateo' }).click();
  const name = dialog.getByRole('textbox', { name: /Adult’s full name/ });
  await expect(dialog.getByText('Name the adult who brought them')).toBeVisible();
  await expect(name).toBeFocused();
  await name.fill('Carmen Diaz');
  await dialog.getByRole('button', { name: 'Check in Mateo' }).click();
  await expect(
    page.getByText('Mateo is checked in, brought by Carmen Diaz. The family has been told.'),
  ).toBeVisible();
  await expect(mateo).toContainText(/In since \d{1,2}:\d{2} [AP]M/);
  await expect(card(page, ROOM)).toContainText('1 in · 1 picked up · 0 not arrived');

  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'Attendance history table' });
  await expect(history.getByRole('row').nth(1)).toContainText('Carmen Diaz');
  await expect(history).not.toContainText('Kofi Okonkwo');
});
