/**
 * Set-up for the door's browser tests (issue 11), through the API as the office and a family would: a
 * session meeting every day (so it runs today whatever day the tests run), a family with a child in it and
 * an adult who may pick up, that adult's pickup pass, and a fake camera stream showing a QR code.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import type { TestParent } from './accounts.ts';
import { type APIRequestContext, expect } from './test.ts';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY = 86_400_000;

/** The center's calendar date `days` from today ("YYYY-MM-DD" in America/Los_Angeles). */
export function centerDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
    Date.now() + days * DAY,
  );
}

/** A session that began last week, meets every day, and is open for registration now; answers its id. */
export async function everyDaySession(
  request: APIRequestContext,
  token: string,
  name: string,
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
      daySchedule: 'Daily, 7:00 am – 11:30 pm',
      registrationPrice: 40_000,
      rosterSize: 6,
    },
  });
  expect(res.status(), 'POST /api/ClassSession').toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Add a child (about four years old) to the parent's family; answers the child's id. */
export async function addChild(
  request: APIRequestContext,
  parent: TestParent,
  firstName: string,
): Promise<string> {
  const res = await request.post('/api/Student', {
    headers: bearer(parent.token),
    data: { firstName, lastName: parent.lastName, dateOfBirth: '2022-01-15' },
  });
  expect(res.status(), 'POST /api/Student').toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The parent enrolls the children and pays on the test checkout. */
export async function enrollAndPay(
  request: APIRequestContext,
  parent: TestParent,
  sessionId: number,
  ids: string[],
): Promise<void> {
  const res = await request.post('/api/ClassSessionEnrollment', {
    headers: bearer(parent.token),
    data: { classSessionId: sessionId, studentIds: ids },
  });
  expect(res.status(), 'POST /api/ClassSessionEnrollment').toBe(201);
  const checkout = new URL(((await res.json()) as { checkoutUrl: string }).checkoutUrl).pathname;
  const paid = await request.post(`${checkout}/pay`, { form: { pay: '1' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
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
