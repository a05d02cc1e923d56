import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, E2E_PORT, E2E_SMTP_PORT } from './support/env.ts';

/**
 * Browser tests: the built app on the real server and a fresh database (see start-server.ts), driven in
 * Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium; Playwright never downloads a browser here).
 * The server's ports are free ones picked when support/env.ts loads, unless E2E_PORT/E2E_SMTP_PORT are set.
 */
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  outputDir: './.tmp/test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A test's whole flow, pages, mail and axe scans included, on a shared 2-core machine where CI runs two
  // workers beside the server: the long staff flows took 25–32 s there (a 30 s limit failed them at their
  // last step). Each expectation still waits at most 7 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, 'e2e/.tmp/reports/playwright.json'),
      },
    ],
  ],
  use: {
    baseURL: BASE_URL,
    // The site picks its language from the browser's on a first visit (issue 14); the tests speak English
    // unless a test asks for Spanish (`test.use({ locale: 'es-US' })`).
    locale: 'en-US',
    // The site honours "reduce motion" (theme.respectReducedMotion): no toast is ever caught mid-fade, where
    // its text has a fraction of its contrast (CI: axe failed on the sign-in toast as it faded out).
    reducedMotion: 'reduce',
    // A trace records a screencast and a DOM snapshot at every step of every test, kept only when one fails:
    // on the 2-core machine that cost 16% of the browser suite (a11y.spec.ts 186 s with, 157 s without), so
    // it is off unless asked for (`E2E_TRACE=1 npm run test:e2e`); a failure still leaves a screenshot and
    // the page's accessibility tree (error-context.md).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // The app's service worker (issue 25, decision 031) is tested where it is the subject
    // (tests/installable-app.spec.ts, which allows it). Elsewhere it is blocked: each test's fresh context
    // would download the whole app shell to precache it, and `page.route` does not see what a worker answers
    // from its precache, so a test that holds a page's code (navigation.spec.ts) would depend on whether the
    // worker had installed yet. `E2E_SERVICE_WORKERS=allow` runs every test with the worker, as a visitor
    // has it (a sample of nine files passed that way too).
    serviceWorkers: process.env.E2E_SERVICE_WORKERS === 'allow' ? 'allow' : 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: `node --experimental-strip-types e2e/start-server.ts`,
    cwd: root,
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(E2E_PORT), E2E_SMTP_PORT: String(E2E_SMTP_PORT) },
  },
});
