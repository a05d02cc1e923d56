#!/usr/bin/env node
/**
 * `npm test`: every check and test, in order — typecheck, lint, unit + API tests (Vitest; API tests on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL), web build, then the browser tests (Playwright in
 * Chromium). Ends with one line `N passed, N failed` counting every test that ran.
 *
 * Before anything runs it checks what the tests need and, when something is missing, stops with one line
 * saying how to get it (never a stack trace): a Chromium (CHROMIUM_PATH or /usr/bin/chromium) and, when
 * TEST_DATABASE_URL is set, a PostgreSQL server answering at it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'e2e/.tmp/reports');

function fail(line) {
  console.error(line);
  process.exit(1);
}

// --- What the tests need --------------------------------------------------------------------------
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

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${title} (${seconds} s)`);
  if (!ok) failedSteps.push(title);
  return ok;
}

const npx = 'npx';
run('typecheck', npx, ['--no-install', 'tsc', '-p', 'contract']) &&
  run('typecheck server', npx, ['--no-install', 'tsc', '-p', 'server']) &&
  run('typecheck web', npx, ['--no-install', 'tsc', '-p', 'web']) &&
  run('typecheck e2e', npx, ['--no-install', 'tsc', '-p', 'e2e']);
run('lint and format (biome)', npx, ['--no-install', 'biome', 'check', '.']);

const vitestReport = path.join(reports, 'vitest.json');
run('unit and API tests (Vitest)', npx, [
  '--no-install',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.numTodoTests ?? 0) + (report.numPendingTests ?? 0);
}

if (run('build the web app', 'npm', ['run', 'build', '--silent'])) {
  const playwrightReport = path.join(reports, 'playwright.json');
  run(
    'browser tests (Playwright, Chromium)',
    npx,
    ['--no-install', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    },
  );
  if (existsSync(playwrightReport)) {
    const stats = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {};
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += (stats.unexpected ?? 0) + (stats.skipped ?? 0);
  }
}

console.log('');
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
