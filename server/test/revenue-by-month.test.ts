/**
 * Revenue by month (issue 23): a year of the family account month by month agrees with the ledger to the
 * cent: a plan's instalments count in the months they fall due, payments and refunds in the months they were
 * made, a refund's credit takes from what was charged, what is owed at the end of the last month is every
 * family's balance, and the CSV is exactly the table. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is
 * set. The role × route refusals are in staff-money.test.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';

describe.each(dbKinds)('revenue by month on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { as } = office;

  it('counts each month from the ledger, and the year ends on what the families owe', async () => {
    const planned = await office.a.session({
      name: 'Revenue Plan Room',
      registrationPrice: 180_000,
      supplyFee: 5_000,
      sessionStartDate: '2026-12-07',
      sessionEndDate: '2027-03-19',
      rosterSize: 4,
      planDeposit: 35_000,
      planFee: 2_500,
      planDueDates: ['2026-12-01', '2027-01-01', '2027-02-01'],
    });
    const full = await office.a.session({
      name: 'Revenue Full Room',
      registrationPrice: 50_000,
      rosterSize: 4,
    });
    const onPlan = await office.a.family('Revplan', 1);
    const start = await as(onPlan.token, 'POST', '/api/ClassSessionEnrollment', {
      classSessionId: planned,
      studentIds: onPlan.childIds,
      paymentPlan: true,
    });
    expect(start.statusCode, start.body).toBe(201);
    const checkoutId = new URL(start.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await office.a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
    const payer = await office.enrolledFamily('Revfull', full);
    const refund = await as(office.admin, 'POST', `/api/staff/payments/${payer.paymentId}/refunds`, {
      amount: 10_000,
      reason: 'Missed the first week',
      idempotencyKey: office.key(),
    });
    expect(refund.statusCode, refund.body).toBe(201);

    const res = await as(office.admin, 'GET', '/api/staff/revenue?year=2026');
    expect(res.statusCode, res.body).toBe(200);
    const year = res.json();
    const month = (m: string) => year.months.find((x: { month: string }) => x.month === m);
    // November: the deposit, the fee and the $550 place charged, less the refund's $100 credit; $375 and $550
    // received; $100 refunded: nothing owed at the month's end.
    expect(month('2026-11')).toEqual({
      month: '2026-11',
      charged: 37_500 + 55_000 - 10_000,
      received: 37_500 + 55_000,
      refunded: 10_000,
      outstanding: 0,
    });
    // December: the first instalment falls due.
    expect(month('2026-12')).toMatchObject({ charged: 50_000, received: 0, outstanding: 50_000 });
    expect(year).toMatchObject({
      year: 2026,
      opening: 0,
      closing: 50_000,
      totals: { charged: 132_500, received: 92_500, refunded: 10_000 },
    });
    expect(year.years).toEqual([2027, 2026]);
    expect(year.months).toHaveLength(12);

    const next = (await as(office.admin, 'GET', '/api/staff/revenue?year=2027')).json();
    expect(next).toMatchObject({ opening: 50_000, closing: 150_000 });
    // The last month with an entry ends on the sum of every entry: what the families owe.
    const [ledger] = await queryRows<{ owed: number }>(
      office.t.database.db,
      sql`select coalesce(sum(signed), 0)::int as owed from ledger_signed`,
    );
    expect(next.closing).toBe(ledger!.owed);
    // The current year (the test clock's 2026) when none is asked for.
    expect((await as(office.admin, 'GET', '/api/staff/revenue')).json().year).toBe(2026);

    const csv = await as(office.admin, 'GET', '/api/staff/revenue.csv?year=2026');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('revenue-2026.csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Month,Charged,Received,Refunded,Owed at month end');
    expect(lines).toContain('November 2026,$825.00,$925.00,$100.00,$0.00');
    expect(lines).toContain('December 2026,$500.00,$0.00,$0.00,$500.00');
    expect(lines.at(-1)).toBe('Total 2026,"$1,325.00",$925.00,$100.00,$500.00');
  });

  it('refuses a year that is not one', async () => {
    const res = await as(office.admin, 'GET', '/api/staff/revenue?year=twenty');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.year).toBe('Choose a year, like 2026.');
  });
});
