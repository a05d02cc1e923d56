/**
 * What the withdrawal rule tests share: a family enrolled and paid through the test checkout, the parent's
 * quote and withdrawal calls (optionally in Spanish), and the rows they leave (enrollment, payment, refunds,
 * audit, outbox). Each test makes its own family and session, so a test can run alone (the mutation run
 * runs only the tests that reach a change).
 */
import { and, eq } from 'drizzle-orm';
import { auditEvents, classSessionEnrollments, mailOutbox, payments, refunds } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers.ts';
import { api, type MovableClock } from '../support/registration.ts';

/** 10:00 am on Friday, November 20, 2026 in the center's time zone (America/Los_Angeles). */
export const NOW = '2026-11-20T18:00:00Z';

export function withdrawals(t: TestApp, clock: MovableClock) {
  const a = api(t);
  const db = () => t.database.db;
  let keys = 0;
  const key = () => `rules-withdraw-${++keys}-${Date.now()}`;

  /** A family with `children` children enrolled together in `sessionId` and paid through the test checkout. */
  const enrolledFamily = async (name: string, sessionId: number, children = 1) => {
    const family = await a.family(name, children);
    const { paymentId } = await a.enrollPaid(family, sessionId);
    const rows = await db()
      .select({ id: classSessionEnrollments.id, studentId: classSessionEnrollments.studentId })
      .from(classSessionEnrollments)
      .where(eq(classSessionEnrollments.paymentId, paymentId));
    const enrollmentIds = family.childIds.map((c) => rows.find((r) => r.studentId === c)!.id);
    return { ...family, paymentId, enrollmentId: enrollmentIds[0]!, enrollmentIds };
  };

  const headers = (token: string | null, language?: 'es') => ({
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(language ? { 'accept-language': language } : {}),
  });
  const quote = (token: string | null, enrollmentId: string, language?: 'es') =>
    t.app.inject({
      method: 'GET',
      url: `/api/ClassSessionEnrollment/${enrollmentId}/Withdrawal`,
      headers: headers(token, language),
    });
  const withdraw = (
    token: string | null,
    enrollmentId: string,
    expectedRefund: number,
    options: { idempotencyKey?: string; language?: 'es' } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/ClassSessionEnrollment/${enrollmentId}/Withdraw`,
      headers: headers(token, options.language),
      payload: { expectedRefund, idempotencyKey: options.idempotencyKey ?? key() },
    });

  const enrollmentRow = async (id: string) =>
    (await db().select().from(classSessionEnrollments).where(eq(classSessionEnrollments.id, id)))[0]!;
  const paymentRow = async (id: string) =>
    (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
  const refundRows = (paymentId: string) =>
    db().select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const withdrawAudits = (enrollmentId: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, enrollmentId), eq(auditEvents.action, 'enrollment.withdraw')));
  const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  /** A refund reserved and not yet made (a staff refund in flight), `amount` cents. */
  const refundInProgress = (paymentId: string, amount: number) =>
    db()
      .insert(refunds)
      .values({ paymentId, amount, reason: 'In flight', status: 'Pending', idempotencyKey: key() });

  /** Move the clock and sign the family in again (a token lasts 12 hours). */
  const at = async (iso: string, ...families: Parameters<typeof a.signIn>[0][]) => {
    clock.set(iso);
    for (const f of families) await a.signIn(f);
  };

  return {
    a,
    db,
    key,
    enrolledFamily,
    quote,
    withdraw,
    enrollmentRow,
    paymentRow,
    refundRows,
    withdrawAudits,
    mailsTo,
    refundInProgress,
    at,
  };
}
