/**
 * Refunds on the staff side (issue 10): partial, full, too much, the same key twice, concurrent keys, a
 * checkout webhook racing a refund, a provider failure, a refund interrupted between its two steps, with the
 * audit rows written with the changes they record; and the amount and key Stripe is sent (against the Stripe
 * fake). The role × route matrix is in staff-money.test.ts, the shared set-up in support/money-app.ts. On
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../src/adapters/payments/stripe.ts';
import { auditEvents, refunds } from '../src/db/schema.ts';
import { reserveRefund, resumePendingRefunds } from '../src/features/billing/refunds.ts';
import { fulfillCheckout } from '../src/features/enrollment/fulfill-checkout.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';
import { startStripeFake } from './support/stripe-fake.ts';

describe.each(dbKinds)('staff money on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { clock, key, as, enrolledFamily, paymentRow, refundRows, auditCount, mailsTo } = office;

  describe('refunds', () => {
    let session: number;
    beforeAll(async () => {
      session = await office.a.session({
        name: 'Refund Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 10,
      });
    });

    it('a partial refund, then the rest: the payment is Refunded, the family emailed, Billing shows it, audited', async () => {
      const family = await enrolledFamily('Partial', session);
      const first = await as(office.admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 20_000,
        reason: 'Missed the first two weeks',
        idempotencyKey: key(),
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        amount: 20_000,
        status: 'Succeeded',
        paymentRefundedAmount: 20_000,
        paymentStatus: 'Paid',
      });
      const billing = (await as(family.token, 'GET', '/api/Billing')).json();
      expect(billing[0]).toMatchObject({ refundedAmount: 20_000, refundedAt: expect.any(String) });
      const mails = await mailsTo(family.email);
      expect(mails.some((m) => m.subject === 'We’ve refunded $200.00 for Refund Room')).toBe(true);
      // The test checkout recorded the refund where Stripe would keep it.
      const row = await paymentRow(family.paymentId);
      expect(Object.values((row.checkoutJSON as { refunds: object }).refunds)).toEqual([
        expect.objectContaining({ amount: 20_000, status: 'succeeded' }),
      ]);

      const rest = await as(office.admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 35_000,
        reason: 'Family moved away',
        idempotencyKey: key(),
      });
      expect(rest.json()).toMatchObject({ paymentRefundedAmount: 55_000, paymentStatus: 'Refunded' });
      const audits = await office.t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, family.paymentId));
      expect(audits.map((e) => e.action).sort()).toEqual([
        'payment.refund',
        'payment.refund',
        'payment.refund.requested',
        'payment.refund.requested',
      ]);
      expect(
        audits.find(
          (e) => e.action === 'payment.refund' && (e.after as { status: string }).status === 'Refunded',
        ),
      ).toMatchObject({
        actorUserId: office.adminId,
        before: { refundedAmount: 20_000, status: 'Paid' },
        after: { refundedAmount: 55_000, status: 'Refunded' },
      });
      // Nothing is left: 409 for a refunded payment.
      const more = await as(office.admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 1,
        reason: 'Again',
        idempotencyKey: key(),
      });
      expect(more.statusCode).toBe(409);
    });

    it('more than is left is refused with 400 by the amount field, and nothing changes', async () => {
      const family = await enrolledFamily('Over', session);
      const audits = await auditCount();
      const res = await as(office.admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 55_001,
        reason: 'Too much',
        idempotencyKey: key(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.amount).toBe('You can refund at most $550.00 of this payment.');
      expect(await refundRows(family.paymentId)).toEqual([]);
      expect((await paymentRow(family.paymentId)).refundedAmount).toBe(0);
      expect(await auditCount()).toBe(audits);
      const bad = await as(office.admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 0,
        reason: '',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'reason']);
      const noKey = await as(office.admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 100,
        reason: 'No key',
      });
      expect(noKey.statusCode).toBe(400);
      expect(noKey.json().fields.idempotencyKey).toMatch(/idempotency key/);
    });

    it('a double submit with the same key (header or body) ends in one refund, answered the same', async () => {
      const family = await enrolledFamily('Double', session);
      const k = key();
      const send = () =>
        office.t.app.inject({
          method: 'POST',
          url: `/api/staff/payments/${family.paymentId}/refunds`,
          headers: { authorization: `Bearer ${office.admin}`, 'idempotency-key': k },
          payload: { amount: 10_000, reason: 'Double click' },
        });
      const [one, two] = await Promise.all([send(), send()]);
      const three = await send();
      expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
      expect(three.statusCode).toBe(200);
      expect(new Set([one.json().id, two.json().id, three.json().id]).size).toBe(1);
      expect(await refundRows(family.paymentId)).toEqual([
        expect.objectContaining({ amount: 10_000, status: 'Succeeded' }),
      ]);
      expect((await paymentRow(family.paymentId)).refundedAmount).toBe(10_000);
      // The same key for a different amount is not the same refund.
      const different = await office.t.app.inject({
        method: 'POST',
        url: `/api/staff/payments/${family.paymentId}/refunds`,
        headers: { authorization: `Bearer ${office.admin}`, 'idempotency-key': k },
        payload: { amount: 5_000, reason: 'Double click' },
      });
      expect(different.statusCode).toBe(409);
    });

    it('two directors refunding at once with different keys cannot give back more than was paid', async () => {
      const family = await enrolledFamily('Race', session);
      const attempts = await Promise.all(
        [0, 1, 2].map(() =>
          as(office.admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
            amount: 25_000,
            reason: 'Race',
            idempotencyKey: key(),
          }),
        ),
      );
      expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 201, 400]);
      const row = await paymentRow(family.paymentId);
      expect(row.refundedAmount).toBe(50_000);
      expect(row.status).toBe('Paid');
      const done = await refundRows(family.paymentId);
      expect(done.filter((r) => r.status === 'Succeeded')).toHaveLength(2);
    });

    it('a checkout webhook for the same payment, during or after a refund, never refunds again', async () => {
      const family = await enrolledFamily('Webhook', session);
      const provider = office.t.ctx.registration.providers.test!;
      const original = provider.refund;
      const calls: number[] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      provider.refund = async (state, amount, idempotencyKey) => {
        calls.push(amount);
        await gate;
        return original(state, amount, idempotencyKey);
      };
      try {
        const refunding = as(office.admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
          amount: 55_000,
          reason: 'Whole thing',
          idempotencyKey: key(),
        });
        await expect.poll(() => calls.length).toBe(1);
        const checkoutId = (await paymentRow(family.paymentId)).checkoutId!;
        // During: the refund is Pending at the provider; the webhook sees a final (Paid) payment.
        expect(
          await fulfillCheckout(office.t.ctx.registration, checkoutId, {
            event: { id: `evt_during_${kind}`, type: 'checkout.session.completed' },
          }),
        ).toBe('already-final');
        release();
        expect((await refunding).statusCode).toBe(201);
        // After: Refunded is final too.
        expect(
          await fulfillCheckout(office.t.ctx.registration, checkoutId, {
            event: { id: `evt_after_${kind}`, type: 'checkout.session.completed' },
          }),
        ).toBe('already-final');
        expect(calls).toEqual([55_000]);
        const row = await paymentRow(family.paymentId);
        expect(row).toMatchObject({ status: 'Refunded', refundedAmount: 55_000 });
        expect(Object.keys((row.checkoutJSON as { refunds: object }).refunds)).toHaveLength(1);
      } finally {
        provider.refund = original;
      }
    });

    it('a provider failure is 502 with a clear message; the refund is Failed and nothing counts as refunded', async () => {
      const family = await enrolledFamily('Failing', session);
      const provider = office.t.ctx.registration.providers.test!;
      const original = provider.refund;
      provider.refund = async () => {
        throw new Error('card_declined');
      };
      try {
        const res = await as(office.admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
          amount: 5_000,
          reason: 'Will fail',
          idempotencyKey: key(),
        });
        expect(res.statusCode).toBe(502);
        expect(res.json().message).toMatch(/did not accept the refund, so nothing was refunded/);
      } finally {
        provider.refund = original;
      }
      expect(await refundRows(family.paymentId)).toEqual([expect.objectContaining({ status: 'Failed' })]);
      expect(await paymentRow(family.paymentId)).toMatchObject({ refundedAmount: 0, status: 'Paid' });
      // The whole amount is still refundable.
      const again = await as(office.admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 55_000,
        reason: 'Second try',
        idempotencyKey: key(),
      });
      expect(again.statusCode).toBe(201);
    });
    it('a refund interrupted between its two steps (the server stopped) is completed once by the background job', async () => {
      const family = await enrolledFamily('Interrupted', session);
      // Step 1 committed, then the server stopped before calling the provider.
      const { refund } = await office.t.database.db.transaction((tx) =>
        reserveRefund(
          tx,
          office.adminId,
          family.paymentId,
          { amount: 15_000, reason: 'Sick for a week', idempotencyKey: key() },
          clock.now(),
        ),
      );
      const deps = office.t.ctx.registration;
      // Too fresh: the request that made it may still be finishing.
      clock.advanceMinutes(1);
      expect(await resumePendingRefunds(deps)).not.toContain(refund.id);
      expect(await paymentRow(family.paymentId)).toMatchObject({ refundedAmount: 0, status: 'Paid' });

      clock.advanceMinutes(2);
      expect(await resumePendingRefunds(deps)).toContain(refund.id);
      expect(await refundRows(family.paymentId)).toEqual([
        expect.objectContaining({ id: refund.id, status: 'Succeeded' }),
      ]);
      expect(await paymentRow(family.paymentId)).toMatchObject({ refundedAmount: 15_000, status: 'Paid' });
      const mails = (await mailsTo(family.email)).filter((m) =>
        m.subject.startsWith('We’ve refunded $150.00'),
      );
      expect(mails).toHaveLength(1);
      const done = await office.t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, family.paymentId), eq(auditEvents.action, 'payment.refund')));
      expect(done).toEqual([expect.objectContaining({ actorUserId: null })]);
      // A second round finds nothing to do; the provider was asked once under the refund's key.
      expect(await resumePendingRefunds(deps)).not.toContain(refund.id);
      const row = await paymentRow(family.paymentId);
      expect(Object.keys((row.checkoutJSON as { refunds: object }).refunds)).toEqual([refund.idempotencyKey]);
    });

    it('an interrupted refund older than the provider keeps its key is left for the office, not repeated', async () => {
      const family = await enrolledFamily('Forgotten', session);
      const { refund } = await office.t.database.db.transaction((tx) =>
        reserveRefund(
          tx,
          office.adminId,
          family.paymentId,
          { amount: 5_000, reason: 'Left over', idempotencyKey: key() },
          clock.now(),
        ),
      );
      // Asked for 21 hours ago (the row is dated back rather than the whole file's clock moved on).
      await office.t.database.db
        .update(refunds)
        .set({ created: new Date(clock.now().getTime() - 21 * 3_600_000) })
        .where(eq(refunds.id, refund.id));
      expect(await resumePendingRefunds(office.t.ctx.registration)).not.toContain(refund.id);
      expect(await refundRows(family.paymentId)).toEqual([
        expect.objectContaining({ id: refund.id, status: 'Pending' }),
      ]);
      expect(await paymentRow(family.paymentId)).toMatchObject({ refundedAmount: 0 });
    });
  });
});

describe('Stripe refunds for staff', () => {
  it('sends the amount in cents and the staff key: two keys are two partial refunds, the same key one', async () => {
    const fake = await startStripeFake();
    try {
      const stripe = createStripeProvider({
        secretKey: 'sk_test_fake',
        webhookSecret: 'whsec_test_secret',
        host: '127.0.0.1',
        port: fake.port,
        protocol: 'http',
      });
      const { checkoutId } = await stripe.createCheckout({
        paymentId: 'pay_staff_refund',
        classSessionId: 7,
        lines: [{ description: 'Pre-K — registration', unitAmount: 40_000, quantity: 1, stripePrice: null }],
        customerEmail: 'family@families.example',
        expiresAt: new Date(Date.now() + 45 * 60_000),
        successUrl: 'https://center.example/ok?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://center.example/no?session_id={CHECKOUT_SESSION_ID}',
      });
      fake.complete(checkoutId);
      const state = await stripe.retrieveCheckout(checkoutId);
      const first = (await stripe.refund(state, 10_000, 'dialog-key-1')) as { id: string };
      const retried = (await stripe.refund(state, 10_000, 'dialog-key-1')) as { id: string };
      const second = (await stripe.refund(state, 5_000, 'dialog-key-2')) as { id: string };
      expect(retried.id).toBe(first.id);
      expect(second.id).not.toBe(first.id);
      const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
      expect(sent.map((r) => [r.idempotencyKey, Object.fromEntries(r.body).amount])).toEqual([
        ['staff-refund-dialog-key-1', '10000'],
        ['staff-refund-dialog-key-1', '10000'],
        ['staff-refund-dialog-key-2', '5000'],
      ]);
      expect(fake.refunds.filter((r) => r.payment_intent === state.paymentIntentId)).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });
});
