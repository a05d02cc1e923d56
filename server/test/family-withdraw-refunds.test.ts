/**
 * A parent withdraws a child in the portal (issue 13): the refund made through the provider (the test checkout
 * records it) and shown on Billing, the seat offered to the next waiting family, every parent and the center
 * emailed, the audit row; a refund that changed since the dialog (409, nothing changed); a double click, two
 * parents, or a parent and the director at once ending in one withdrawal and one refund; a later checkout
 * webhook refunding nothing more; a provider refusing the refund. The quote is in family-withdraw.test.ts, the
 * shared set-up in support/withdrawal-app.ts. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userStudents, waitlistSubmissions } from '../src/db/schema.ts';
import { fulfillCheckout } from '../src/features/enrollment/fulfill-checkout.ts';
import { dbKinds } from './helpers.ts';
import { type Quote, withdrawalApp } from './support/withdrawal-app.ts';

describe.each(dbKinds)('a parent withdraws a child on %s', (kind) => {
  const withdrawals = withdrawalApp(kind);
  const {
    clock,
    key,
    db,
    enrolledFamily,
    quote,
    withdraw,
    paymentRow,
    refundRows,
    enrollmentRow,
    withdrawAudits,
    count,
    mailsTo,
    providerRefunds,
  } = withdrawals;

  describe('withdrawing', () => {
    it('refunds through the provider, Billing shows it, the seat goes to the next family, everyone is emailed, audited', async () => {
      const id = await withdrawals.a.session({
        name: 'Heron Room',
        rosterSize: 1,
        sessionStartDate: '2027-01-18',
      });
      const family = await enrolledFamily('Heron', id);
      const coParent = await withdrawals.a.family('Coheron', 0);
      await db().insert(userStudents).values({ userId: coParent.userId, studentId: family.childIds[0]! });
      const first = await withdrawals.a.family('Firstwait', 1);
      const second = await withdrawals.a.family('Secondwait', 1);
      expect((await withdrawals.a.joinWaitlist(first, id)).statusCode).toBe(201);
      clock.advanceMinutes(1);
      expect((await withdrawals.a.joinWaitlist(second, id)).statusCode).toBe(201);
      const enrollmentId = family.enrollmentIds[0]!;
      const k = key();

      const q = (await quote(family.token, enrollmentId)).json() as Quote;
      expect(q).toMatchObject({ window: 'full', refund: 55_000 });
      const res = await withdraw(family.token, enrollmentId, 55_000, k);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        enrollmentId,
        refund: 55_000,
        refundStatus: 'Succeeded',
        message:
          'Ava is withdrawn. We have refunded $550.00; it usually shows on your statement within 5–10 business days.',
      });

      // The place and the money.
      expect(await enrollmentRow(enrollmentId)).toMatchObject({
        status: 'Withdrawn',
        withdrawnReason: 'Withdrawn by Heron Family in the Student Portal',
      });
      expect(await paymentRow(family.paymentId)).toMatchObject({
        refundedAmount: 55_000,
        status: 'Refunded',
      });
      expect(await refundRows(family.paymentId)).toEqual([
        expect.objectContaining({ amount: 55_000, status: 'Succeeded', requestedBy: family.userId }),
      ]);
      expect(await providerRefunds(family.paymentId)).toEqual([
        expect.objectContaining({ amount: 55_000, status: 'succeeded' }),
      ]);
      const billing = (await withdrawals.a.call(family.token, 'GET', '/api/Billing')).json();
      expect(billing[0]).toMatchObject({
        id: family.paymentId,
        refundedAmount: 55_000,
        status: 'Refunded',
        refundedAt: expect.any(String),
      });

      // The seat goes to the first family in line, with the usual offer email; the second keeps waiting.
      const places = await db()
        .select()
        .from(waitlistSubmissions)
        .where(eq(waitlistSubmissions.classSessionId, id));
      expect(places.find((p) => p.studentId === first.childIds[0])!.status).toBe('Offered');
      expect(places.find((p) => p.studentId === second.childIds[0])!.status).toBe('Waiting');
      expect((await mailsTo(first.email)).map((m) => m.subject)).toContain(
        'A seat opened for Ava in Heron Room',
      );
      expect((await mailsTo(second.email)).filter((m) => m.subject.startsWith('A seat opened'))).toEqual([]);

      // Both parents, the center; the payer also gets the refund's own email.
      for (const parent of [family, coParent]) {
        const [mail] = (await mailsTo(parent.email)).filter(
          (m) => m.subject === 'Ava is withdrawn from Heron Room',
        );
        expect(mail!.text).toContain('Heron Family withdrew Ava from Heron Room in the Student Portal');
        expect(mail!.text).toContain(
          'We are refunding $550.00 ($500.00 of the registration and the $50.00 supply fee)',
        );
      }
      expect((await mailsTo(family.email)).map((m) => m.subject)).toContain(
        'We’ve refunded $550.00 for Heron Room',
      );
      const center = (await mailsTo(withdrawals.t.config.centerEmail)).filter(
        (m) => m.subject === 'Withdrawal: Ava Heron from Heron Room',
      );
      expect(center).toHaveLength(1);
      expect(center[0]!.text).toContain(`Heron Family (${family.email}) withdrew Ava Heron from Heron Room`);
      expect(center[0]!.text).toContain('Refund: $550.00 — registration $500.00, supply fee $50.00');
      expect(center[0]!.text).toContain(
        'The seat was offered to the next family on the waitlist (one offer).',
      );
      await withdrawals.t.flush();
      expect(
        (await withdrawals.t.mails()).some(
          (m) => m.to === coParent.email && m.subject.startsWith('Ava is withdrawn'),
        ),
      ).toBe(true);

      // The audit row names the parent.
      expect(await withdrawAudits(enrollmentId)).toEqual([
        expect.objectContaining({
          actorUserId: family.userId,
          before: expect.objectContaining({ status: 'Enrolled', classSessionId: id }),
          after: expect.objectContaining({
            status: 'Withdrawn',
            by: 'parent',
            refundAmount: 55_000,
            window: 'full',
            idempotencyKey: k,
          }),
        }),
      ]);

      // A checkout webhook arriving later leaves the refunded payment alone.
      const refundsBefore = await count('refunds');
      expect(
        await fulfillCheckout(withdrawals.t.ctx.registration, family.checkoutId, {
          event: { id: `evt_late_${kind}`, type: 'checkout.session.completed' },
        }),
      ).toBe('already-final');
      expect(await count('refunds')).toBe(refundsBefore);
      expect(await providerRefunds(family.paymentId)).toHaveLength(1);

      // Withdrawn now: the quote and a new withdrawal are 409.
      const again = await quote(family.token, enrollmentId);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        'Ava was already withdrawn from Heron Room on Friday, November 20, 2026.',
      );
      // To a Spanish page, in Spanish, the date too (issue 14).
      const spanish = await withdrawals.t.app.inject({
        method: 'GET',
        url: `/api/ClassSessionEnrollment/${enrollmentId}/Withdrawal`,
        headers: { authorization: `Bearer ${family.token}`, 'accept-language': 'es' },
      });
      expect(spanish.json().message).toBe(
        'Ya se había dado de baja a Ava de Heron Room el viernes, 20 de noviembre de 2026.',
      );
      expect((await withdraw(family.token, enrollmentId, 0)).statusCode).toBe(409);
    });

    it('a refund that changed since the dialog opened (the day changed) is 409 with the new amount, and nothing changes', async () => {
      const id = await withdrawals.a.session({
        name: 'Midnight Room',
        rosterSize: 3,
        sessionStartDate: '2026-12-04',
      });
      const family = await enrolledFamily('Midnight', id);
      const enrollmentId = family.enrollmentIds[0]!;
      const shown = (await quote(family.token, enrollmentId)).json() as Quote;
      expect(shown).toMatchObject({ window: 'full', refund: 55_000 });
      clock.set('2026-11-21T18:00:00Z'); // the next day: the full-refund period is over
      await withdrawals.a.signIn(family);
      const before = {
        audit: await count('audit_events'),
        mail: await count('mail_outbox'),
        refunds: await count('refunds'),
      };
      const res = await withdraw(family.token, enrollmentId, shown.refund);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /^The refund for withdrawing Ava today is \$250\.00, not the \$550\.00 you were shown.*Nothing has changed\./,
      );
      expect(res.json().fields).toEqual({ expectedRefund: 'The refund is now $250.00.' });
      expect((await enrollmentRow(enrollmentId)).status).toBe('Enrolled');
      expect({
        audit: await count('audit_events'),
        mail: await count('mail_outbox'),
        refunds: await count('refunds'),
      }).toEqual(before);
      const now = (await quote(family.token, enrollmentId)).json() as Quote;
      expect(now.refund).toBe(25_000);
      const ok = await withdraw(family.token, enrollmentId, 25_000);
      expect(ok.json()).toMatchObject({ refund: 25_000, refundStatus: 'Succeeded' });
    });

    it('a double click (the same key twice at once, then again) is one withdrawal and one refund, answered the same', async () => {
      const id = await withdrawals.a.session({
        name: 'Double Room',
        rosterSize: 3,
        sessionStartDate: '2027-01-18',
      });
      const family = await enrolledFamily('Double', id);
      const enrollmentId = family.enrollmentIds[0]!;
      const k = key();
      const [one, two] = await Promise.all([
        withdraw(family.token, enrollmentId, 55_000, k),
        withdraw(family.token, enrollmentId, 55_000, k),
      ]);
      const three = await withdraw(family.token, enrollmentId, 55_000, k);
      for (const res of [one, two, three]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(one.json());
      }
      expect(one.json()).toMatchObject({ refund: 55_000, refundStatus: 'Succeeded' });
      expect(await refundRows(family.paymentId)).toEqual([
        expect.objectContaining({ amount: 55_000, status: 'Succeeded' }),
      ]);
      expect(await providerRefunds(family.paymentId)).toHaveLength(1);
      expect(await withdrawAudits(enrollmentId)).toHaveLength(1);
      expect(
        (await mailsTo(family.email)).filter((m) => m.subject === 'Ava is withdrawn from Double Room'),
      ).toHaveLength(1);
      // Another key is another request: the place is gone.
      const other = await withdraw(family.token, enrollmentId, 55_000);
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toMatch(/^Ava was already withdrawn from Double Room/);
    });

    it('a parent and the director withdrawing at once: one withdrawal, one refund', async () => {
      const id = await withdrawals.a.session({
        name: 'Race Room',
        rosterSize: 10,
        sessionStartDate: '2027-01-18',
      });
      for (let round = 0; round < 3; round++) {
        const family = await enrolledFamily(`Racer${round}`, id);
        const enrollmentId = family.enrollmentIds[0]!;
        const [parent, staff] = await Promise.all([
          withdraw(family.token, enrollmentId, 55_000),
          withdrawals.a.call(withdrawals.admin, 'POST', `/api/staff/sessions/${id}/withdraw`, {
            studentId: family.childIds[0],
            reason: 'Family called the office',
            refundAmount: 30_000,
            idempotencyKey: key(),
          }),
        ]);
        const statuses = [parent.statusCode, staff.statusCode];
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        if (parent.statusCode !== 200) {
          expect(parent.statusCode).toBe(409);
          expect(parent.json().message).toMatch(/already withdrawn/);
        } else expect([404, 409]).toContain(staff.statusCode);
        const done = await refundRows(family.paymentId);
        expect(done).toHaveLength(1);
        expect(done[0]!.amount).toBe(parent.statusCode === 200 ? 55_000 : 30_000);
        expect((await paymentRow(family.paymentId)).refundedAmount).toBe(done[0]!.amount);
        expect(await withdrawAudits(enrollmentId)).toHaveLength(1);
        expect(await providerRefunds(family.paymentId)).toHaveLength(1);
      }
    });

    it('two parents of the same child withdrawing at once: one withdrawal, one refund; the other is told it is done', async () => {
      const id = await withdrawals.a.session({
        name: 'Twoparent Room',
        rosterSize: 3,
        sessionStartDate: '2027-01-18',
      });
      const family = await enrolledFamily('Twoparent', id);
      const coParent = await withdrawals.a.family('Cotwoparent', 0);
      await db().insert(userStudents).values({ userId: coParent.userId, studentId: family.childIds[0]! });
      const enrollmentId = family.enrollmentIds[0]!;
      const results = await Promise.all([
        withdraw(family.token, enrollmentId, 55_000),
        withdraw(coParent.token, enrollmentId, 55_000),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toMatch(
        /^Ava was already withdrawn from Twoparent Room/,
      );
      expect(await refundRows(family.paymentId)).toEqual([expect.objectContaining({ amount: 55_000 })]);
      expect(await withdrawAudits(enrollmentId)).toHaveLength(1);
    });

    it('a provider refusing the refund leaves the child withdrawn, says so, and tells the center', async () => {
      const id = await withdrawals.a.session({
        name: 'Decline Room',
        rosterSize: 3,
        sessionStartDate: '2027-01-18',
      });
      const family = await enrolledFamily('Decline', id);
      const provider = withdrawals.t.ctx.registration.providers.test!;
      const original = provider.refund;
      provider.refund = async () => {
        throw new Error('card_declined');
      };
      try {
        const res = await withdraw(family.token, family.enrollmentIds[0]!, 55_000);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ refund: 55_000, refundStatus: 'Failed' });
        expect(res.json().message).toMatch(/did not go through.*Our office has been told/);
      } finally {
        provider.refund = original;
      }
      expect((await enrollmentRow(family.enrollmentIds[0]!)).status).toBe('Withdrawn');
      expect(await paymentRow(family.paymentId)).toMatchObject({ refundedAmount: 0, status: 'Paid' });
      expect((await mailsTo(withdrawals.t.config.centerEmail)).map((m) => m.subject)).toContain(
        'Refund not made: $550.00 for Ava Decline',
      );
    });
  });
});
