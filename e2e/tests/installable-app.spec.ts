/**
 * The portal and the staff workspace as an installed app (issue 25, decision 031), on the built app and the
 * real server: the manifest is linked from every page (the server-rendered ones too), valid, and its icons
 * are real PNGs; the service worker registers and controls the page; offline, a page the person saw opens
 * from what the device saved, under the offline banner; a page never seen shows the offline page; a write
 * offline says so and sends nothing; signing out leaves no saved reply behind. Axe on every offline state
 * in light and dark, at 390 and 1280 px, in English and Spanish.
 *
 * The other browser tests run with service workers blocked (playwright.config.ts); these allow them.
 */
import type { BrowserContext, Page, Response } from '@playwright/test';
import { DEMO_PARENT } from '../support/accounts.ts';
import { openPage, storeTokenBeforeLoad } from '../support/app.ts';
import { bearer } from '../support/door.ts';
import { expectNoAxeViolationsInEveryTheme } from '../support/fixtures.ts';
import { DIRECTOR, tokenFor } from '../support/staff.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

test.use({ serviceWorkers: 'allow' });

/** The Cache Storage name of the saved replies (web/src/lib/saved-replies.ts). */
const SAVED_REPLIES = 'lc-saved-replies-v1';

const OFFLINE_BANNER = {
  en: 'You’re offline. You’re seeing what this device saved the last time; changes can’t be sent until you’re back online.',
  es: 'Estás sin conexión. Ves lo que este dispositivo guardó la última vez; los cambios no se pueden enviar hasta que vuelvas a tener conexión.',
};
const NOT_SAVED = {
  en: 'This page isn’t saved on this device yet',
  es: 'Esta página todavía no está guardada en este dispositivo',
};

const sweep = { noSidewaysScroll: true };

const loginDemoParent = (request: APIRequestContext) =>
  tokenFor(request, { email: DEMO_PARENT.emailAddress, password: DEMO_PARENT.password });

/** The width and height a PNG says it has (its IHDR chunk, bytes 16–23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1'), 'a PNG signature').toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Wait until the service worker controls the page (it claims the page on its first install). */
async function waitForServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      message: 'the service worker controls the page',
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);
}

/** How many replies the device has saved (0 when the cache does not exist; never creates it). */
function savedReplies(page: Page): Promise<number> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return 0;
    return (await (await caches.open(name)).keys()).length;
  }, SAVED_REPLIES);
}

/**
 * Open `path` signed in, let the worker take control, and open it again, so its reads pass through the
 * worker and are saved: the person has now "seen" the page on this device. Waits until every read the page
 * made has been saved (one saved reply per address).
 */
