/**
 * An inspector's visit in the browser (issue 26, decision 039). Set up through the API: a room meeting every day
 * with a teacher of its own, a child with a peanut allergy dropped off by her mother, and an incident report the
 * teacher wrote about her. The director opens Licensing records for the room: the child with her allergy, the
 * day's drop-off with the adult and time, the room over its ratio with nobody clocked in, the incident and the
 * teacher's certifications; the PDF downloads and reads back with the same facts. A teacher is told the records
 * are the director's. Axe in light and dark at 1280 and 390 px, with no sideways scroll.
 */
import { readFile } from 'node:fs/promises';
import { extractText } from 'unpdf';
import { createParent } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import { addChild, bearer, centerDate, enrollByHand, everyDaySession, newTeacher } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, type StaffLogin, tokenFor } from '../support/staff.ts';
import { expect, test } from '../support/test.ts';

const marker = uniqueMarker('insp').slice(-6);
const ROOM = `Heron Room ${marker}`;
let TEACHER: StaffLogin;
let roomId = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const director = await tokenFor(request, DIRECTOR);
  roomId = await everyDaySession(request, director, ROOM);
  const teacher = await newTeacher(request, director);
  TEACHER = teacher.login;
  const taught = await request.put(`/api/staff/sessions/${roomId}/teachers`, {
    headers: bearer(director),
    data: { userIds: [teacher.userId] },
  });
  expect(taught.status()).toBe(200);
  const parent = await createParent(request, { firstName: 'Nadia', lastName: 'Farah' });
  const zara = await addChild(request, parent, 'Zara');
  const allergy = await request.post(`/api/Student/${zara}/Allergies`, {
    headers: bearer(parent.token),
    data: { name: 'Peanuts' },
  });
  expect(allergy.status()).toBe(201);
  await enrollByHand(request, director, roomId, [zara]);
  const dropOff = await request.post('/api/staff/attendance', {
    headers: bearer(director),
    data: { studentId: zara, classSessionId: roomId, kind: 'CheckIn', adultName: 'Nadia Farah' },
  });
  expect(dropOff.status()).toBe(201);
  const report = await request.post('/api/staff/incidents', {
    headers: bearer(await tokenFor(request, TEACHER)),
    data: {
      classSessionId: roomId,
      occurredAt: `${centerDate()}T00:05`,
      place: 'Block corner',
      kind: 'Injury',
      whatHappened: 'A wooden block fell on her toe while the tower came down.',
      firstAid: 'Ice pack for ten minutes; she went back to building.',
      children: [{ studentId: zara }],
    },
  });
  expect(report.status(), await report.text()).toBe(201);
});

test('the director reads a room’s licensing records and downloads the same facts as a PDF', async ({
  page,
  request,
}) => {
  test.slow(); // one page scanned four times
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await openPage(page, `/staff/inspection?session=${roomId}`, 'Licensing records');
  await expect(page.getByRole('heading', { level: 2, name: ROOM })).toBeVisible();
  await expect(page.getByText('Licensing ratio: 12 children per adult')).toBeVisible();

  const children = page.getByRole('table', { name: 'The session’s children during these days' });
  await expect(children.getByRole('row', { name: /Zara Farah/ })).toContainText('Peanuts');
  const today = page.getByRole('table', { name: /^Drop-offs and pickups, / }).last();
  await expect(today.getByRole('row', { name: /Zara Farah/ })).toContainText('Nadia Farah');
  await expect(today.getByRole('row', { name: /Zara Farah/ })).toContainText('Not checked out');
  await expect(page.getByText('Over ratio at').last()).toContainText('children 1, adults on duty 0');
  const incidents = page.getByRole('region', { name: /^Incident reports/ });
  await expect(incidents).toContainText('Block corner');
  await expect(incidents).toContainText('Zara Farah: the family has not signed their copy yet');
  await expect(page.getByRole('region', { name: 'Staff certifications' })).toContainText(
    'No certification on file',
  );
  await expectNoAxeViolationsInEveryTheme(page, 'licensing records', { noSidewaysScroll: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download PDF/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^inspection-heron-room-[a-z0-9-]+\.pdf$/);
  const bytes = await readFile((await file.path())!);
  const text = (await extractText(new Uint8Array(bytes), { mergePages: true })).text.replace(/\s+/g, ' ');
  for (const fact of [
    `Licensing records: ${ROOM}`,
    'Licensing ratio: 12 children per adult',
    'Zara Farah',
    'Peanuts',
    'Nadia Farah',
    'No one clocked in to this room.',
    'children 1, adults on duty 0, adults needed 1',
    'Block corner',
    'Zara Farah: the family has not signed their copy yet.',
    'Staff certifications',
  ])
    expect(text).toContain(fact);
});

test('a teacher is told the licensing records are the director’s', async ({ page, request }) => {
  await storeTokenBeforeLoad(page, await tokenFor(request, TEACHER));
  await openPage(page, '/staff/inspection', 'Licensing records');
  await expect(page.getByText('Licensing records are the director’s')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Licensing records' }),
  ).toHaveCount(0);
  const api = await request.get(`/api/staff/inspection/${roomId}`, {
    headers: bearer(await tokenFor(request, TEACHER)),
  });
  expect(api.status()).toBe(403);
  expect(await api.text()).not.toContain('Zara');
});
