/**
 * `npm run bench:rush` — registration opening: N parents press "Continue to payment" for the same session
 * at the same moment, against the real server (HTTP on a local port) and a PostgreSQL server.
 * Reports throughput, latency percentiles, reservations made, oversold seats (must be 0) and 5xx (must be 0).
 *
 * Database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else DATABASE_URL (a throw-away database is created
 * there and dropped afterwards); without any, embedded PGlite (one connection, so no real concurrency).
 * Knobs: RUSH_PARENTS (default 400), RUSH_SEATS (default 40), RUSH_WAVES (default 3), POOL_SIZE (default 20).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createMailer } from '../server/src/adapters/mail.ts';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, openDatabase, queryRows } from '../server/src/db/client.ts';
import { classSessions, students, userStudents, users } from '../server/src/db/schema.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PARENTS = Number(process.env.RUSH_PARENTS ?? 400);
const SEATS = Number(process.env.RUSH_SEATS ?? 40);
const WAVES = Number(process.env.RUSH_WAVES ?? 3);
const POOL = Number(process.env.POOL_SIZE ?? 20);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

async function openBenchDatabase(): Promise<{ database: Database; label: string }> {
  if (!serverUrl)
    return { database: await openDatabase({ pgliteDir: undefined }), label: 'PGlite (in memory)' };
  const name = `lc_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: POOL });
  const close = async () => {
    await database.close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { database: { ...database, close }, label: `PostgreSQL server (pool ${POOL})` };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lc-bench-'));
  const { database, label } = await openBenchDatabase();
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
    },
    root,
  );
  const { app, ctx } = await buildApp({
    config,
    database,
    mailer: createMailer({
      smtpUrl: undefined,
      from: config.mailFrom,
      mailDir: path.join(dataDir, 'mail'),
      log: () => {},
    }),
    backgroundIntervalMs: 0,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // Families and their tokens, written directly (sign-up's argon2 is not what this measures).
  const db = database.db;
  const parents = await db
    .insert(users)
    .values(
      Array.from({ length: PARENTS * WAVES }, (_, i) => ({
        firstName: 'Rush',
        lastName: `Parent${i}`,
        emailAddress: `rush.${i}@bench.example`,
        password: '!bench',
      })),
    )
    .returning({ id: users.id, emailAddress: users.emailAddress });
  const kids = await db
    .insert(students)
    .values(parents.map((_, i) => ({ firstName: 'Kid', lastName: `Rush${i}`, dateOfBirth: '2022-02-02' })))
    .returning({ id: students.id });
  await db.insert(userStudents).values(parents.map((p, i) => ({ userId: p.id, studentId: kids[i]!.id })));
  const now = new Date();
  const tokens = await Promise.all(
    parents.map((p) =>
      ctx.tokens.issue(
        {
          id: p.id,
          emailAddress: p.emailAddress,
          firstName: 'Rush',
          lastName: 'Parent',
          type: 'Parent',
          tokenVersion: 0,
        },
        now,
      ),
    ),
  );

  console.log(`Registration rush on ${label}: ${WAVES} waves × ${PARENTS} parents for ${SEATS} seats each\n`);
  const all: number[] = [];
  let totalOk = 0;
  let totalFull = 0;
  let total5xx = 0;
  let totalOther = 0;
  let oversold = 0;
  let wall = 0;
  for (let wave = 0; wave < WAVES; wave++) {
    const [session] = await db
      .insert(classSessions)
      .values({
        name: `Rush wave ${wave + 1}`,
        description: 'Registration opening benchmark.',
        sessionStartDate: '2030-01-07',
        sessionEndDate: '2030-03-29',
        daySchedule: 'Mornings',
        registrationPrice: 100_000,
        supplyFee: 5_000,
        rosterSize: SEATS,
        waitlistSize: 10,
        registrationStartDate: new Date(now.getTime() - 60_000),
        registrationEndDate: new Date(now.getTime() + 86_400_000),
      })
      .returning({ id: classSessions.id });
    const offset = wave * PARENTS;
    const latencies: number[] = [];
    const codes = new Map<number, number>();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PARENTS }, async (_, i) => {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/ClassSessionEnrollment`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[offset + i]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ classSessionId: session!.id, studentIds: [kids[offset + i]!.id] }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
      }),
    );
    const elapsed = performance.now() - started;
    wall += elapsed;
    const [held] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from class_session_enrollments where class_session_id = ${session!.id} and status in ('PendingPayment', 'Enrolled')`,
    );
    const waveOversold = Math.max(0, held!.n - SEATS);
    oversold += waveOversold;
    const ok = codes.get(201) ?? 0;
    const full = codes.get(409) ?? 0;
    const fiveXx = [...codes].filter(([c]) => c >= 500).reduce((s, [, n]) => s + n, 0);
    totalOk += ok;
    totalFull += full;
    total5xx += fiveXx;
    totalOther += PARENTS - ok - full - fiveXx;
    all.push(...latencies);
    latencies.sort((x, y) => x - y);
    console.log(
      `wave ${wave + 1}: ${(PARENTS / (elapsed / 1000)).toFixed(0)} req/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, ` +
        `201 ${ok}, 409 ${full}, 5xx ${fiveXx}, seats held ${held!.n}/${SEATS}, oversold ${waveOversold}`,
    );
  }
  all.sort((x, y) => x - y);
  console.log(
    `\nall: ${all.length} requests, ${(all.length / (wall / 1000)).toFixed(0)} req/s, p50 ${percentile(all, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(all, 99).toFixed(0)} ms, max ${all.at(-1)!.toFixed(0)} ms; reservations ${totalOk}, full ${totalFull}, ` +
      `other ${totalOther}, 5xx ${total5xx}, oversold seats ${oversold}`,
  );
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  if (oversold > 0 || total5xx > 0 || totalOk !== SEATS * WAVES) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
