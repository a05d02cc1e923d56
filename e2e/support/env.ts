/**
 * Where the browser tests' server runs and keeps its files (shared by the config, the launcher and the tests).
 *
 * Ports: E2E_PORT (the app) and E2E_SMTP_PORT (the test SMTP server) when they are set; otherwise two free
 * ports, picked once when this module first loads (in Playwright's runner: at config load) and exported
 * through process.env, so the workers and the server launcher, which inherit the environment, use the same.
 */
import net from 'node:net';
import path from 'node:path';

/** `count` distinct ports free on 127.0.0.1 right now (all held open together, then released). */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

if (!process.env.E2E_PORT || !process.env.E2E_SMTP_PORT) {
  const [app, smtp] = await freePorts(2);
  process.env.E2E_PORT ||= String(app);
  process.env.E2E_SMTP_PORT ||= String(smtp);
}

export const E2E_PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_TMP = path.resolve(import.meta.dirname, '../.tmp');
export const E2E_DATA_DIR = path.join(E2E_TMP, 'data');
export const E2E_MAIL_DIR = path.join(E2E_DATA_DIR, 'mail');
/** Written by start-server.ts when the run uses a PostgreSQL server (TEST_DATABASE_URL). */
export const E2E_DATABASE_URL_FILE = path.join(E2E_TMP, 'database-url');
export const CENTER_EMAIL = 'office@brightoak.example';
/** The test SMTP server (support/smtp-sink.ts) the app sends its mail to. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT);

/** Debian's Chromium (CHROMIUM_PATH overrides it; Playwright never downloads a browser here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Chromium's flags for this closed, shared machine (without the networking ones it floods the network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
