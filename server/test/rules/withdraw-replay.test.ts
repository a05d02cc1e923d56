/**
 * The withdrawal's shared transaction as a use case (`withdrawEnrollment`, server/src/features/enrollment/
 * withdraw-apply.ts; issue 10, issue 13): what the refund's outcome says when the provider made it, when it
 * refused it, and when the same actor's same key comes back after a refusal (replayed, still `Failed`, with
 * the refusal in words: the director's route answers 502 with it), and the place a plan decides on for a
 * child enrolled by hand (no payment). Each test makes its own family and session. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSessionEnrollments } from '../../src/db/schema.ts';
import {
  type LockedPlace,
  type WithdrawPlan,
  withdrawEnrollment,
} from '../../src/features/enrollment/withdraw.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { movableClock } from '../support/registration.ts';
import { NOW, withdrawals } from './withdraw-support.ts';

/** The provider's refusal as completeRefund words it (billing.refund.providerRefused). */
const REFUSED =
  'The payment provider did not accept the refund, so nothing was refunded. Please try again in a few minutes; if it keeps failing, refund it from the Stripe dashboard.';
/** A refund found already refused, on a replay that asked the provider nothing. */
const FOUND_REFUSED = 'The payment provider did not accept the refund, so nothing was refunded.';

describe.each(dbKinds)('the withdrawal transaction’s refund outcome, on %s', (kind) => {
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

  /** The director's withdrawal of `enrollmentId` with a refund of `amount` cents under `key`. */
  const plan = (userId: string, enrollmentId: string, amount: number, key: string): WithdrawPlan => ({
    actor: { kind: 'staff', userId },
    enrollmentId,
    reason: 'Moving away',
    idempotencyKey: key,
    refundKey: key,
    decide: () => ({ amount, reason: 'Withdrawn: Moving away' }),
    mails: () => [],
  });

  it('a refund made: Succeeded, no refusal to tell', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Made Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Made', id);
    const director = await w.a.promote('Madedirector', 'Admin');
    const outcome = await withdrawEnrollment(
      t.ctx.registration,
      plan(director.userId, family.enrollmentId, 10_000, w.key()),
    );
    const [refund] = await w.refundRows(family.paymentId);
    expect(outcome).toEqual({
      enrollmentId: family.enrollmentId,
      refundId: refund!.id,
      refundAmount: 10_000,
      offered: 0,
      replayed: false,
      refundStatus: 'Succeeded',
      refundError: null,
    });
  });

  it('a refund the provider refused, asked again with the same key: still Failed, and says why both times', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Refused Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Refused', id);
    const director = await w.a.promote('Refuseddirector', 'Admin');
    const provider = t.ctx.registration.providers.test!;
    const original = provider.refund;
    let asked = 0;
    provider.refund = async () => {
      asked++;
      throw new Error('card_declined');
    };
    const key = w.key();
    try {
      const first = await withdrawEnrollment(
        t.ctx.registration,
        plan(director.userId, family.enrollmentId, 10_000, key),
      );
      const [refund] = await w.refundRows(family.paymentId);
      expect(first).toEqual({
        enrollmentId: family.enrollmentId,
        refundId: refund!.id,
        refundAmount: 10_000,
        offered: 0,
        replayed: false,
        refundStatus: 'Failed',
        refundError: REFUSED,
      });
      // The same director's same key again (a double click that lost the race): the first answer, the
      // refund found refused without asking the provider again, and the refusal still in words.
      const again = await withdrawEnrollment(
        t.ctx.registration,
        plan(director.userId, family.enrollmentId, 10_000, key),
      );
      expect(again).toEqual({ ...first, replayed: true, refundError: FOUND_REFUSED });
      expect(asked).toBe(1);
    } finally {
      provider.refund = original;
    }
    expect(await w.refundRows(family.paymentId)).toHaveLength(1);
    expect((await w.enrollmentRow(family.enrollmentId)).status).toBe('Withdrawn');
  });

  it('a child enrolled by hand: the plan decides on a place with no payment, and nothing is refunded', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Hand Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.a.family('Hand', 1);
    const [row] = await w
      .db()
      .insert(classSessionEnrollments)
      .values({ classSessionId: id, studentId: family.childIds[0]!, status: 'Enrolled' })
      .returning();
    const director = await w.a.promote('Handdirector', 'Admin');
    let seen: LockedPlace | null = null;
    const outcome = await withdrawEnrollment(t.ctx.registration, {
      ...plan(director.userId, row!.id, 0, w.key()),
      decide: (_tx, place) => {
        seen = place;
        return { amount: 0, reason: 'Withdrawn: Moving away' };
      },
    });
    const place = seen as LockedPlace | null;
    expect(place).toMatchObject({
      enrollment: { id: row!.id, status: 'Enrolled', paymentId: null },
      payment: null,
      child: { id: family.childIds[0], firstName: 'Ava', lastName: 'Hand' },
      today: '2026-11-20',
      now: new Date(NOW),
    });
    expect(place!.parents.map((p) => p.emailAddress)).toEqual([family.email]);
    expect(outcome).toEqual({
      enrollmentId: row!.id,
      refundId: null,
      refundAmount: 0,
      offered: 0,
      replayed: false,
      refundStatus: 'None',
      refundError: null,
    });
    expect((await w.enrollmentRow(row!.id)).status).toBe('Withdrawn');
  });
});
