/**
 * The set-up of the tests of a parent withdrawing a child (family-withdraw.test.ts,
 * family-withdraw-refunds.test.ts, family-withdraw-access.test.ts; issue 13): an app on a clock the test moves
 * (back at NOW before each test) with the director signed in, families enrolled and paid through the test
 * checkout, the quote and withdraw calls, and reads of the payment, its refunds, the place, its audit rows and
 * the mail queued.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { auditEvents, classSessionEnrollments, mailOutbox, payments, refunds } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';
import { api, type Family, movableClock } from './registration.ts';

/** 10:00 am on Friday, November 20, 2026 in the center's time zone (America/Los_Angeles). */
export const NOW = '2026-11-20T18:00:00Z';

/** The withdrawal quote as `GET /api/ClassSessionEnrollment/:id/Withdrawal` answers it (cents). */
export type Quote = {
  enrollmentId: string;
  window: 'full' | 'partial';
  fullRefundUntil: string;
  registrationShare: number;
  registrationRefund: number;
  supplyFeeRefund: number;
  policyTotal: number;
  refundableOnPayment: number;
  refund: number;
  capped: boolean;
  today: string;
  policySentences: string[];
};

/**
 * Open the app for the calling `describe` (its own beforeAll/afterAll/beforeEach) and answer the helpers;
 * `t`, `a` and the director's token `admin` are there once the describe's tests run.
 */
export function withdrawalApp(kind: DbKind) {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let keySeq = 0;
  const clock = movableClock(NOW);

  const key = () => `withdraw-key-${kind}-${++keySeq}-${Date.now()}`;
  const db = () => t.database.db;

  /** A family with `children` children enrolled together in `sessionId` and paid through the test checkout. */
  const enrolledFamily = async (name: string, sessionId: number, children = 1) => {
    clock.advanceMinutes(1);
    const family = await a.family(name, children);
    const { paymentId, checkoutId } = await a.enrollPaid(family, sessionId);
    const rows = await db()
      .select({ id: classSessionEnrollments.id, studentId: classSessionEnrollments.studentId })
      .from(classSessionEnrollments)
      .where(eq(classSessionEnrollments.paymentId, paymentId));
    const enrollmentIds = family.childIds.map((c) => rows.find((r) => r.studentId === c)!.id);
    return { ...family, paymentId, checkoutId, enrollmentIds };
  };

  const quote = (token: string | null, enrollmentId: string) =>
    a.call(token, 'GET', `/api/ClassSessionEnrollment/${enrollmentId}/Withdrawal`);
  const withdraw = (
    token: string | null,
    enrollmentId: string,
    expectedRefund: number,
    idempotencyKey = key(),
  ) =>
    a.call(token, 'POST', `/api/ClassSessionEnrollment/${enrollmentId}/Withdraw`, {
      expectedRefund,
      idempotencyKey,
    });
  /** GET the quote (200) and withdraw with exactly its refund (200); answers both bodies. */
  const quoteAndWithdraw = async (f: Family, enrollmentId: string) => {
    const q = await quote(f.token, enrollmentId);
    expect(q.statusCode).toBe(200);
    const res = await withdraw(f.token, enrollmentId, (q.json() as Quote).refund);
    expect(res.statusCode).toBe(200);
    return { quote: q.json() as Quote, result: res.json() };
  };

  const paymentRow = async (id: string) =>
    (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
  const refundRows = (paymentId: string) =>
    db().select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const enrollmentRow = async (id: string) =>
    (await db().select().from(classSessionEnrollments).where(eq(classSessionEnrollments.id, id)))[0]!;
  const withdrawAudits = (enrollmentId: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, enrollmentId), eq(auditEvents.action, 'enrollment.withdraw')));
  const count = async (table: 'audit_events' | 'mail_outbox' | 'refunds') =>
    (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
  const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  /** The test checkout's own record of refunds, where Stripe would keep them. */
  const providerRefunds = async (paymentId: string) =>
    Object.values(
      ((await paymentRow(paymentId)).checkoutJSON as { refunds?: Record<string, { amount: number }> })
        .refunds ?? {},
    );

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    admin = (await a.promote('Director', 'Admin')).token;
  });
  afterAll(async () => t?.close());
  beforeEach(() => clock.set(NOW));

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
    clock,
    key,
    db,
    enrolledFamily,
    quote,
    withdraw,
    quoteAndWithdraw,
    paymentRow,
    refundRows,
    enrollmentRow,
    withdrawAudits,
    count,
    mailsTo,
    providerRefunds,
  };
}
