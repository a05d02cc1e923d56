/**
 * Staff on duty in the browser (issue 26, decision 038). Set up through the API: a room meeting every day with
 * a teacher of its own who has a clock-in PIN, and a child dropped off in it, so the room is over its ratio
 * with nobody on duty. The director's Today shows it over; the teacher clocks in at the door tablet (choosing
 * themselves, the PIN, their room), and Today moves to "within ratio" by itself on its next read. Axe in light
 * and dark at 1280 and 390 px on Today with the ratios, every step of the tablet's staff clock, My time and
 * Timesheets, in English and Spanish.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer, enrollByHand, everyDaySession, newTeacher, startKiosk } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, type StaffLogin, tokenFor } from '../support/staff.ts';
import { expect, type Page, test } from '../support/test.ts';

const marker = uniqueMarker('duty').slice(-6);
const ROOM = `Wren Room ${marker}`;
let TEACHER: StaffLogin;
let teacherName = '';
let roomId = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const director = await tokenFor(request, DIRECTOR);
  roomId = await everyDaySession(request, director, ROOM);
  const teacher = await newTeacher(request, director);
  TEACHER = teacher.login;
  teacherName = 'Priya Raman';
  const taught = await request.put(`/api/staff/sessions/${roomId}/teachers`, {
    headers: bearer(director),
    data: { userIds: [teacher.userId] },
  });
  expect(taught.status()).toBe(200);
  const pin = await request.put('/api/staff/duty/pin', {
    headers: bearer(await tokenFor(request, TEACHER)),
    data: { pin: '5830' },
  });
  expect(pin.status()).toBe(204);
  const parent = await createParent(request, { firstName: 'Lena', lastName: 'Okoro' });
  const ada = await addChild(request, parent, 'Ada');
  await enrollByHand(request, director, roomId, [ada]);
  const dropOff = await request.post('/api/staff/attendance', {
    headers: bearer(director),
    data: { studentId: ada, classSessionId: roomId, kind: 'CheckIn', adultName: 'Lena Okoro' },
  });
  expect(dropOff.status()).toBe(201);
});

const roomLine = (page: Page) =>
  page.getByRole('region', { name: 'Ratios now' }).getByTestId(`ratio-${roomId}`);

test('a teacher’s clock-in at the door tablet moves the room’s ratio on Today', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  // The page's own clock, running in real time, so the test can move it past Today's 30-second refresh
  // instead of waiting for it.
  await page.clock.install();
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff', 'Today');
  await expect(roomLine(page)).toContainText('Over ratio');
  await expect(roomLine(page)).toContainText('1 child · 0 adults on duty · ratio 1:12 · 1 adult needed');
  await expect(roomLine(page)).toContainText('Nobody is clocked in to this room.');
  await expect(page.getByRole('region', { name: 'Certifications expiring next' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'today with ratios', { noSidewaysScroll: true });

  // The door tablet, in its own browser profile (kiosk mode signs the staff login out of it).
  const tablet = await browser.newContext();
  const door = await tablet.newPage();
  await startKiosk(door, request, `Side door ${marker}`);
  await door.getByRole('button', { name: 'Staff clock in / out' }).click();
  await expect(door.getByRole('heading', { level: 1, name: 'Staff clock in or out' })).toBeFocused();
  await expectNoAxeViolationsInEveryTheme(door, 'kiosk: staff clock', { noSidewaysScroll: true });
  await door.getByLabel('Who are you?').selectOption({ label: teacherName });
  await door.getByLabel('Your clock-in PIN').fill('5831');
  await door.getByRole('button', { name: 'Next' }).click();
  await expect(door.getByLabel('Your clock-in PIN')).toBeFocused();
  await expect(door.getByText('That PIN is not right.')).toBeVisible();
  await door.getByLabel('Your clock-in PIN').fill('5830');
  await door.getByRole('button', { name: 'Next' }).click();
  await expect(door.getByRole('heading', { level: 1, name: `Hello, ${teacherName}` })).toBeVisible();
  await expect(door.getByLabel('Room')).toHaveValue(/\d+/);
  await expect(door.getByLabel('Room').locator('option:checked')).toHaveText(`${ROOM} (your room)`);
  await expectNoAxeViolationsInEveryTheme(door, 'kiosk: choose the room', { noSidewaysScroll: true });
  await door.getByRole('button', { name: 'Clock in' }).click();
  await expect(
    door.getByRole('heading', { level: 1, name: new RegExp(`Clocked in to ${ROOM} at`) }),
  ).toBeVisible();
  await expect(door.getByRole('status').filter({ hasText: 'Within ratio' })).toContainText(
    '1 child · 1 adult on duty',
  );
  await expectNoAxeViolationsInEveryTheme(door, 'kiosk: clocked in', { noSidewaysScroll: true });
  await tablet.close();

  // Today reads itself again within 30 seconds: the room is within ratio, with the teacher on duty. Nothing
  // else tells the page (no reload, no focus), so only the refresh can bring the new numbers.
  await page.clock.fastForward(31_000);
  await expect(roomLine(page)).toContainText('Within ratio');
  await expect(roomLine(page)).toContainText(`On duty: ${teacherName}`);
  // The breach of the morning stays listed, resolved.
  await expect(page.getByText(new RegExp(`${ROOM} went over at .*\\(resolved\\)`))).toBeVisible();
});

test('My time and Timesheets read well in English and Spanish and pass axe', async ({ page, request }) => {
  test.setTimeout(180_000);
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, '/staff/my-time', 'My time');
  const today = page.getByRole('region', { name: 'Today’s punches' });
  await expect(today).toContainText(new RegExp(`${ROOM}: .* – still on duty`));
  await expect(page.getByText('You have a PIN. Type a new one to change it.')).toBeVisible();
  // An easy PIN is refused by the field, which takes the focus.
  await page.getByLabel('New PIN').fill('1234');
  await page.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByLabel('New PIN')).toBeFocused();
  await expect(page.getByText(/too easy to guess/)).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'my time', { noSidewaysScroll: true });

  await openPage(page, '/staff/timesheets', 'Timesheets');
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader', { name: teacherName })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: teacherName })).toContainText('Yes');
  await expectNoAxeViolationsInEveryTheme(page, 'timesheets', { noSidewaysScroll: true });

  await page.evaluate(() => localStorage.setItem('language', 'es'));
  await openPage(page, '/staff/my-time', 'Mi horario');
  await expect(page.getByRole('region', { name: 'Registros de hoy' })).toContainText('todavía de turno');
  await expectNoAxeViolationsInEveryTheme(page, 'my time (es)', { widths: [390], noSidewaysScroll: true });
  await openPage(page, '/staff/timesheets', 'Horas por semana');
  await expect(page.getByRole('button', { name: 'Descargar CSV para la nómina' })).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'timesheets (es)', {
    widths: [1280],
    noSidewaysScroll: true,
  });
  await page.evaluate(() => localStorage.removeItem('language'));
});
