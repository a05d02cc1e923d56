/**
 * The family account (issue 23, decision 022): the ledger every money screen reads. A deposit recorded by
 * hand leaves the rest due (the director's report: a $100 deposit on a $455 session read "Paid"); the office
 * records the rest; a move up or down in price charges or credits the difference; withdrawals and refunds
 * settle a place to what is true; the ledger refuses edits; the parent's account and the roster agree to the
 * cent. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { backfillLedger } from '../src/features/billing/ledger.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';

describe.each(dbKinds)('the family account on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { as, key } = office;

  const rosterRes = async (sessionId: number) => {
    const res = await as(office.admin, 'GET', `/api/staff/sessions/${sessionId}/enrollments`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const roster = async (sessionId: number) =>
    (await rosterRes(sessionId)).json() as {
      studentId: string;
      account: { charged: number; paid: number; balance: number; status: string; dueOn: string | null };
    }[];
  const revenue = async (sessionId: number) => {
    const [row] = await queryRows<{ n: number }>(
      office.t.database.db,
      sql`select coalesce(sum(charged), 0)::int as n from ledger_signed where class_session_id = ${sessionId}`,
    );
    return row!.n;
  };
  const staffRevenue = async (sessionId: number) => {
    const res = await as(office.admin, 'GET', `/api/staff/sessions?period=all&q=Ledger%20Move`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: number; revenue: number | null }[];
    return items.find((i) => i.id === sessionId)?.revenue;
  };
  const account = async (token: string) => {
    const res = await as(token, 'GET', '/api/Billing/Account');
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('a $100 deposit on a $455 session leaves $355 due; the office records the rest and it reads paid', async () => {
    const session = await office.a.session({
      name: 'Ledger Deposit Room',
      registrationPrice: 42_000,
      supplyFee: 3_500,
      sessionStartDate: '2026-12-15',
      rosterSize: 5,
    });
    const family = await office.a.family('Deposit', 1);
    const child = family.childIds[0]!;
    await office.placeByHand(session, child, { amount: 10_000, note: 'Check #1042', method: 'check' });

    const [place] = await roster(session);
    expect(place!.account).toEqual({
      charged: 45_500,
      paid: 10_000,
      refunded: 0,
      balance: 35_500,
      status: 'partlyPaid',
      dueOn: '2026-12-15',
      nextAmount: 35_500,
      overdue: 0,
    });
    expect(await revenue(session)).toBe(45_500);
    const mine = await account(family.token);
    expect(mine).toMatchObject({
      balance: 35_500,
      status: 'partlyPaid',
      nextDue: { amount: 35_500, dueOn: '2026-12-15', sessionName: 'Ledger Deposit Room' },
    });
    expect(
      mine.entries.map((e: { kind: string; amount: number; balanceAfter: number }) => [
        e.kind,
        e.amount,
        e.balanceAfter,
      ]),
    ).toEqual([
      ['charge', 45_500, 45_500],
      ['payment', -10_000, 35_500],
    ]);
    expect(mine.entries[1]).toMatchObject({ method: 'check', reference: 'Check #1042' });

    const url = `/api/staff/sessions/${session}/enrollments/${child}/payments`;
    const tooMuch = await as(office.admin, 'POST', url, {
      amount: 40_000,
      method: 'cash',
      idempotencyKey: key(),
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount).toBe('At most $355.00 is due on this place. Enter that or less.');
    const noMethod = await as(office.admin, 'POST', url, { amount: 100, idempotencyKey: key() });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().fields.method).toBe('Choose how the family paid: cash, check, subsidy or other.');

    const payKey = key();
    const paid = await as(office.admin, 'POST', url, {
      amount: 35_500,
      method: 'cash',
      reference: 'Cash at the front desk',
      idempotencyKey: payKey,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().place).toMatchObject({ balance: 0, status: 'paid', paid: 45_500 });
    // The family's receipt, with where the account stands.
    const receipts = (await office.mailsTo(family.email)).filter((m) => m.subject.startsWith('We received'));
    expect(receipts.map((m) => m.subject)).toEqual(['We received your payment of $355.00']);
    expect(receipts[0]!.text).toContain('You are all paid up: nothing is due.');
    // The same key again (a double click, a retry after a lost answer): the same payment, nothing new.
    const entriesBefore = await office.ledgerCount();
    const again = await as(office.admin, 'POST', url, {
      amount: 35_500,
      method: 'cash',
      idempotencyKey: payKey,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().paymentId).toBe(paid.json().paymentId);
    expect(await office.ledgerCount()).toBe(entriesBefore);
    const nothingDue = await as(office.admin, 'POST', url, {
      amount: 100,
      method: 'cash',
      idempotencyKey: key(),
    });
    expect(nothingDue.statusCode).toBe(409);
    expect(nothingDue.json().fields.amount).toBe(
      'Nothing is due on this place, so there is no payment to record.',
    );
    expect((await roster(session))[0]!.account.status).toBe('paid');
    expect(await account(family.token)).toMatchObject({ balance: 0, status: 'paid', nextDue: null });
    // Another family's child or an unknown place: 404, nothing posted.
    const stranger = await office.a.family('Stranger', 1);
    const other = await as(
      office.admin,
      'POST',
      `/api/staff/sessions/${session}/enrollments/${stranger.childIds[0]}/payments`,
      { amount: 100, method: 'cash', idempotencyKey: key() },
    );
    expect(other.statusCode).toBe(404);
    expect((await account(stranger.token)).entries).toEqual([]);
    expect(await office.ledgerCount()).toBe(entriesBefore);
  });

  it('a free place by hand is charged nothing; a price the director types is the place’s charge', async () => {
    const session = await office.a.session({ name: 'Ledger Scholarship Room', rosterSize: 5 });
    const free = await office.a.family('Scholar', 1);
    const set = await office.a.family('Setprice', 1);
    for (const [family, body] of [
      [free, { amount: 0, charge: 0, note: 'Scholarship' }],
      [set, { amount: 20_000, charge: 30_000, note: 'Agreed price, check #88', method: 'check' }],
    ] as const) {
      await office.placeByHand(session, family.childIds[0]!, body);
    }
    const places = new Map((await roster(session)).map((p) => [p.studentId, p.account]));
    expect(places.get(free.childIds[0]!)).toMatchObject({
      charged: 0,
      paid: 0,
      balance: 0,
      status: 'noCharge',
    });
    expect(places.get(set.childIds[0]!)).toMatchObject({ charged: 30_000, paid: 20_000, balance: 10_000 });
    const negative = await as(office.admin, 'POST', `/api/staff/sessions/${session}/enrollments`, {
      studentId: (await office.a.family('Negative', 1)).childIds[0],
      amount: 0,
      charge: -1,
      note: 'Oops',
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields.charge).toBe('Enter 0 or more.');
  });

  it('the director posts a late fee, a credit and a write-off with a reason; each reads on the statement', async () => {
    const session = await office.a.session({
      name: 'Ledger Adjust Room',
      registrationPrice: 40_000,
      supplyFee: 0,
      rosterSize: 5,
    });
    const family = await office.a.family('Adjust', 1);
    const child = family.childIds[0]!;
    await office.placeByHand(session, child, { amount: 30_000, note: 'Check #12' });
    const url = `/api/staff/sessions/${session}/enrollments/${child}/adjustments`;
    const adjust = (body: object) => as(office.admin, 'POST', url, { idempotencyKey: key(), ...body });

    const fee = await adjust({
      kind: 'late_fee',
      amount: 2_500,
      reason: 'Picked up 25 minutes late on Nov 3',
    });
    expect(fee.statusCode, fee.body).toBe(201);
    expect(fee.json().place).toMatchObject({ charged: 42_500, balance: 12_500 });
    const tooMuchCredit = await adjust({ kind: 'credit', amount: 50_000, reason: 'Goodwill' });
    expect(tooMuchCredit.statusCode).toBe(400);
    expect(tooMuchCredit.json().fields.amount).toBe(
      'This place was charged $425.00, so that is the most that can be credited.',
    );
    const credit = await adjust({ kind: 'credit', amount: 2_500, reason: 'Late fee waived: the first time' });
    expect(credit.json().place).toMatchObject({ charged: 40_000, balance: 10_000, status: 'partlyPaid' });
    const tooMuchWriteOff = await adjust({ kind: 'write_off', amount: 10_001, reason: 'Hardship' });
    expect(tooMuchWriteOff.statusCode).toBe(400);
    expect(tooMuchWriteOff.json().fields.amount).toBe(
      'At most $100.00 is due on this place, so that is the most that can be written off.',
    );
    const writeOffKey = key();
    const writeOff = await as(office.admin, 'POST', url, {
      kind: 'write_off',
      amount: 10_000,
      reason: 'Hardship, agreed with the family',
      idempotencyKey: writeOffKey,
    });
    expect(writeOff.statusCode).toBe(201);
    expect(writeOff.json().place).toMatchObject({ balance: 0, status: 'paid' });
    const again = await as(office.admin, 'POST', url, {
      kind: 'write_off',
      amount: 10_000,
      reason: 'Hardship, agreed with the family',
      idempotencyKey: writeOffKey,
    });
    expect(again.statusCode).toBe(200);
    const nothing = await adjust({ kind: 'write_off', amount: 100, reason: 'Again' });
    expect(nothing.statusCode).toBe(409);
    const noReason = await adjust({ kind: 'credit', amount: 100, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe(
      'Please say why, as the family will read it on their statement.',
    );

    const statement = (await account(family.token)).entries.map(
      (e: { kind: string; amount: number; reference: string | null; balanceAfter: number }) => [
        e.kind,
        e.amount,
        e.reference,
        e.balanceAfter,
      ],
    );
    expect(statement).toEqual([
      ['charge', 40_000, null, 40_000],
      ['payment', -30_000, 'Check #12', 10_000],
      ['late_fee', 2_500, 'Picked up 25 minutes late on Nov 3', 12_500],
      ['credit', -2_500, 'Late fee waived: the first time', 10_000],
      ['write_off', -10_000, 'Hardship, agreed with the family', 0],
    ]);
    expect(await revenue(session)).toBe(30_000);
  });

  it('pay now: the parent pays part of the balance by card; it pays the place due first, and a replay posts nothing', async () => {
    const first = await office.a.session({
      name: 'Ledger Pay First',
      registrationPrice: 45_500,
      supplyFee: 0,
      sessionStartDate: '2026-12-01',
      rosterSize: 5,
    });
    const second = await office.a.session({
      name: 'Ledger Pay Second',
      registrationPrice: 30_000,
      supplyFee: 0,
      sessionStartDate: '2027-01-10',
      sessionEndDate: '2027-03-10',
      rosterSize: 5,
    });
    const family = await office.a.family('Paynow', 2);
    for (const [sessionId, child, amount] of [
      [second, family.childIds[1]!, 0],
      [first, family.childIds[0]!, 10_000],
    ] as const) {
      await office.placeByHand(sessionId, child, { amount, note: 'Deposit' });
    }
    expect(await account(family.token)).toMatchObject({ balance: 65_500 });
    const tooMuch = await as(family.token, 'POST', '/api/Billing/Pay', { amount: 70_000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount).toBe('Your balance is $655.00. Enter that or less.');
    const stranger = await office.a.family('Nopay', 1);
    const nothing = await as(stranger.token, 'POST', '/api/Billing/Pay', { amount: 1_000 });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('Nothing is due on your account right now.');

    const start = await as(family.token, 'POST', '/api/Billing/Pay', { amount: 40_000 });
    expect(start.statusCode, start.body).toBe(201);
    // A double click opens the same checkout.
    const again = await as(family.token, 'POST', '/api/Billing/Pay', { amount: 40_000 });
    expect(again.json()).toEqual(start.json());
    const checkoutId = new URL(start.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await office.a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
    // The return page and a webhook settling it again: nothing more is posted.
    const entries = await office.ledgerCount();
    const [one, two] = await Promise.all([
      as(family.token, 'GET', `/api/ClassSessionEnrollment/Confirmation/${checkoutId}`),
      as(family.token, 'GET', `/api/ClassSessionEnrollment/Confirmation/${checkoutId}`),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json()).toMatchObject({ status: 'Paid', finalAmount: 40_000, classSessionId: null });
    expect(await office.ledgerCount()).toBe(entries);

    const after = await account(family.token);
    expect(after.balance).toBe(25_500);
    const [receipt] = (await office.mailsTo(family.email)).filter((m) => m.subject.startsWith('We received'));
    expect(receipt!.subject).toBe('We received your payment of $400.00');
    expect(receipt!.text).toContain('Your balance is now $255.00.');
    const byPlace = new Map(
      after.places.map((p: { sessionName: string; balance: number; status: string }) => [p.sessionName, p]),
    );
    // The place due first (Dec 1) is paid; the rest goes to the next one (Jan 10).
    expect(byPlace.get('Ledger Pay First')).toMatchObject({ balance: 0, status: 'paid' });
    expect(byPlace.get('Ledger Pay Second')).toMatchObject({ balance: 25_500, status: 'partlyPaid' });
    expect((await roster(second))[0]!.account).toMatchObject({ paid: 4_500, balance: 25_500 });
    const payments = (await as(family.token, 'GET', '/api/Billing')).json();
    expect(payments[0]).toMatchObject({ status: 'Paid', finalAmount: 40_000, classSession: null });
  });

  it('pay now when the office took the money meanwhile: what is left over is a credit on account', async () => {
    const session = await office.a.session({
      name: 'Ledger Pay Credit',
      registrationPrice: 20_000,
      supplyFee: 0,
    });
    const family = await office.a.family('Overpay', 1);
    const child = family.childIds[0]!;
    await office.placeByHand(session, child, { amount: 0, note: 'Pay later' });
    const start = await as(family.token, 'POST', '/api/Billing/Pay', { amount: 20_000 });
    expect(start.statusCode, start.body).toBe(201);
    const cash = await as(
      office.admin,
      'POST',
      `/api/staff/sessions/${session}/enrollments/${child}/payments`,
      {
        amount: 20_000,
        method: 'cash',
        idempotencyKey: key(),
      },
    );
    expect(cash.statusCode).toBe(201);
    const checkoutId = new URL(start.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await office.a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
    const after = await account(family.token);
    expect(after).toMatchObject({ balance: -20_000, status: 'credit', nextDue: null });
    expect(after.entries.at(-1)).toMatchObject({
      kind: 'payment',
      amount: -20_000,
      sessionName: null,
      method: 'card',
    });
  });

  it('a paid checkout for two children with a sibling discount: a charge, a discount and a payment each, to the cent', async () => {
    const session = await office.a.session({
      name: 'Ledger Siblings Room',
      registrationPrice: 33_333,
      supplyFee: 0,
      rosterSize: 5,
      siblingDiscountType: 'Amount',
      siblingDiscountValue: 5_001,
    });
    const family = await office.a.family('Twins', 2);
    const { paymentId } = await office.a.enrollPaid(family, session);
    const payment = await office.paymentRow(paymentId);
    const entries = await queryRows<{ kind: string; amount: number; student_id: string }>(
      office.t.database.db,
      sql`select kind, amount, student_id from ledger_entries where payment_id = ${paymentId} order by kind, student_id`,
    );
    const sum = (k: string) => entries.filter((e) => e.kind === k).reduce((n, e) => n + e.amount, 0);
    expect(sum('charge')).toBe(payment.originalAmount);
    expect(sum('charge') - sum('discount')).toBe(payment.finalAmount);
    expect(sum('payment')).toBe(payment.finalAmount);
    expect(new Set(entries.map((e) => e.student_id))).toEqual(new Set(family.childIds));
    const places = await roster(session);
    expect(places.map((p) => p.account.status)).toEqual(['paid', 'paid']);
    expect(places.reduce((n, p) => n + p.account.charged, 0)).toBe(payment.finalAmount);
    expect(await revenue(session)).toBe(payment.finalAmount);
    // The catch-up at start finds nothing left to post for it.
    expect(await backfillLedger(office.t.database.db, 'America/Los_Angeles')).toBe(0);
  });

  it('moving a child up in price charges the difference, down credits it; each session counts what it charged', async () => {
    const cheap = await office.a.session({
      name: 'Ledger Move Mornings',
      registrationPrice: 133_500,
      supplyFee: 0,
      rosterSize: 5,
    });
    const dear = await office.a.session({
      name: 'Ledger Move Full Days',
      registrationPrice: 194_500,
      supplyFee: 0,
      rosterSize: 5,
    });
    const family = await office.enrolledFamily('Cohen', cheap);
    const child = family.childIds[0]!;
    const targets = await as(
      office.admin,
      'GET',
      `/api/staff/sessions/${cheap}/move-targets?studentId=${child}`,
    );
    expect(targets.json().find((t: { id: number }) => t.id === dear)).toMatchObject({
      price: 194_500,
      balanceAfter: 61_000,
    });
    const moved = await as(office.admin, 'POST', `/api/staff/sessions/${cheap}/move`, {
      studentId: child,
      toClassSessionId: dear,
      reason: 'Full days suit the family better',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await revenue(cheap)).toBe(0);
    expect(await revenue(dear)).toBe(194_500);
    // The director's sessions list reads the same revenue.
    expect(await staffRevenue(cheap)).toBe(0);
    expect(await staffRevenue(dear)).toBe(194_500);
    expect((await roster(dear))[0]!.account).toMatchObject({
      charged: 194_500,
      paid: 133_500,
      balance: 61_000,
      status: 'partlyPaid',
    });
    expect(await account(family.token)).toMatchObject({ balance: 61_000 });
    // The payments list names the child once, on the payment's own session.
    const list = await as(office.admin, 'GET', `/api/staff/payments?classSessionId=${cheap}`);
    expect(list.json().items[0].children).toEqual(['Ava Cohen']);

    // And back down: the $610 is no longer owed and the rest of what was paid is a credit.
    const back = await as(office.admin, 'POST', `/api/staff/sessions/${dear}/move`, {
      studentId: child,
      toClassSessionId: cheap,
      reason: 'Back to mornings',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await revenue(dear)).toBe(0);
    expect(await revenue(cheap)).toBe(133_500);
    const after = await account(family.token);
    expect(after).toMatchObject({ balance: 0, status: 'paid' });
    // Every entry's signed amount adds up to the balance shown.
    expect(after.entries.at(-1).balanceAfter).toBe(after.balance);
  });

  it('a withdrawal with a part refund: the refund comes back as a credit and a refund; what was unpaid is not owed', async () => {
    const session = await office.a.session({
      name: 'Ledger Withdraw Room',
      registrationPrice: 50_000,
      supplyFee: 5_000,
      sessionStartDate: '2026-12-15',
      rosterSize: 5,
    });
    const paidFamily = await office.enrolledFamily('Leaver', session);
    const res = await as(office.admin, 'POST', `/api/staff/sessions/${session}/withdraw`, {
      studentId: paidFamily.childIds[0],
      reason: 'Moving away',
      refundAmount: 27_500,
    });
    expect(res.statusCode, res.body).toBe(200);
    const leaver = await account(paidFamily.token);
    expect(leaver).toMatchObject({ balance: 0 });
    expect(leaver.places[0]).toMatchObject({
      charged: 27_500,
      paid: 27_500,
      refunded: 27_500,
      status: 'paid',
    });
    expect(await revenue(session)).toBe(27_500);

    const deposit = await office.a.family('Halfway', 1);
    await office.placeByHand(session, deposit.childIds[0]!, { amount: 10_000, note: 'Deposit, cash' });
    const out = await as(office.admin, 'POST', `/api/staff/sessions/${session}/withdraw`, {
      studentId: deposit.childIds[0],
      reason: 'Changed plans',
      refundAmount: 10_000,
    });
    expect(out.statusCode, out.body).toBe(200);
    const halfway = await account(deposit.token);
    expect(halfway).toMatchObject({ balance: 0, status: 'refunded' });
    expect(halfway.places[0]).toMatchObject({ charged: 0, paid: 0, refunded: 10_000, status: 'refunded' });
  });

  it('the ledger refuses an edit or a deletion: a correction is a new entry', async () => {
    const [entry] = await queryRows<{ id: string }>(
      office.t.database.db,
      sql`select id from ledger_entries limit 1`,
    );
    expect(entry).toBeDefined();
    await expect(
      office.t.database.db.execute(sql`update ledger_entries set amount = 1 where id = ${entry!.id}`),
    ).rejects.toThrow();
    await expect(
      office.t.database.db.execute(sql`delete from ledger_entries where id = ${entry!.id}`),
    ).rejects.toThrow();
    const [still] = await queryRows<{ n: number }>(
      office.t.database.db,
      sql`select count(*)::int as n from ledger_entries where id = ${entry!.id}`,
    );
    expect(still!.n).toBe(1);
  });

  it('a co-parent reads the same account; the account route needs a signed-in parent', async () => {
    expect((await as(null, 'GET', '/api/Billing/Account')).statusCode).toBe(401);
    const ledgerBefore = await office.ledgerCount();
    expect((await as(null, 'POST', '/api/Billing/Pay', { amount: 1_000 })).statusCode).toBe(401);
    expect(await office.ledgerCount()).toBe(ledgerBefore);
  });
});
