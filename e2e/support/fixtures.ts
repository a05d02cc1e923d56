/**
 * Shared helpers for browser tests: axe-core checks, the theme, the mail the server wrote, and the
 * database when the run uses a PostgreSQL server.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';
import pg from 'pg';
import PostalMime from 'postal-mime';
import { E2E_DATABASE_URL_FILE, E2E_MAIL_DIR } from './env.ts';

/** The rules every scan runs: WCAG 2.1 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type AxeViolation = { id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> };

/**
 * Put axe-core into the page and its same-origin frames, once per document: it stays on `window` until the
 * next navigation, so the four scans of a sweep share one injection.
 */
async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    try {
      const present = await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
      if (!present) await frame.evaluate(axe.source);
    } catch {
      // A frame that went away, or one we may not script (cross-origin): axe skips it, as it would anyway.
    }
  }
}

/**
 * Run axe-core (WCAG 2.1 A/AA and best practices) on the page and fail with a readable list of violations.
 * axe runs in the page itself and answers only its violations (every rule still runs on every element): a
 * scan takes about 0.6 s where @axe-core/playwright's builder, which re-injects axe and carries every pass
 * and inapplicable result back, took about 2 s on the same page (issue 22, measured on the family screens).
 */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  await injectAxe(page);
  const violations = await page.evaluate(async (tags) => {
    const axeRun = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe.run;
    const results = (await axeRun(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, AXE_TAGS);
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Choose the theme before the page loads, the way a returning visitor has it stored. */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((value) => {
    try {
      window.localStorage.setItem('themeMode', value);
    } catch {
      // A cross-origin frame (the contact page's map) has no storage of ours.
    }
  }, theme);
}

/**
 * Wait two animation frames: a colour scheme or width just changed, and the page has repainted after them. A
 * browser that stops painting a page for a while (seen once on a loaded 2-core CI machine: the frames never
 * came and the test hung for its whole timeout) is waited for five seconds at most; axe reads the styles,
 * which the change has already applied by then.
 */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, 5_000);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
}

/**
 * Switch the open page to `theme` without reloading, the way a second tab's choice reaches it: the stored
 * "themeMode" changes and a `storage` event tells Mantine's colour-scheme manager, which re-themes the page.
 */
export async function switchTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => {
    window.localStorage.setItem('themeMode', value);
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'themeMode', newValue: value, storageArea: window.localStorage }),
    );
  }, theme);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
  await settle(page);
}

export type AxeSweep = {
  /** Viewport widths in px (the height stays 900); default 390 and 1280, as issue 10 holds staff pages to. */
  widths?: number[];
  /** Also fail when the page scrolls sideways at a width (a phone must never need to). */
  noSidewaysScroll?: boolean;
};

/**
 * axe on the open page in light and dark at each width, switching theme and width in place (one load, four
 * scans instead of four loads). Ends in the light theme at the last width.
 */
export async function expectNoAxeViolationsInEveryTheme(page: Page, label: string, sweep: AxeSweep = {}) {
  let order: Array<'light' | 'dark'> = ['light', 'dark'];
  for (const width of sweep.widths ?? [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    if (sweep.noSidewaysScroll) {
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `${label} scrolls sideways at ${width}px`,
        })
        .toBeLessThanOrEqual(width);
    }
    for (const theme of order) {
      await switchTheme(page, theme);
      await expectNoAxeViolations(page, `${label} (${theme}, ${width}px)`);
    }
    order = [...order].reverse();
  }
  await switchTheme(page, 'light');
}

/** The .eml files the server has written so far (newest last), as raw text. */
export function mailFiles(): string[] {
  if (!existsSync(E2E_MAIL_DIR)) return [];
  return readdirSync(E2E_MAIL_DIR)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(path.join(E2E_MAIL_DIR, f), 'utf8'));
}

export type DecodedMail = Awaited<ReturnType<typeof PostalMime.parse>>;

/** The mail to `to` with this exact `subject`, decoded (accents and all), once the server has sent it. */
export async function waitForDecodedMail(to: string, subject: string): Promise<DecodedMail> {
  let found: DecodedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const raw of mailFiles().filter((m) => m.includes(`To: ${to}`))) {
          const mail = await PostalMime.parse(raw);
          if (mail.subject === subject) found = mail;
        }
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** Wait until a mail containing `text` (or every one of several texts) has been written, and return it. */
export async function waitForMail(text: string | string[], timeoutMs = 10_000): Promise<string> {
  const texts = [text].flat();
  let found: string | undefined;
  await expect
    .poll(
      () =>
        (found = mailFiles().find((m) => {
          const unfolded = m.replace(/=\r?\n/g, '');
          return texts.every((t) => unfolded.includes(t));
        })),
      { timeout: timeoutMs },
    )
    .toBeTruthy();
  return found!;
}

/** The PostgreSQL database this run's server uses, or null when it runs on embedded PGlite. */
export function serverDatabaseUrl(): string | null {
  return existsSync(E2E_DATABASE_URL_FILE) ? readFileSync(E2E_DATABASE_URL_FILE, 'utf8').trim() : null;
}

/** Run one query against the server's PostgreSQL database. */
export async function queryServerDatabase<T extends pg.QueryResultRow>(
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const url = serverDatabaseUrl();
  if (!url) throw new Error('The server runs on PGlite in this run; no database URL to query.');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
