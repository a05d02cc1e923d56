/**
 * The center's calendar in the browser (issue 24). Set up through the API: a room meeting every day with a
 * child in it and her grandmother's pickup pass. The director adds a closure of that room for today on the
 * calendar page (a missing reason is told by its field, which takes focus), and an early dismissal next
 * week; the attendance board no longer lists the room, Today says why, the door kiosk finds no session today
 * for the pass, and the family sees the closure on My sessions. The week and month views show the room's
 * days with both, a teacher only their own rooms. Axe in light and dark at 1280 and 390 px on the calendar
 * with both kinds of day, in the week and the month.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import {
  addChild,
  addPickupAdult,
  bearer,
  centerDate,
  enrollByHand,
  everyDaySession,
  issuePass,
  startKiosk,
  typeCode,
} from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, TEACHER, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('cal').slice(-6);
const ROOM = `Heron Room ${marker}`;
const REASON = `Burst pipe ${marker}`;
let roomId: number;
let code: string;
let parentToken: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const director = await tokenFor(request, DIRECTOR);
  roomId = await everyDaySession(request, director, ROOM);
  const parent = await createParent(request, { firstName: 'Amara', lastName: 'Obi' });
  parentToken = parent.token;
  const zuri = await addChild(request, parent, 'Zuri');
  await enrollByHand(request, director, roomId, [zuri]);
  const grandma = await addPickupAdult(request, parent, 'Ada', [zuri]);
  code = await issuePass(request, parent, grandma, '1357');
});

test.afterAll(async ({ request }) => {
  // The room's closures go with it from the calendar of the tests that follow.
  const director = await tokenFor(request, DIRECTOR);
  const list = await request.get('/api/staff/closures', { headers: bearer(director) });
  for (const c of ((await list.json()) as { items: Array<{ id: string; reason: string }> }).items)
    if (c.reason.endsWith(marker))
      await request.delete(`/api/staff/closures/${c.id}`, { headers: bearer(director) });
});

test('the director closes a room for today: the board, Today and the door follow, and the calendar passes axe', async ({
  page,
  request,
}) => {
  test.slow(); // a form, three pages and four axe scans
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/attendance', 'Attendance');
  await expect(page.getByRole('region', { name: ROOM, exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a closure or early dismissal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to the calendar' });
  await dialog.getByLabel('For').selectOption({ label: ROOM });
  await dialog.getByRole('button', { name: 'Add to the calendar' }).click();
  // Nothing is saved without a reason; the field says so and takes focus.
  const reason = dialog.getByRole('textbox', { name: 'Reason' });
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(/Write the reason families will see, like Thanksgiving\./);
  await reason.fill(REASON);
  await dialog.getByRole('button', { name: 'Add to the calendar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: REASON });
  await expect(row).toContainText('Closed');
  await expect(row.getByRole('link', { name: ROOM })).toBeVisible();

  // An early dismissal next week, so the calendar shows both kinds of day.
  await page.getByRole('button', { name: 'Add a closure or early dismissal' }).click();
  await dialog.getByLabel('First day').fill(centerDate(7));
  await dialog.getByLabel('Last day').fill(centerDate(7));
  await dialog.getByLabel('What happens').selectOption({ label: 'Early dismissal' });
  await dialog.getByLabel('Children go home at').fill('11:30');
  await dialog.getByLabel('For').selectOption({ label: ROOM });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill(`Conferences ${marker}`);
  await dialog.getByRole('button', { name: 'Add to the calendar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `Conferences ${marker}` })).toContainText(
    'Home at 11:30 AM',
  );
  await expectNoAxeViolationsInEveryTheme(page, 'calendar', { noSidewaysScroll: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await openPage(page, '/staff/attendance', 'Attendance');
  await expect(page.getByText(/The board updates on its own/)).toBeVisible();
  await expect(page.getByRole('region', { name: ROOM, exact: true })).toHaveCount(0);
  await openPage(page, '/staff', 'Today');
  await expect(page.getByRole('region', { name: 'Sessions today' })).toContainText(
    `${ROOM} is closed today: ${REASON}.`,
  );

  // At the door, Grandma Ada's pass finds no session today.
  await startKiosk(page, request, `Calendar door ${marker}`);
  await typeCode(page, code);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada Obi' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No sessions today' })).toBeVisible();
});

test('the week and the month show the room’s days with the closure and the early dismissal; a teacher sees only their rooms', async ({
  page,
  request,
}) => {
  test.slow(); // two views and two axe scans in every theme
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff/calendar', 'Calendar');
  const days = page.getByRole('list', { name: /^Days of / });
  // Today's card: the room struck through, closed with its reason.
  const today = days.locator('li[aria-current="date"]');
  await expect(today).toContainText(ROOM);
  await expect(today).toContainText(`Closed: ${REASON}`);
  await expect(
    days.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) }),
  ).toHaveCount(7);

  // Next week by the keyboard: the early dismissal on its day.
  const period = page.getByRole('heading', { level: 2 }).first();
  const thisWeek = await period.textContent();
  await page.getByRole('button', { name: 'Next week' }).focus();
  await page.keyboard.press('Enter');
  await expect(period).not.toHaveText(thisWeek ?? '');
  await expect(page).toHaveURL(/date=/);
  const early = days.locator(`li[aria-labelledby="day-${centerDate(7)}"]`);
  await expect(early).toContainText(ROOM);
  await expect(early).toContainText('Home at 11:30 AM');
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(period).toHaveText(thisWeek ?? '');

  // The month holding today, every day of it listed; the view is in the address.
  await page.getByRole('radio', { name: 'Week' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
  await expect(page).toHaveURL(/view=month/);
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  await expect(days.locator('li[aria-current="date"]')).toContainText(`Closed: ${REASON}`);
  await expectNoAxeViolationsInEveryTheme(page, 'calendar month', { noSidewaysScroll: true });

  // The demo teacher does not teach the room: it is on none of their days.
  await page.setViewportSize({ width: 1280, height: 900 });
  const teacher = await tokenFor(request, TEACHER);
  await page.evaluate((value) => window.localStorage.setItem('token', value), teacher);
  await openPage(page, '/staff/calendar?view=month', 'Calendar');
  await expect(days).toBeVisible();
  // Signed in as the teacher now: nothing to add, and the room is not theirs.
  await expect(page.getByRole('button', { name: 'Add a closure or early dismissal' })).toHaveCount(0);
  await expect(days).not.toContainText(ROOM);
});

test('the family sees the closed day and the early pickup on My sessions, and subscribes in a calendar app', async ({
  page,
  request,
}) => {
  test.slow(); // four axe scans
  await storeTokenBeforeLoad(page, parentToken);
  await openPage(page, '/dashboard/sessions', 'My sessions');
  const calendar = page.getByRole('region', { name: 'Closed days and early pickups' });
  await expect(calendar.getByRole('listitem').filter({ hasText: REASON })).toContainText('Closed');
  await expect(calendar.getByRole('listitem').filter({ hasText: `Conferences ${marker}` })).toContainText(
    'Home at 11:30 AM',
  );

  // The secret link, shown once; a calendar app reading it gets the room's days and the closure.
  await calendar.getByRole('button', { name: 'Get my calendar link' }).click();
  const link = calendar.getByRole('textbox', { name: 'Your calendar link' });
  await expect(link).toHaveValue(/\/api\/calendar\/[\w-]{43}$/);
  const firstPath = new URL(await link.inputValue()).pathname;
  const feed = await request.get(firstPath);
  expect(feed.status()).toBe(200);
  const text = await feed.text();
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain(`Closed: ${REASON} (${ROOM})`);
  expect(text).toContain(`Zuri · ${ROOM}`);
  await expectNoAxeViolationsInEveryTheme(page, 'my sessions with the calendar', { noSidewaysScroll: true });

  // After a reload the link is not shown again; a new one replaces it and the old one stops working.
  await page.reload();
  await expect(calendar.getByText(/Your calendar link is on/)).toBeVisible();
  await expect(link).toHaveCount(0);
  await calendar.getByRole('button', { name: 'Make a new link' }).click();
  await expect(link).toHaveValue(/\/api\/calendar\//);
  expect(new URL(await link.inputValue()).pathname).not.toBe(firstPath);
  expect((await request.get(firstPath)).status()).toBe(404);
});
