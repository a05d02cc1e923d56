/**
 * Split billing (issue 23, decision 024): the two parents of a shared family agree to share the bills, by
 * percentage or a parent per child; each instalment due from that day is divided exact to the cent (the odd
 * cent stays with the parent whose place it is), each parent pays their own share (autopay with their own method
 * only, pay now their own places first), one parent's unpaid share never touches the other's, and stopping
 * undoes the split for what is still to fall due without losing a cent (the division itself: contract
 * billing-split.test.ts). On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { sweepAutopay } from '../src/features/billing/autopay.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';
import type { Family } from './support/registration.ts';

describe.each(dbKinds)('split billing on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { as } = office;
  const checkoutIdOf = (url: string) => new URL(url, 'http://x').pathname.split('/').at(-1)!;
  const day = async (date: string, ...families: Family[]) => {
    await office.t.ctx.work.idle();
    office.clock.set(`${date}T18:00:00Z`);
    for (const f of families) await office.a.signIn(f);
  };
  const view = async (f: Family) => {
    const res = await as(f.token, 'GET', '/api/Billing/Split');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      canSplit: boolean;
      active: { rule: { kind: string } } | null;
      proposal: { proposedByYou: boolean } | null;
      shares: { parentId: string; balance: number; nextDue: { amount: number; dueOn: string } | null }[];
    };
  };
  const balanceOf = async (f: Family, parent: Family) =>
    (await view(f)).shares.find((s) => s.parentId === parent.userId)!.balance;
  const familyBalance = async (f: Family) =>
    ((await as(f.token, 'GET', '/api/Billing/Account')).json() as { balance: number }).balance;
  const subjects = async (f: Family) => (await office.mailsTo(f.email)).map((m) => m.subject);

  it('shares each bill by percentage to the cent; each parent pays their own share; stopping loses nothing', async () => {
    await day('2026-11-20');
    const session = await office.a.session({
      name: 'Shared Room',
      registrationPrice: 100_001,
      supplyFee: 0,
      sessionStartDate: '2026-12-07',
      sessionEndDate: '2027-03-19',
      rosterSize: 10,
      planDeposit: 30_000,
      planFee: 0,
      planDueDates: ['2026-12-01', '2027-01-01', '2027-02-01'],
    });
    const dana = await office.a.family('Dana', 1);
    const sam = await office.a.family('Sam', 0);
    await office.a.share(dana, sam);
    expect((await view(dana)).canSplit).toBe(true);

    const enrolled = await as(dana.token, 'POST', '/api/ClassSessionEnrollment', {
      classSessionId: session,
      studentIds: dana.childIds,
      paymentPlan: true,
      saveMethod: true,
    });
    expect(
      (await office.a.press(checkoutIdOf(enrolled.json().checkoutUrl), 'pay', 'test_pm_visa')).statusCode,
    ).toBe(303);
    expect(await familyBalance(dana)).toBe(70_001);

    // Dana proposes 60 / 40; nothing changes until Sam agrees.
    const proposed = await as(dana.token, 'POST', '/api/Billing/Split', { kind: 'percent', yourPercent: 60 });
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect(proposed.json().proposal.proposedByYou).toBe(true);
    expect(await balanceOf(dana, sam)).toBe(0);
    const invite = (await office.mailsTo(sam.email)).find(
      (m) => m.subject === 'Dana proposed sharing the bills',
    );
    expect(invite?.text).toContain('you pay 40% of each bill that falls due from then on, and Dana pays 60%');
    // Dana cannot accept her own proposal.
    expect((await as(dana.token, 'POST', '/api/Billing/Split/Accept')).statusCode).toBe(409);
    const accepted = await as(sam.token, 'POST', '/api/Billing/Split/Accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().active.rule.kind).toBe('percent');
    expect(await subjects(dana)).toContain('You now share the bills');
    expect(await subjects(sam)).toContain('You now share the bills');

    // $233.33, $233.33, $233.35: Sam's 40% rounded down, Dana keeps the odd cents.
    expect(await balanceOf(dana, dana)).toBe(14_000 + 14_000 + 14_001);
    expect(await balanceOf(dana, sam)).toBe(9_333 + 9_333 + 9_334);
    expect(await familyBalance(dana)).toBe(70_001);

    // Each parent's monthly statement is their own share now.
    const samStatement = await office.t.app.inject({
      method: 'GET',
      url: '/api/Billing/Statements/2026-11',
      headers: { authorization: `Bearer ${sam.token}` },
    });
    const samText = (
      await extractText(new Uint8Array(samStatement.rawPayload), { mergePages: true })
    ).text.replace(/\s+/g, ' ');
    expect(samText).toContain('Family: Sam Family');
    expect(samText).toContain('Your share: you share the bills with Dana, and this statement is yours.');
    expect(samText).toContain('Balance at the end of Monday, November 30, 2026: $280.00');

    // Sam has no saved method: autopay takes Dana's share from Dana's card and never Sam's share from it.
    await day('2026-12-01', dana, sam);
    await sweepAutopay(office.t.ctx.registration);
    const attempts = await queryRows<{ payer_user_id: string; amount: number; status: string }>(
      office.t.database.db,
      sql`select payer_user_id, amount, status from autopay_attempts where payer_user_id in (${dana.userId}::uuid, ${sam.userId}::uuid)`,
    );
    expect(attempts).toEqual([{ payer_user_id: dana.userId, amount: 14_000, status: 'succeeded' }]);
    expect(await balanceOf(dana, sam)).toBe(28_000);

    // Sam pays part of his share now: it pays his own place, not Dana's.
    const pay = await as(sam.token, 'POST', '/api/Billing/Pay', { amount: 5_000 });
    expect(pay.statusCode, pay.body).toBe(201);
    expect((await office.a.press(checkoutIdOf(pay.json().checkoutUrl), 'pay')).statusCode).toBe(303);
    expect(await balanceOf(sam, sam)).toBe(23_000);
    expect(await balanceOf(sam, dana)).toBe(28_001);
    const samView = await view(sam);
    expect(samView.shares.find((s) => s.parentId === sam.userId)?.nextDue).toEqual({
      amount: 4_333,
      dueOn: '2026-12-01',
    });

    // They stop sharing on Dec 2: the bills still to fall due go back to Dana; nothing is lost or made.
    await day('2026-12-02', dana, sam);
    const before = await familyBalance(dana);
    expect((await as(sam.token, 'POST', '/api/Billing/Split', { kind: 'none' })).statusCode).toBe(201);
    expect((await as(dana.token, 'POST', '/api/Billing/Split/Accept')).json().active).toBeNull();
    expect(await familyBalance(dana)).toBe(before);
    // Sam keeps what he owes for Dec 1 ($43.33); January and February are Dana's again.
    expect(await balanceOf(dana, sam)).toBe(4_333);
    expect(await balanceOf(dana, dana)).toBe(before - 4_333);
    expect(await subjects(dana)).toContain('You no longer share the bills');
    // Nothing more to stop.
    expect((await as(dana.token, 'POST', '/api/Billing/Split', { kind: 'none' })).statusCode).toBe(409);
  });

  it('gives each child’s bills to one parent, asks for both parents, and answers only its own family', async () => {
    await day('2026-11-20');
    const lone = await office.a.family('Lone', 1);
    const refused = await as(lone.token, 'POST', '/api/Billing/Split', { kind: 'percent', yourPercent: 50 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Sharing the bills needs two parents in the family. Invite the other parent from the Family page first.',
    );
    expect((await view(lone)).canSplit).toBe(false);

    const maya = await office.a.family('Maya', 2);
    const leo = await office.a.family('Leo', 0);
    await office.a.share(maya, leo);
    const [first, second] = maya.childIds as [string, string];
    const bad = await as(maya.token, 'POST', '/api/Billing/Split', {
      kind: 'child',
      payers: { [first]: maya.userId, [second]: lone.userId },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.payers).toBe('Choose which parent pays for each child.');
    const byChild = await as(maya.token, 'POST', '/api/Billing/Split', {
      kind: 'child',
      payers: { [first]: maya.userId, [second]: leo.userId },
    });
    expect(byChild.statusCode, byChild.body).toBe(201);
    // Someone outside the family cannot answer it; Leo declines, and Maya is told.
    expect((await as(lone.token, 'POST', '/api/Billing/Split/Accept')).statusCode).toBe(404);
    expect((await as(leo.token, 'POST', '/api/Billing/Split/Decline')).statusCode).toBe(200);
    expect(await subjects(maya)).toContain('Leo declined sharing the bills that way');
    expect((await view(maya)).proposal).toBeNull();
    expect((await as(leo.token, 'POST', '/api/Billing/Split/Decline')).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/Billing/Split'],
      ['POST', '/api/Billing/Split/Accept'],
    ] as const)
      expect((await as(null, method, url)).statusCode).toBe(401);
  });
});
