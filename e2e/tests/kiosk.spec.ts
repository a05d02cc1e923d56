/**
 * The door kiosk in the browser (issue 11). The office sets a tablet up at /staff/kiosk (the staff login is
 * signed out of it); a grandmother's pickup pass, issued by the family, is typed at the kiosk: her
 * grandchild (peanut allergy flagged) is dropped off, then picked up after a wrong PIN and the right one;
 * the parent sees both in the portal; the family turns the pass off and the next try is refused at once;
 * leaving kiosk mode takes a staff login. A second test shows the pass's QR code to Chromium's fake camera
 * and the kiosk reads it (the decoder is served from our own origin). Axe in light and dark theme on every
 * step of the kiosk.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createParent, type TestParent } from '../support/accounts.ts';
import { storeTokenBeforeLoad, uniqueMarker } from '../support/app.ts';
import {
  addChild,
  addPickupAdult,
  bearer,
  enrollByHand,
  everyDaySession,
  issuePass,
  qrVideo,
  startKiosk,
  typeCode,
} from '../support/door.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/env.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { type APIRequestContext, expect, type Page, test, waitForApp } from '../support/test.ts';

const marker = uniqueMarker('door').slice(-6);

type Family = { parent: TestParent; childId: string; adultId: string; code: string };

/** A family with Nina in an every-day session, and Grandma Lupe's pass (PIN 2468). */
async function familyAtTheDoor(request: APIRequestContext, lastName: string): Promise<Family> {
  const director = await tokenFor(request, DIRECTOR);
  const sessionId = await everyDaySession(request, director, `Bluebell Room ${lastName} ${marker}`);
  const parent = await createParent(request, { firstName: 'Ines', lastName });
  const childId = await addChild(request, parent, 'Nina');
  const allergy = await request.post(`/api/Student/${childId}/Allergies`, {
    headers: bearer(parent.token),
    data: { name: 'Peanuts' },
  });
  expect(allergy.status()).toBe(201);
  await enrollByHand(request, director, sessionId, [childId]);
  const adultId = await addPickupAdult(request, parent, 'Lupe', [childId]);
  const code = await issuePass(request, parent, adultId, '2468');
  return { parent, childId, adultId, code };
}

