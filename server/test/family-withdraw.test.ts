/**
 * A parent withdraws a child in the portal with the session's refund policy (issue 13): the quote at the
 * policy's edges (the last full-refund day, the day after, the supply fee's own date, 0% and 100% after, the
 * center's date rather than UTC's), the sibling discount recomputed on a two-child payment, the refund made
 * through the provider (the test checkout records it) and shown on Billing, the seat offered to the next
 * waiting family, every parent and the center emailed, the audit row; who may call (anonymous 401, staff 403,
 * another family's or an unknown enrollment 404 with nothing changed); a refund that changed since the dialog
 * (409, nothing changed); a double click, two parents, or a parent and the director at once ending in one
 * withdrawal and one refund; a later checkout webhook refunding nothing more; and the session form's policy
 * and discount fields through `POST`/`PUT /api/ClassSession`. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  auditEvents,
  classSessionEnrollments,
  classSessions,
  mailOutbox,
  payments,
  refunds,
  userStudents,
  waitlistSubmissions,
} from '../src/db/schema.ts';
import { fulfillCheckout } from '../src/features/enrollment/fulfill-checkout.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, movableClock, springSessionBody } from './support/registration.ts';

/** 10:00 am on Friday, November 20, 2026 in the center's time zone (America/Los_Angeles). */
const NOW = '2026-11-20T18:00:00Z';

