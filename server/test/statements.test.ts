/**
 * Statements as PDFs (issue 23): a family's monthly statement (the month's entries with the running balance,
 * the opening and closing balance, what is due next) and a parent's year-end childcare statement (IRS Form
 * 2441's provider facts, each child's dates of care, what was paid in the year net of refunds), read back from
 * the PDF's text; in Spanish for a Spanish reader; only the signed-in family's. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { sweepAutopay } from '../src/features/billing/autopay.ts';
import { yearEndStatementPdf } from '../src/features/billing/statements.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';

const textOf = async (pdf: Buffer | string) =>
  (await extractText(new Uint8Array(Buffer.from(pdf as Buffer)), { mergePages: true })).text.replace(
    /\s+/g,
    ' ',
  );

describe.each(dbKinds)('statements on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { as } = office;
  const checkoutIdOf = (url: string) => new URL(url, 'http://x').pathname.split('/').at(-1)!;
  const pdf = (token: string | null, url: string, language = 'en') =>
    office.t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('prints the month’s entries with their balances, and the year’s payments per child with the provider', async () => {
    await office.t.ctx.work.idle();
    office.clock.set('2026-11-20T18:00:00Z');
    const session = await office.a.session({
      name: 'Statement Room',
      registrationPrice: 120_000,
      supplyFee: 0,
      sessionStartDate: '2026-12-07',
      sessionEndDate: '2027-03-19',
      rosterSize: 10,
      planDeposit: 30_000,
      planFee: 0,
      planDueDates: ['2026-12-01', '2027-01-01', '2027-02-01'],
    });
    const family = await office.a.family('Ledger', 1);
    const res = await as(family.token, 'POST', '/api/ClassSessionEnrollment', {
      classSessionId: session,
      studentIds: family.childIds,
      paymentPlan: true,
      saveMethod: true,
    });
    expect(
      (await office.a.press(checkoutIdOf(res.json().checkoutUrl), 'pay', 'test_pm_visa')).statusCode,
    ).toBe(303);
    await office.t.ctx.work.idle();
    office.clock.set('2026-12-01T18:00:00Z');
    await sweepAutopay(office.t.ctx.registration);
    office.clock.set('2026-12-02T18:00:00Z');
    await office.a.signIn(family);

    const index = await as(family.token, 'GET', '/api/Billing/Statements');
    expect(index.statusCode, index.body).toBe(200);
    expect(index.json()).toEqual({ months: ['2026-12', '2026-11'], years: [2026] });

    const november = await pdf(family.token, '/api/Billing/Statements/2026-11');
    expect(november.statusCode, november.body).toBe(200);
    expect(november.headers['content-type']).toBe('application/pdf');
    expect(november.headers['content-disposition']).toBe('attachment; filename="statement-2026-11.pdf"');
    const text = await textOf(november.rawPayload);
    expect(text).toContain('Statement for November 2026');
    expect(text).toContain('Family: Ledger Family');
    expect(text).toContain('Balance on Sunday, November 1, 2026: $0.00');
    // The charge of each instalment, dated, then the deposit's payment; the running balance after each.
    expect(text).toContain('Charge · due Dec 1');
    expect(text).toContain('Payment · card');
    expect(text).toContain('Balance at the end of Monday, November 30, 2026: $900.00');
    expect(text).toContain('As of Wednesday, December 2, 2026: next due, $300.00 on Friday, January 1, 2027');

    const december = await textOf((await pdf(family.token, '/api/Billing/Statements/2026-12')).rawPayload);
    expect(december).toContain('Balance on Tuesday, December 1, 2026: $900.00');
    expect(december).toContain('Automatic payment of the instalment due 2026-12-01');
    expect(december).toContain('Balance at the end of Thursday, December 31, 2026: $600.00');

    const spanish = await textOf(
      (await pdf(family.token, '/api/Billing/Statements/2026-11', 'es')).rawPayload,
    );
    expect(spanish).toContain('Estado de cuenta de noviembre de 2026');
    expect(spanish).toContain('Saldo al final del lunes, 30 de noviembre de 2026: $900.00');

    const yearEnd = await pdf(family.token, '/api/Billing/YearEnd/2026');
    expect(yearEnd.statusCode).toBe(200);
    const facts = await textOf(yearEnd.rawPayload);
    expect(facts).toContain('Childcare statement for 2026');
    expect(facts).toContain('For Ledger Family');
    expect(facts).toContain('Name: Bright Oak Learning Center');
    expect(facts).toContain('Address: 1482 Alameda de las Pulgas, Redwood City, CA 94061');
    expect(facts).toContain('not on this statement yet; please ask the office for it.');
    expect(facts).toContain('Ava Ledger Monday, December 7, 2026 to Thursday, December 31, 2026 $600.00');
    expect(facts).toContain('Total paid $600.00');

    // With the center's EIN set, it is printed as Form 2441 asks.
    const withEin = await textOf(
      await yearEndStatementPdf(office.t.database.db, { id: family.userId, name: 'Ledger Family' }, 2026, {
        timeZone: 'America/Los_Angeles',
        today: '2026-12-02',
        language: 'en',
        center: {
          name: 'Bright Oak Learning Center',
          address: '1482 Alameda de las Pulgas',
          ein: '12-3456789',
        },
      }),
    );
    expect(withEin).toContain('Employer identification number (EIN): 12-3456789');

    // A month or year still to come is not a statement; nobody else's family is reachable (there is no id).
    expect((await pdf(family.token, '/api/Billing/Statements/2027-01')).statusCode).toBe(404);
    expect((await pdf(family.token, '/api/Billing/YearEnd/2027')).statusCode).toBe(404);
    expect((await pdf(family.token, '/api/Billing/Statements/2026-13')).statusCode).toBe(400);
    expect((await pdf(null, '/api/Billing/Statements/2026-11')).statusCode).toBe(401);
    const other = await office.a.family('Stranger', 0);
    const theirs = await textOf((await pdf(other.token, '/api/Billing/YearEnd/2026')).rawPayload);
    expect(theirs).toContain('You made no payments to us in 2026.');
    expect(theirs).not.toContain('Ava');
    office.clock.set('2026-11-20T18:00:00Z');
  });
});
