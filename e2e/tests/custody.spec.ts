/**
 * Custody restrictions and the director's corrections in the browser (issue 24, "Records staff can keep"). A
 * grandmother the director has restricted types her pass at the kiosk: the pickup is refused by name in calm
 * words, the child stays in, and the director's Today puts the alert first; the child's page shows the
 * restriction. The director corrects the child's allergies: the save waits for a reason (the field says so
 * and takes the focus), then the page shows the change. Axe in light and dark theme on the kiosk's refusal,
 * the child page and the correction dialog.
 */
import { createParent } from '../support/accounts.ts';
import { storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import {
  addChild,
  addPickupAdult,
  bearer,
  enrollByHand,
  everyDaySession,
  issuePass,
  startKiosk,
  typeCode,
} from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { type APIRequestContext, expect, test, waitForApp } from '../support/test.ts';

const marker = uniqueMarker('custody').slice(-6);

/** Nina in an every-day session, checked in by her mother; Grandma Lupe holds a pass (PIN 2468). */
async function ninaInTheRoom(request: APIRequestContext, lastName: string) {
  const director = await tokenFor(request, DIRECTOR);
  const sessionId = await everyDaySession(request, director, `Willow Room ${lastName} ${marker}`);
  const parent = await createParent(request, { firstName: 'Ines', lastName });
  const childId = await addChild(request, parent, 'Nina');
  await enrollByHand(request, director, sessionId, [childId]);
  const adultId = await addPickupAdult(request, parent, 'Lupe', [childId]);
  const code = await issuePass(request, parent, adultId, '2468');
  const checkIn = await request.post('/api/staff/attendance', {
    headers: bearer(director),
    data: { studentId: childId, classSessionId: sessionId, kind: 'CheckIn', adultName: `Ines ${lastName}` },
  });
  expect(checkIn.status(), 'POST /api/staff/attendance').toBe(201);
  return { director, childId, code, sessionId };
}

test('a do-not-release refusal at the kiosk: refused by name, the office alerted on Today', async ({
  page: kioskPage,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const lastName = `Arroyo${marker}`;
  const nina = await ninaInTheRoom(request, lastName);
  const added = await request.post(`/api/staff/children/${nina.childId}/restrictions`, {
    headers: bearer(nina.director),
    data: {
      fullName: `Lupe ${lastName}`,
      description: 'Grandmother',
      note: 'Court order on file. Keep Nina in the room and call the director.',
    },
  });
  expect(added.status()).toBe(201);

  const page = kioskPage;
  await startKiosk(page, request, `Side door ${marker}`);
  await typeCode(page, nina.code);
  await expect(page.getByRole('heading', { level: 1, name: `Hello, Lupe ${lastName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Pick up' }).click();
  await page.getByLabel('PIN', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Confirm pickup' }).click();
  await expect(
    page.getByText(
      `We cannot release Nina to Lupe ${lastName}. Please wait here a moment: someone from the office is coming to help.`,
    ),
  ).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'kiosk: do not release', { noSidewaysScroll: true });

  // The director's Today (in the office, another browser) puts the refusal first; the child's page shows the
  // restriction and its note.
  const office = await browser.newContext();
  const desk = await office.newPage();
  await storeTokenBeforeLoad(desk, await tokenFor(request, DIRECTOR));
  await desk.goto('/staff');
  await waitForApp(desk);
  const alert = desk.getByRole('link', {
    name: `The door refused Lupe ${lastName} collecting Nina ${lastName}`,
  });
  await expect(alert).toBeVisible();
  await alert.click();
  await expect(desk.getByRole('heading', { level: 1, name: `Nina ${lastName}` })).toBeVisible();
  await expect(desk.getByText(`Do not release Nina to Lupe ${lastName}`)).toBeVisible();
  await expect(
    desk.getByText('Court order on file. Keep Nina in the room and call the director.', { exact: true }),
  ).toBeVisible();
  // Nina is still in: her check-ins show the drop-off and no pickup.
  const checkIns = desk.getByRole('region', { name: 'Check-ins', exact: true });
  await expect(checkIns).toContainText('Checked in');
  await expect(checkIns).not.toContainText('Checked out');
  await expectNoAxeViolationsInEveryTheme(desk, 'staff child page with a restriction');

  // The roster names the restriction under Nina's name, in red, with the note.
  await desk.goto(`/staff/sessions/${nina.sessionId}`);
  await waitForApp(desk);
  const row = desk.getByRole('row', { name: new RegExp(`Nina ${lastName}`) });
  await expect(row).toContainText(`Do not release to Lupe ${lastName}`);
  await expectNoAxeViolationsInEveryTheme(desk, 'roster with a do-not-release line');
  await desk.goto('/staff');
  await waitForApp(desk);
  await expect(
    desk.getByRole('link', { name: `The door refused Lupe ${lastName} collecting Nina ${lastName}` }),
  ).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(desk, 'Today with a custody alert');
  await office.close();
});

test('the director corrects a child’s allergies with a reason', async ({ page, request }) => {
  test.setTimeout(90_000);
  const lastName = `Bello${marker}`;
  const nina = await ninaInTheRoom(request, lastName);
  await storeTokenBeforeLoad(page, nina.director);
  await page.goto(`/staff/children/${nina.childId}`);
  await waitForApp(page);
  await page.getByRole('button', { name: 'Correct Nina’s details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct Nina’s details' });
  await dialog.getByLabel(/Allergies and medical notes/).fill('Tree nuts');
  await dialog.getByRole('button', { name: 'Save and tell the family' }).click();
  const reason = dialog.getByLabel(/Reason for the change/);
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(/say why this is being changed/);
  await expectNoAxeViolationsInEveryTheme(page, 'correct a child: reason missing');
  await reason.fill('Her doctor’s note from this week lists tree nuts');
  await dialog.getByRole('button', { name: 'Save and tell the family' }).click();
  await expect(page.getByText('Saved. The family is emailed what changed and why.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Allergies', exact: true })).toContainText('Tree nuts');
  const changes = page.getByRole('region', { name: 'Who changed what', exact: true });
  await expect(changes).toContainText('student.correct');
  await expect(changes).toContainText('Her doctor’s note from this week lists tree nuts');
});
