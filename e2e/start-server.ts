/**
 * Starts the real server for the browser tests on a fresh database with the demo content: a new database
 * on the PostgreSQL server when TEST_DATABASE_URL is set (its URL is written for the tests to read),
 * otherwise embedded PGlite in a fresh DATA_DIR — the same path `npm start` takes. Mail goes over real
 * SMTP to a test SMTP server started here (support/smtp-sink.ts), which files each message for the tests.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  CENTER_EMAIL,
  E2E_DATA_DIR,
  E2E_DATABASE_URL_FILE,
  E2E_MAIL_DIR,
  E2E_PORT,
  E2E_SMTP_PORT,
  E2E_TMP,
} from './support/env.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
rmSync(E2E_DATABASE_URL_FILE, { force: true });
mkdirSync(E2E_TMP, { recursive: true });

let databaseUrl: string | undefined;
const admin = process.env.TEST_DATABASE_URL;
if (admin) {
  const name = `lc_e2e_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  // Leftovers of earlier runs go first, so a machine never collects them.
  const old = await client.query<{ datname: string }>(
    "select datname from pg_database where datname like 'lc_e2e_%'",
  );
  for (const row of old.rows) await client.query(`drop database if exists ${row.datname} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  writeFileSync(E2E_DATABASE_URL_FILE, databaseUrl);
}

const smtp = await startSmtpSink(E2E_SMTP_PORT, E2E_MAIL_DIR);

const server = spawn(
  process.execPath,
  ['--experimental-strip-types', path.resolve(import.meta.dirname, '../server/src/main.ts')],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${E2E_PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_DEMO: 'true',
      // A production server, as a center runs it, on the built-in test checkout asked for by name (no Stripe).
      NODE_ENV: 'production',
      TEST_CHECKOUT: 'true',
      CENTER_EMAIL,
      FORM_RATE_LIMIT: '1000',
      SIGNUP_RATE_LIMIT: '1000',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      LOG_LEVEL: 'warn',
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => smtp.close(() => process.exit(code ?? 0)));
