/**
 * The withdrawal's shared transaction and quote as the director meets them (server/src/features/enrollment/
 * withdraw*.ts; issue 10, issue 21 item 17, decision 019): the director's double click answered with the first
 * withdrawal's refund and its offer, two sibling discounts that end with one place each named in the refund's
 * reason, and the use cases' own refusals (an unknown place, a refund asked of a place with no payment) that
 * the routes' checks normally stop first. Each test makes its own family and session. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSections, classSessionEnrollments } from '../../src/db/schema.ts';
import { quoteForOffice, withdrawEnrollment } from '../../src/features/enrollment/withdraw.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { type Family, movableClock } from '../support/registration.ts';
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

  /** `studentIds` enrolled in `sessionId` and paid, a minute after the last payment; answers the payment. */
  const pay = async (f: Family, sessionId: number, studentIds: string[]) => {
    clock.advanceMinutes(1);
    const res = await w.a.enroll(f, sessionId, studentIds);
    expect(res.statusCode).toBe(201);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await w.a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
    return res.json().id as string;
  };

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

  it('two sibling discounts end with Ava’s place (Ben’s in each session of the program): both kept, both named', async () => {
    clock.set(NOW);
    const [program] = await w.db().insert(classSections).values({ name: 'Office program' }).returning();
    const acrossProgram = {
      siblingDiscountType: 'Amount' as const,
      siblingDiscountValue: 5_000,
      siblingDiscountAcrossProgram: true,
      classSectionId: program!.id,
      sessionStartDate: '2027-01-18',
      rosterSize: 4,
    };
    const fall = await w.a.session({ ...acrossProgram, name: 'Fall Room' });
    const winter = await w.a.session({ ...acrossProgram, name: 'Winter Room' });
    const family = await w.a.family('Twodiscounts', 2);
    const [ava, ben] = family.childIds as [string, string];
    const avaPayment = await pay(family, fall, [ava]);
    await pay(family, fall, [ben]);
    await pay(family, winter, [ben]);
    const [avaPlace] = await w
      .db()
      .select()
      .from(classSessionEnrollments)
      .where(eq(classSessionEnrollments.paymentId, avaPayment));
    const quoted = (await w.quote(family.token, avaPlace!.id)).json();
    expect(quoted).toMatchObject({ policyTotal: 55_000, siblingDiscountKept: 10_000, refund: 45_000 });
    // One row per payment, in no promised order.
    expect(
      [...quoted.siblingDiscounts].sort((x: { sessionName: string }, y: { sessionName: string }) =>
        x.sessionName.localeCompare(y.sessionName),
      ),
    ).toEqual([
      { firstNames: ['Ben'], sessionName: 'Fall Room', discount: 5_000 },
      { firstNames: ['Ben'], sessionName: 'Winter Room', discount: 5_000 },
    ]);
    const done = await w.withdraw(family.token, avaPlace!.id, 45_000);
    expect(done.json()).toMatchObject({ refund: 45_000, refundStatus: 'Succeeded' });
    // A refund that went through tells the center nothing went wrong: no "Refund not made" mail.
    const refusedMails = (await w.mailsTo(t.config.centerEmail)).filter((m) =>
      m.subject.startsWith('Refund not made'),
    );
    expect(refusedMails.filter((m) => m.subject.includes('Twodiscounts'))).toEqual([]);
    const named = quoted.siblingDiscounts.map((d: { sessionName: string }) => `Ben in ${d.sessionName}`);
    expect((await w.refundRows(avaPayment))[0]!.reason).toBe(
      `Withdrawn by the family (the full refund, up to Monday, January 4, 2027; less $100.00 of sibling discount (${named.join('; ')}) that ended with this place)`,
    );
  });

  it('a provider refusing the refund: Failed with the provider’s sentence, and the retry with the key says so too', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Refused Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Refused', id);
    const provider = t.ctx.registration.providers.test!;
    const original = provider.refund;
    provider.refund = async () => {
      throw new Error('card_declined');
    };
    const plan = {
      actor: { kind: 'parent' as const, userId: family.userId },
      enrollmentId: family.enrollmentId,
      reason: 'Refused by the card company',
      idempotencyKey: w.key(),
      refundKey: w.key(),
      decide: () => ({ amount: 10_000, reason: 'Withdrawn: refused' }),
      mails: () => [],
    };
    try {
      const first = await withdrawEnrollment(t.ctx.registration, plan);
      expect(first).toMatchObject({
        replayed: false,
        refundAmount: 10_000,
        refundStatus: 'Failed',
        refundError:
          'The payment provider did not accept the refund, so nothing was refunded. Please try again in a few minutes; if it keeps failing, refund it from the Stripe dashboard.',
      });
      // The retry finds the refund already Failed (nothing thrown this time) and still says why.
      const again = await withdrawEnrollment(t.ctx.registration, plan);
      expect(again).toEqual({
        ...first,
        replayed: true,
        refundError: 'The payment provider did not accept the refund, so nothing was refunded.',
      });
    } finally {
      provider.refund = original;
    }
    expect((await w.enrollmentRow(family.enrollmentId)).status).toBe('Withdrawn');
    expect((await w.refundRows(family.paymentId)).map((r) => r.status)).toEqual(['Failed']);
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
