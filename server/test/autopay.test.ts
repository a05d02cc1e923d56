/**
 * Autopay (issue 23, decision 023): a family on a payment plan saves a card or bank account at the checkout (or
 * later from Billing), and the sweep charges each instalment off-session on its date, once, however many
 * sweeps race; a decline is mailed and retried 1, 3 and 5 days after the date; a card that needs 3-D Secure
 * sends the family to pay it themselves; a bank debit is processing for days and settles or fails later;
 * pay now never takes what a debit in flight is taking; the director lists every failed payment. On PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { sweepAutopay } from '../src/features/billing/autopay.ts';
import { postLateFees } from '../src/features/billing/late-fees.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';
import type { Family } from './support/registration.ts';

/** $1,200 on a plan: $300 now, then three instalments of $300 on Dec 1, Jan 1 and Feb 1. */
const planned = {
  registrationPrice: 120_000,
  supplyFee: 0,
  sessionStartDate: '2026-12-07',
  sessionEndDate: '2027-03-19',
  rosterSize: 30,
  planDeposit: 30_000,
  planFee: 0,
  planDueDates: ['2026-12-01', '2027-01-01', '2027-02-01'],
};
/** 10 am in the center (Los Angeles) on `date`. */
const morningOf = (date: string) => `${date}T18:00:00Z`;

