/**
 * The browser tests' `test`: Playwright's, with a `page` whose `goto`, `reload`, `goBack` and `goForward`
 * also wait until the app has hydrated or rendered (`<html data-app-ready>`, set by `AppProviders`). A
 * server-rendered page paints before its code arrives (decision 009); a person waits for it to respond,
 * and so do the tests. With scripts off (`javaScriptEnabled: false`), or `goto(url, { waitUntil: 'commit' })`,
 * nothing is waited for.
 */
import { test as base, type Page } from '@playwright/test';

export { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Wait until the app in `page` answers input (no-op for a page that is not ours, e.g. a checkout). */
export async function waitForApp(page: Page) {
  await page.waitForFunction(
    () => document.documentElement.dataset.appReady === 'true' || !document.getElementById('root'),
  );
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
        const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
        (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
          const response = await original(...args);
          // `waitUntil: 'commit'` asks for the page as it arrives (e.g. the server's HTML while the code is held).
          const options = args.find((arg) => typeof arg === 'object' && arg !== null) as
            | { waitUntil?: string }
            | undefined;
          if (options?.waitUntil !== 'commit') await waitForApp(page);
          return response;
        };
      }
    }
    await use(page);
  },
});
