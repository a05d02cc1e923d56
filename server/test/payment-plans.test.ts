/**
 * Payment plans (issue 23, contract `payment-plan.ts`): a family enrolls on a session's plan, pays the deposit
 * and the plan's fee at the checkout, and owes each instalment on its date; the roster, Billing and the aging
 * report read the same schedule to the cent; odd cents go to the last instalment; the sibling discount comes
 * off the instalments; a late instalment is overdue and ages from its own date; "pay now" pays the earliest
 * instalment first; a withdrawal mid-plan cancels what is unpaid; the plan closes on its first instalment's
 * date. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { placeDues } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';

const DAY_MINUTES = 24 * 60;

/** A $1,850 term ($1,800 and a $50 supply fee) on a plan: $350 now, three monthly instalments, a $25 fee. */
const termPlan = {
  registrationPrice: 180_000,
  supplyFee: 5_000,
  sessionStartDate: '2026-12-07',
  sessionEndDate: '2027-03-19',
  rosterSize: 8,
  planDeposit: 35_000,
  planFee: 2_500,
  planDueDates: ['2026-12-01', '2027-01-01', '2027-02-01'],
};

type Place = {
  sessionName: string;
  studentId: string;
  balance: number;
  status: string;
  dueOn: string | null;
  nextAmount: number;
  overdue: number;
  schedule: { dueOn: string; amount: number; owing: number }[];
};

