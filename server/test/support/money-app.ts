/**
 * The staff money tests' set-up (staff-money.test.ts, staff-money-refunds.test.ts, staff-money-places.test.ts;
 * issue 10): an app on a clock the test moves a minute at a time, the director, a teacher and a teacher with no
 * session, families enrolled and paid through the test checkout, and reads of the payment, its refunds, the
 * audit and mail counts, the mail queued and a child's place.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { classSessionEnrollments, mailOutbox, payments, refunds } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';
import { api, type Family, movableClock } from './registration.ts';

export const NOW = '2026-11-20T18:00:00Z';

/**
 * Open the app and the staff for the calling `describe` (its own beforeAll/afterAll) and answer the helpers;
 * `t`, `a` and the staff's tokens and ids are there once the describe's tests run.
 */
export function staffMoneyApp(kind: DbKind) {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let adminId: string;
  let teacher: string;
  let teacherId: string;
  let otherTeacher: string;
  let keySeq = 0;
  const clock = movableClock(NOW);
  /** Waitlist places and payments a minute apart, so their order is the order of the calls. */
  const tick = () => clock.advanceMinutes(1);

  const key = () => `test-key-${kind}-${++keySeq}-${Date.now()}`;
  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);

  /** A family with one child enrolled and paid through the test checkout; answers the payment id. */
  const enrolledFamily = async (name: string, sessionId: number): Promise<Family & { paymentId: string }> => {
    tick();
    const family = await a.family(name, 1);
    const { paymentId } = await a.enrollPaid(family, sessionId);
    return { ...family, paymentId };
  };

  /**
   * The office places `studentId` in `sessionId` by hand (201 expected), as the director or `token`:
   * `body` is the enroll-by-hand form (cents received, note, and a price or method where a test needs one).
   */
  const placeByHand = async (
    sessionId: number,
    studentId: string,
    body: { amount: number; note: string; charge?: number; method?: string },
    token = admin,
  ) => {
    const res = await a.call(token, 'POST', `/api/staff/sessions/${sessionId}/enrollments`, {
      studentId,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const paymentRow = async (id: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const refundRows = async (paymentId: string) =>
    t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const auditCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events`))[0]!.n;
  const ledgerCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ledger_entries`))[0]!.n;
  const mailCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from mail_outbox`))[0]!.n;
  const mailsTo = async (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const enrollmentOf = async (sessionId: number, studentId: string) =>
    t.database.db
      .select()
      .from(classSessionEnrollments)
      .where(
        and(
          eq(classSessionEnrollments.classSessionId, sessionId),
          eq(classSessionEnrollments.studentId, studentId),
        ),
      );

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    const director = await a.promote('Director', 'Admin');
    admin = director.token;
    adminId = director.userId;
    const teacherPerson = await a.promote('Teacher', 'Staff');
    teacher = teacherPerson.token;
    teacherId = teacherPerson.userId;
    otherTeacher = (await a.promote('Other', 'Staff')).token;
  });
  afterAll(async () => t?.close());

  return {
    get t() {
      return t;
    },
    get a() {
      return a;
    },
    /** The director's token. */
    get admin() {
      return admin;
    },
    /** The director's user id. */
    get adminId() {
      return adminId;
    },
    /** A teacher's token (assigned to a session by the tests that need it). */
    get teacher() {
      return teacher;
    },
    get teacherId() {
      return teacherId;
    },
    /** The token of a teacher assigned to no session. */
    get otherTeacher() {
      return otherTeacher;
    },
    clock,
    tick,
    key,
    as,
    enrolledFamily,
    placeByHand,
    paymentRow,
    refundRows,
    auditCount,
    ledgerCount,
    mailCount,
    mailsTo,
    enrollmentOf,
  };
}
