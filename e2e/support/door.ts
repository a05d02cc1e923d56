/**
 * Set-up for the door's browser tests (issue 11), through the API as the office and a family would: a
 * session meeting every day (so it runs today whatever day the tests run), a family with a child in it and
 * an adult who may pick up, that adult's pickup pass, and a fake camera stream showing a QR code.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import { createParent, type TestParent } from './accounts.ts';
import { storeTokenBeforeLoad } from './app.ts';
import { DIRECTOR, tokenFor } from './staff.ts';
import { type APIRequestContext, expect, type Page, test } from './test.ts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY = 86_400_000;

/** Minutes past midnight now on the center's clock (America/Los_Angeles), 0–1439. */
export function centerMinutes(): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Los_Angeles',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number);
  return h! * 60 + m!;
}

/**
 * A start time between 11 pm and midnight today on the center's clock that is still a few minutes ahead, for
 * a test that publishes it and must see it on today's pages: 11:`seed % 59` pm, moved later when that has
 * passed. Within `finishWithin` minutes of midnight there is no time left for the test, so it waits until the
 * center's new day begins (at most that many minutes, added to the test's timeout) and uses the new day's
 * 11 pm. Answers "HH:MM" (24 h) and the same time as the app shows it ("11:07 PM").
 */
export async function laterTonight(
  seed: number,
  finishWithin = 12,
): Promise<{ time: string; shown: string }> {
  const LAST = 24 * 60 - finishWithin;
  let now = centerMinutes();
  if (now >= LAST) {
    const wait = (24 * 60 - now + 1) * 60_000;
    test.setTimeout(test.info().timeout + wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
    now = centerMinutes();
  }
  const minute = Math.max(seed % 59, now - 23 * 60 + 3);
  const mm = String(minute).padStart(2, '0');
  return { time: `23:${mm}`, shown: `11:${mm} PM` };
}

/** The center's calendar date `days` from today ("YYYY-MM-DD" in America/Los_Angeles). */
export function centerDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
    Date.now() + days * DAY,
  );
}

/**
 * A session that began last week and meets every day (7 am to 11:30 pm unless `daySchedule` says other hours);
 * answers its id. It is hidden from the public catalog
 * (other browser tests count the catalog's sessions while these run), so families are placed in it by the
 * office: {@link enrollByHand}.
 */
export async function everyDaySession(
  request: APIRequestContext,
  token: string,
  name: string,
  daySchedule = 'Daily, 7:00 am – 11:30 pm',
): Promise<number> {
  const res = await request.post('/api/ClassSession', {
    headers: bearer(token),
    data: {
      name,
      description: 'Stories, songs, painting and garden play, every day of the week.',
      sessionStartDate: centerDate(-7),
      sessionEndDate: centerDate(30),
      registrationStartDate: new Date(Date.now() - 10 * DAY).toISOString(),
      registrationEndDate: new Date(Date.now() + 20 * DAY).toISOString(),
      daySchedule,
      registrationPrice: 40_000,
      rosterSize: 6,
      isActive: false,
    },
  });
  expect(res.status(), 'POST /api/ClassSession').toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Add a child (about four years old unless `dateOfBirth` says otherwise) to the family; answers the child's id. */
export async function addChild(
  request: APIRequestContext,
  parent: TestParent,
  firstName: string,
  dateOfBirth = '2022-01-15',
): Promise<string> {
  const res = await request.post('/api/Student', {
    headers: bearer(parent.token),
    data: { firstName, lastName: parent.lastName, dateOfBirth },
  });
  expect(res.status(), 'POST /api/Student').toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The director places the children in the session by hand (free of charge), as the office does. */
export async function enrollByHand(
  request: APIRequestContext,
  directorToken: string,
  sessionId: number,
  ids: string[],
): Promise<void> {
  for (const studentId of ids) {
    const res = await request.post(`/api/staff/sessions/${sessionId}/enrollments`, {
      headers: bearer(directorToken),
      data: { studentId, amount: 0, charge: 0, note: 'Placed by the office' },
    });
    expect(res.status(), 'POST /api/staff/sessions/:id/enrollments').toBe(201);
  }
}

/**
 * A new teacher of the center's own: a parent account the director puts on the staff (the demo teacher's
 * sessions stay as other tests expect them). Answers their login and user id.
 */
export async function newTeacher(
  request: APIRequestContext,
  directorToken: string,
): Promise<{ login: { email: string; password: string }; userId: string }> {
  const person = await createParent(request, { firstName: 'Priya', lastName: 'Raman' });
  const res = await request.post('/api/staff/team', {
    headers: bearer(directorToken),
    data: { firstName: 'Priya', lastName: 'Raman', emailAddress: person.emailAddress, role: 'Staff' },
  });
  expect(res.status(), 'POST /api/staff/team').toBeLessThan(300);
  return {
    login: { email: person.emailAddress, password: person.password },
    userId: ((await res.json()) as { id: string }).id,
  };
}

/** A contact of the family who may pick up the children; answers the contact's id. */
export async function addPickupAdult(
  request: APIRequestContext,
  parent: TestParent,
  firstName: string,
  studentIds: string[],
): Promise<string> {
  const res = await request.post('/api/Student/Trustees', {
    headers: bearer(parent.token),
    data: {
      firstName,
      lastName: parent.lastName,
      relationship: 'Grandmother',
      cellPhone: '(650) 555-0177',
      canPickup: true,
      studentIds,
    },
  });
  expect(res.status(), 'POST /api/Student/Trustees').toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The family issues the adult a pass with `pin`; answers the code printed on it. */
export async function issuePass(
  request: APIRequestContext,
  parent: TestParent,
  trusteeId: string,
  pin: string,
): Promise<string> {
  const res = await request.post(`/api/Student/Trustees/${trusteeId}/Pass`, {
    headers: bearer(parent.token),
    data: { pin },
  });
  expect(res.status(), 'POST …/Pass').toBe(201);
  const card = await request.get(`/api/Student/Trustees/${trusteeId}/Pass/Card`, {
    headers: bearer(parent.token),
  });
  expect(card.status()).toBe(200);
  return ((await card.json()) as { code: string }).code;
}

/**
 * A Y4M video (640×480, 4:2:0) of the QR code of `text`, black on white, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`); answers the file's path under `dir`.
 */
export async function qrVideo(text: string, dir: string): Promise<string> {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const [width, height] = [640, 480];
  const scale = Math.floor((height - 80) / (size + 8));
  const side = (size + 8) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (top + (y + 4) * scale + dy) * width;
        luma.fill(16, row + left + (x + 4) * scale, row + left + (x + 5) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(dir, 'pass-qr.y4m');
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

/** Open /staff/kiosk as the director and turn kiosk mode on. */
export async function startKiosk(page: Page, request: APIRequestContext, tabletName: string) {
  await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
  await page.goto('/staff/kiosk');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up the door kiosk' })).toBeVisible();
  await page.getByLabel('Name of this tablet').fill(tabletName);
  await page.getByRole('button', { name: 'Start kiosk mode' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome! Please scan your pickup pass' }),
  ).toBeVisible();
  // The staff login is gone from the tablet; only its kiosk token remains.
  expect(
    await page.evaluate(() => [localStorage.getItem('token'), Boolean(localStorage.getItem('kioskToken'))]),
  ).toEqual([null, true]);
}

/** Type a pass's code at the kiosk and look it up. */
export async function typeCode(page: Page, code: string) {
  await page.getByLabel('No phone? Type the pass code').fill(code);
  await page.getByRole('button', { name: 'Look up pass' }).click();
}