test('a pass is typed at the kiosk: drop-off, pickup with the PIN, the parent sees it, a revoked pass is refused', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const family = await familyAtTheDoor(request, 'Delgado');
  await startKiosk(page, request, `Front door ${marker}`);
  await expectNoAxeViolationsInEveryTheme(page, 'kiosk: scan', { noSidewaysScroll: true });

  // A code typed in lower case with its spaces is read all the same.
  await typeCode(page, family.code.toLowerCase());
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Lupe Delgado' })).toBeVisible();
  const nina = page.getByRole('checkbox', { name: /Nina Delgado/ });
  await expect(nina).toBeChecked();
  await expect(page.getByText('Allergy: Peanuts')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pick up' })).toBeDisabled();
  await expectNoAxeViolationsInEveryTheme(page, 'kiosk: the adult and the children', {
    noSidewaysScroll: true,
  });
  await page.getByRole('button', { name: 'Drop off' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Have a lovely day.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Nina' })).toContainText('Checked in');
  await expect(page.getByRole('status').filter({ hasText: 'Back to scanning' })).toBeVisible();
  // The done screen goes back to scanning by itself after 10 s: scan it in both themes at the desktop width
  // here, and at the phone width after the pickup below (two scans each, well inside its time).
  await expectNoAxeViolationsInEveryTheme(page, 'kiosk: done', { widths: [1280], noSidewaysScroll: true });
  await page.getByRole('button', { name: 'Done' }).click();

  // Pickup: a wrong PIN is refused by its field, the right one lets Nina go.
  await typeCode(page, family.code);
  await expect(page.getByText(/Checked in at .* by Lupe Delgado/)).toBeVisible();
  await page.getByRole('button', { name: 'Pick up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your PIN, please' })).toBeVisible();
  const pin = page.getByLabel('PIN', { exact: true });
  await pin.fill('1111');
  await page.getByRole('button', { name: 'Confirm pickup' }).click();
  await expect(page.getByText('That PIN is not right. 4 tries left.')).toBeVisible();
  await expect(pin).toBeFocused();
  await expect(pin).toHaveAccessibleDescription(/That PIN is not right/);
  await expectNoAxeViolationsInEveryTheme(page, 'kiosk: wrong PIN', { noSidewaysScroll: true });
  await pin.fill('2468');
  await page.getByRole('button', { name: 'Confirm pickup' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All set. See you next time!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Nina' })).toContainText('Picked up');
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoAxeViolationsInEveryTheme(page, 'kiosk: all set', { widths: [390], noSidewaysScroll: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Done' }).click();

  // The parent sees the drop-off and the pickup, naming the grandmother.
  const parentContext = await browser.newContext();
  const parentPage = await parentContext.newPage();
  await storeTokenBeforeLoad(parentPage, family.parent.token);
  await parentPage.goto('/dashboard/attendance');
  await waitForApp(parentPage);
  await expect(parentPage.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
  await expect(parentPage.getByText(/Dropped off by Lupe Delgado/).first()).toBeVisible();
  await expect(parentPage.getByText(/Picked up by Lupe Delgado/).first()).toBeVisible();
  await parentContext.close();

  // The family turns the pass off: the very next try at the door is refused.
  const revoked = await request.delete(`/api/Student/Trustees/${family.adultId}/Pass`, {
    headers: bearer(family.parent.token),
  });
  expect(revoked.status()).toBe(200);
  await typeCode(page, family.code);
  await expect(page.getByRole('alert')).toContainText('This pass has been turned off by the family.');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome! Please scan your pickup pass' }),
  ).toBeVisible();

  // Leaving kiosk mode needs a staff login, and lands on the staff attendance page.
  await page.getByRole('button', { name: 'Leave kiosk mode' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave kiosk mode' });
  await dialog.getByLabel('Staff email').fill(family.parent.emailAddress);
  await dialog.getByLabel('Password').fill(family.parent.password);
  await dialog.getByRole('button', { name: 'Leave kiosk mode' }).click();
  await expect(dialog.getByText('Only center staff can leave kiosk mode.')).toBeVisible();
  await expectNoAxeViolationsInEveryTheme(page, 'kiosk: leave dialog', { noSidewaysScroll: true });
  await dialog.getByLabel('Staff email').fill(DIRECTOR.email);
  await dialog.getByLabel('Password').fill(DIRECTOR.password);
  await dialog.getByRole('button', { name: 'Leave kiosk mode' }).click();
  await expect(page).toHaveURL(/\/staff\/attendance$/);
  expect(await page.evaluate(() => localStorage.getItem('kioskToken'))).toBeNull();
});

test('the kiosk reads a pass’s QR code from the camera', async ({ request }) => {
  test.setTimeout(120_000);
  const family = await familyAtTheDoor(request, 'Ferreira');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lc-camera-'));
  const video = await qrVideo(family.code.replace(/\s/g, ''), dir);
  // A browser of its own, whose camera shows the QR code (Chromium's fake capture device).
  const cameraBrowser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await cameraBrowser.newContext({ baseURL: test.info().project.use.baseURL });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    const wasm: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.wasm')) wasm.push(new URL(r.url()).origin);
    });
    await startKiosk(page, request, `Front door ${marker}`);
    await expect(page.getByTestId('kiosk-camera').locator('video')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Lupe Ferreira' })).toBeVisible({
      timeout: 20_000,
    });
    await page.getByRole('button', { name: 'Drop off' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank you! Have a lovely day.' }),
    ).toBeVisible();
    // If this browser had to decode in WebAssembly, the decoder came from our own origin.
    for (const origin of wasm) expect(origin).toBe(new URL(test.info().project.use.baseURL!).origin);
    const history = await request.get(`/api/Student/Attendance?studentId=${family.childId}`, {
      headers: bearer(family.parent.token),
    });
    const records = ((await history.json()) as { records: { method: string; kind: string }[] }).records;
    expect(records).toEqual([expect.objectContaining({ kind: 'CheckIn', method: 'Pass' })]);
  } finally {
    await cameraBrowser.close();
    await rm(dir, { recursive: true, force: true });
  }
});
