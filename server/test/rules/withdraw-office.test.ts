/**
 * The withdrawal's shared transaction and quote where the rule tests did not reach them (server/src/features/
 * enrollment/withdraw*.ts; issue 10, issue 13, issue 21 item 17): a withdrawal asked again with its key answered
 * with the first one's refund and its offer (the director's route refuses a second click 404 before the
 * transaction; a double click racing the first reaches it), no "Refund not made" mail for a refund that went
 * through, and the use cases' own refusals that the routes' checks normally stop first (an unknown place, a
 * refund decided for a place with no payment). Each test makes its own family and session. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSessionEnrollments } from '../../src/db/schema.ts';
import { quoteForOffice, withdrawEnrollment } from '../../src/features/enrollment/withdraw.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { movableClock } from '../support/registration.ts';
import { NOW, withdrawals } from './withdraw-support.ts';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(dbKinds)('the director’s withdrawal and the shared transaction, on %s', (kind) => {
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

  it('a withdrawal asked again with its key gets the first answer: the same refund and the one offer made', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Office Room', sessionStartDate: '2027-01-18', rosterSize: 1 });
    const family = await w.enrolledFamily('Officetwice', id);
    const waiting = await w.a.family('Officewaiting', 1);
    expect((await w.a.joinWaitlist(waiting, id)).statusCode).toBeLessThan(300);
    const admin = await w.a.staff();
    const body = {
      studentId: family.childIds[0],
      reason: 'Moving away',
      refundAmount: 20_000,
      idempotencyKey: w.key(),
    };
    const first = await w.a.call(admin, 'POST', `/api/staff/sessions/${id}/withdraw`, body);
    expect(first.statusCode).toBe(200);
    const [refund] = await w.refundRows(family.paymentId);
    expect(first.json()).toEqual({ refundId: refund!.id, offered: 1 });
    const audits = await w.withdrawAudits(family.enrollmentId);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({
      by: 'staff',
      reason: 'Moving away',
      refundAmount: 20_000,
      offered: 1,
    });
    // The same director's same key reaching the transaction again (a double click racing the first) is
    // answered from the first withdrawal's audit row, deciding nothing and offering nothing more.
    let decided = false;
    const again = await withdrawEnrollment(t.ctx.registration, {
      actor: { kind: 'staff', userId: audits[0]!.actorUserId! },
      enrollmentId: family.enrollmentId,
      reason: 'Moving away',
      idempotencyKey: body.idempotencyKey,
      refundKey: body.idempotencyKey,
      decide: () => {
        decided = true;
        return { amount: 20_000, reason: 'Withdrawn: Moving away' };
      },
      mails: () => [],
    });
    expect(again).toEqual({
      enrollmentId: family.enrollmentId,
      refundId: refund!.id,
      refundAmount: 20_000,
      offered: 1,
      replayed: true,
      refundStatus: 'Succeeded',
      refundError: null,
    });
    expect(decided).toBe(false);
    expect(await w.refundRows(family.paymentId)).toHaveLength(1);
    expect(await w.withdrawAudits(family.enrollmentId)).toHaveLength(1);
  });

  it('a refund that went through tells the center nothing went wrong: no “Refund not made” mail', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Made Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Refundmade', id);
    const res = await w.withdraw(family.token, family.enrollmentId, 55_000);
    expect(res.json()).toMatchObject({ refund: 55_000, refundStatus: 'Succeeded' });
    const centerMails = await w.mailsTo(t.config.centerEmail);
    expect(centerMails.some((m) => m.subject === 'Withdrawal: Ava Refundmade from Made Room')).toBe(true);
    expect(
      centerMails.filter((m) => m.subject.startsWith('Refund not made') && m.subject.includes('Refundmade')),
    ).toEqual([]);
  });

  it('the use cases refuse an unknown place with 404, and change nothing', async () => {
    const deps = t.ctx.registration;
    let decided = false;
    const plan = {
      actor: { kind: 'staff' as const, userId: UNKNOWN },
      enrollmentId: UNKNOWN,
      reason: 'No such place',
      idempotencyKey: null,
      refundKey: w.key(),
      decide: () => {
        decided = true;
        return { amount: 0, reason: 'none' };
      },
      mails: () => [],
    };
    await expect(withdrawEnrollment(deps, plan)).rejects.toMatchObject({
      statusCode: 404,
      code: 'notFound.enrollment',
    });
    expect(decided).toBe(false);
    await expect(quoteForOffice(deps, UNKNOWN)).rejects.toMatchObject({
      statusCode: 404,
      code: 'notFound.enrollment',
    });
  });

  it('a refund decided for a place with no payment on record is 400, and the child stays enrolled', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Nopay Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.a.family('Nopay', 1);
    const [row] = await w
      .db()
      .insert(classSessionEnrollments)
      .values({ classSessionId: id, studentId: family.childIds[0]!, status: 'Enrolled' })
      .returning();
    const plan = {
      actor: { kind: 'staff' as const, userId: family.userId },
      enrollmentId: row!.id,
      reason: 'Refund asked of nothing',
      idempotencyKey: null,
      refundKey: w.key(),
      decide: () => ({ amount: 10_000, reason: 'Withdrawn: test' }),
      mails: () => [],
    };
    await expect(withdrawEnrollment(t.ctx.registration, plan)).rejects.toMatchObject({
      statusCode: 400,
      code: 'enrollment.withdraw.noPayment',
    });
    expect((await w.enrollmentRow(row!.id)).status).toBe('Enrolled');
    expect(await w.withdrawAudits(row!.id)).toEqual([]);
  });
});