describe.each(dbKinds)('payment plans on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { as } = office;

  const account = async (token: string) => {
    const res = await as(token, 'GET', '/api/Billing/Account');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      balance: number;
      status: string;
      overdue: number;
      nextDue: { amount: number; dueOn: string; sessionName: string } | null;
      places: Place[];
      entries: { kind: string; amount: number; dueOn: string | null }[];
    };
  };
  const checkoutIdOf = (url: string) => new URL(url, 'http://x').pathname.split('/').at(-1)!;
  const enrollOnPlan = async (token: string, classSessionId: number, studentIds: string[]) =>
    as(token, 'POST', '/api/ClassSessionEnrollment', { classSessionId, studentIds, paymentPlan: true });
  const payCheckout = async (url: string) =>
    expect((await office.a.press(checkoutIdOf(url), 'pay')).statusCode).toBeLessThan(400);
  const agingRow = async (familyName: string) => {
    const res = await as(office.admin, 'GET', '/api/staff/balances?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().rows as { familyName: string }[]).find((r) => r.familyName === familyName);
  };

  it('enrolls on the plan: the deposit and fee now, each instalment owed on its date, everywhere the same', async () => {
    const session = await office.a.session({ name: 'Plan Term Room', ...termPlan });
    const family = await office.a.family('Planner', 1);
    const child = family.childIds[0]!;

    const catalog = (await as(null, 'GET', `/api/ClassSession/${session}`)).json();
    expect(catalog.plan).toEqual({
      deposit: 35_000,
      fee: 2_500,
      dueDates: ['2026-12-01', '2027-01-01', '2027-02-01'],
    });

    const res = await enrollOnPlan(family.token, session, [child]);
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json();
    // The checkout charges the deposit and the fee; the receipt shows the whole schedule.
    expect(payment.finalAmount).toBe(37_500);
    expect(payment.plan).toEqual({
      deposit: 35_000,
      fee: 2_500,
      today: 37_500,
      instalments: [
        { dueOn: '2026-12-01', amount: 50_000 },
        { dueOn: '2027-01-01', amount: 50_000 },
        { dueOn: '2027-02-01', amount: 50_000 },
      ],
      total: 187_500,
    });
    await payCheckout(payment.checkoutUrl);
    // The confirmation says what was paid today and each instalment to come, not the whole price as paid.
    const [confirmed] = (await office.mailsTo(family.email)).filter((m) =>
      m.subject.startsWith('You’re enrolled'),
    );
    expect(confirmed!.text).toContain('Paid today, the deposit and the plan fee: $375.00');
    expect(confirmed!.text).toContain(
      [
        'Still to pay on your payment plan:',
        '  Tuesday, December 1, 2026: $500.00',
        '  Friday, January 1, 2027: $500.00',
        '  Monday, February 1, 2027: $500.00',
        '  In all: $1,875.00',
      ].join('\n'),
    );
    expect(confirmed!.text).not.toContain('What you paid');

    const mine = await account(family.token);
    expect(mine).toMatchObject({
      balance: 150_000,
      status: 'partlyPaid',
      overdue: 0,
      nextDue: { amount: 50_000, dueOn: '2026-12-01', sessionName: 'Plan Term Room' },
    });
    expect(mine.places[0]!.schedule).toEqual([
      { dueOn: '2026-11-20', amount: 37_500, owing: 0 },
      { dueOn: '2026-12-01', amount: 50_000, owing: 50_000 },
      { dueOn: '2027-01-01', amount: 50_000, owing: 50_000 },
      { dueOn: '2027-02-01', amount: 50_000, owing: 50_000 },
    ]);
    // The statement: the term's charges by date, the plan's fee, the payment of the deposit and fee.
    expect(mine.entries.map((e) => [e.kind, e.amount, e.dueOn])).toEqual([
      ['charge', 35_000, '2026-11-20'],
      ['plan_fee', 2_500, '2026-11-20'],
      ['charge', 50_000, '2026-12-01'],
      ['charge', 50_000, '2027-01-01'],
      ['charge', 50_000, '2027-02-01'],
      ['payment', -37_500, null],
    ]);

    const roster = (await as(office.admin, 'GET', `/api/staff/sessions/${session}/enrollments`)).json();
    expect(roster[0].account).toMatchObject({ balance: 150_000, nextAmount: 50_000, dueOn: '2026-12-01' });
    const csv = await as(office.admin, 'GET', `/api/staff/sessions/${session}/roster.csv`);
    expect(csv.body).toContain('Partly paid: $1,500.00 left, next $500.00 due Dec 1, 2026');
    // Not yet due: the whole balance is current.
    expect(await agingRow('Planner Family')).toMatchObject({
      current: 150_000,
      days1to30: 0,
      total: 150_000,
    });
    // Revenue counts the whole term and the fee, as paying in full would (with the fee).
    const [revenue] = await queryRows<{ n: number }>(
      office.t.database.db,
      sql`select coalesce(sum(charged), 0)::int as n from ledger_signed where class_session_id = ${session}`,
    );
    expect(revenue!.n).toBe(187_500);
  });

  it('odd cents go to the last instalment and the sibling discount comes off the instalments', async () => {
    const session = await office.a.session({
      name: 'Plan Odd Cents',
      ...termPlan,
      registrationPrice: 100_000,
      supplyFee: 1,
      planDeposit: 20_000,
      planFee: 0,
      siblingDiscountType: 'Amount',
      siblingDiscountValue: 10_001,
    });
    const family = await office.a.family('Oddcents', 2);
    const res = await enrollOnPlan(family.token, session, family.childIds);
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json();
    expect(payment.finalAmount).toBe(40_000);
    // Two children at $1,000.01 less one $100.01 discount: $1,900.01 in all, $400 now.
    expect(payment.plan.total).toBe(190_001);
    expect(payment.plan.instalments.map((i: { amount: number }) => i.amount)).toEqual([
      50_000, 50_000, 50_001,
    ]);
    await payCheckout(payment.checkoutUrl);

    const mine = await account(family.token);
    expect(mine.balance).toBe(150_001);
    const owed = mine.places.map((p) => p.schedule.slice(1).map((l) => l.amount));
    // Each child's rest divided in three, the remainder cent on the last.
    expect(owed.flat().reduce((n, a) => n + a, 0)).toBe(150_001);
    for (const schedule of owed) expect(schedule[0]).toBe(schedule[1]);
    expect(owed.map((s) => s[2]! - s[0]!).sort()).toEqual([0, 1]);
  });

  it('a withdrawal mid-plan cancels the unpaid instalments: the family owes nothing more', async () => {
    const session = await office.a.session({ name: 'Plan Leaving Room', ...termPlan });
    const family = await office.a.family('Planleaver', 1);
    const res = await enrollOnPlan(family.token, session, family.childIds);
    expect(res.statusCode, res.body).toBe(201);
    await payCheckout(res.json().checkoutUrl);
    const out = await as(office.admin, 'POST', `/api/staff/sessions/${session}/withdraw`, {
      studentId: family.childIds[0],
      reason: 'Moving to Denver',
      refundAmount: 0,
    });
    expect(out.statusCode, out.body).toBe(200);
    const after = await account(family.token);
    expect(after).toMatchObject({ balance: 0, overdue: 0, nextDue: null });
    expect(after.places[0]!.schedule.every((l) => l.owing === 0)).toBe(true);
    // The credit takes the instalments from the last: the deposit and fee stay paid.
    expect(after.places[0]).toMatchObject({ paid: 37_500, status: 'paid' });
    expect(await agingRow('Planleaver Family')).toBeUndefined();
  });

  it('a parent withdrawing in the full-refund window gets back all but the plan fee; nothing stays owed', async () => {
    office.clock.set('2026-11-20T18:00:00Z');
    const session = await office.a.session({ name: 'Plan Parent Early', ...termPlan });
    const family = await office.a.family('Earlyleaver', 1);
    const res = await enrollOnPlan(family.token, session, family.childIds);
    expect(res.statusCode, res.body).toBe(201);
    await payCheckout(res.json().checkoutUrl);
    const enrollmentId = res.json().enrollments[0].id as string;
    const quote = await as(family.token, 'GET', `/api/ClassSessionEnrollment/${enrollmentId}/Withdrawal`);
    expect(quote.statusCode, quote.body).toBe(200);
    // The policy refunds the whole $1,850 place; the center keeps the $25 plan fee of the $375 paid.
    expect(quote.json()).toMatchObject({
      window: 'full',
      refund: 35_000,
      plan: { paid: 37_500, kept: 2_500, owed: 0 },
    });
    const out = await as(family.token, 'POST', `/api/ClassSessionEnrollment/${enrollmentId}/Withdraw`, {
      expectedRefund: 35_000,
      idempotencyKey: office.key(),
    });
    expect(out.statusCode, out.body).toBe(200);
    const after = await account(family.token);
    expect(after).toMatchObject({ balance: 0, nextDue: null });
    expect(after.places[0]).toMatchObject({ charged: 2_500, paid: 2_500, refunded: 35_000 });
  });

  it('a parent withdrawing after the full-refund window still owes what the policy keeps, on the plan dates', async () => {
    office.clock.set('2026-11-20T18:00:00Z');
    const session = await office.a.session({ name: 'Plan Parent Late', ...termPlan });
    const family = await office.a.family('Lateleaver', 1);
    const res = await enrollOnPlan(family.token, session, family.childIds);
    expect(res.statusCode, res.body).toBe(201);
    await payCheckout(res.json().checkoutUrl);
    const enrollmentId = res.json().enrollments[0].id as string;
    // Nov 25: past the full refund (Nov 23); the policy gives back 50% of the $1,800 registration.
    office.clock.set('2026-11-25T18:00:00Z');
    await office.a.signIn(family);
    const quote = await as(family.token, 'GET', `/api/ClassSessionEnrollment/${enrollmentId}/Withdrawal`);
    expect(quote.json()).toMatchObject({
      window: 'partial',
      policyTotal: 90_000,
      refund: 0,
      // As a family that paid $1,850 in full would keep $960 (and the $25 fee): $975 − $375 paid.
      plan: { paid: 37_500, kept: 97_500, owed: 60_000 },
    });
    const out = await as(family.token, 'POST', `/api/ClassSessionEnrollment/${enrollmentId}/Withdraw`, {
      expectedRefund: 0,
      idempotencyKey: office.key(),
    });
    expect(out.statusCode, out.body).toBe(200);
    const after = await account(family.token);
    expect(after).toMatchObject({ balance: 60_000, nextDue: { amount: 50_000, dueOn: '2026-12-01' } });
    expect(after.places[0]!.schedule.map((l) => l.owing)).toEqual([0, 50_000, 10_000, 0]);
    const [mail] = (await office.mailsTo(family.email)).filter((m) => m.subject.includes('is withdrawn'));
    expect(mail!.text).toContain(
      'You were on the payment plan: by the refund policy, $600.00 of it is still owed, on the plan’s dates, and the other instalments are cancelled.',
    );
    office.clock.set('2026-11-20T18:00:00Z');
  });

  it('a move takes no plan along: the new place is charged its price by its first day, and the money paid moves', async () => {
    office.clock.set('2026-11-20T18:00:00Z');
    const director = (await office.a.promote('Planmover', 'Admin')).token;
    const from = await office.a.session({ name: 'Plan Move From', ...termPlan });
    const to = await office.a.session({
      name: 'Plan Move To',
      registrationPrice: 90_000,
      supplyFee: 0,
      sessionStartDate: '2027-01-11',
      rosterSize: 4,
    });
    const family = await office.a.family('Planmove', 1);
    const res = await enrollOnPlan(family.token, from, family.childIds);
    expect(res.statusCode, res.body).toBe(201);
    await payCheckout(res.json().checkoutUrl);
    const moved = await as(director, 'POST', `/api/staff/sessions/${from}/move`, {
      studentId: family.childIds[0],
      toClassSessionId: to,
      reason: 'Afternoons suit the family better',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await account(family.token);
    const byName = new Map(after.places.map((p) => [p.sessionName, p]));
    expect(byName.get('Plan Move From')).toMatchObject({ balance: 0, nextAmount: 0, overdue: 0 });
    // The $375 paid (deposit and fee) moves; the $900 place owes $525 by its first day.
    expect(byName.get('Plan Move To')).toMatchObject({
      balance: 52_500,
      dueOn: '2027-01-11',
      nextAmount: 52_500,
    });
    expect(after.balance).toBe(52_500);
  });

  it('the session form refuses a plan without dates, dates out of order or after the last day', async () => {
    const base = {
      name: 'Plan Form Room',
      description: 'Mornings of stories, paint and garden play.',
      sessionStartDate: '2027-01-11',
      sessionEndDate: '2027-03-19',
      daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
      registrationPrice: 90_000,
      rosterSize: 10,
    };
    const director = (await office.a.promote('Planform', 'Admin')).token;
    const post = (plan: object) => as(director, 'POST', '/api/ClassSession', { ...base, ...plan });
    const noDates = await post({ planDeposit: 20_000, planDueDates: [] });
    expect(noDates.statusCode).toBe(400);
    expect(noDates.json().fields.planDueDates).toBe(
      'Add at least one instalment date, or leave the deposit empty for no plan.',
    );
    const backwards = await post({ planDeposit: 20_000, planDueDates: ['2027-02-01', '2027-01-01'] });
    expect(backwards.json().fields.planDueDates).toBe(
      'Give each instalment date as a real date, each later than the one before.',
    );
    const late = await post({ planDeposit: 20_000, planDueDates: ['2027-02-01', '2027-04-01'] });
    expect(late.json().fields.planDueDates).toBe("Every instalment falls due by the session's last day.");
    const saved = await post({
      planDeposit: 20_000,
      planFee: 1_500,
      planDueDates: ['2027-01-15', '2027-02-15'],
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('closes on its first instalment date; a session without a plan refuses one; pay in full still works', async () => {
    const session = await office.a.session({ name: 'Plan Closed Room', ...termPlan });
    const family = await office.a.family('Toolate', 1);
    office.clock.set('2026-12-01T18:00:00Z');
    await office.a.signIn(family);
    const refused = await enrollOnPlan(family.token, session, family.childIds);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "Plan Closed Room no longer offers its payment plan (it was open until the first instalment's date). You can still enroll and pay in full.",
    );
    const full = await as(family.token, 'POST', '/api/ClassSessionEnrollment', {
      classSessionId: session,
      studentIds: family.childIds,
    });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json()).toMatchObject({ finalAmount: 185_000, plan: null });

    const none = await office.a.session({ name: 'Plan None Room', registrationPrice: 40_000, rosterSize: 4 });
    const other = await office.a.family('Noplan', 1);
    const no = await enrollOnPlan(other.token, none, other.childIds);
    expect(no.statusCode).toBe(409);
    expect(no.json().message).toContain('no longer offers its payment plan');
  });

  it('a missed instalment is overdue from its date, ages from it, and pay now pays it first', async () => {
    office.clock.set('2026-11-20T18:00:00Z');
    const session = await office.a.session({ name: 'Plan Late Room', ...termPlan });
    const family = await office.a.family('Latepayer', 1);
    const res = await enrollOnPlan(family.token, session, family.childIds);
    expect(res.statusCode, res.body).toBe(201);
    await payCheckout(res.json().checkoutUrl);

    // Dec 11: the Dec 1 instalment is ten days late; the others are not due yet.
    office.clock.set('2026-12-11T18:00:00Z');
    const director = (await office.a.promote('Plandirector', 'Admin')).token;
    await office.a.signIn(family);
    const late = await account(family.token);
    expect(late).toMatchObject({
      balance: 150_000,
      status: 'overdue',
      overdue: 50_000,
      nextDue: { amount: 50_000, dueOn: '2026-12-01' },
    });
    const roster = await as(director, 'GET', `/api/staff/sessions/${session}/roster.csv`);
    expect(roster.body).toContain('Overdue: $500.00 since Dec 1, 2026 ($1,500.00 in all)');
    const report = await as(director, 'GET', '/api/staff/balances?pageSize=100');
    const row = (report.json().rows as { familyName: string }[]).find(
      (r) => r.familyName === 'Latepayer Family',
    );
    expect(row).toMatchObject({ current: 100_000, days1to30: 50_000, total: 150_000 });

    // The aging report cuts each place exactly as the account's schedule does.
    const place = late.places[0]!;
    const dues = placeDues(place.schedule, 0, 37_500, '2026-12-11');
    expect(dues.overdue).toBe(50_000);

    const pay = await as(family.token, 'POST', '/api/Billing/Pay', { amount: 60_000 });
    expect(pay.statusCode, pay.body).toBe(201);
    await payCheckout(pay.json().checkoutUrl);
    const after = await account(family.token);
    expect(after).toMatchObject({
      balance: 90_000,
      status: 'partlyPaid',
      overdue: 0,
      nextDue: { amount: 40_000, dueOn: '2027-01-01' },
    });
    expect(after.places[0]!.schedule.map((l) => l.owing)).toEqual([0, 0, 40_000, 50_000]);
  });

  it('a week after the last instalment everything unpaid is overdue and ages from each date', async () => {
    office.clock.set('2026-11-20T18:00:00Z');
    const session = await office.a.session({ name: 'Plan Unpaid Room', ...termPlan });
    const family = await office.a.family('Neverpaid', 1);
    const res = await enrollOnPlan(family.token, session, family.childIds);
    expect(res.statusCode, res.body).toBe(201);
    await payCheckout(res.json().checkoutUrl);
    office.clock.advanceMinutes(80 * DAY_MINUTES); // 2027-02-08
    const director = (await office.a.promote('Plandirectortwo', 'Admin')).token;
    const report = await as(director, 'GET', '/api/staff/balances?pageSize=100');
    const row = (report.json().rows as { familyName: string }[]).find(
      (r) => r.familyName === 'Neverpaid Family',
    );
    // Dec 1 is 69 days late, Jan 1 38, Feb 1 7.
    expect(row).toMatchObject({ current: 0, days1to30: 50_000, days31to60: 50_000, over60: 50_000 });
  });
});