type Quote = {
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

describe.each(dbKinds)('a parent withdraws a child on %s', (kind) => {
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
    const res = await a.enroll(family, sessionId);
    expect(res.statusCode).toBe(201);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
    const rows = await db()
      .select({ id: classSessionEnrollments.id, studentId: classSessionEnrollments.studentId })
      .from(classSessionEnrollments)
      .where(eq(classSessionEnrollments.paymentId, res.json().id));
    const enrollmentIds = family.childIds.map((c) => rows.find((r) => r.studentId === c)!.id);
    return { ...family, paymentId: res.json().id as string, checkoutId, enrollmentIds };
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

  describe('the refund at the policy’s edges', () => {
    // Today is 2026-11-20. A session starting 14 days later makes today the last full-refund day.
    const edge = async (name: string, overrides: Partial<typeof classSessions.$inferInsert>) => {
      const id = await a.session({
        name,
        rosterSize: 5,
        registrationPrice: 50_000,
        supplyFee: 5_000,
        ...overrides,
      });
      const family = await enrolledFamily(name.split(' ')[0]!, id);
      const res = await quote(family.token, family.enrollmentIds[0]!);
      expect(res.statusCode).toBe(200);
      return { family, q: res.json() as Quote };
    };

    it('gives everything back on the last full-refund day', async () => {
      const { q } = await edge('Lastday Room', { sessionStartDate: '2026-12-04', refundFullDaysBefore: 14 });
      expect(q).toMatchObject({
        today: '2026-11-20',
        window: 'full',
        fullRefundUntil: '2026-11-20',
        registrationShare: 50_000,
        registrationRefund: 50_000,
        supplyFeeRefund: 5_000,
        policyTotal: 55_000,
        refundableOnPayment: 55_000,
        refund: 55_000,
        capped: false,
      });
      expect(q.policySentences[0]).toBe(
        'Withdraw by Friday, November 20, 2026 (14 days before the first day) and we refund everything you paid.',
      );
    });

    it('counts the center’s date, not UTC’s: 9 pm in California is still the last full-refund day', async () => {
      const { family } = await edge('Evening Room', {
        sessionStartDate: '2026-12-04',
        refundFullDaysBefore: 14,
      });
      clock.set('2026-11-21T05:00:00Z'); // already the 21st in UTC
      const q = (await quote(family.token, family.enrollmentIds[0]!)).json() as Quote;
      expect(q).toMatchObject({ today: '2026-11-20', window: 'full', refund: 55_000 });
    });

    it('gives the percentage of the registration the day after, and no supply fee', async () => {
      const { q } = await edge('Dayafter Room', { sessionStartDate: '2026-12-03', refundFullDaysBefore: 14 });
      expect(q).toMatchObject({
        window: 'partial',
        fullRefundUntil: '2026-11-19',
        registrationRefund: 25_000,
        supplyFeeRefund: 0,
        refund: 25_000,
      });
      expect(q.policySentences).toContain(
        'After that, we refund 50% of the registration until the last day.',
      );
    });

    it('gives the supply fee back up to its own date, inclusive, and not the day after it', async () => {
      const onDate = await edge('Supplyday Room', {
        sessionStartDate: '2026-12-03',
        supplyFeeRefundUntil: '2026-11-20',
      });
      expect(onDate.q).toMatchObject({ window: 'partial', supplyFeeRefund: 5_000, refund: 30_000 });
      const after = await edge('Supplypast Room', {
        sessionStartDate: '2026-12-03',
        supplyFeeRefundUntil: '2026-11-19',
      });
      expect(after.q).toMatchObject({ window: 'partial', supplyFeeRefund: 0, refund: 25_000 });
    });

    it('0% after the date: nothing back, the child is withdrawn with no refund and no refund row', async () => {
      const { family, q } = await edge('Nothing Room', {
        sessionStartDate: '2026-12-03',
        refundPercentAfter: 0,
      });
      expect(q).toMatchObject({ window: 'partial', registrationRefund: 0, supplyFeeRefund: 0, refund: 0 });
      expect(q.policySentences).toContain('After that, the registration is not refunded.');
      const res = await withdraw(family.token, family.enrollmentIds[0]!, 0);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ refund: 0, refundStatus: 'None' });
      expect(res.json().message).toMatch(/^Ava is withdrawn\. There is no refund/);
      expect(await refundRows(family.paymentId)).toEqual([]);
      expect((await enrollmentRow(family.enrollmentIds[0]!)).status).toBe('Withdrawn');
      expect((await mailsTo(family.email)).map((m) => m.text).join('\n')).toMatch(/there is no refund/);
    });

    it('100% after the date: the whole registration, but the supply fee only in the full period', async () => {
      const { q } = await edge('Whole Room', { sessionStartDate: '2026-12-03', refundPercentAfter: 100 });
      expect(q).toMatchObject({
        window: 'partial',
        registrationRefund: 50_000,
        supplyFeeRefund: 0,
        refund: 50_000,
      });
    });
  });

  describe('the sibling discount recomputed', () => {
    it('on a two-child payment the first withdrawal is worth the sibling price, the second the full price, together what was paid', async () => {
      const id = await a.session({
        name: 'Sibling Room',
        rosterSize: 4,
        registrationPrice: 30_000,
        supplyFee: 4_000,
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 10,
        sessionStartDate: '2027-01-18',
      });
      const family = await enrolledFamily('Siblings', id, 2);
      const paid = await paymentRow(family.paymentId);
      expect(paid.finalAmount).toBe(65_000); // 30,000 + 27,000 + 2 × 4,000
      const first = await quoteAndWithdraw(family, family.enrollmentIds[1]!);
      expect(first.quote).toMatchObject({
        registrationShare: 27_000,
        supplyFeeRefund: 4_000,
        refund: 31_000,
      });
      expect(first.result).toMatchObject({ refund: 31_000, refundStatus: 'Succeeded' });
      const second = await quoteAndWithdraw(family, family.enrollmentIds[0]!);
      expect(second.quote).toMatchObject({
        registrationShare: 30_000,
        supplyFeeRefund: 4_000,
        refund: 34_000,
        refundableOnPayment: 34_000,
      });
      expect(first.quote.refund + second.quote.refund).toBe(paid.finalAmount);
      expect(await paymentRow(family.paymentId)).toMatchObject({
        refundedAmount: 65_000,
        status: 'Refunded',
      });
      expect((await providerRefunds(family.paymentId)).map((r) => r.amount).sort()).toEqual([31_000, 34_000]);
    });

    it('never refunds more than the payment still holds: what the office refunded before is taken off', async () => {
      const id = await a.session({ name: 'Capped Room', rosterSize: 3, sessionStartDate: '2027-01-18' });
      const family = await enrolledFamily('Capped', id);
      const staffRefund = await a.call(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 20_000,
        reason: 'Missed a week',
        idempotencyKey: key(),
      });
      expect(staffRefund.statusCode).toBe(201);
      const { quote: q, result } = await quoteAndWithdraw(family, family.enrollmentIds[0]!);
      expect(q).toMatchObject({
        policyTotal: 55_000,
        refundableOnPayment: 35_000,
        refund: 35_000,
        capped: true,
      });
      expect(result.refund).toBe(35_000);
      expect(await paymentRow(family.paymentId)).toMatchObject({
        refundedAmount: 55_000,
        status: 'Refunded',
      });
    });
  });

  describe('withdrawing', () => {
    it('refunds through the provider, Billing shows it, the seat goes to the next family, everyone is emailed, audited', async () => {
      const id = await a.session({ name: 'Heron Room', rosterSize: 1, sessionStartDate: '2027-01-18' });
      const family = await enrolledFamily('Heron', id);
      const coParent = await a.family('Coheron', 0);
      await db().insert(userStudents).values({ userId: coParent.userId, studentId: family.childIds[0]! });
      const first = await a.family('Firstwait', 1);
      const second = await a.family('Secondwait', 1);
      expect((await a.joinWaitlist(first, id)).statusCode).toBe(201);
      clock.advanceMinutes(1);
      expect((await a.joinWaitlist(second, id)).statusCode).toBe(201);
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
      const billing = (await a.call(family.token, 'GET', '/api/Billing')).json();
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
      const center = (await mailsTo(t.config.centerEmail)).filter(
        (m) => m.subject === 'Withdrawal: Ava Heron from Heron Room',
      );
      expect(center).toHaveLength(1);
      expect(center[0]!.text).toContain(`Heron Family (${family.email}) withdrew Ava Heron from Heron Room`);
      expect(center[0]!.text).toContain('Refund: $550.00 — registration $500.00, supply fee $50.00');
      expect(center[0]!.text).toContain(
        'The seat was offered to the next family on the waitlist (one offer).',
      );
      await t.flush();
      expect(
        (await t.mails()).some((m) => m.to === coParent.email && m.subject.startsWith('Ava is withdrawn')),
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
        await fulfillCheckout(t.ctx.registration, family.checkoutId, {
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
      const spanish = await t.app.inject({
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
      const id = await a.session({ name: 'Midnight Room', rosterSize: 3, sessionStartDate: '2026-12-04' });
      const family = await enrolledFamily('Midnight', id);
      const enrollmentId = family.enrollmentIds[0]!;
      const shown = (await quote(family.token, enrollmentId)).json() as Quote;
      expect(shown).toMatchObject({ window: 'full', refund: 55_000 });
      clock.set('2026-11-21T18:00:00Z'); // the next day: the full-refund period is over
      await a.signIn(family);
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
      const id = await a.session({ name: 'Double Room', rosterSize: 3, sessionStartDate: '2027-01-18' });
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
      const id = await a.session({ name: 'Race Room', rosterSize: 10, sessionStartDate: '2027-01-18' });
      for (let round = 0; round < 3; round++) {
        const family = await enrolledFamily(`Racer${round}`, id);
        const enrollmentId = family.enrollmentIds[0]!;
        const [parent, staff] = await Promise.all([
          withdraw(family.token, enrollmentId, 55_000),
          a.call(admin, 'POST', `/api/staff/sessions/${id}/withdraw`, {
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
      const id = await a.session({ name: 'Twoparent Room', rosterSize: 3, sessionStartDate: '2027-01-18' });
      const family = await enrolledFamily('Twoparent', id);
      const coParent = await a.family('Cotwoparent', 0);
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
      const id = await a.session({ name: 'Decline Room', rosterSize: 3, sessionStartDate: '2027-01-18' });
      const family = await enrolledFamily('Decline', id);
      const provider = t.ctx.registration.providers.test!;
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
      expect((await mailsTo(t.config.centerEmail)).map((m) => m.subject)).toContain(
        'Refund not made: $550.00 for Ava Decline',
      );
    });
  });

  describe('who may withdraw what', () => {
    let owner: Awaited<ReturnType<typeof enrolledFamily>>;
    let stranger: Family;
    let sessionId: number;
    beforeAll(async () => {
      clock.set(NOW);
      sessionId = await a.session({ name: 'Guarded Room', rosterSize: 3, sessionStartDate: '2027-01-18' });
      owner = await enrolledFamily('Owner', sessionId);
      stranger = await a.family('Stranger', 1);
    });

    const snapshot = async () => ({
      status: (await enrollmentRow(owner.enrollmentIds[0]!)).status,
      refunds: await count('refunds'),
      audit: await count('audit_events'),
      mail: await count('mail_outbox'),
    });

    it('another family’s enrollment, an unknown id and a malformed id are 404, and nothing changes', async () => {
      const before = await snapshot();
      for (const id of [owner.enrollmentIds[0]!, '00000000-0000-4000-8000-000000000000', 'not-an-id', '1']) {
        const who = id === owner.enrollmentIds[0] ? stranger : owner;
        const q = await quote(who.token, id);
        expect(q.statusCode).toBe(404);
        expect(q.body).not.toContain('Owner');
        const w = await withdraw(who.token, id, 55_000);
        expect(w.statusCode).toBe(404);
        expect(w.json().message).toBe('That enrollment was not found.');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('anonymous is 401 and a staff account 403, and nothing changes', async () => {
      const before = await snapshot();
      const id = owner.enrollmentIds[0]!;
      expect((await quote(null, id)).statusCode).toBe(401);
      expect((await withdraw(null, id, 55_000)).statusCode).toBe(401);
      expect((await quote(admin, id)).statusCode).toBe(403);
      const staff = await withdraw(admin, id, 55_000);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().message).toMatch(/roster/);
      expect(await snapshot()).toEqual(before);
    });

    it('a malformed body names the field', async () => {
      const id = owner.enrollmentIds[0]!;
      const noAmount = await a.call(owner.token, 'POST', `/api/ClassSessionEnrollment/${id}/Withdraw`, {
        idempotencyKey: key(),
      });
      expect(noAmount.statusCode).toBe(400);
      expect(Object.keys(noAmount.json().fields)).toEqual(['expectedRefund']);
      const badKey = await a.call(owner.token, 'POST', `/api/ClassSessionEnrollment/${id}/Withdraw`, {
        expectedRefund: 100,
        idempotencyKey: 'x',
      });
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().fields.idempotencyKey).toMatch(/idempotency key/);
      expect((await enrollmentRow(id)).status).toBe('Enrolled');
    });

    it('a seat only held while paying, and a session that has ended, are 409 with a sentence', async () => {
      const held = await a.family('Holder', 1);
      const hold = await a.enroll(held, sessionId);
      expect(hold.statusCode).toBe(201);
      const [heldRow] = await db()
        .select({ id: classSessionEnrollments.id })
        .from(classSessionEnrollments)
        .where(eq(classSessionEnrollments.paymentId, hold.json().id));
      const pending = await quote(held.token, heldRow!.id);
      expect(pending.statusCode).toBe(409);
      expect(pending.json().message).toMatch(/only held while you pay/);

      const past = await a.session({ name: 'Bygone Room', rosterSize: 3, sessionStartDate: '2027-01-18' });
      const family = await enrolledFamily('Bygone', past);
      await db()
        .update(classSessions)
        .set({ sessionStartDate: '2026-09-01', sessionEndDate: '2026-11-19' })
        .where(eq(classSessions.id, past));
      const ended = await quote(family.token, family.enrollmentIds[0]!);
      expect(ended.statusCode).toBe(409);
      expect(ended.json().message).toBe(
        'Bygone Room ended on Thursday, November 19, 2026, so Ava cannot be withdrawn from it any more.',
      );
      expect((await withdraw(family.token, family.enrollmentIds[0]!, 0)).statusCode).toBe(409);
      expect((await enrollmentRow(family.enrollmentIds[0]!)).status).toBe('Enrolled');
    });
  });

  describe('the session form’s refund policy and sibling discount', () => {
    const body = (overrides: object = {}) => ({ ...springSessionBody('Policy Room'), ...overrides });
    const fields = (s: Record<string, unknown>) => ({
      refundFullDaysBefore: s.refundFullDaysBefore,
      refundPercentAfter: s.refundPercentAfter,
      supplyFeeRefundUntil: s.supplyFeeRefundUntil,
      siblingDiscountType: s.siblingDiscountType,
      siblingDiscountValue: s.siblingDiscountValue,
      siblingDiscountAcrossProgram: s.siblingDiscountAcrossProgram,
    });

    it('stores, keeps on a save that sends them back, and changes the policy and discount', async () => {
      const policy = {
        refundFullDaysBefore: 21,
        refundPercentAfter: 75,
        supplyFeeRefundUntil: '2027-02-20',
        siblingDiscountType: 'Amount',
        siblingDiscountValue: 2_500,
        siblingDiscountAcrossProgram: true,
      };
      const created = await a.call(admin, 'POST', '/api/ClassSession', body(policy));
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      const read = async () => fields((await a.call(null, 'GET', `/api/ClassSession/${id}`)).json());
      expect(await read()).toEqual(policy);
      // The form sends every field back: an edit of something else keeps the policy.
      expect(
        (await a.call(admin, 'PUT', `/api/ClassSession/${id}`, body({ ...policy, rosterSize: 5 })))
          .statusCode,
      ).toBe(200);
      expect(await read()).toEqual(policy);
      const changed = {
        refundFullDaysBefore: 7,
        refundPercentAfter: 0,
        supplyFeeRefundUntil: null,
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 15,
        siblingDiscountAcrossProgram: false,
      };
      expect((await a.call(admin, 'PUT', `/api/ClassSession/${id}`, body(changed))).statusCode).toBe(200);
      expect(await read()).toEqual(changed);
    });

    it('a wrong value is 400 by its field, and nothing is saved', async () => {
      const created = await a.call(admin, 'POST', '/api/ClassSession', body());
      const id = created.json().id as number;
      const cases: Array<[object, string, RegExp]> = [
        [{ refundFullDaysBefore: -1 }, 'refundFullDaysBefore', /0 or more days/],
        [{ refundFullDaysBefore: 2.5 }, 'refundFullDaysBefore', /whole number of days/],
        [{ refundPercentAfter: 101 }, 'refundPercentAfter', /percentage from 0 to 100/],
        [{ supplyFeeRefundUntil: 'next week' }, 'supplyFeeRefundUntil', /date like/],
        [{ siblingDiscountType: 'Percent', siblingDiscountValue: 0 }, 'siblingDiscountValue', /1 to 100/],
        [
          { siblingDiscountType: 'Amount', siblingDiscountValue: 40_000 },
          'siblingDiscountValue',
          /more than the registration/,
        ],
        [{ siblingDiscountType: 'Coupon', siblingDiscountValue: 5 }, 'siblingDiscountType', /./],
      ];
      for (const [change, field, message] of cases) {
        const res = await a.call(admin, 'PUT', `/api/ClassSession/${id}`, body(change));
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().fields[field], JSON.stringify(change)).toMatch(message);
      }
      const [row] = await db().select().from(classSessions).where(eq(classSessions.id, id));
      expect(fields(row!)).toEqual({
        refundFullDaysBefore: 14,
        refundPercentAfter: 50,
        supplyFeeRefundUntil: null,
        siblingDiscountType: null,
        siblingDiscountValue: 0,
        siblingDiscountAcrossProgram: false,
      });
    });
  });
});
