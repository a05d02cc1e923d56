/**
 * "Close our account" (issue 13) on every database kind: refused for a wrong password, a staff account, a
 * child still in a session that has not ended, and money on its way; once closed, no text column of any
 * table holds the family's names or email, the payments are still there with their amounts, nobody can sign
 * in to the account, another family is untouched, and the parent got a confirmation mail.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  attendance,
  classSessionEnrollments,
  contactSubmissions,
  payments,
  users,
} from '../src/db/schema.ts';
import { createTestApp, dbKinds, doorRecord, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';

const PASSWORD = 'a good long password';

describe.each(dbKinds)('closing a family account on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let rivera: Family;
  let lindqvist: Family;
  let upcoming: number;
  let past: number;

  const call = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const close = (family: Family, password = PASSWORD) =>
    call(family.token, 'POST', '/api/Family/Close', { password });

  /** Every row of every text-like column of the public schema that contains `needle` (case-insensitive). */
  async function findEverywhere(needle: string): Promise<string[]> {
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      t.database.db,
      sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')`,
    );
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const [hit] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
          where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`}`,
      );
      if (hit!.n > 0) found.push(`${table_name}.${column_name}`);
    }
    return found;
  }

  const setUp = async (family: Family, contact: string) => {
    expect(
      (await call(family.token, 'POST', `/api/Student/${family.childIds[0]}/Allergies`, { name: 'Peanuts' }))
        .statusCode,
    ).toBe(201);
    const res = await call(family.token, 'POST', '/api/Student/Trustees', {
      firstName: contact,
      lastName: 'Grand',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      emailAddress: `${contact.toLowerCase()}@example.com`,
      canPickup: true,
      studentIds: family.childIds,
    });
    expect(res.statusCode).toBe(201);
    expect(
      (await call(family.token, 'POST', `/api/Student/Trustees/${res.json().id}/Pass`, { pin: '2468' }))
        .statusCode,
    ).toBe(201);
    // Last year's place, paid and partly refunded, with a drop-off.
    const [paid] = await t.database.db
      .insert(payments)
      .values({
        status: 'Paid',
        originalAmount: 50_000,
        finalAmount: 50_000,
        refundedAmount: 5_000,
        provider: 'offline',
        classSessionId: past,
        userId: family.userId,
        emailAddress: family.email,
        note: `Check from ${contact} Grand`,
      })
      .returning({ id: payments.id });
    await t.database.db.execute(
      sql`insert into refunds (payment_id, amount, reason, status, idempotency_key)
        values (${paid!.id}, 5000, ${`Supply fee back for ${contact}`}, 'Succeeded', ${crypto.randomUUID()})`,
    );
    await t.database.db.insert(classSessionEnrollments).values({
      classSessionId: past,
      studentId: family.childIds[0]!,
      status: 'Enrolled',
      paymentId: paid!.id,
    });
    await t.database.db.insert(attendance).values(
      doorRecord({
        kind: 'CheckIn',
        studentId: family.childIds[0]!,
        classSessionId: past,
        timestamp: new Date('2026-05-04T16:00:00Z'),
        adultName: `${contact} Grand`,
      }),
    );
    await t.database.db.insert(contactSubmissions).values({
      firstName: family.email.split('.')[0]!,
      lastName: 'Family',
      email: family.email,
      message: `Could ${contact} pick up on Fridays?`,
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: movableClock('2026-11-20T18:00:00Z'),
      env: { SIGNUP_RATE_LIMIT: '1000' },
    });
    a = api(t);
    past = await a.session({
      name: 'Spring Mornings 2026',
      sessionStartDate: '2026-03-02',
      sessionEndDate: '2026-05-29',
    });
    upcoming = await a.session({ name: 'Winter Mornings', rosterSize: 6 });
    rivera = await a.family('Rivera', 2);
    lindqvist = await a.family('Lindqvist', 1);
    await setUp(rivera, 'Rosalind');
    await setUp(lindqvist, 'Gunnhild');
    await t.flush();
  });
  afterAll(() => t?.close());

  it('refuses a wrong password by its field, and a staff account', async () => {
    const wrong = await close(rivera, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toBe('That password is not right');
    const director = await a.promote('Director', 'Admin');
    const staff = await close(director);
    expect(staff.statusCode).toBe(403);
  });

  it('refuses while a child holds a place in a session that has not ended, and while money is on its way', async () => {
    const res = await a.enroll(rivera, upcoming, [rivera.childIds[1]!]);
    expect(res.statusCode).toBe(201);
    // The checkout is still open: a payment in progress.
    const pending = await close(rivera);
    expect(pending.statusCode).toBe(409);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
    const enrolled = await close(rivera);
    expect(enrolled.statusCode).toBe(409);
    expect(enrolled.json().message).toBe(
      'Ben is enrolled in Winter Mornings, which has not ended yet. Please ask us to withdraw Ben first, or close your account once the session is over.',
    );
    // The office withdraws Ben (issue 10's withdrawal); nothing was erased meanwhile.
    await t.database.db
      .update(classSessionEnrollments)
      .set({ status: 'Withdrawn' })
      .where(eq(classSessionEnrollments.studentId, rivera.childIds[1]!));
    expect(await findEverywhere('Rosalind')).not.toEqual([]);
  });

  it('erases the family’s personal data, keeps the payments without it, and ends the account', async () => {
    const before = await queryRows<{ n: number; total: number }>(
      t.database.db,
      sql`select count(*)::int as n, sum(final_amount)::int as total from payments where user_id = ${rivera.userId}`,
    );
    const res = await close(rivera);
    expect(res.statusCode).toBe(204);

    for (const needle of [rivera.email, 'Rivera', 'Rosalind', 'rosalind@example.com']) {
      expect(await findEverywhere(needle), needle).toEqual([]);
    }
    const after = await queryRows<{ n: number; total: number }>(
      t.database.db,
      sql`select count(*)::int as n, sum(final_amount)::int as total from payments where user_id = ${rivera.userId}`,
    );
    expect(after).toEqual(before);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, rivera.userId));
    expect(account).toMatchObject({ firstName: 'Former', lastName: 'family', sms: null });
    expect(account!.closedAt).not.toBeNull();

    // Nobody can sign in: the old session ends and the address no longer opens the account.
    expect((await call(rivera.token, 'GET', '/api/Student')).statusCode).toBe(401);
    const login = await call(null, 'POST', '/api/UserAuthentication/Login', {
      emailAddress: rivera.email,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(401);

    // The parent was told (sent directly: no copy of the address stays in the outbox).
    const mails = await t.mails();
    expect(mails.some((m) => m.to === rivera.email && /account is closed/.test(m.subject))).toBe(true);
  });

  it('leaves another family untouched, and keeps the closure in the audit trail without names', async () => {
    expect(await findEverywhere('Gunnhild')).not.toEqual([]);
    const mine = await call(lindqvist.token, 'GET', '/api/Student');
    expect(mine.json()).toHaveLength(1);
    const [closed] = await queryRows<{ after: unknown }>(
      t.database.db,
      sql`select after from audit_events where action = 'family.close' and actor_user_id = ${rivera.userId}`,
    );
    expect(JSON.stringify(closed!.after)).toMatch(/"children":2/);
    // The trail is still append-only outside a closure.
    await expect(t.database.db.execute(sql`update audit_events set after = null`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toThrow();
  });
});