async function seeWithWorker(page: Page, path: string, heading: string | RegExp) {
  await openPage(page, path, heading);
  await waitForServiceWorker(page);
  const reads = new Set<string>();
  const onResponse = (response: Response) => {
    const request = response.request();
    const json = (response.headers()['content-type'] ?? '').includes('json');
    if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/') && json)
      if (response.status() === 200) reads.add(request.url());
  };
  page.on('response', onResponse);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  expect(reads.size, 'the page reads from the API').toBeGreaterThan(0);
  await expect.poll(() => savedReplies(page), { message: 'every read saved' }).toBe(reads.size);
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.describe('the app installs', () => {
  test('every page links the manifest and the home-screen tags; the manifest is valid, its icons real PNGs', async ({
    page,
    request,
  }) => {
    // The server-rendered public page and the browser-rendered portal shell both carry them.
    for (const path of ['/', '/es/faq', '/dashboard']) {
      const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(html, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png" />');
      expect(html, path).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
      expect(html, path).toContain('<meta name="apple-mobile-web-app-title" content="Bright Oak" />');
    }

    await openPage(page, '/', 'A one-of-a-kind learning center');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const reply = await request.get(href!);
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await reply.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
      shortcuts: Array<{ name: string; url: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Bright Oak Learning Center',
      short_name: 'Bright Oak',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#2d7a48',
      background_color: '#ffffff',
    });
    expect(manifest.shortcuts).toContainEqual(expect.objectContaining({ url: '/staff' }));
    // An installable app needs a 192 and a 512 icon; a maskable one fills Android's shapes.
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const icons = [
      ...manifest.icons.map((icon) => ({ src: icon.src, sizes: icon.sizes })),
      { src: '/icons/apple-touch-icon-180.png', sizes: '180x180' },
    ];
    for (const icon of icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
      const { width, height } = pngSize(await image.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  test('the service worker is served fresh from /sw.js, registers and controls the page', async ({
    page,
    request,
  }) => {
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    await openPage(page, '/', 'A one-of-a-kind learning center');
    await waitForServiceWorker(page);
    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration('/');
      return { scope: found?.scope ?? null, active: found?.active?.state ?? null };
    });
    expect(registration).toEqual({ scope: expect.stringMatching(/\/$/), active: 'activated' });

    // Under the worker, public pages are still the server's, rendered with their content; the portal's
    // addresses are the precached shell (an empty root the app fills).
    for (const [path, content] of [
      ['/', 'A one-of-a-kind learning center'],
      ['/faq', 'Frequently Asked Questions'],
    ] as const) {
      const response = await page.goto(path, { waitUntil: 'commit' });
      expect(response?.fromServiceWorker(), path).toBe(true);
      expect(await response?.text(), path).toContain(content);
    }
    const shell = await page.goto('/dashboard', { waitUntil: 'commit' });
    expect(shell?.fromServiceWorker()).toBe(true);
    expect(await shell?.text()).toContain('<div id="root"></div>');
  });
});

test.describe('offline, in English', () => {
  test('a page the parent saw opens offline under the banner; a page never seen says so; a write offline sends nothing; signing out forgets', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await loginDemoParent(request);
    await storeTokenBeforeLoad(page, token);
    await seeWithWorker(page, '/dashboard', 'Welcome, Jordan');
    await expect(page.getByText('Maya Avery').first()).toBeVisible();
    await expect(page.getByText(OFFLINE_BANNER.en)).toHaveCount(0);

    // Offline: the page the parent saw opens again, from what the device saved, under the banner.
    await goOffline(context, page);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER.en })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Jordan' })).toBeVisible();
    await expect(page.getByText('Maya Avery').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER.en })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(page.getByTestId('offline-page')).toHaveCount(0);
    await expectNoAxeViolationsInEveryTheme(page, 'the dashboard offline', sweep);

    // A page never opened on this device: the friendly offline page, not a broken one.
    await page
      .getByRole('navigation', { name: 'Student portal' })
      .getByRole('link', { name: 'Billing' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: NOT_SAVED.en })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'a page never saved, offline', sweep);

    // A write offline: the form says it is offline, keeps what was typed, and nothing reaches the server.
    const marker = `Offline${Date.now().toString(36)}`;
    await page.goto('/dashboard/my-students/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Add a child' })).toBeVisible();
    await page.getByRole('textbox', { name: 'First name' }).fill(marker);
    await page.getByRole('textbox', { name: 'Last name' }).fill('Avery');
    const born = new Date();
    born.setFullYear(born.getFullYear() - 5);
    await page.getByLabel('Date of birth').fill(born.toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Add child' }).click();
    const notSent =
      'You’re offline, so nothing was sent. Your changes are still here: send them again once you’re back online.';
    await expect(page.getByRole('alert').filter({ hasText: notSent })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: /went wrong|could not/i })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(marker);
    await expectNoAxeViolationsInEveryTheme(page, 'a form sent offline', sweep);

    // Back online: the banner goes, and the child was never added.
    await context.setOffline(false);
    await expect(page.getByText(OFFLINE_BANNER.en)).toHaveCount(0);
    const family = await request.get('/api/Student', { headers: bearer(token) });
    expect(family.status()).toBe(200);
    expect(JSON.stringify(await family.json())).not.toContain(marker);

    // Signing out forgets every saved reply on this device.
    expect(await savedReplies(page)).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Student portal' })
      .getByRole('link', { name: 'Sign out' })
      .click();
    await expect(page).toHaveURL('/login');
    await expect.poll(() => savedReplies(page), { message: 'saved replies after signing out' }).toBe(0);
  });

  test('a page never seen while online fills in by itself when the connection returns', async ({
    page,
    context,
    request,
  }) => {
    await storeTokenBeforeLoad(page, await loginDemoParent(request));
    await openPage(page, '/dashboard', 'Welcome, Jordan');
    await waitForServiceWorker(page);
    await goOffline(context, page);
    await page.goto('/dashboard/emergency-contacts');
    await expect(page.getByRole('heading', { level: 1, name: NOT_SAVED.en })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Emergency contacts' })).toBeVisible();
    await expect(page.getByText(OFFLINE_BANNER.en)).toHaveCount(0);
  });

  test('the staff workspace opens offline under the banner, and a staff page never seen says so', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    await storeTokenBeforeLoad(page, await tokenFor(request, DIRECTOR));
    await seeWithWorker(page, '/staff', 'Today');
    await goOffline(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await expect(page.getByTestId('offline-page')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER.en })).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'the staff workspace offline', sweep);
    await page.goto('/staff/team');
    await expect(page.getByRole('heading', { level: 1, name: NOT_SAVED.en })).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'a staff page never saved, offline', sweep);
  });
});

test.describe('offline, in Spanish', () => {
  test.use({ locale: 'es-US' });

  test('the banner and the offline page speak Spanish and pass axe', async ({ page, context, request }) => {
    test.setTimeout(90_000);
    await storeTokenBeforeLoad(page, await loginDemoParent(request));
    await seeWithWorker(page, '/dashboard', 'Le damos la bienvenida, Jordan');
    await goOffline(context, page);
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Le damos la bienvenida, Jordan' }),
    ).toBeVisible();
    await expect(page.getByTestId('offline-page')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BANNER.es })).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'el portal sin conexión', sweep);
    await page.goto('/dashboard/billing');
    await expect(page.getByRole('heading', { level: 1, name: NOT_SAVED.es })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
    await expectNoAxeViolationsInEveryTheme(page, 'una página no guardada, sin conexión', sweep);
  });
});