describe.each(dbKinds)('autopay on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { as } = office;
  const sweep = () => sweepAutopay(office.t.ctx.registration);
  const checkoutIdOf = (url: string) => new URL(url, 'http://x').pathname.split('/').at(-1)!;

  /** A new family with one child enrolled on the plan of a new session, paid with `method` saved. */
  const onPlan = async (name: string, method: string, saveMethod = true, overrides: object = {}) => {
    await office.t.ctx.work.idle();
    office.clock.set('2026-11-20T18:00:00Z');
    const session = await office.a.session({ name: `${name} Room`, ...planned, ...overrides });
    const family = await office.a.family(name, 1);
    const res = await as(family.token, 'POST', '/api/ClassSessionEnrollment', {
      classSessionId: session,
      studentIds: family.childIds,
      paymentPlan: true,
      saveMethod,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await office.a.press(checkoutIdOf(res.json().checkoutUrl), 'pay', method)).statusCode).toBe(303);
    return { ...family, session };
  };
  const balance = async (token: string) =>
    ((await as(token, 'GET', '/api/Billing/Account')).json() as { balance: number }).balance;
  const autopay = async (token: string) => {
    const res = await as(token, 'GET', '/api/Billing/Autopay');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      method: {
        kind: string;
        label: string;
        last4: string;
        autopay: boolean;
        ownerName: string | null;
      } | null;
      upcoming: { dueOn: string; amount: number }[];
      attempts: { attempt: number; status: string; failureCode: string | null; nextTryOn: string | null }[];
    };
  };
  const attemptsOf = (userId: string) =>
    queryRows<{ attempt: number; status: string; amount: number }>(
      office.t.database.db,
      sql`select attempt, status, amount from autopay_attempts where payer_user_id = ${userId} order by attempt`,
    );
  const autopayPayments = (userId: string) =>
    queryRows<{ status: string; final_amount: number }>(
      office.t.database.db,
      sql`select status, final_amount from payments where user_id = ${userId} and note = 'Automatic payment'`,
    );
  const subjects = async (email: string) => (await office.mailsTo(email)).map((m) => m.subject);
  /** Move the clock to 10 am on `date` and sign the families in again (their sessions lapsed meanwhile). */
  const day = async (date: string, ...families: Family[]) => {
    // A background round the checkout started must not run on the new date (it would sweep for this test).
    await office.t.ctx.work.idle();
    office.clock.set(morningOf(date));
    for (const f of families) await office.a.signIn(f);
  };
  /** A director signed in now (the test's director's session lapses as the clock moves). */
  const director = async () => (await office.a.promote('Director', 'Admin')).token;

  it('saves the card at the checkout and charges each instalment on its date, once', async () => {
    const family = await onPlan('Autopayer', 'test_pm_visa');
    const saved = await autopay(family.token);
    expect(saved.method).toMatchObject({
      kind: 'card',
      label: 'visa',
      last4: '4242',
      autopay: true,
      ownerName: null,
    });
    expect(saved.upcoming.map((u) => [u.dueOn, u.amount])).toEqual([
      ['2026-12-01', 30_000],
      ['2027-01-01', 30_000],
      ['2027-02-01', 30_000],
    ]);
    // Before the date nothing is charged.
    await day('2026-11-30', family);
    await sweep();
    expect(await attemptsOf(family.userId)).toEqual([]);

    await day('2026-12-01', family);
    // Two sweeps at once (two server processes): the instalment is charged once.
    const [first, second] = await Promise.all([sweep(), sweep()]);
    expect(first.succeeded + second.succeeded).toBe(1);
    await sweep();
    expect(await attemptsOf(family.userId)).toEqual([{ attempt: 1, status: 'succeeded', amount: 30_000 }]);
    expect(await autopayPayments(family.userId)).toEqual([{ status: 'Paid', final_amount: 30_000 }]);
    expect(await balance(family.token)).toBe(60_000);
    expect(await subjects(family.email)).toContain('We received your payment of $300.00');
    const status = await autopay(family.token);
    expect(status.upcoming.map((u) => u.dueOn)).toEqual(['2027-01-01', '2027-02-01']);
    expect(status.attempts[0]).toMatchObject({ attempt: 1, status: 'succeeded' });
    // The statement shows the payment on the instalment's place, by card.
    const account = (await as(family.token, 'GET', '/api/Billing/Account')).json();
    expect(account.places[0].schedule[1]).toMatchObject({ dueOn: '2026-12-01', owing: 0 });
  });

  it('charges nothing when the family paid the instalment first, or turned autopay off', async () => {
    const family = await onPlan('EarlyPayer', 'test_pm_visa');
    const pay = await as(family.token, 'POST', '/api/Billing/Pay', { amount: 30_000 });
    expect(pay.statusCode, pay.body).toBe(201);
    expect((await office.a.press(checkoutIdOf(pay.json().checkoutUrl), 'pay')).statusCode).toBe(303);
    await day('2026-12-01', family);
    await sweep();
    expect(await attemptsOf(family.userId)).toEqual([]);

    const off = await as(family.token, 'PUT', '/api/Billing/Autopay', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().method.autopay).toBe(false);
    await day('2027-01-01', family);
    await sweep();
    expect(await attemptsOf(family.userId)).toEqual([]);
    expect(await balance(family.token)).toBe(60_000);

    // Removed, it is gone; turning autopay on again then has nothing to act on.
    expect((await as(family.token, 'DELETE', '/api/Billing/Autopay')).json().method).toBeNull();
    expect((await as(family.token, 'PUT', '/api/Billing/Autopay', { enabled: true })).statusCode).toBe(404);
  });

  it('mails a decline, retries 1, 3 and 5 days later, and charges the card the family saves instead', async () => {
    const family = await onPlan('Declined', 'test_pm_visa_insufficient_funds');
    await day('2026-12-01', family);
    const firstTry = await sweep();
    expect(firstTry.failed, JSON.stringify(firstTry)).toBe(1);
    const mails = await office.mailsTo(family.email);
    const declined = mails.find((m) => m.subject === 'Your automatic payment of $300.00 didn’t go through');
    expect(declined?.text).toContain('from your Visa card ending 9995, and it didn’t go through.');
    expect(declined?.text).toContain('The bank said there wasn’t enough money available.');
    expect(declined?.text).toContain('We’ll try again on Wednesday, December 2, 2026.');
    expect((await autopay(family.token)).attempts[0]).toMatchObject({
      status: 'failed',
      failureCode: 'insufficient_funds',
      nextTryOn: '2026-12-02',
    });
    // The director sees it, with what is still owed.
    const list = await as(await director(), 'GET', '/api/staff/failed-payments');
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list.json().items.find((i: { payerUserId: string }) => i.payerUserId === family.userId),
    ).toMatchObject({
      owing: 30_000,
      attempt: 1,
      status: 'failed',
      nextTryOn: '2026-12-02',
      method: { last4: '9995' },
    });
    // The same day again: no second try.
    await sweep();
    expect(await attemptsOf(family.userId)).toHaveLength(1);

    await day('2026-12-02', family);
    await sweep();
    expect((await attemptsOf(family.userId)).map((a) => a.status)).toEqual(['failed', 'failed']);

    // The family saves another card from Billing; the next retry (Dec 4) charges it.
    const setup = await as(family.token, 'POST', '/api/Billing/Autopay/Setup');
    expect(setup.statusCode, setup.body).toBe(201);
    const setupId = checkoutIdOf(setup.json().checkoutUrl);
    const page = await office.t.app.inject({ method: 'GET', url: `/test-checkout/${setupId}` });
    expect(page.body).toContain('Visa ending 4242: always succeeds');
    expect((await office.a.press(setupId, 'pay', 'test_pm_visa')).statusCode).toBe(303);
    const finished = await as(family.token, 'POST', `/api/Billing/Autopay/Setup/${setupId}`);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().method).toMatchObject({ last4: '4242', autopay: true });
    // Another family cannot finish (or learn of) this setup.
    const other = await office.a.family('Nosy', 0);
    expect((await as(other.token, 'POST', `/api/Billing/Autopay/Setup/${setupId}`)).statusCode).toBe(404);

    await day('2026-12-04', family);
    expect((await sweep()).succeeded).toBe(1);
    expect((await attemptsOf(family.userId)).map((a) => a.status)).toEqual(['failed', 'failed', 'succeeded']);
    expect(await balance(family.token)).toBe(60_000);
    const after = await as(await director(), 'GET', '/api/staff/failed-payments');
    expect(after.json().items.some((i: { payerUserId: string }) => i.payerUserId === family.userId)).toBe(
      false,
    );
  });

  it('stops after the fourth try and says so', async () => {
    const family = await onPlan('FourTries', 'test_pm_visa_insufficient_funds');
    for (const date of ['2026-12-01', '2026-12-02', '2026-12-04', '2026-12-06', '2026-12-09']) {
      await day(date, family);
      await sweep();
    }
    expect((await attemptsOf(family.userId)).map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    // One mail a try; only the fourth says no more are made.
    const declines = (await office.mailsTo(family.email)).filter(
      (m) => m.subject === 'Your automatic payment of $300.00 didn’t go through',
    );
    expect(declines).toHaveLength(4);
    expect(
      declines.filter((m) => m.text.includes('We won’t try again for this instalment, so it stays due.')),
    ).toHaveLength(1);
    expect(declines.filter((m) => m.text.includes('We’ll try again on'))).toHaveLength(3);
    expect(await balance(family.token)).toBe(90_000);
  });

  it('asks the family to pay a card that needs authentication themselves, and does not retry it', async () => {
    const family = await onPlan('Authenticator', 'test_pm_visa_authentication');
    await day('2026-12-01', family);
    expect((await sweep()).actionRequired).toBe(1);
    expect(await subjects(family.email)).toContain('Please confirm your payment of $300.00');
    await day('2026-12-03', family);
    await sweep();
    expect(await attemptsOf(family.userId)).toEqual([
      { attempt: 1, status: 'action_required', amount: 30_000 },
    ]);
    expect(await autopayPayments(family.userId)).toEqual([{ status: 'Failed', final_amount: 30_000 }]);
  });

  it('holds a bank debit as processing, keeps pay now off it, then settles it or mails its failure', async () => {
    const family = await onPlan('Debit', 'test_pm_bank');
    await day('2026-12-01', family);
    expect((await sweep()).processing).toBe(1);
    // Still owed on the account until the debit settles; pay now may not take it a second time.
    expect(await balance(family.token)).toBe(90_000);
    const tooMuch = await as(family.token, 'POST', '/api/Billing/Pay', { amount: 90_000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount).toBe(
      'An automatic payment of $300.00 is already on its way, so you can pay up to $600.00 now. Enter that or less.',
    );
    // Nor may the office record it as paid at the desk while the debit clears (a $100 toward later is fine).
    const boss = await director();
    const desk = (amount: number) =>
      as(boss, 'POST', `/api/staff/sessions/${family.session}/enrollments/${family.childIds[0]}/payments`, {
        amount,
        method: 'cash',
        idempotencyKey: `desk-${amount}-${family.userId}`,
      });
    const twice = await desk(90_000);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields.amount).toBe(
      'An automatic payment of $300.00 for this place is going through right now, so at most $600.00 can be recorded. Record the rest if that payment fails.',
    );
    expect((await desk(10_000)).statusCode).toBe(201);
    await day('2026-12-02', family);
    await sweep();
    expect(await attemptsOf(family.userId)).toEqual([{ attempt: 1, status: 'processing', amount: 30_000 }]);
    await day('2026-12-03', family);
    expect((await sweep()).settled).toBe(1);
    expect(await attemptsOf(family.userId)).toEqual([{ attempt: 1, status: 'succeeded', amount: 30_000 }]);
    // One payment for the instalment: the debit; the desk's $100 went toward what is still to come.
    expect(await balance(family.token)).toBe(50_000);

    const bounced = await onPlan('Bounced', 'test_pm_bank_insufficient_funds');
    await day('2026-12-01', bounced);
    await sweep();
    await day('2026-12-03', bounced);
    await sweep();
    // Failed after two days, mailed; the retry due Dec 2 starts at once as a new debit.
    expect((await attemptsOf(bounced.userId)).map((a) => a.status)).toEqual(['failed', 'processing']);
    const mail = (await office.mailsTo(bounced.email)).find((m) => m.subject.includes('didn’t go through'));
    expect(mail?.text).toContain('bank account ending 2227');
    expect(await balance(bounced.token)).toBe(90_000);
  });

  it('adds the session’s late fee once to an instalment still unpaid days after its date, and mails it', async () => {
    const family = await onPlan('Latecomer', 'test_pm_visa', false, {
      planLateFee: 1_500,
      planLateFeeDays: 7,
    });
    const catalog = (await as(null, 'GET', `/api/ClassSession/${family.session}`)).json();
    expect(catalog.plan).toMatchObject({ lateFee: 1_500, lateFeeDays: 7 });
    const lateFees = () => postLateFees(office.t.ctx.registration);
    await day('2026-12-07', family);
    expect(await lateFees()).toBe(0);
    await day('2026-12-08', family);
    const [first, second] = await Promise.all([lateFees(), lateFees()]);
    expect(first + second).toBe(1);
    expect(await balance(family.token)).toBe(91_500);
    const mail = (await office.mailsTo(family.email)).find(
      (m) => m.subject === 'A late fee of $15.00 was added to your account',
    );
    expect(mail?.text).toContain(
      'The instalment of $300.00 for Ava in Latecomer Room, due Tuesday, December 1, 2026, is still unpaid 7 days later, so a late fee of $15.00 was added',
    );
    // Never twice, and never on the late fee itself (dated Dec 8), however late it gets.
    await day('2026-12-31', family);
    expect(await lateFees()).toBe(0);
    const account = (await as(family.token, 'GET', '/api/Billing/Account')).json();
    expect(account.entries.filter((e: { kind: string }) => e.kind === 'late_fee')).toHaveLength(1);
    // Paid on time, the next instalment gets none.
    const pay = await as(family.token, 'POST', '/api/Billing/Pay', { amount: 61_500 });
    expect((await office.a.press(checkoutIdOf(pay.json().checkoutUrl), 'pay')).statusCode).toBe(303);
    await day('2027-01-09', family);
    expect(await lateFees()).toBe(0);
    expect(await balance(family.token)).toBe(30_000);
  });

  it('keeps failed payments to the director, and autopay to the signed-in family', async () => {
    const family = await onPlan('Guarded', 'test_pm_visa');
    // Staff signed in now (the suite's own sessions lapsed as the clock moved).
    const teacher = (await office.a.promote('Teacher', 'Staff')).token;
    for (const [who, token, status] of [
      ['anonymous', null, 401],
      ['parent', family.token, 403],
      ['teacher', teacher, 403],
      ['director', await director(), 200],
    ] as const) {
      const res = await as(token, 'GET', '/api/staff/failed-payments');
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
      if (status !== 200) expect(res.body).not.toContain('items');
    }
    for (const [method, url] of [
      ['GET', '/api/Billing/Autopay'],
      ['PUT', '/api/Billing/Autopay'],
      ['DELETE', '/api/Billing/Autopay'],
      ['POST', '/api/Billing/Autopay/Setup'],
    ] as const)
      expect(
        (await as(null, method, url, method === 'PUT' ? { enabled: false } : undefined)).statusCode,
      ).toBe(401);
    // Nothing changed for the family.
    expect((await autopay(family.token)).method?.autopay).toBe(true);
  });
});
