/**
 * Enrollments, waitlists and money on the staff side (issue 10): the role × route matrix over every route
 * (anonymous, parent, teacher assigned, teacher not assigned, director: status and nothing changed), refunds
 * (partial, full, too much, the same key twice, concurrent keys, a checkout webhook racing a refund, a
 * provider failure), withdrawing (the seat offered to the next family), enrolling by hand within the seats,
 * moving atomically, the waitlist actions, the payments list and its CSV, and the audit rows written with
 * the changes they record. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { PAYMENT_CSV_COLUMNS, paymentTableRows } from '@lc/contract';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../src/adapters/payments/stripe.ts';
import { queryRows } from '../src/db/client.ts';
import {
  auditEvents,
  classSessionEnrollments,
  mailOutbox,
  payments,
  refunds,
  sessionStaff,
  waitlistSubmissions,
} from '../src/db/schema.ts';
import { reserveRefund, resumePendingRefunds } from '../src/features/billing/refunds.ts';
import { fulfillCheckout } from '../src/features/enrollment/fulfill-checkout.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';
import { startStripeFake } from './support/stripe-fake.ts';

const NOW = '2026-11-20T18:00:00Z';
const TZ = 'America/Los_Angeles';

describe.each(dbKinds)('staff money on %s', (kind) => {
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
    const res = await a.enroll(family, sessionId);
    expect(res.statusCode).toBe(201);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
    return { ...family, paymentId: res.json().id };
  };

  const paymentRow = async (id: string) =>
    (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const refundRows = async (paymentId: string) =>
    t.database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const auditCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events`))[0]!.n;
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

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    let parent: Family & { paymentId: string };
    let waiting: Family;
    let session: number;
    let other: number;

    beforeAll(async () => {
      session = await a.session({ name: 'Matrix Room', sessionStartDate: '2026-11-02', rosterSize: 1 });
      other = await a.session({ name: 'Matrix Annex', sessionStartDate: '2026-11-02', rosterSize: 5 });
      await t.database.db.insert(sessionStaff).values({ classSessionId: session, userId: teacherId });
      parent = await enrolledFamily('Matrixfam', session);
      waiting = await a.family('Matrixwait', 1);
      expect((await a.joinWaitlist(waiting, session)).statusCode).toBe(201);
    });

    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: parent.token,
        'teacher assigned': teacher,
        'teacher not assigned': otherTeacher,
        admin,
      })[who];

    // Refusals only: the director's successes are each tested below with what they change.
    const routes: Record<string, (who: Who) => ReturnType<typeof as>> = {
      'GET payments': (who) => as(token(who), 'GET', '/api/staff/payments'),
      'GET payments.csv': (who) => as(token(who), 'GET', '/api/staff/payments.csv'),
      'GET children': (who) => as(token(who), 'GET', '/api/staff/children?q=Matrix'),
      'GET session enrollments': (who) => as(token(who), 'GET', `/api/staff/sessions/${session}/enrollments`),
      'POST refund': (who) =>
        as(token(who), 'POST', `/api/staff/payments/${parent.paymentId}/refunds`, {
          amount: 100,
          reason: 'Matrix',
          idempotencyKey: key(),
        }),
      'POST withdraw': (who) =>
        as(token(who), 'POST', `/api/staff/sessions/${session}/withdraw`, {
          studentId: parent.childIds[0],
          reason: 'Matrix',
        }),
      'POST move': (who) =>
        as(token(who), 'POST', `/api/staff/sessions/${session}/move`, {
          studentId: parent.childIds[0],
          toClassSessionId: other,
          reason: 'Matrix',
        }),
      'POST enroll by hand': (who) =>
        as(token(who), 'POST', `/api/staff/sessions/${other}/enrollments`, {
          studentId: waiting.childIds[0],
          amount: 100,
          note: 'Check #1',
        }),
      'POST waitlist action': (who) =>
        as(token(who), 'POST', `/api/staff/sessions/${session}/waitlist/${waiting.childIds[0]}`, {
          action: 'remove',
        }),
    };
    const refused: Record<Exclude<Who, 'admin'>, number> = {
      anonymous: 401,
      parent: 403,
      'teacher assigned': 403,
      'teacher not assigned': 403,
    };
    for (const [route, call] of Object.entries(routes)) {
      for (const [who, status] of Object.entries(refused) as [Who, number][]) {
        it(`${route}: ${who} → ${status}, nothing changed`, async () => {
          const before = {
            audit: await auditCount(),
            mail: await mailCount(),
            refunds: (await refundRows(parent.paymentId)).length,
            enrolled: (await enrollmentOf(session, parent.childIds[0]!))[0]!.status,
            waiting: (
              await t.database.db
                .select()
                .from(waitlistSubmissions)
                .where(eq(waitlistSubmissions.studentId, waiting.childIds[0]!))
            )[0]!.status,
          };
          const res = await call(who);
          expect(res.statusCode).toBe(status);
          expect(res.body).not.toContain('Matrixfam');
          expect(res.body).not.toContain(parent.email);
          expect({
            audit: await auditCount(),
            mail: await mailCount(),
            refunds: (await refundRows(parent.paymentId)).length,
            enrolled: (await enrollmentOf(session, parent.childIds[0]!))[0]!.status,
            waiting: (
              await t.database.db
                .select()
                .from(waitlistSubmissions)
                .where(eq(waitlistSubmissions.studentId, waiting.childIds[0]!))
            )[0]!.status,
          }).toEqual(before);
        });
      }
    }

    it('the director reads the payments, a session’s enrollments and finds a child; unknown ids are 404', async () => {
      expect((await as(admin, 'GET', '/api/staff/payments')).statusCode).toBe(200);
      expect((await as(admin, 'GET', '/api/staff/payments.csv')).statusCode).toBe(200);
      const found = await as(admin, 'GET', '/api/staff/children?q=matrixfam');
      expect(found.json()).toEqual([
        expect.objectContaining({
          studentId: parent.childIds[0],
          parents: [expect.objectContaining({ emailAddress: parent.email })],
        }),
      ]);
      const money = await as(admin, 'GET', `/api/staff/sessions/${session}/enrollments`);
      expect(money.json()).toEqual([
        expect.objectContaining({
          studentId: parent.childIds[0],
          paymentId: parent.paymentId,
          finalAmount: 55_000,
          refundedAmount: 0,
          refundable: 55_000,
        }),
      ]);
      expect((await as(admin, 'GET', '/api/staff/sessions/999999/enrollments')).statusCode).toBe(404);
      expect((await as(admin, 'GET', '/api/staff/sessions/abc/enrollments')).statusCode).toBe(404);
      const unknownPayment = await as(
        admin,
        'POST',
        '/api/staff/payments/00000000-0000-0000-0000-000000000000/refunds',
        { amount: 100, reason: 'x', idempotencyKey: key() },
      );
      expect(unknownPayment.statusCode).toBe(404);
      expect(
        (await as(admin, 'POST', `/api/staff/sessions/${session}/waitlist/not-a-uuid`, { action: 'skip' }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('refunds', () => {
    let session: number;
    beforeAll(async () => {
      session = await a.session({ name: 'Refund Room', sessionStartDate: '2026-11-02', rosterSize: 10 });
    });

    it('a partial refund, then the rest: the payment is Refunded, the family emailed, Billing shows it, audited', async () => {
      const family = await enrolledFamily('Partial', session);
      const first = await as(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
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

      const rest = await as(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 35_000,
        reason: 'Family moved away',
        idempotencyKey: key(),
      });
      expect(rest.json()).toMatchObject({ paymentRefundedAmount: 55_000, paymentStatus: 'Refunded' });
      const audits = await t.database.db
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
        actorUserId: adminId,
        before: { refundedAmount: 20_000, status: 'Paid' },
        after: { refundedAmount: 55_000, status: 'Refunded' },
      });
      // Nothing is left: 409 for a refunded payment.
      const more = await as(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 1,
        reason: 'Again',
        idempotencyKey: key(),
      });
      expect(more.statusCode).toBe(409);
    });

    it('more than is left is refused with 400 by the amount field, and nothing changes', async () => {
      const family = await enrolledFamily('Over', session);
      const audits = await auditCount();
      const res = await as(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 55_001,
        reason: 'Too much',
        idempotencyKey: key(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.amount).toBe('You can refund at most $550.00 of this payment.');
      expect(await refundRows(family.paymentId)).toEqual([]);
      expect((await paymentRow(family.paymentId)).refundedAmount).toBe(0);
      expect(await auditCount()).toBe(audits);
      const bad = await as(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 0,
        reason: '',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'reason']);
      const noKey = await as(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
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
        t.app.inject({
          method: 'POST',
          url: `/api/staff/payments/${family.paymentId}/refunds`,
          headers: { authorization: `Bearer ${admin}`, 'idempotency-key': k },
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
      const different = await t.app.inject({
        method: 'POST',
        url: `/api/staff/payments/${family.paymentId}/refunds`,
        headers: { authorization: `Bearer ${admin}`, 'idempotency-key': k },
        payload: { amount: 5_000, reason: 'Double click' },
      });
      expect(different.statusCode).toBe(409);
    });

    it('two directors refunding at once with different keys cannot give back more than was paid', async () => {
      const family = await enrolledFamily('Race', session);
      const attempts = await Promise.all(
        [0, 1, 2].map(() =>
          as(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
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
      const provider = t.ctx.registration.providers.test!;
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
        const refunding = as(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
          amount: 55_000,
          reason: 'Whole thing',
          idempotencyKey: key(),
        });
        await expect.poll(() => calls.length).toBe(1);
        const checkoutId = (await paymentRow(family.paymentId)).checkoutId!;
        // During: the refund is Pending at the provider; the webhook sees a final (Paid) payment.
        expect(
          await fulfillCheckout(t.ctx.registration, checkoutId, {
            event: { id: `evt_during_${kind}`, type: 'checkout.session.completed' },
          }),
        ).toBe('already-final');
        release();
        expect((await refunding).statusCode).toBe(201);
        // After: Refunded is final too.
        expect(
          await fulfillCheckout(t.ctx.registration, checkoutId, {
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
      const provider = t.ctx.registration.providers.test!;
      const original = provider.refund;
      provider.refund = async () => {
        throw new Error('card_declined');
      };
      try {
        const res = await as(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
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
      const again = await as(admin, 'POST', `/api/staff/payments/${family.paymentId}/refunds`, {
        amount: 55_000,
        reason: 'Second try',
        idempotencyKey: key(),
      });
      expect(again.statusCode).toBe(201);
    });
    it('a refund interrupted between its two steps (the server stopped) is completed once by the background job', async () => {
      const family = await enrolledFamily('Interrupted', session);
      // Step 1 committed, then the server stopped before calling the provider.
      const { refund } = await t.database.db.transaction((tx) =>
        reserveRefund(
          tx,
          adminId,
          family.paymentId,
          { amount: 15_000, reason: 'Sick for a week', idempotencyKey: key() },
          clock.now(),
        ),
      );
      const deps = t.ctx.registration;
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
      const done = await t.database.db
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
      const { refund } = await t.database.db.transaction((tx) =>
        reserveRefund(
          tx,
          adminId,
          family.paymentId,
          { amount: 5_000, reason: 'Left over', idempotencyKey: key() },
          clock.now(),
        ),
      );
      // Asked for 21 hours ago (the row is dated back rather than the whole file's clock moved on).
      await t.database.db
        .update(refunds)
        .set({ created: new Date(clock.now().getTime() - 21 * 3_600_000) })
        .where(eq(refunds.id, refund.id));
      expect(await resumePendingRefunds(t.ctx.registration)).not.toContain(refund.id);
      expect(await refundRows(family.paymentId)).toEqual([
        expect.objectContaining({ id: refund.id, status: 'Pending' }),
      ]);
      expect(await paymentRow(family.paymentId)).toMatchObject({ refundedAmount: 0 });
    });
  });

  describe('withdraw, enroll by hand, move, waitlist', () => {
    it('withdrawing offers the seat to the next waiting family (email queued), records the reason, can refund', async () => {
      const full = await a.session({ name: 'Full Room', sessionStartDate: '2026-11-02', rosterSize: 1 });
      const enrolled = await enrolledFamily('Leaving', full);
      const first = await a.family('Firstinline', 1);
      const second = await a.family('Secondinline', 1);
      expect((await a.joinWaitlist(first, full)).statusCode).toBe(201);
      tick();
      expect((await a.joinWaitlist(second, full)).statusCode).toBe(201);

      const missingReason = await as(admin, 'POST', `/api/staff/sessions/${full}/withdraw`, {
        studentId: enrolled.childIds[0],
        reason: ' ',
      });
      expect(missingReason.statusCode).toBe(400);
      expect(missingReason.json().fields.reason).toBe('Please say why the child is leaving.');
      const tooMuch = await as(admin, 'POST', `/api/staff/sessions/${full}/withdraw`, {
        studentId: enrolled.childIds[0],
        reason: 'Moving away',
        refundAmount: 99_999,
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().fields.refundAmount).toMatch(/at most \$550\.00/);
      expect((await enrollmentOf(full, enrolled.childIds[0]!))[0]!.status).toBe('Enrolled');

      const res = await as(admin, 'POST', `/api/staff/sessions/${full}/withdraw`, {
        studentId: enrolled.childIds[0],
        reason: 'Moving away',
        refundAmount: 27_500,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ offered: 1, refundId: expect.any(String) });
      const [enrollment] = await enrollmentOf(full, enrolled.childIds[0]!);
      expect(enrollment).toMatchObject({ status: 'Withdrawn', withdrawnReason: 'Moving away' });
      expect(enrollment!.withdrawnAt).toBeInstanceOf(Date);
      const places = await t.database.db
        .select()
        .from(waitlistSubmissions)
        .where(eq(waitlistSubmissions.classSessionId, full));
      expect(places.find((p) => p.studentId === first.childIds[0])!.status).toBe('Offered');
      expect(places.find((p) => p.studentId === second.childIds[0])!.status).toBe('Waiting');
      expect((await mailsTo(first.email)).map((m) => m.subject)).toContain(
        'A seat opened for Ava in Full Room',
      );
      expect((await mailsTo(enrolled.email)).map((m) => m.subject)).toEqual(
        expect.arrayContaining([
          'Ava has been withdrawn from Full Room',
          'We’ve refunded $275.00 for Full Room',
        ]),
      );
      expect(await paymentRow(enrolled.paymentId)).toMatchObject({ refundedAmount: 27_500, status: 'Paid' });
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, enrollment!.id), eq(auditEvents.action, 'enrollment.withdraw')));
      expect(audit).toMatchObject({
        actorUserId: adminId,
        after: { status: 'Withdrawn', reason: 'Moving away' },
      });
      // Withdrawn already: 404.
      const again = await as(admin, 'POST', `/api/staff/sessions/${full}/withdraw`, {
        studentId: enrolled.childIds[0],
        reason: 'Again',
      });
      expect(again.statusCode).toBe(404);
    });

    it('a withdrawal rolls back whole when a step fails: no withdrawal, no audit row, no mail', async () => {
      const room = await a.session({ name: 'Rollback Room', sessionStartDate: '2026-11-02', rosterSize: 2 });
      const family = await enrolledFamily('Rollback', room);
      const before = { audit: await auditCount(), mail: await mailCount() };
      // The refund reservation fails (the payment is not paid any more) after the lookup: all of it rolls back.
      await t.database.db.update(payments).set({ status: 'Failed' }).where(eq(payments.id, family.paymentId));
      const res = await as(admin, 'POST', `/api/staff/sessions/${room}/withdraw`, {
        studentId: family.childIds[0],
        reason: 'Test',
        refundAmount: 100,
      });
      expect(res.statusCode).toBe(409);
      expect((await enrollmentOf(room, family.childIds[0]!))[0]!.status).toBe('Enrolled');
      expect({ audit: await auditCount(), mail: await mailCount() }).toEqual(before);
    });

    it('enrolling by hand records an offline payment with its note, within the seats (409 when full)', async () => {
      const room = await a.session({ name: 'Check Room', sessionStartDate: '2026-11-02', rosterSize: 1 });
      const byCheck = await a.family('Bycheck', 1);
      const late = await a.family('Toolate', 1);
      const res = await as(admin, 'POST', `/api/staff/sessions/${room}/enrollments`, {
        studentId: byCheck.childIds[0],
        amount: 55_000,
        note: 'Check #1042',
      });
      expect(res.statusCode).toBe(201);
      expect(await paymentRow(res.json().paymentId)).toMatchObject({
        status: 'Paid',
        provider: 'offline',
        note: 'Check #1042',
        finalAmount: 55_000,
        userId: byCheck.userId,
      });
      expect((await enrollmentOf(room, byCheck.childIds[0]!))[0]!.status).toBe('Enrolled');
      expect((await mailsTo(byCheck.email)).map((m) => m.subject)).toContain('You’re enrolled: Check Room');
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, res.json().enrollmentId));
      expect(audit).toMatchObject({ action: 'enrollment.create.offline', after: { note: 'Check #1042' } });

      const before = await auditCount();
      const full = await as(admin, 'POST', `/api/staff/sessions/${room}/enrollments`, {
        studentId: late.childIds[0],
        amount: 55_000,
        note: 'Check #1043',
      });
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toBe(
        'Check Room is full (1 of 1 seats taken). Withdraw a child or raise the roster size first.',
      );
      const twice = await as(admin, 'POST', `/api/staff/sessions/${room}/enrollments`, {
        studentId: byCheck.childIds[0],
        amount: 1,
        note: 'Again',
      });
      expect(twice.statusCode).toBe(409);
      expect(await auditCount()).toBe(before);
      expect(
        (await t.database.db.select().from(payments).where(eq(payments.userId, late.userId))).length,
      ).toBe(0);
      // The parent's Billing shows the office's payment.
      const billing = (await as(byCheck.token, 'GET', '/api/Billing')).json();
      expect(billing[0]).toMatchObject({ provider: 'offline', status: 'Paid', finalAmount: 55_000 });
    });

    it('moving is one step: withdrawn from A (seat offered on), enrolled in B with the same payment; B full → 409, nothing changed', async () => {
      const roomA = await a.session({ name: 'Room A', sessionStartDate: '2026-11-02', rosterSize: 1 });
      const roomB = await a.session({ name: 'Room B', sessionStartDate: '2026-11-02', rosterSize: 1 });
      const roomC = await a.session({ name: 'Room C', sessionStartDate: '2026-11-02', rosterSize: 1 });
      const mover = await enrolledFamily('Mover', roomA);
      await enrolledFamily('Sitting', roomC);
      const waitingA = await a.family('Waitinga', 1);
      expect((await a.joinWaitlist(waitingA, roomA)).statusCode).toBe(201);

      const before = { audit: await auditCount(), mail: await mailCount() };
      const refused = await as(admin, 'POST', `/api/staff/sessions/${roomA}/move`, {
        studentId: mover.childIds[0],
        toClassSessionId: roomC,
        reason: 'Better days',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().fields.toClassSessionId).toMatch(/^Room C is full/);
      expect((await enrollmentOf(roomA, mover.childIds[0]!))[0]!.status).toBe('Enrolled');
      expect(await enrollmentOf(roomC, mover.childIds[0]!)).toHaveLength(0);
      expect({ audit: await auditCount(), mail: await mailCount() }).toEqual(before);

      const res = await as(admin, 'POST', `/api/staff/sessions/${roomA}/move`, {
        studentId: mover.childIds[0],
        toClassSessionId: roomB,
        reason: 'Better days',
      });
      expect(res.statusCode).toBe(200);
      const [fromA] = await enrollmentOf(roomA, mover.childIds[0]!);
      const [inB] = await enrollmentOf(roomB, mover.childIds[0]!);
      expect(fromA).toMatchObject({ status: 'Withdrawn', withdrawnReason: 'Moved to Room B: Better days' });
      expect(inB).toMatchObject({ status: 'Enrolled', paymentId: mover.paymentId });
      const [offer] = await t.database.db
        .select()
        .from(waitlistSubmissions)
        .where(eq(waitlistSubmissions.studentId, waitingA.childIds[0]!));
      expect(offer!.status).toBe('Offered');
      expect((await mailsTo(mover.email)).map((m) => m.subject)).toContain('Ava has moved to Room B');
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, fromA!.id), eq(auditEvents.action, 'enrollment.move')));
      expect(audit).toMatchObject({
        before: { classSessionId: roomA },
        after: { classSessionId: roomB, paymentId: mover.paymentId },
      });
    });

    it('the waitlist: offer now (only with a free seat), skip to the end, remove with an email', async () => {
      // Waitlist-only until January: no automatic offers, the office decides.
      const room = await a.session({
        name: 'Line Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 1,
      });
      await enrolledFamily('Holder', room);
      const one = await a.family('Lineone', 1);
      const two = await a.family('Linetwo', 1);
      const three = await a.family('Linethree', 1);
      for (const f of [one, two, three]) {
        tick();
        expect((await a.joinWaitlist(f, room)).statusCode).toBe(201);
      }
      const line = async () =>
        (await as(admin, 'GET', `/api/staff/sessions/${room}/roster`))
          .json()
          .waitlist.map((w: { lastName: string; status: string }) => `${w.lastName}:${w.status}`);
      expect(await line()).toEqual(['Lineone:Waiting', 'Linetwo:Waiting', 'Linethree:Waiting']);

      const act = (f: Family, action: string) => {
        tick();
        return as(admin, 'POST', `/api/staff/sessions/${room}/waitlist/${f.childIds[0]}`, { action });
      };
      // No free seat: no offer.
      expect((await act(two, 'offer')).statusCode).toBe(409);
      // Skip: Lineone goes to the end.
      expect((await act(one, 'skip')).statusCode).toBe(204);
      expect(await line()).toEqual(['Linetwo:Waiting', 'Linethree:Waiting', 'Lineone:Waiting']);
      // Remove: Linethree's place ends, the family is told.
      expect((await act(three, 'remove')).statusCode).toBe(204);
      expect(await line()).toEqual(['Linetwo:Waiting', 'Lineone:Waiting']);
      expect((await mailsTo(three.email)).map((m) => m.subject)).toContain(
        'Ava’s waitlist place for Line Room has ended',
      );
      expect((await act(three, 'remove')).statusCode).toBe(404);
      // A free seat (raised roster size): offered to the one the director picks.
      await t.database.db.execute(sql`update class_sessions set roster_size = 2 where id = ${room}`);
      expect((await act(one, 'offer')).statusCode).toBe(204);
      // The roster lists those waiting first, then offers.
      expect(await line()).toEqual(['Linetwo:Waiting', 'Lineone:Offered']);
      expect((await mailsTo(one.email)).map((m) => m.subject)).toContain(
        'A seat opened for Ava in Line Room',
      );
      // Skipping an offered child passes the seat to the next in line.
      expect((await act(one, 'skip')).statusCode).toBe(204);
      expect(await line()).toEqual(['Lineone:Waiting', 'Linetwo:Offered']);
      const actions = await queryRows<{ action: string }>(
        t.database.db,
        sql`select action from audit_events where entity_type = 'WaitlistSubmission' order by at, id`,
      );
      expect(actions.map((r) => r.action)).toEqual([
        'waitlist.skip',
        'waitlist.remove',
        'waitlist.offer',
        'waitlist.skip',
      ]);
    });
  });

  describe('the payments list', () => {
    it('filters by status, session and dates, paginates, totals, and the CSV is exactly the table', async () => {
      const room = await a.session({ name: '=Ledger Room', sessionStartDate: '2026-11-02', rosterSize: 10 });
      const f1 = await enrolledFamily('Ledgerone', room);
      await enrolledFamily('Ledgertwo', room);
      await enrolledFamily('Ledgerthree', room);
      await as(admin, 'POST', `/api/staff/payments/${f1.paymentId}/refunds`, {
        amount: 5_000,
        reason: 'Sibling discount',
        idempotencyKey: key(),
      });
      const page1 = (await as(admin, 'GET', `/api/staff/payments?classSessionId=${room}&pageSize=2`)).json();
      const page2 = (
        await as(admin, 'GET', `/api/staff/payments?classSessionId=${room}&pageSize=2&page=2`)
      ).json();
      expect(page1.total).toBe(3);
      expect(page1.items).toHaveLength(2);
      expect(page2.items).toHaveLength(1);
      expect(page1.totals).toEqual({ paid: 165_000, refunded: 5_000, net: 160_000 });
      expect(page1.items[0]).toMatchObject({ sessionName: '=Ledger Room', status: 'Paid' });
      const refundedOne = [...page1.items, ...page2.items].find((p) => p.id === f1.paymentId);
      expect(refundedOne).toMatchObject({
        refundedAmount: 5_000,
        refundable: 50_000,
        children: ['Ava Ledgerone'],
      });

      const none = (
        await as(admin, 'GET', `/api/staff/payments?classSessionId=${room}&status=Pending`)
      ).json();
      expect(none).toMatchObject({ total: 0, totals: { paid: 0, refunded: 0, net: 0 } });
      const today = (
        await as(admin, 'GET', `/api/staff/payments?classSessionId=${room}&from=2026-11-20&to=2026-11-20`)
      ).json();
      expect(today.total).toBe(3);
      const tomorrow = (
        await as(admin, 'GET', `/api/staff/payments?classSessionId=${room}&from=2026-11-21`)
      ).json();
      expect(tomorrow.total).toBe(0);
      const bad = await as(admin, 'GET', '/api/staff/payments?status=Lost');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.status).toBe('Choose a payment status from the list.');
      const backwards = await as(admin, 'GET', '/api/staff/payments?from=2026-12-01&to=2026-11-01');
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().fields.to).toBe('The end date must be on or after the start date.');

      const csv = await as(admin, 'GET', `/api/staff/payments.csv?classSessionId=${room}`);
      expect(csv.headers['content-type']).toContain('text/csv');
      const [header, ...rows] = parse(csv.body) as string[][];
      expect(header).toEqual([...PAYMENT_CSV_COLUMNS]);
      const table = paymentTableRows([...page1.items, ...page2.items], TZ);
      expect(rows).toEqual(table.map((row) => row.map((c) => (/^[=+\-@]/.test(c) ? `'${c}` : c))));
      expect(rows[0]![3]).toBe("'=Ledger Room");
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
