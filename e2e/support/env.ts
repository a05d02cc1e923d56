/** Where the browser tests' server runs and keeps its files (shared by the config, the launcher and the tests). */
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_TMP = path.resolve(import.meta.dirname, '../.tmp');
export const E2E_DATA_DIR = path.join(E2E_TMP, 'data');
export const E2E_MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');
/** Written by start-server.ts when the run uses a PostgreSQL server (TEST_DATABASE_URL). */
export const E2E_DATABASE_URL_FILE = path.join(E2E_TMP, 'database-url');
export const CENTER_EMAIL = 'office@brightoak.example';
/** The test SMTP server (support/smtp-sink.ts) the app sends its mail to. */
export const E2E_SMTP_PORT = E2E_PORT + 25;
