/**
 * Test harness: a fresh database per test file — in-memory PGlite always, and a throw-away database on
 * the PostgreSQL server at TEST_DATABASE_URL when it is set (CI sets it) — and an app built on it with
 * mail written to a temporary folder. Nothing is mocked: the real schema, migrations and SQL run. Every API
 * reply is checked against the OpenAPI document (support/reply-contract.ts).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { instantToDate } from '@lc/contract/zoned-time';
import PostalMime from 'postal-mime';
import { inject } from 'vitest';
import { createMailer, type Mailer } from '../src/adapters/mail.ts';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { type Clock, createClock } from '../src/lib/clock.ts';
import { adminQuery, databaseUrl } from './postgres-template.ts';
import { checkReplies } from './support/reply-contract.ts';

export type DbKind = 'pglite' | 'postgres';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
/** The database kinds this run covers: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The data folder of a migrated, empty in-memory PGlite, made once per worker process: each test database
 * starts from it (PGlite's own `clone()` does the same). A new PGlite costs 1.2–1.9 s, most of it initdb;
 * one loaded from this folder about 0.4 s, and a run opens a few hundred (issue 22, item 7).
 */
let pgliteTemplate: Promise<File | Blob> | undefined;

function migratedPgliteDataDir(): Promise<File | Blob> {
  pgliteTemplate ??= (async () => {
    const template = await PGlite.create();
    const database = await openDatabase({ pglite: template });
    const dump = await template.dumpDataDir('none');
    await database.close();
    return dump;
  })();
  return pgliteTemplate;
}

/**
 * Open a new, empty, migrated database of the given kind. On PostgreSQL it is a copy of the template the
 * global setup migrated (postgres-template.ts); opening it still runs the migrator, which finds nothing to do.
 * `close()` also drops a server database.
 */
export async function createTestDatabase(kind: DbKind, poolSize = 10): Promise<Database> {
  if (kind === 'pglite') {
    return openDatabase({ pglite: await PGlite.create({ loadDataDir: await migratedPgliteDataDir() }) });
  }
  const admin = TEST_DATABASE_URL!;
  const name = `lc_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const template = inject('postgresTemplate');
  await adminQuery(admin, `create database ${name}${template ? ` template ${template}` : ''}`);
  const database = await openDatabase({ url: databaseUrl(admin, name), poolSize });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(admin, `drop database if exists ${name} with (force)`);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildApp>> & {
  config: Config;
  database: Database;
  mailDir: string;
  /** Wait for deferred work (e.g. a reset request's mail), then run a background round (delivers queued mail). */
  flush: () => Promise<void>;
  /** The .eml files written so far, oldest first, parsed (headers decoded, body as text). */
  mails: () => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  clock?: Clock;
  mailer?: Mailer;
  database?: Database;
  /** Fastify logger options (e.g. `{ level: 'info', stream }` to read the log lines). */
  logger?: { level: string; stream: { write: (line: string) => void } };
  /**
   * Check every API reply against the OpenAPI document (support/reply-contract.ts): a reply that breaks it
   * makes its `inject` reject. On unless `false`.
   */
  checkReplies?: boolean;
};

/** Build the app on a fresh database of `kind`, with mail to a temp folder and no background timer. */
export async function createTestApp(kind: DbKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lc-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), ...options.env },
    repoRoot,
  );
  const database = options.database ?? (await createTestDatabase(kind));
  const mailDir = path.join(dataDir, 'mail');
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: undefined, from: config.mailFrom, mailDir, log: () => {} });
  const built = await buildApp({
    config,
    database,
    mailer,
    clock: options.clock ?? createClock(config.timeZone),
    backgroundIntervalMs: 0,
    logger: options.logger,
  });
  const unreported = options.checkReplies === false ? () => [] : checkReplies(built.app);
  await built.app.ready();
  return {
    ...built,
    config,
    database,
    mailDir,
    flush: async () => {
      await built.ctx.work.idle();
      await built.ctx.work.runNow();
    },
    mails: async () => {
      const files = (await readdir(mailDir).catch(() => [])).sort();
      return Promise.all(files.map(async (f) => parseMail(await readFile(path.join(mailDir, f)))));
    },
    close: async () => {
      await built.app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      const problems = unreported();
      if (problems.length > 0)
        throw new Error(`Replies that break the OpenAPI document:\n${problems.join('\n')}`);
    },
  };
}

/** A clock fixed at `iso` (an instant), reading dates in the center's zone. */
export function fixedClock(iso: string, timeZone = 'America/Los_Angeles'): Clock {
  const at = new Date(iso);
  return createClock(timeZone, () => at);
}

/**
 * A door record for a test's direct insert, with its `day`: the center's date of `timestamp` (the tests'
 * zone, America/Los_Angeles), as the door writes it.
 */
export function doorRecord<T extends { timestamp: Date }>(row: T): T & { day: string } {
  return { ...row, day: instantToDate(row.timestamp, 'America/Los_Angeles') };
}

export type ReceivedMail = { to: string; from: string; replyTo: string; subject: string; text: string };

/** Parse a raw RFC 822 message with postal-mime (quoted-printable, encoded words and all). */
export async function parseMail(raw: Buffer | string): Promise<ReceivedMail> {
  const mail = await PostalMime.parse(raw);
  const list = (a: ReadonlyArray<{ address?: string }> | undefined) =>
    (a ?? []).map((x) => x.address ?? '').join(', ');
  return {
    to: list(mail.to),
    from: mail.from?.address ?? '',
    replyTo: list(mail.replyTo),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
  };
}
