/**
 * The family account's rules (issue 23, decision 022) beyond the API flows in family-ledger.test.ts:
 * - the migration: on a copy of the demo database (its payments written as a center's were before the ledger),
 *   the catch-up posts every paid payment and refund once, every family that paid in full owes exactly $0
 *   (the demo family, on a deposit, owes the rest, overdue), and a second run posts nothing;
 * - a property (fast-check; the pure rules' own are in contract/src/ledger.test.ts): for random sequences of entries,
 *   replayed keys included, the balance is the signed sum of the entries posted once, every place's balance is
 *   what it was charged minus what was paid, and the statement's running balance ends at the balance: never a
 *   cent lost or made; and the per-place sums the database keeps for the aging report equal the entries' sums.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { LEDGER_KINDS, SIGN_OF_KIND } from '@lc/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { DEMO_PARENT, seedDemo } from '../src/db/seed/demo.ts';
import { backfillLedger, familyAccount, type NewEntry, postEntries } from '../src/features/billing/ledger.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, movableClock } from './support/registration.ts';

const TZ = 'America/Los_Angeles';

describe.each(dbKinds)('the ledger on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: movableClock('2026-11-20T18:00:00Z') });
    a = api(t);
  });
  afterAll(async () => t?.close());

  /**
   * Due dates whose cached sums (`ledger_place_dues`, migration 0025) differ from the entries' sums: charges,
   * fees and late fees by due date, less the discounts dated with them; for one payer or all.
   */
  const duesCacheDrift = (payer: string | null) =>
    queryRows(
      t.database.db,
      sql`with sums as (
          select payer_user_id, class_session_id,
            coalesce(student_id, '00000000-0000-0000-0000-000000000000'::uuid) as student_key,
            coalesce(due_on, created::date) as due_on,
            sum(case when kind = 'discount' then -amount else amount end)::int as amount
          from ledger_entries where class_session_id is not null
            and (kind in ('charge', 'plan_fee', 'late_fee') or (kind = 'discount' and due_on is not null))
            and (${payer}::uuid is null or payer_user_id = ${payer}::uuid)
          group by 1, 2, 3, 4
        )
        select coalesce(s.payer_user_id, d.payer_user_id) as payer_user_id
        from sums s full join (select * from ledger_place_dues
            where ${payer}::uuid is null or payer_user_id = ${payer}::uuid) d
          on d.payer_user_id = s.payer_user_id and d.class_session_id = s.class_session_id
            and d.student_key = s.student_key and d.due_on = s.due_on
        where s.payer_user_id is null or d.payer_user_id is null or s.amount <> d.amount`,
    );

  /** Places whose cached sums (`ledger_places`) differ from the entries' sums, for one payer or all. */
  const placeCacheDrift = (payer: string | null) =>
    queryRows(
      t.database.db,
      sql`with sums as (
          select payer_user_id, class_session_id, student_id, sum(charged)::int as charged,
            sum(paid)::int as paid, sum(signed)::int as balance,
            min(due_on) filter (where kind in ('charge', 'plan_fee', 'late_fee')) as due_on
          from ledger_signed where class_session_id is not null
            and (${payer}::uuid is null or payer_user_id = ${payer}::uuid)
          group by payer_user_id, class_session_id, student_id
        )
        select coalesce(s.payer_user_id, p.payer_user_id) as payer_user_id
        from sums s full join (select * from ledger_places
            where ${payer}::uuid is null or payer_user_id = ${payer}::uuid) p
          on p.payer_user_id = s.payer_user_id and p.class_session_id = s.class_session_id
            and p.student_id is not distinct from s.student_id
        where s.payer_user_id is null or p.payer_user_id is null or s.charged <> p.charged or s.paid <> p.paid
          or s.balance <> p.balance or s.due_on is distinct from p.due_on`,
    );

  it('the migration: on the demo’s payments, every family that paid in full owes $0, and a second run posts nothing', async () => {
    await seedDemo(t.database.db, '2026-11-20');
    // One demo payment was partly refunded by the office before the ledger existed.
    const [refunded] = await queryRows<{ id: string; user_id: string; final_amount: number }>(
      t.database.db,
      sql`select p.id, p.user_id, p.final_amount from payments p join users u on u.id = p.user_id
        where p.status = 'Paid' and p.provider = 'offline' and u.email_address <> ${DEMO_PARENT.emailAddress}
        order by p.created limit 1`,
    );
    await t.database.db.execute(sql`update payments set refunded_amount = 5000 where id = ${refunded!.id}`);
    await t.database.db.execute(sql`insert into refunds (payment_id, amount, reason, status, idempotency_key)
      values (${refunded!.id}, 5000, 'Missed the first week', 'Succeeded', 'demo-refund-before-ledger')`);

    const posted = await backfillLedger(t.database.db, TZ);
    expect(posted).toBeGreaterThan(0);
    const balances = await queryRows<{ payer_user_id: string; balance: number }>(
      t.database.db,
      sql`select payer_user_id, sum(signed)::int as balance from ledger_signed group by payer_user_id`,
    );
    const paidPayers = await queryRows<{ user_id: string }>(
      t.database.db,
      sql`select distinct user_id from payments where status in ('Paid', 'Refunded')`,
    );
    expect(balances.map((b) => b.payer_user_id).sort()).toEqual(paidPayers.map((p) => p.user_id).sort());
    // Everyone paid in full but the demo family, whose $300 deposit on last fall's class left the rest owed,
    const [demo] = await queryRows<{ id: string; price: number }>(
      t.database.db,
      sql`select u.id, (select registration_price + supply_fee from class_sessions
          where name = 'Fall Morning Session') as price
        from users u where u.email_address = ${DEMO_PARENT.emailAddress}`,
    );
    // The two Winter families on the payment plan (issue 23) owe the three instalments after their deposit.
    const onPlan = await queryRows<{ user_id: string; owed: number }>(
      t.database.db,
      sql`select p.user_id, (cs.registration_price + cs.supply_fee - cs.plan_deposit)::int as owed
        from payments p join class_sessions cs on cs.id = p.class_session_id where p.plan is not null`,
    );
    expect(onPlan.map((p) => p.owed)).toEqual([160_000, 160_000]);
    expect(
      balances.filter((b) => b.balance !== 0).sort((x, y) => x.payer_user_id.localeCompare(y.payer_user_id)),
    ).toEqual(
      [
        { payer_user_id: demo!.id, balance: demo!.price - 30_000 },
        ...onPlan.map((p) => ({ payer_user_id: p.user_id, balance: p.owed })),
      ].sort((x, y) => x.payer_user_id.localeCompare(y.payer_user_id)),
    );
    const demoAccount = await familyAccount(t.database.db, [demo!.id], '2026-11-20');
    expect(demoAccount).toMatchObject({
      status: 'overdue',
      nextDue: { amount: demo!.price - 30_000, sessionName: 'Fall Morning Session' },
    });
    expect(demoAccount.entries.map((e) => [e.kind, e.method, e.reference])).toEqual([
      ['charge', null, null],
      ['payment', 'other', 'Deposit, check #2207'],
    ]);
    // Every paid payment is on the ledger, to the cent, and cash in equals the payments less the refunds.
    const [totals] = await queryRows<{ paid: number; payments: number; unposted: number; cash: number }>(
      t.database.db,
      sql`select
          (select coalesce(sum(final_amount), 0)::int from payments where status in ('Paid', 'Refunded')) as payments,
          (select coalesce(sum(amount), 0)::int from ledger_entries where kind = 'payment') as paid,
          (select coalesce(sum(paid), 0)::int from ledger_signed) as cash,
          (select count(*)::int from payments p where status in ('Paid', 'Refunded') and final_amount > 0
            and not exists (select 1 from ledger_entries l where l.payment_id = p.id)) as unposted`,
    );
    expect(totals).toEqual({
      paid: totals!.payments,
      payments: totals!.payments,
      unposted: 0,
      cash: totals!.payments - 5000,
    });
    // The refunded family's place: charged $50 less, paid $50 less, nothing owed.
    const account = await familyAccount(t.database.db, [refunded!.user_id], '2026-11-20');
    expect(account.balance).toBe(0);
    expect(account.places.find((p) => p.refunded === 5000)).toMatchObject({
      paid: refunded!.final_amount - 5000,
      charged: refunded!.final_amount - 5000,
      status: 'paid',
    });
    expect(await backfillLedger(t.database.db, TZ)).toBe(0);
    expect(await placeCacheDrift(null)).toEqual([]);
    expect(await duesCacheDrift(null)).toEqual([]);
  });

  it('for random entries, replays included, the balance is the signed sum of what was posted once', async () => {
    const sessions = [
      await a.session({ name: 'Property Room A' }),
      await a.session({ name: 'Property Room B' }),
    ];
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            kind: fc.constantFrom(...LEDGER_KINDS),
            amount: fc.integer({ min: 1, max: 500_000 }),
            session: fc.constantFrom(0, 1),
            // A small key space: the same event posted twice must count once.
            event: fc.integer({ min: 0, max: 14 }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (steps) => {
          run += 1;
          const family = await a.family(`Prop${run}`, 1);
          const entries: NewEntry[] = steps.map((s) => ({
            payerUserId: family.userId,
            kind: s.kind,
            amount: s.amount,
            classSessionId: sessions[s.session],
            studentId: family.childIds[0],
            idempotencyKey: `property:${kind}:${run}:${s.event}`,
          }));
          await postEntries(t.database.db, entries, { createdBy: null, now: new Date() });
          const once = new Map<string, NewEntry>();
          for (const e of entries) if (!once.has(e.idempotencyKey)) once.set(e.idempotencyKey, e);
          const expected = [...once.values()].reduce((n, e) => n + SIGN_OF_KIND[e.kind] * e.amount, 0);
          const account = await familyAccount(t.database.db, [family.userId], '2026-11-20');
          expect(account.entries).toHaveLength(once.size);
          expect(account.balance).toBe(expected);
          expect(account.entries.at(-1)!.balanceAfter).toBe(expected);
          expect(account.places.reduce((n, p) => n + p.balance, 0)).toBe(expected);
          for (const place of account.places) expect(place.balance).toBe(place.charged - place.paid);
          // The per-place sums the database trigger keeps (the aging report's) equal the entries' sums.
          expect(await placeCacheDrift(family.userId)).toEqual([]);
          expect(await duesCacheDrift(family.userId)).toEqual([]);
        },
      ),
      { numRuns: 20 },
    );
  });
});
