/**
 * The staff home in the browser (issue 24, "Today"). Set up through the API: a session meeting every day from
 * 7 am (so it is on Today whatever day the run is) taught by a teacher of its own, and one that ended at 12:01
 * am; a family whose daughter has a peanut allergy is dropped off in the first, her brother is still in the
 * second. The director's Today counts the room, names the allergy in the building and the late pickup, and
 * links to the roster; the teacher's shows their room only and no money. Axe in light and dark at 1280 and
 * 390 px with every state on the page, without sideways scrolling.
 */
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import {
  addChild,
  bearer,
  centerMinutes,
  enrollByHand,
  everyDaySession,
  newTeacher,
} from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, type StaffLogin, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('today').slice(-6);
const ROOM = `Bluebird Room ${marker}`;
const EARLY_ROOM = `Sunrise Club ${marker}`;
let roomId: number;
let TEACHER: StaffLogin;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const director = await tokenFor(request, DIRECTOR);
  roomId = await everyDaySession(request, director, ROOM);
  // Ends a minute past midnight: a child still in is a late pickup once the 10-minute grace has passed.
  const earlyId = await everyDaySession(request, director, EARLY_ROOM, 'Daily, 12:00 am – 12:01 am');
  const teacher = await newTeacher(request, director);
  TEACHER = teacher.login;
  const taught = await request.put(`/api/staff/sessions/${roomId}/teachers`, {
    headers: bearer(director),
    data: { userIds: [teacher.userId] },
  });
  expect(taught.status()).toBe(200);

  const parent = await createParent(request, { firstName: 'Hana', lastName: 'Sato' });
  const emi = await addChild(request, parent, 'Emi');
  const kenji = await addChild(request, parent, 'Kenji');
  const allergy = await request.post(`/api/Student/${emi}/Allergies`, {
    headers: bearer(parent.token),
    data: { name: 'Peanuts' },
  });
  expect(allergy.status()).toBe(201);
  await enrollByHand(request, director, roomId, [emi, kenji]);
  await enrollByHand(request, director, earlyId, [kenji]);
  for (const [studentId, classSessionId] of [
    [emi, roomId],
    [kenji, earlyId],
  ] as const) {
    const res = await request.post('/api/staff/attendance', {
      headers: bearer(director),
      data: { studentId, classSessionId, kind: 'CheckIn', adultName: 'Hana Sato' },
    });
    expect(res.status(), 'POST /api/staff/attendance').toBe(201);
  }
});

test('the director’s Today counts each room, names the allergy in the building and the late pickup, and passes axe', async ({
  page,
  request,
}) => {
  test.slow(); // one page scanned four times
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, '/staff', 'Today');
  const sessions = page.getByRole('region', { name: 'Sessions today' });
  await expect(sessions.getByRole('link', { name: ROOM })).toBeVisible();
  await expect(sessions).toContainText('2 children expected · 1 here · 0 gone home · 1 not arrived yet');
  await expect(sessions).toContainText('Emi Sato is here');
  await expect(sessions.getByText('Allergy: Peanuts').first()).toBeVisible();
  const attention = page.getByRole('region', { name: 'Needs you now' });
  // The early club ended at 12:01 am; past the grace, Kenji still being there is a late pickup.
  if (centerMinutes() > 15) {
    await expect(sessions).toContainText('Kenji Sato is still waiting to be picked up');
    await expect(attention.getByRole('link', { name: /waiting to be picked up late/ })).toHaveAttribute(
      'href',
      '/staff/attendance',
    );
  }
  await expectNoAxeViolationsInEveryTheme(page, 'today', { noSidewaysScroll: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await sessions.getByRole('link', { name: ROOM }).click();
  await expect(page.getByRole('heading', { level: 1, name: ROOM })).toBeVisible();
});

test('a teacher’s Today shows their own room and no money', async ({ page, request }) => {
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, '/staff', 'Today');
  const sessions = page.getByRole('region', { name: 'Sessions today' });
  await expect(sessions.getByRole('link', { name: ROOM })).toBeVisible();
  await expect(sessions.getByRole('link', { name: EARLY_ROOM })).toHaveCount(0);
  await expect(page.getByText(/\$\d/)).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Balances' }),
  ).toHaveCount(0);
});
