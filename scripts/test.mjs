#!/usr/bin/env node
/**
 * `npm test`: every check and test, in order — typecheck, lint, import boundaries, unit + API tests (Vitest; API tests on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL), web build, then the browser tests (Playwright in
 * Chromium). Ends with one line `N passed, N failed` counting every test that ran, plus one failure for each
 * step that failed without a failed test in its report (e.g. the browser tests' server could not start).
 * The browser tests' server listens on free ports (picked in e2e/support/env.ts), never a fixed one.
 *
 * Before anything runs it checks what the tests need and, when something is missing, stops with one line
 * saying how to get it (never a stack trace): Node.js 22.12 or newer, a Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium) and, when TEST_DATABASE_URL is set, a PostgreSQL server answering at it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwrightFailures, vitestFailures } from './test-failures.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'e2e/.tmp/reports');

function fail(line) {
  console.error(line);
  process.exit(1);
}

// --- What the tests need --------------------------------------------------------------------------
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  fail(
    `npm test needs Node.js 22.12 or newer (this is ${process.version}): install Node 24 LTS from https://nodejs.org, or run \`npm install --prefix .tools/node24 node@24\` and put .tools/node24/node_modules/.bin first on PATH (.ci/run does both).`,
  );
}
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  fail(
    `npm test needs Chromium for the browser tests: install it with \`sudo apt-get install -y chromium\`, or set CHROMIUM_PATH to a Chrome/Chromium binary (looked for ${chromium}).`,
  );
}
if (process.env.TEST_DATABASE_URL) {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      `const pg=require('pg');const c=new pg.Client({connectionString:process.env.TEST_DATABASE_URL,connectionTimeoutMillis:5000});c.connect().then(()=>c.query('select 1')).then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))`,
    ],
    { cwd: path.join(root, 'server'), stdio: 'ignore' },
  );
  if (probe.status !== 0) {
    fail(
      `TEST_DATABASE_URL is set but no PostgreSQL server answers there: start one (on Debian: \`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\`) or unset TEST_DATABASE_URL to test on PGlite only.`,
    );
  }
}

// --- Steps ------------------------------------------------------------------------------------------
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0 };
const failedSteps = [];
/**
 * The name of each failed test, printed again just above the closing line: CI keeps only the tail of a long
 * run's output, and a failure far up in it was otherwise lost (a Vitest failure in CI could not be named).
 */
const failedTests = [];
/** Each step's title and seconds, printed as a table at the end (issue 22: where CI's time goes). */
const stepTimes = [];
const runStarted = Date.now();

/**
 * Runs one step. `counts` reads the step's test report ({ passed, failed }, or null when there is none).
 * A step that fails without a failed test to show for it — a type error, a lint finding, a test runner that
 * could not start (its server's port taken, a crash before any test ran) — counts as one failure, so the
 * closing line never reads "0 failed" after a failed step.
 */
function run(title, command, args, { env = {}, counts = () => null } = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  stepTimes.push([title, seconds]);
  const ok = result.status === 0;
  let report = null;
  try {
    report = counts();
  } catch {
    report = null; // an unreadable report (e.g. cut short by a crash) counts as none
  }
  totals.passed += report?.passed ?? 0;
  totals.failed += report?.failed ?? 0;
  if (!ok) {
    failedSteps.push(title);
    if (!report?.failed) totals.failed += 1;
  }
  console.log(`${ok ? '✔' : '✘'} ${title} (${seconds} s)`);
  return ok;
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

const npx = 'npx';
run('typecheck (contract, server, web and its service worker, e2e; two at a time)', process.execPath, [
  'scripts/typecheck.mjs',
]);
run('lint and format (biome)', npx, ['--no-install', 'biome', 'check', '.']);
// Import boundaries (docs/architecture.md, "Layers"): no circle, no lower layer importing a higher one, no
// staff code in a parent's bundle.
run('import boundaries (dependency-cruiser)', npx, [
  '--no-install',
  'depcruise',
  '--config',
  '.dependency-cruiser.cjs',
  'contract/src',
  'server/src',
  'web/src',
  'e2e',
]);

const vitestReport = path.join(reports, 'vitest.json');
run(
  'unit and API tests (Vitest)',
  npx,
  [
    '--no-install',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ],
  {
    counts: () => {
      const report = readJson(vitestReport);
      if (!report) return null;
      failedTests.push(...vitestFailures(report, root));
      return {
        passed: report.numPassedTests ?? 0,
        failed: (report.numFailedTests ?? 0) + (report.numTodoTests ?? 0) + (report.numPendingTests ?? 0),
      };
    },
  },
);

if (run('build the web app', process.execPath, ['scripts/build-web.mjs'])) {
  const playwrightReport = path.join(reports, 'playwright.json');
  run(
    'browser tests (Playwright, Chromium)',
    npx,
    ['--no-install', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
      counts: () => {
        const report = readJson(playwrightReport);
        const stats = report?.stats;
        if (!stats) return null;
        failedTests.push(...playwrightFailures(report));
        return {
          passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
          failed: (stats.unexpected ?? 0) + (stats.skipped ?? 0),
        };
      },
    },
  );
}

console.log('\nStep times:');
for (const [title, seconds] of stepTimes) console.log(`  ${seconds.padStart(7)} s  ${title}`);
console.log(`  ${((Date.now() - runStarted) / 1000).toFixed(1).padStart(7)} s  whole run`);
console.log('');
if (failedTests.length > 0) {
  console.log('Failed tests:');
  for (const line of failedTests) console.log(`  ✘ ${line}`);
  console.log('');
}
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
