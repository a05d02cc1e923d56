/**
 * What a withdrawal leaves behind (server/src/features/enrollment/withdraw*.ts; issue 13, decision 019): the
 * refund row and its reason (the policy rule in words: full, partial with or without the supply fee, capped by
 * earlier refunds), the audit row, the parents' and the center's emails with
 * each part of the refund, the seat offered on, a double click answered once, a provider refusing the refund
 * (the center told once; the director told why), and the sentence the parent reads for each outcome.
 * Each test makes its own family and session. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSessions, payments } from '../../src/db/schema.ts';
import { resultMessage } from '../../src/features/enrollment/withdraw.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { movableClock } from '../support/registration.ts';
import { NOW, withdrawals } from './withdraw-support.ts';

describe('the sentence a parent reads after withdrawing', () => {
  it('says what happens to the money for each outcome', () => {
    const none = 'Maya is withdrawn. There is no refund under the session’s policy.';
    expect(resultMessage('Maya', 0, 'Succeeded', 'card')).toBe(none);
    expect(resultMessage('Maya', 25_000, 'None', 'card')).toBe(none);
    expect(resultMessage('Maya', 25_000, 'Succeeded', 'office')).toBe(
      'Maya is withdrawn. Our office will give back $250.00 the way you paid, and will be in touch.',
    );
    expect(resultMessage('Maya', 25_000, 'Failed', 'card')).toBe(
      'Maya is withdrawn. The refund of $250.00 did not go through at the card company yet. Our office has been told and will make sure you get it back.',
    );
    expect(resultMessage('Maya', 25_000, 'Pending', 'card')).toBe(
      'Maya is withdrawn. Your refund of $250.00 is on its way.',
    );
    expect(resultMessage('Maya', 25_000, 'Succeeded', undefined)).toBe(
      'Maya is withdrawn. We have refunded $250.00; it usually shows on your statement within 5–10 business days.',
    );
  });
});

describe.each(dbKinds)('what a withdrawal leaves behind, on %s', (kind) => {
  let t: TestApp;
  let w: ReturnType<typeof withdrawals>;
  const clock = movableClock(NOW);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    w = withdrawals(t, clock);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The family's withdrawal email ("Ava is withdrawn from …"), not the refund's own. */
  const withdrawalMails = async (email: string) =>
    (await w.mailsTo(email)).filter((m) => m.subject.startsWith('Ava is withdrawn from'));

  it('a full refund: the refund row, the place, the audit row, both emails, and the seat offered on', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Outcome Room', sessionStartDate: '2027-01-18', rosterSize: 1 });
    const family = await w.enrolledFamily('Outcome', id);
    const waiting = await w.a.family('Waiting', 1);
    expect((await w.a.joinWaitlist(waiting, id)).statusCode).toBeLessThan(300);
    const idempotencyKey = w.key();
    const res = await w.withdraw(family.token, family.enrollmentId, 55_000, { idempotencyKey });
    expect(res.json()).toEqual({
      enrollmentId: family.enrollmentId,
      refund: 55_000,
      refundStatus: 'Succeeded',
      message:
        'Ava is withdrawn. We have refunded $550.00; it usually shows on your statement within 5–10 business days.',
    });
    const rule = 'the full refund, up to Monday, January 4, 2027';
    const [refund] = await w.refundRows(family.paymentId);
    expect(refund).toMatchObject({
      amount: 55_000,
      status: 'Succeeded',
      reason: `Withdrawn by the family (${rule})`,
      idempotencyKey: `withdraw-${family.enrollmentId}-${idempotencyKey}`,
    });
    expect(await w.enrollmentRow(family.enrollmentId)).toMatchObject({
      status: 'Withdrawn',
      withdrawnReason: 'Withdrawn by Outcome Family in the Student Portal',
      withdrawnAt: new Date(NOW),
    });
    const [audit] = await w.withdrawAudits(family.enrollmentId);
    expect(audit).toMatchObject({ actorUserId: family.userId, entityType: 'ClassSessionEnrollment' });
    expect(audit!.before).toEqual({ status: 'Enrolled', classSessionId: id, studentId: family.childIds[0] });
    expect(audit!.after).toEqual({
      status: 'Withdrawn',
      by: 'parent',
      reason: 'Withdrawn by Outcome Family in the Student Portal',
      refundAmount: 55_000,
      refundId: refund!.id,
      offered: 1,
      idempotencyKey,
      window: 'full',
      registrationRefund: 50_000,
      supplyFeeRefund: 5_000,
      policyTotal: 55_000,
      siblingDiscountKept: 0,
      siblingDiscounts: [],
      today: '2026-11-20',
    });
    const parentMail = (await w.mailsTo(family.email)).find((m) => m.subject.includes('is withdrawn'));
    expect(parentMail!.subject).toBe('Ava is withdrawn from Outcome Room');
    expect(parentMail!.text).toContain(
      'Outcome Family withdrew Ava from Outcome Room in the Student Portal on Friday, November 20, 2026.',
    );
    expect(parentMail!.text).toContain(
      'We are refunding $550.00 ($500.00 of the registration and the $50.00 supply fee) to the card you paid with.',
    );
    const center = (await w.mailsTo(t.config.centerEmail)).find((m) => m.subject.startsWith('Withdrawal'));
    expect(center).toMatchObject({
      subject: 'Withdrawal: Ava Outcome from Outcome Room',
      replyTo: family.email,
    });
    expect(center!.text).toContain(
      `Outcome Family (${family.email}) withdrew Ava Outcome from Outcome Room in the Student Portal on Friday, November 20, 2026.`,
    );
    expect(center!.text).toContain(
      `Refund: $550.00 — registration $500.00, supply fee $50.00 (${rule}). It goes back to the card through the payment provider`,
    );
    expect(center!.text).toContain('The seat was offered to the next family on the waitlist (one offer).');
  });

  it('after the full-refund date: the percentage, the supply fee until its own date, capped by earlier refunds', async () => {
    clock.set(NOW);
    const id = await w.a.session({
      name: 'Partial Room',
      sessionStartDate: '2027-01-18',
      supplyFeeRefundUntil: '2027-01-10',
      rosterSize: 3,
    });
    const family = await w.enrolledFamily('Partial', id);
    const capped = await w.enrolledFamily('Capped', id);
    await w.db().update(payments).set({ refundedAmount: 35_000 }).where(eq(payments.id, capped.paymentId));
    await w.at('2027-01-06T18:00:00Z', family, capped);
    const rule = '50% of the registration after Monday, January 4, 2027, and the supply fee until its date';
    expect((await w.withdraw(family.token, family.enrollmentId, 30_000)).json().refund).toBe(30_000);
    expect((await w.refundRows(family.paymentId))[0]!.reason).toBe(`Withdrawn by the family (${rule})`);
    expect((await withdrawalMails(family.email))[0]!.text).toContain(
      'We are refunding $300.00 ($250.00 of the registration and the $50.00 supply fee) to the card',
    );

    // 20,000 left on the payment: less than the registration's 25,000, so all of it counts as registration.
    expect((await w.withdraw(capped.token, capped.enrollmentId, 20_000)).json().refund).toBe(20_000);
    const cappedRule = `${rule}; part of the payment had already been refunded, so $200.00 was left to give back`;
    expect((await w.refundRows(capped.paymentId))[0]!.reason).toBe(`Withdrawn by the family (${cappedRule})`);
    expect((await withdrawalMails(capped.email))[0]!.text).toContain('We are refunding $200.00 to the card');
    const center = (await w.mailsTo(t.config.centerEmail)).find((m) => m.subject.includes('Ava Capped'));
    expect(center!.text).toContain(
      `Refund: $200.00 — registration $200.00, supply fee $0.00 (${cappedRule}).`,
    );
    expect(center!.text).toContain('Nobody was waiting for the seat, so it is open for families to enroll.');
  });

  it('without a supply fee date only the percentage; with 0% nothing, and every email says so', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Late Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const none = await w.a.session({
      name: 'Nothing Room',
      sessionStartDate: '2027-01-18',
      refundPercentAfter: 0,
      rosterSize: 3,
    });
    const family = await w.enrolledFamily('Late', id);
    const nothing = await w.enrolledFamily('Nothing', none);
    await w.at('2027-01-06T18:00:00Z', family, nothing);
    expect((await w.withdraw(family.token, family.enrollmentId, 25_000)).json().refund).toBe(25_000);
    expect((await w.refundRows(family.paymentId))[0]!.reason).toBe(
      'Withdrawn by the family (50% of the registration after Monday, January 4, 2027)',
    );
    expect((await withdrawalMails(family.email))[0]!.text).toContain('We are refunding $250.00 to the card');
    const res = await w.withdraw(nothing.token, nothing.enrollmentId, 0);
    expect(res.json()).toMatchObject({ refund: 0, refundStatus: 'None' });
    expect(await w.refundRows(nothing.paymentId)).toEqual([]);
    expect((await withdrawalMails(nothing.email))[0]!.text).toContain(
      'Under Nothing Room’s refund policy there is no refund for a withdrawal on Wednesday, January 6, 2027',
    );
    const center = (await w.mailsTo(t.config.centerEmail)).find((m) => m.subject.includes('Ava Nothing'));
    expect(center!.text).toContain(
      'No refund is due under the session’s refund policy (0% of the registration after Monday, January 4, 2027).',
    );
  });

  it('a double click is answered once: the same key gets the same answer, one refund, one audit row, one email', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Twice Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Twice', id);
    const waiting = await w.a.family('Twicewaiting', 1);
    await w.db().update(classSessions).set({ rosterSize: 1 }).where(eq(classSessions.id, id));
    expect((await w.a.joinWaitlist(waiting, id)).statusCode).toBeLessThan(300);
    const idempotencyKey = w.key();
    const first = await w.withdraw(family.token, family.enrollmentId, 55_000, { idempotencyKey });
    const again = await w.withdraw(family.token, family.enrollmentId, 55_000, { idempotencyKey });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The replay is answered from the first withdrawal's audit row: its refund and its one offer.
    const [audit] = await w.withdrawAudits(family.enrollmentId);
    expect(audit!.after).toMatchObject({ refundAmount: 55_000, offered: 1 });
    expect(await w.refundRows(family.paymentId)).toHaveLength(1);
    expect(await w.withdrawAudits(family.enrollmentId)).toHaveLength(1);
    expect(await withdrawalMails(family.email)).toHaveLength(1);
    const other = await w.withdraw(family.token, family.enrollmentId, 55_000);
    expect(other.statusCode).toBe(409);
  });

  it('the seat freed shows at once on the session’s page, and another family may take it', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Freed Room', sessionStartDate: '2027-01-18', rosterSize: 1 });
    const family = await w.enrolledFamily('Freed', id);
    expect(await w.a.seatsLeft(id)).toBe(0);
    const next = await w.a.family('Next', 1);
    expect((await w.a.enroll(next, id)).statusCode).toBe(409);
    expect((await w.withdraw(family.token, family.enrollmentId, 55_000)).statusCode).toBe(200);
    expect(await w.a.seatsLeft(id)).toBe(1);
    expect((await w.a.enroll(next, id)).statusCode).toBe(201);
  });

  it('a provider refusing the refund: the child is withdrawn, the center told once; the director is told why', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Decline Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Decline', id);
    const office = await w.enrolledFamily('Declineoffice', id);
    const provider = t.ctx.registration.providers.test!;
    const original = provider.refund;
    provider.refund = async () => {
      throw new Error('card_declined');
    };
    const idempotencyKey = w.key();
    const admin = await w.a.staff();
    const refusedRefundMails = async () =>
      (await w.mailsTo(t.config.centerEmail)).filter((m) => m.subject.startsWith('Refund not made'));
    const byDirector = {
      studentId: office.childIds[0],
      reason: 'Moving away',
      refundAmount: 10_000,
      idempotencyKey: w.key(),
    };
    try {
      const res = await w.withdraw(family.token, family.enrollmentId, 55_000, { idempotencyKey });
      expect(res.json()).toMatchObject({ refund: 55_000, refundStatus: 'Failed' });
      // Told at once, by the request that failed; the repeated request tells no one again.
      expect(await refusedRefundMails()).toHaveLength(1);
      const again = await w.withdraw(family.token, family.enrollmentId, 55_000, { idempotencyKey });
      expect(again.json()).toEqual(res.json());
      const byHand = await w.a.call(admin, 'POST', `/api/staff/sessions/${id}/withdraw`, byDirector);
      expect([byHand.statusCode, byHand.json().message]).toEqual([
        502,
        'The child is withdrawn and the seat was offered on, but the refund did not go through: The payment provider did not accept the refund, so nothing was refunded. Please try again in a few minutes; if it keeps failing, refund it from the Stripe dashboard. You can refund it from Payments.',
      ]);
    } finally {
      provider.refund = original;
    }
    expect((await w.enrollmentRow(family.enrollmentId)).status).toBe('Withdrawn');
    const told = await refusedRefundMails();
    expect(told.map((m) => m.subject)).toEqual(['Refund not made: $550.00 for Ava Decline']);
    expect(told[0]!.text).toContain(
      'Decline Family withdrew Ava Decline from Decline Room, and the payment provider did not accept the refund of $550.00, so nothing was refunded yet.',
    );
    expect(told[0]!.text).toContain(`Please refund it from Payments: ${t.config.appUrl}/staff/payments`);
  });
});
