/**
 * Issue 12: two server processes starting at the same moment on one empty database both come up. Each
 * "process" here runs main.ts's boot sequence — `openDatabase` (migrations) and `prepareDatabase` (demo seed,
 * ADMIN_EMAIL account) — on its own connection pool, so on PostgreSQL they race as two replicas would
 * (before the advisory lock one died with `Failed query: CREATE TABLE "allergies"`). PGlite is one process
 * by nature; its leg proves two boot sequences on one database seed once.
 */
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { attendance, classSessions, users } from '../src/db/schema.ts';
import { correctAttendanceDays } from '../src/features/passes/door-today.ts';
import { prepareDatabase } from '../src/startup.ts';
import { dbKinds } from './helpers.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const boot = {
  seedDemo: true,
  today: '2026-11-20',
  now: new Date('2026-11-20T18:00:00Z'),
  timeZone: 'America/New_York',
  admin: { emailAddress: 'director@center.example', password: 'a good long password' },
};

describe.each(dbKinds)('two servers starting at once on an empty %s database', (kind) => {
  const opened: Database[] = [];
  let dropName: string | undefined;

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    if (dropName) {
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dropName} with (force)`);
      await admin.end();
    }
  });

  it('both come up; the demo content and the admin account exist once', async () => {
    let start: () => Promise<Database>;
    if (kind === 'postgres') {
      dropName = `lc_boot_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${dropName}`);
      await admin.end();
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${dropName}`;
      start = () => openDatabase({ url: url.toString(), poolSize: 4 });
    } else {
      const shared = openDatabase({ pgliteDir: undefined });
      start = () => shared;
    }
    const bootOne = async () => {
      const database = await start();
      if (!opened.includes(database)) opened.push(database);
      return { database, report: await prepareDatabase(database, boot) };
    };

    const results = await Promise.allSettled([bootOne(), bootOne()]);
    for (const result of results)
      expect(result.status, result.status === 'rejected' ? String(result.reason) : '').toBe('fulfilled');
    const [first, second] = results.map(
      (r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof bootOne>>>).value,
    );
    const reports = [first!.report, second!.report];
    expect(reports.filter((r) => r.seed?.seeded)).toHaveLength(1);
    expect(reports.map((r) => r.admin).sort()).toEqual(['created', 'unchanged']);

    const db = first!.database.db;
    const [sessions] = await db.select({ n: count() }).from(classSessions);
    expect(sessions?.n).toBe(reports.find((r) => r.seed?.seeded)!.seed!.sessions);
    const admins = await db.select().from(users).where(eq(users.emailAddress, boot.admin.emailAddress));
    expect(admins).toHaveLength(1);
    expect(admins[0]?.type).toBe('Admin');

    // The door records' days are the center's dates (here New York's), and a record dated in another zone, as
    // migration 0032 dates the records before it, is corrected at the next start, once.
    const countOf = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from attendance where day <> (timestamp at time zone 'America/New_York')::date`,
        )
      )[0]!.n;
    expect(await countOf()).toBe(0);
    const [child] = await db
      .select({ studentId: attendance.studentId, classSessionId: attendance.classSessionId })
      .from(attendance)
      .limit(1);
    // 10 pm in Los Angeles on the 19th is 1 am in New York on the 20th.
    const [late] = await db
      .insert(attendance)
      .values({ ...child!, kind: 'CheckOut', timestamp: new Date('2026-11-20T06:00:00Z'), day: '2026-11-19' })
      .returning({ id: attendance.id });
    expect(await countOf()).toBe(1);
    await prepareDatabase(first!.database, boot);
    const [fixed] = await db
      .select({ day: attendance.day })
      .from(attendance)
      .where(eq(attendance.id, late!.id));
    expect(fixed?.day).toBe('2026-11-20');
    expect(await correctAttendanceDays(db, boot.timeZone)).toBe(0);
  });
});
