/**
 * The staff announcements tests' set-up (staff-announcements.test.ts, staff-announcements-sending.test.ts;
 * issue 10): an app on a clock the test moves, the director, a teacher assigned to Acorn Room (`mine`) and one
 * assigned nowhere, and two enrolled families (Rivera in both rooms with a grandparent who chose texts, Chen in
 * Maple Room, `notMine`); the calls the staff make, a composer's body and reads of the audit, the
 * announcements, the mail queued and the SMS log.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { mailOutbox, sessionStaff, users } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';
import { api, type Family, movableClock } from './registration.ts';

export const NOW = '2026-11-20T18:00:00Z';
export const BASE = '/api/staff/announcements';

/**
 * Open the app and its people for the calling `describe` (its own beforeAll/afterAll) and answer the helpers;
 * `t`, `a`, the tokens, `parent` and the two sessions are there once the describe's tests run.
 */
export function announcementsApp(kind: DbKind) {
  let t: TestApp;
  const clock = movableClock(NOW);
  let a: ReturnType<typeof api>;
  let admin: string;
  let teacher: string;
  let teacherId: string;
  let otherTeacher: string;
  let parent: Family;
  let staffPeople: { admin: Family; teacher: Family; other: Family };
  let mine: number;
  let notMine: number;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    const adminPerson = await a.promote('Director', 'Admin');
    admin = adminPerson.token;
    const teacherPerson = await a.promote('Teacher', 'Staff');
    teacher = teacherPerson.token;
    teacherId = teacherPerson.userId;
    const otherPerson = await a.promote('Other', 'Staff');
    otherTeacher = otherPerson.token;
    staffPeople = { admin: adminPerson, teacher: teacherPerson, other: otherPerson };
    mine = await a.session({ name: 'Acorn Room', sessionStartDate: '2026-11-02', rosterSize: 5 });
    notMine = await a.session({ name: 'Maple Room', sessionStartDate: '2026-11-02', rosterSize: 5 });
    await t.database.db.insert(sessionStaff).values({ classSessionId: mine, userId: teacherId });

    // Rivera: a child in both rooms, a grandparent who chose texts. Chen: Maple Room only.
    parent = await a.family('Rivera', 1);
    await t.database.db.update(users).set({ sms: '+16505550100' }).where(eq(users.id, parent.userId));
    expect(
      (
        await as(parent.token, 'POST', '/api/Student/Trustees', {
          firstName: 'Rosa',
          lastName: 'Rivera',
          relationship: 'Grandparent',
          cellPhone: '(650) 555-0199',
          emailAddress: 'rosa@families.example',
          receiveEmail: true,
          receiveSMS: true,
          canPickup: true,
          studentIds: [parent.childIds[0]],
        })
      ).statusCode,
    ).toBe(201);
    await a.enrollPaid(parent, mine);
    await a.enrollPaid(parent, notMine);
    const chen = await a.family('Chen', 1);
    await a.enrollPaid(chen, notMine);
    // Enrollment mail is out of the way: the tests count only announcement mail.
    await t.flush();
  });
  afterAll(async () => t?.close());

  /** Move the clock to `iso` and sign everyone in again (tokens last 12 hours). */
  const moveClock = async (iso: string) => {
    clock.set(iso);
    for (const person of [parent, staffPeople.admin, staffPeople.teacher, staffPeople.other])
      await a.signIn(person);
    admin = staffPeople.admin.token;
    teacher = staffPeople.teacher.token;
    otherTeacher = staffPeople.other.token;
  };

  const auditCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events`))[0]!.n;
  const announcementCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from announcements`))[0]!.n;
  const mailsWithSubject = async (subject: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))
      .map((m) => m.to)
      .sort();
  const smsLog = async () =>
    (await readFile(path.join(t.config.dataDir, 'sms.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; body: string });

  let counter = 0;
  const body = (overrides: Record<string, unknown> = {}) => ({
    classSessionIds: [mine],
    title: `Pajama day ${++counter}`,
    category: 'Events',
    priority: 1,
    startDate: '2026-11-20',
    endDate: '2026-12-05',
    webMessage: '<p>Come in <strong>pajamas</strong> on Friday!</p>',
    emailMessage: 'Friday is pajama day: slippers welcome.',
    smsMessage: 'Friday is pajama day!',
    sendAt: '2026-11-23T09:00',
    ...overrides,
  });
  /** A scheduled announcement for `mine`, written by the director; its id. */
  const scheduled = async (overrides: Record<string, unknown> = {}) => {
    const res = await as(admin, 'POST', BASE, body(overrides));
    expect(res.statusCode).toBe(201);
    return res.json().items[0].id as number;
  };

  return {
    get t() {
      return t;
    },
    get a() {
      return a;
    },
    /** The director's token (a new one after `moveClock`). */
    get admin() {
      return admin;
    },
    /** The token of the teacher assigned to `mine` (a new one after `moveClock`). */
    get teacher() {
      return teacher;
    },
    /** The token of the teacher assigned to no session (a new one after `moveClock`). */
    get otherTeacher() {
      return otherTeacher;
    },
    /** Rivera: a child in both rooms, a grandparent who chose texts. */
    get parent() {
      return parent;
    },
    /** Acorn Room, the assigned teacher's session. */
    get mine() {
      return mine;
    },
    /** Maple Room, a session the teacher does not teach. */
    get notMine() {
      return notMine;
    },
    clock,
    as,
    moveClock,
    auditCount,
    announcementCount,
    mailsWithSubject,
    smsLog,
    body,
    scheduled,
  };
}
