/**
 * Public pages in the browser (issue 12): each hydrates without errors and without fetching its data again,
 * wakes up on what the server formatted, and its forms work before and after their code runs (split from
 * public-html.spec.ts, which reads the HTML with no script running).
 */

import { DEMO_SESSIONS, findSession } from '../support/app.ts';
import { useTheme } from '../support/fixtures.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';

/** The page's HTML as a crawler or link preview sees it: no script runs. */
async function fetchHtml(request: APIRequestContext, path: string, accept = 'text/html') {
  const res = await request.get(path, { headers: { accept } });
  return { status: res.status(), type: res.headers()['content-type'] ?? '', html: await res.text() };
}

/** Opens `path`, collecting console errors and the catalog API calls the page makes. */
async function openAndWatch(page: Page, path: string) {
  const errors: string[] = [];
  const catalogCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/ClassSession')) catalogCalls.push(r.url());
  });
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  return { response, errors, catalogCalls };
}

test.describe('hydration', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`public pages hydrate without errors and without fetching their data again (${theme})`, async ({
      page,
      request,
    }) => {
      await useTheme(page, theme);
      const session = await findSession(request, DEMO_SESSIONS.winter);
      for (const path of [
        // The Spanish addresses (issue 14) hydrate in Spanish, from what the server formatted in Spanish.
        '/es',
        '/es/sessions',
        `/es/sessions/${session.id}`,
        '/',
        '/sessions',
        `/sessions/${session.id}`,
        '/contact?tour=true',
        '/faq',
      ]) {
        const { response, errors, catalogCalls } = await openAndWatch(page, path);
        expect(response?.status(), path).toBe(200);
        expect(errors, path).toEqual([]);
        expect(catalogCalls, path).toEqual([]);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
      }
      // The theme switch was hydrated: it names the other theme and works.
      const next = theme === 'dark' ? 'light' : 'dark';
      await page.getByRole('button', { name: `Switch to ${next} theme` }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', next);
    });
  }

  test('pages wake up on what the server formatted (no Intl started) and with every style already linked', async ({
    page,
    request,
  }) => {
    // Starting Intl costs a phone ~40 ms in one block; the server's dates and prices are replayed instead.
    await page.addInitScript(() => {
      const started: string[] = [];
      (window as unknown as { intlStarted: string[] }).intlStarted = started;
      for (const name of ['DateTimeFormat', 'NumberFormat', 'ListFormat', 'Collator'] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        (Intl as unknown as Record<string, unknown>)[name] = class extends Original {
          constructor(...args: unknown[]) {
            super(...args);
            started.push(name);
          }
        };
      }
      const compare = String.prototype.localeCompare;
      String.prototype.localeCompare = function (this: string, ...args: Parameters<typeof compare>) {
        started.push('localeCompare');
        return compare.apply(this, args);
      };
    });
    const session = await findSession(request, DEMO_SESSIONS.winter);
    for (const path of ['/', '/sessions', `/sessions/${session.id}`]) {
      const html = (await fetchHtml(request, path)).html;
      const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
      expect(linked, path).toHaveLength(1);
      const { errors } = await openAndWatch(page, path);
      expect(errors, path).toEqual([]);
      // Hydrated: the theme switch answers.
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      expect(
        await page.evaluate(() => (window as unknown as { intlStarted: string[] }).intlStarted),
        path,
      ).toEqual([]);
      // No stylesheet arrived with the code: what painted first was already styled.
      const sheets = await page.evaluate(() =>
        Array.from(document.styleSheets, (s) => s.href).filter((href): href is string => href !== null),
      );
      expect(
        sheets.map((href) => new URL(href).pathname),
        path,
      ).toEqual(linked);
    }
    await expect(page.getByText('$1,850.00').first()).toBeVisible();
  });

  test('coming back to the sessions list in the app loads fresh seat counts', async ({ page }) => {
    const { catalogCalls } = await openAndWatch(page, '/sessions');
    expect(catalogCalls).toEqual([]);
    await page.getByRole('link', { name: 'Our Philosophy' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Philosophy' })).toBeVisible();
    const fetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/ClassSession');
    await page.goBack();
    await fetched;
    await expect(page.getByRole('article', { name: DEMO_SESSIONS.winter })).toBeVisible();
  });

  test('the 404 page hydrates and its Back home button works', async ({ page }) => {
    const { response, errors } = await openAndWatch(page, '/no/such/page');
    expect(response?.status()).toBe(404);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.getByRole('link', { name: 'Back home' }).click();
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'A one-of-a-kind learning center' }),
    ).toBeVisible();
  });
});

test.describe('forms before their code runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, submit] of [
    ['/contact', 'Send message'],
    ['/tutoring-waitlist', 'Join the waitlist'],
  ] as const) {
    test(`${path}: the server-rendered form cannot send a bare form (nothing of a family lands in a URL)`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('button', { name: submit })).toBeDisabled();
    });
  }
});

test('once the code runs, the contact form can be sent', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
});
