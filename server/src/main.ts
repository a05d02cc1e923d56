/**
 * Start the server: read the configuration, open the database (PGlite in DATA_DIR or PostgreSQL at
 * DATABASE_URL), apply migrations, load demo content into an empty database when SEED_DEMO is on, and
 * listen on PORT. Migrations, the demo seed and the ADMIN_EMAIL account run under a PostgreSQL advisory
 * lock, so several processes may start at once on one database. The only file that reads process.env.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createMailer } from './adapters/mail.ts';
import { createStorage } from './adapters/storage.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createClock } from './lib/clock.ts';
import { prepareDatabase } from './startup.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, repoRoot);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
  );
  const clock = createClock(config.timeZone);
  // Under an advisory lock, like the migrations in openDatabase: replicas may start at the same moment.
  const prepared = await prepareDatabase(database, {
    seedDemo: config.seedDemo,
    files: createStorage(config),
    today: clock.today(),
    now: clock.now(),
    timeZone: config.timeZone,
    admin:
      config.adminEmail && config.adminPassword
        ? { emailAddress: config.adminEmail, password: config.adminPassword }
        : undefined,
  });
  if (prepared.seed?.seeded) console.log(`Loaded demo content: ${prepared.seed.sessions} sessions.`);
  if (prepared.admin) console.log(`Admin account ${config.adminEmail}: ${prepared.admin}.`);

  // Asynchronous logging (pino's documented pattern): lines are written in batches of at least 4 kB and at
  // least every second, rather than one write per line; under load each write costs as much as a query
  // (decision 008). Flushed synchronously on shutdown and exit, so nothing is lost.
  const logStream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => logStream.flush(), 1000).unref();
  const flushLogs = () => {
    try {
      logStream.flushSync();
    } catch {
      // stdout already closed: nothing left to write to
    }
  };
  process.once('exit', flushLogs);
  const logger = { level: config.logLevel, stream: logStream };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    mailDir: path.join(config.dataDir, 'mail'),
    log: (msg) => console.log(msg),
  });
  const { app } = await buildApp({ config, database, mailer, clock, logger });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
  console.log(
    `Bright Oak Learning Center is running at ${config.appUrl} — database: ${where}; mail: ${config.smtpUrl ? 'SMTP' : `files in ${path.join(config.dataDir, 'mail')}`}; payments: ${config.stripe ? 'Stripe Checkout' : 'the built-in test checkout (no card is charged, no money moves)'}`,
  );
}

main().catch((error) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Could not start: ${message}`);
  process.exit(1);
});
