/**
 * The parent's withdrawal rules at their edges (server/src/features/enrollment/withdraw*.ts; issue 13,
 * decision 019), through the API: the session's last day (still allowed) and the day after (409 on the
 * withdrawal itself, not only on the quote), refunds in flight taken off what the payment can give (and never
 * below $0), how the money goes back (card, office, none), the quote in full, and each refusal's sentence in
 * English and Spanish. Each test makes its own family and session. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSessionEnrollments, payments } from '../../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { movableClock } from '../support/registration.ts';
import { NOW, withdrawals } from './withdraw-support.ts';

describe.each(dbKinds)('a parent’s withdrawal at its edges, on %s', (kind) => {
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

  it('on the session’s last day a parent may still withdraw; the day after, the withdrawal itself is 409', async () => {
    clock.set(NOW);
    const id = await w.a.session({
      name: 'Short Room',
      sessionStartDate: '2026-11-02',
      sessionEndDate: '2026-11-21',
      registrationStartDate: new Date('2026-10-01T17:00:00Z'),
      registrationEndDate: new Date('2026-11-30T17:00:00Z'),
      rosterSize: 3,
    });
    const lastDay = await w.enrolledFamily('Lastday', id);
    const dayAfter = await w.enrolledFamily('Dayafter', id);
    await w.at('2026-11-21T18:00:00Z', lastDay);
    const q = await w.quote(lastDay.token, lastDay.enrollmentId);
    expect(q.statusCode).toBe(200);
    expect(q.json()).toMatchObject({ window: 'partial', refund: 25_000 });
    expect((await w.withdraw(lastDay.token, lastDay.enrollmentId, 25_000)).statusCode).toBe(200);

    await w.at('2026-11-22T18:00:00Z', dayAfter);
    const ended =
      'Short Room ended on Saturday, November 21, 2026, so Ava cannot be withdrawn from it any more.';
    // Straight to the withdrawal, at the refund the policy would give: refused for the date alone.
    const res = await w.withdraw(dayAfter.token, dayAfter.enrollmentId, 25_000);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ended);
    const es = await w.withdraw(dayAfter.token, dayAfter.enrollmentId, 25_000, { language: 'es' });
    expect(es.json().message).toBe(
      'Short Room terminó el sábado, 21 de noviembre de 2026, así que ya no se puede dar de baja a Ava.',
    );
    const quoted = await w.quote(dayAfter.token, dayAfter.enrollmentId);
    expect([quoted.statusCode, quoted.json().message]).toEqual([409, ended]);
    expect((await w.enrollmentRow(dayAfter.enrollmentId)).status).toBe('Enrolled');
    expect(await w.refundRows(dayAfter.paymentId)).toEqual([]);
    expect(await w.withdrawAudits(dayAfter.enrollmentId)).toEqual([]);
  });

  it('refunds in flight are taken off what the payment can still give, never below $0', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Inflight Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Inflight', id);
    await w.db().update(payments).set({ refundedAmount: 5_000 }).where(eq(payments.id, family.paymentId));
    await w.refundInProgress(family.paymentId, 10_000);
    const q = await w.quote(family.token, family.enrollmentId);
    expect(q.json()).toMatchObject({
      policyTotal: 55_000,
      refundableOnPayment: 40_000,
      refund: 40_000,
      capped: true,
    });
    // The withdrawal decides the same under its locks: 40,000 is the refund, 55,000 is refused.
    const wrong = await w.withdraw(family.token, family.enrollmentId, 55_000);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(
      /^The refund for withdrawing Ava today is \$400\.00, not the \$550\.00/,
    );
    expect(wrong.json().fields).toEqual({ expectedRefund: 'The refund is now $400.00.' });
    await w.refundInProgress(family.paymentId, 45_000);
    expect((await w.quote(family.token, family.enrollmentId)).json()).toMatchObject({
      refundableOnPayment: 0,
      refund: 0,
      capped: true,
    });
    const res = await w.withdraw(family.token, family.enrollmentId, 0);
    expect(res.json()).toMatchObject({ refund: 0, refundStatus: 'None' });
    expect((await w.refundRows(family.paymentId)).map((r) => r.reason)).toEqual(['In flight', 'In flight']);
  });

  it('a payment no longer Paid (refunded in full by the office) gives nothing back', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Refunded Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Refunded', id);
    await w.db().update(payments).set({ status: 'Refunded' }).where(eq(payments.id, family.paymentId));
    expect((await w.quote(family.token, family.enrollmentId)).json()).toMatchObject({
      policyTotal: 55_000,
      refundableOnPayment: 0,
      refund: 0,
      capped: true,
    });
  });

  it('the money goes back the way it came: the card, the office (a check), or no way at all', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Method Room', sessionStartDate: '2027-01-18', rosterSize: 6 });
    const card = await w.enrolledFamily('Card', id);
    expect((await w.quote(card.token, card.enrollmentId)).json().refundMethod).toBe('card');
    const office = await w.enrolledFamily('Office', id);
    await w.db().update(payments).set({ provider: 'offline' }).where(eq(payments.id, office.paymentId));
    expect((await w.quote(office.token, office.enrollmentId)).json().refundMethod).toBe('office');
    const res = await w.withdraw(office.token, office.enrollmentId, 55_000);
    expect(res.json()).toEqual({
      enrollmentId: office.enrollmentId,
      refund: 55_000,
      refundStatus: 'Succeeded',
      message: 'Ava is withdrawn. Our office will give back $550.00 the way you paid, and will be in touch.',
    });
    const free = await w.enrolledFamily('Free', id);
    await w.db().update(payments).set({ provider: 'free' }).where(eq(payments.id, free.paymentId));
    expect((await w.quote(free.token, free.enrollmentId)).json().refundMethod).toBe('none');
    const nothing = await w.enrolledFamily('Nothing', id);
    await w.db().update(payments).set({ finalAmount: 0 }).where(eq(payments.id, nothing.paymentId));
    expect((await w.quote(nothing.token, nothing.enrollmentId)).json()).toMatchObject({
      refundMethod: 'none',
      refund: 0,
    });
  });

  it('a place with no payment on record (enrolled by hand) is quoted at nothing, to no one', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Byhand Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.a.family('Byhand', 1);
    const [row] = await w
      .db()
      .insert(classSessionEnrollments)
      .values({ classSessionId: id, studentId: family.childIds[0]!, status: 'Enrolled' })
      .returning();
    expect((await w.quote(family.token, row!.id)).json()).toMatchObject({
      registrationShare: 0,
      policyTotal: 0,
      refundableOnPayment: 0,
      refund: 0,
      capped: false,
      refundMethod: 'none',
    });
    const res = await w.withdraw(family.token, row!.id, 0);
    expect(res.json()).toMatchObject({ refund: 0, refundStatus: 'None' });
    expect(res.json().message).toBe('Ava is withdrawn. There is no refund under the session’s policy.');
  });

  it('on a two-child payment the first place out is worth the sibling price, the last the full price', async () => {
    clock.set(NOW);
    const discount = { siblingDiscountType: 'Percent' as const, siblingDiscountValue: 10, rosterSize: 4 };
    const id = await w.a.session({ name: 'Pair Room', sessionStartDate: '2027-01-18', ...discount });
    const family = await w.enrolledFamily('Pair', id, 2);
    expect((await w.paymentRow(family.paymentId)).finalAmount).toBe(105_000);
    const first = (await w.quote(family.token, family.enrollmentIds[0]!)).json();
    expect(first).toMatchObject({ registrationShare: 45_000, refund: 50_000, refundableOnPayment: 105_000 });
    expect((await w.withdraw(family.token, family.enrollmentIds[0]!, 50_000)).statusCode).toBe(200);
    const last = (await w.quote(family.token, family.enrollmentIds[1]!)).json();
    expect(last).toMatchObject({ registrationShare: 50_000, refund: 55_000, refundableOnPayment: 55_000 });
  });

  it('the quote in full: the policy in words, the window, each part, and where the money goes', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Quote Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Quoted', id);
    const q = await w.quote(family.token, family.enrollmentId);
    expect(q.json()).toEqual({
      enrollmentId: family.enrollmentId,
      child: { id: family.childIds[0], firstName: 'Ava', fullName: 'Ava Quoted' },
      classSession: { id, name: 'Quote Room', sessionStartDate: '2027-01-18', sessionEndDate: '2027-03-15' },
      today: '2026-11-20',
      policy: { refundFullDaysBefore: 14, refundPercentAfter: 50, supplyFeeRefundUntil: null },
      policySentences: [
        'Withdraw by Monday, January 4, 2027 (14 days before the first day) and we refund everything you paid.',
        'After that, we refund 50% of the registration until the last day.',
        'The supply fee ($50.00) is refunded only in the full-refund period.',
      ],
      window: 'full',
      fullRefundUntil: '2027-01-04',
      registrationShare: 50_000,
      registrationRefund: 50_000,
      supplyFeeRefund: 5_000,
      policyTotal: 55_000,
      refundableOnPayment: 55_000,
      siblingDiscounts: [],
      siblingDiscountKept: 0,
      refund: 55_000,
      capped: false,
      refundMethod: 'card',
      plan: null,
    });
    // The director's withdraw dialog starts from the same quote.
    const preview = await w.a.call(await w.a.staff(), 'POST', `/api/staff/sessions/${id}/withdraw/preview`, {
      studentId: family.childIds[0],
    });
    expect(preview.json().quote).toEqual(q.json());
    // The center's date decides the window: 11 pm on January 4 in California is still the last full day.
    await w.at('2027-01-05T07:00:00Z', family);
    expect((await w.quote(family.token, family.enrollmentId)).json()).toMatchObject({
      today: '2027-01-04',
      window: 'full',
      refund: 55_000,
    });
    await w.at('2027-01-05T08:00:00Z', family);
    expect((await w.quote(family.token, family.enrollmentId)).json()).toMatchObject({
      today: '2027-01-05',
      window: 'partial',
      registrationRefund: 25_000,
      supplyFeeRefund: 0,
      refund: 25_000,
    });
  });

  it('who may ask: staff 403; an unknown, malformed or another family’s id 404', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Guard Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Guarded', id);
    const stranger = await w.a.family('Stranger', 1);
    const staff = await w.a.staff();
    for (const call of [
      w.quote(staff, family.enrollmentId),
      w.withdraw(staff, family.enrollmentId, 55_000),
    ]) {
      const res = await call;
      expect([res.statusCode, res.json().message]).toEqual([
        403,
        'Staff accounts withdraw children from the session’s roster, not from the Student Portal.',
      ]);
    }
    for (const enrollmentId of [family.enrollmentId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const call of [
        w.quote(stranger.token, enrollmentId),
        w.withdraw(stranger.token, enrollmentId, 0),
      ]) {
        const res = await call;
        expect([res.statusCode, res.json().message]).toEqual([404, 'That enrollment was not found.']);
      }
    }
    expect((await w.enrollmentRow(family.enrollmentId)).status).toBe('Enrolled');
  });

  it('a place not enrolled is refused with a sentence: held while paying, cancelled, withdrawn (with its date)', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'State Room', sessionStartDate: '2027-01-18', rosterSize: 6 });
    const held = await w.a.family('Held', 1);
    const res = await w.a.enroll(held, id);
    const [heldRow] = await w
      .db()
      .select()
      .from(classSessionEnrollments)
      .where(eq(classSessionEnrollments.paymentId, res.json().id));
    const refusal = async (token: string, enrollmentId: string, language?: 'es') => {
      const quoted = await w.quote(token, enrollmentId, language);
      const withdrawn = await w.withdraw(token, enrollmentId, 0, { language });
      expect(quoted.statusCode).toBe(409);
      expect(withdrawn.statusCode).toBe(409);
      expect(withdrawn.json().message).toBe(quoted.json().message);
      return quoted.json().message as string;
    };
    expect(await refusal(held.token, heldRow!.id)).toBe(
      'Ava’s seat in State Room is only held while you pay, so there is nothing to withdraw yet. If you do not finish paying, the hold ends by itself.',
    );
    const cancelled = await w.enrolledFamily('Cancelled', id);
    await w
      .db()
      .update(classSessionEnrollments)
      .set({ status: 'Cancelled' })
      .where(eq(classSessionEnrollments.id, cancelled.enrollmentId));
    expect(await refusal(cancelled.token, cancelled.enrollmentId)).toBe(
      'Ava’s place in State Room was cancelled, so there is nothing to withdraw.',
    );
    expect(await refusal(cancelled.token, cancelled.enrollmentId, 'es')).toBe(
      'El lugar de Ava en State Room se canceló, así que no hay nada que dar de baja.',
    );
    const gone = await w.enrolledFamily('Gone', id);
    expect((await w.withdraw(gone.token, gone.enrollmentId, 55_000)).statusCode).toBe(200);
    expect(await refusal(gone.token, gone.enrollmentId)).toBe(
      'Ava was already withdrawn from State Room on Friday, November 20, 2026.',
    );
    expect(await refusal(gone.token, gone.enrollmentId, 'es')).toBe(
      'Ya se había dado de baja a Ava de State Room el viernes, 20 de noviembre de 2026.',
    );
    await w
      .db()
      .update(classSessionEnrollments)
      .set({ withdrawnAt: null })
      .where(eq(classSessionEnrollments.id, gone.enrollmentId));
    expect(await refusal(gone.token, gone.enrollmentId)).toBe('Ava was already withdrawn from State Room.');
  });

  it('the emails leave at once, without waiting for the background round', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Prompt Room', sessionStartDate: '2027-01-18', rosterSize: 3 });
    const family = await w.enrolledFamily('Prompt', id);
    await t.flush();
    expect((await w.withdraw(family.token, family.enrollmentId, 55_000)).statusCode).toBe(200);
    const sent = async () =>
      (await w.mailsTo(family.email)).some(
        (m) => m.subject.startsWith('Ava is withdrawn') && m.status === 'Sent',
      );
    for (let i = 0; i < 100 && !(await sent()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await sent()).toBe(true);
  });

  it('the OpenAPI document says what the two routes do and answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const quote = doc.paths['/api/ClassSessionEnrollment/{enrollmentId}/Withdrawal'].get;
    expect(quote.tags).toEqual(['Enrollment']);
    expect(quote.summary).toBe('The refund withdrawing this child today gives');
    expect(quote.description).toMatch(/^For the caller’s own enrolled child: the session’s refund policy/);
    expect(JSON.stringify(quote.responses['200'])).toContain('refundableOnPayment');
    const withdraw = doc.paths['/api/ClassSessionEnrollment/{enrollmentId}/Withdraw'].post;
    expect(withdraw.tags).toEqual(['Enrollment']);
    expect(withdraw.summary).toBe('Withdraw the caller’s child and refund under the session’s policy');
    expect(withdraw.description).toMatch(/^`expectedRefund` is the refund \(cents\) the parent confirmed/);
    expect(JSON.stringify(withdraw.responses['200'])).toContain('refundStatus');
    expect(JSON.stringify(withdraw.requestBody)).toContain('idempotencyKey');
  });
});
