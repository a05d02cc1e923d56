/**
 * "This device" on the notification settings pages (issue 25 "On the phone", decision 034), on the built app
 * with its service worker: what a headless Chromium can show. Its push service is out of reach here, so no
 * browser subscription is made and none is faked in the page; a device another phone turned on is posted
 * through the API, as that phone would. The button asks the browser's permission only when pressed (this
 * browser refuses, and the page says how to allow it); the list shows each device with Remove and the test
 * button; removing empties it. Axe in light and dark at 390 and 1280 px, the parent's page in English and
 * Spanish, the staff's in English.
 */
import type { Page } from '@playwright/test';
import { DEMO_PARENT } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { bearer } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

test.use({ serviceWorkers: 'allow' });
// One demo parent's devices are read and changed by two of these tests: one after the other.
test.describe.configure({ mode: 'serial' });

const sweep = { noSidewaysScroll: true };
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** Another phone turns notifications on: its subscription posted through the API (a push address it was given). */
async function phoneSubscribes(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post('/api/Push/Subscriptions', {
    headers: { ...bearer(token), 'user-agent': ANDROID_CHROME },
    data: {
      endpoint: `https://push.example/e2e/${Date.now()}-${Math.random().toString(36).slice(2)}`,
      expirationTime: null,
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Remove every device of the person (a test starts and ends with none). */
async function removeDevices(request: APIRequestContext, token: string) {
  const list = (await (await request.get('/api/Push/Subscriptions', { headers: bearer(token) })).json()) as {
    devices: Array<{ id: string }>;
  };
  for (const device of list.devices)
    await request.delete(`/api/Push/Subscriptions/${device.id}`, { headers: bearer(token) });
}

function section(page: Page, heading: string) {
  return page.getByRole('region', { name: heading });
}

test.describe('this device, for a parent', () => {
  test('the button asks only when pressed; a refusal says how to allow it; devices are listed and removed', async ({
    page,
    request,
  }) => {
    const token = await tokenFor(request, {
      email: DEMO_PARENT.emailAddress,
      password: DEMO_PARENT.password,
    });
    await removeDevices(request, token);
    await storeTokenBeforeLoad(page, token);
    await openPage(page, '/dashboard/notifications', 'Notifications');
    const device = section(page, 'This device');
    await expect(
      device.getByText('None yet. Turn notifications on on a phone or computer you use.'),
    ).toBeVisible();
    const turnOn = device.getByRole('button', { name: 'Turn on notifications on this device' });
    await expect(turnOn).toBeVisible();
    // Nothing was asked on load.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await expectNoAxeViolationsInEveryTheme(page, 'notifications, this device with none', sweep);

    // This headless browser refuses the prompt: the page says so and how to allow notifications.
    await turnOn.click();
    await expect(device.getByText('Notifications are blocked')).toBeVisible();
    await expect(device.getByRole('button', { name: 'Turn on notifications on this device' })).toHaveCount(0);

    // A phone of theirs turned notifications on: it is listed, with Remove and the test button.
    await phoneSubscribes(request, token);
    await page.reload();
    await expect(device.getByText('Chrome on Android')).toBeVisible();
    await expect(device.getByRole('button', { name: 'Send a test' })).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'notifications, a device listed', sweep);
    await device.getByRole('button', { name: 'Remove Chrome on Android' }).click();
    await expect(page.getByText('Chrome on Android won’t get notifications any more.')).toBeVisible();
    await expect(
      device.getByText('None yet. Turn notifications on on a phone or computer you use.'),
    ).toBeVisible();
    await expect(device.getByRole('button', { name: 'Send a test' })).toHaveCount(0);
  });
});

test.describe('this device, in Spanish', () => {
  test.use({ locale: 'es-US' });

  test('the section speaks Spanish and passes axe', async ({ page, request }) => {
    const token = await tokenFor(request, {
      email: DEMO_PARENT.emailAddress,
      password: DEMO_PARENT.password,
    });
    await removeDevices(request, token);
    await phoneSubscribes(request, token);
    await storeTokenBeforeLoad(page, token);
    await openPage(page, '/dashboard/notifications', 'Notificaciones');
    const device = section(page, 'Este dispositivo');
    await expect(
      device.getByRole('button', { name: 'Activar las notificaciones en este dispositivo' }),
    ).toBeVisible();
    await expect(device.getByText('Chrome en Android')).toBeVisible();
    await expect(device.getByRole('button', { name: 'Quitar Chrome en Android' })).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'notificaciones, este dispositivo', sweep);
    await removeDevices(request, token);
  });
});

test.describe('this device, for staff', () => {
  test('the staff’s notification page has the same section, and passes axe', async ({ page, request }) => {
    const token = await tokenFor(request, DIRECTOR);
    await removeDevices(request, token);
    await phoneSubscribes(request, token);
    await storeTokenBeforeLoad(page, token);
    await openPage(page, '/staff/notifications', 'Notifications');
    const device = section(page, 'This device');
    await expect(device.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
    await expect(device.getByText('Chrome on Android')).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'staff notifications, this device', sweep);
    await removeDevices(request, token);
  });
});
