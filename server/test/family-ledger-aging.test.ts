/**
 * The aging report (issue 23, the director's): each family that owes, by days past due on the center's
 * calendar — current, 1–30, 31–60, over 60 — most owed first, a page at a time, with totals over all of them
 * that add up, and a CSV of every family that is exactly the table. Families that owe nothing or hold a credit are not on it. The role × route matrix for
 * its routes is in staff-money.test.ts. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { AGING_CSV_COLUMNS } from '@lc/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';

const DAY_MINUTES = 24 * 60;

describe.each(dbKinds)('the aging report on %s', (kind) => {
  const office = staffMoneyApp(kind);

  it('puts each family’s balance in the bucket of how long it has been due, and the CSV is the table', async () => {
    const started = await office.a.session({
      name: 'Aging Started Room',
      registrationPrice: 45_500,
      supplyFee: 0,
      sessionStartDate: '2026-11-02',
      rosterSize: 9,
    });
    const later = await office.a.session({
      name: 'Aging Spring Room',
      registrationPrice: 30_000,
      supplyFee: 0,
      sessionStartDate: '2027-06-01',
      sessionEndDate: '2027-08-01',
      rosterSize: 9,
    });
    const enroll = (token: string, sessionId: number, studentId: string, amount: number) =>
      office.placeByHand(sessionId, studentId, { amount, note: 'Deposit' }, token);
    // Oldest: owes $355 from today (2026-11-20); 65 days later it is over 60.
    const oldest = await office.a.family('Oldest', 1);
    await enroll(office.admin, started, oldest.childIds[0]!, 10_000);
    const paidUp = await office.a.family('Paidup', 1);
    await enroll(office.admin, started, paidUp.childIds[0]!, 45_500);
    office.clock.advanceMinutes(40 * DAY_MINUTES);
    let director = (await office.a.promote('Agingone', 'Admin')).token;
    // Middle: owes $255 from 40 days on; 25 days later that is 1–30.
    const middle = await office.a.family('Middle', 1);
    await enroll(director, started, middle.childIds[0]!, 20_000);
    office.clock.advanceMinutes(25 * DAY_MINUTES);
    director = (await office.a.promote('Agingtwo', 'Admin')).token;
    // Newest: a summer place, due on its first day, ahead: current.
    const newest = await office.a.family('Newest', 2);
    await enroll(director, later, newest.childIds[0]!, 0);

    const res = await office.as(director, 'GET', '/api/staff/balances?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.asOf).toBe('2027-01-24');
    const ours = report.rows.filter((r: { familyName: string }) =>
      ['Oldest Family', 'Middle Family', 'Newest Family', 'Paidup Family'].includes(r.familyName),
    );
    expect(ours).toEqual([
      {
        userId: oldest.userId,
        familyName: 'Oldest Family',
        emailAddress: oldest.email,
        children: ['Ava Oldest'],
        current: 0,
        days1to30: 0,
        days31to60: 0,
        over60: 35_500,
        total: 35_500,
      },
      expect.objectContaining({ familyName: 'Newest Family', current: 30_000, total: 30_000 }),
      expect.objectContaining({ familyName: 'Middle Family', days1to30: 25_500, total: 25_500 }),
    ]);
    for (const key of ['current', 'days1to30', 'days31to60', 'over60', 'total'] as const)
      expect(report.totals[key]).toBe(
        report.rows.reduce((n: number, r: Record<string, number>) => n + r[key]!, 0),
      );
    expect(report.totals.total).toBe(
      report.totals.current + report.totals.days1to30 + report.totals.days31to60 + report.totals.over60,
    );

    expect(report.total).toBe(report.rows.length);
    // One page at a time, most owed first; the totals still cover every family.
    const second = (await office.as(director, 'GET', '/api/staff/balances?page=2&pageSize=1')).json();
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: report.total, totals: report.totals });
    expect(second.rows).toEqual([report.rows[1]]);
    const badPage = await office.as(director, 'GET', '/api/staff/balances?page=0');
    expect(badPage.statusCode).toBe(400);

    const csv = await office.as(director, 'GET', '/api/staff/balances.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="balances-2027-01-24.csv"');
    const cells = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
    expect(cells[0]).toEqual([...AGING_CSV_COLUMNS]);
    expect(cells).toContainEqual([
      'Oldest Family',
      oldest.email,
      'Ava Oldest',
      '$0.00',
      '$0.00',
      '$0.00',
      '$355.00',
      '$355.00',
    ]);
    expect(cells.at(-1)![0]).toBe('Total');
    expect(cells.at(-1)![7]).toBe(
      `$${(report.totals.total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(cells).toHaveLength(report.rows.length + 2);
  });

  it('orders by the column the table asks for (decision 030), both ways, ties by name, on every page alike', async () => {
    const started = await office.a.session({
      name: 'Sorting Started Room',
      registrationPrice: 45_500,
      supplyFee: 0,
      sessionStartDate: '2026-11-02',
      rosterSize: 9,
    });
    const later = await office.a.session({
      name: 'Sorting Summer Room',
      registrationPrice: 30_000,
      supplyFee: 0,
      sessionStartDate: '2028-06-01',
      sessionEndDate: '2028-08-01',
      rosterSize: 9,
    });
    let director = (await office.a.promote('Agingthree', 'Admin')).token;
    const enroll = async (name: string, sessionId: number, amount: number) => {
      const family = await office.a.family(name, 1);
      await office.placeByHand(sessionId, family.childIds[0]!, { amount, note: 'Deposit' }, director);
    };
    // Sortold owes $355.00 for 65 days (over 60), Sortmid $255.00 for 25 days (1–30); Sortnew $300.00 and
    // Sortpair $150.00 are not due yet (current).
    await enroll('Sortold', started, 10_000);
    office.clock.advanceMinutes(40 * DAY_MINUTES);
    director = (await office.a.promote('Agingfour', 'Admin')).token;
    await enroll('Sortmid', started, 20_000);
    office.clock.advanceMinutes(25 * DAY_MINUTES);
    director = (await office.a.promote('Agingfive', 'Admin')).token;
    await enroll('Sortnew', later, 0);
    await enroll('Sortpair', later, 15_000);

    type Row = { userId: string; familyName: string } & Record<string, number>;
    const rows = async (query: string): Promise<Row[]> => {
      const res = await office.as(director, 'GET', `/api/staff/balances?pageSize=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().rows;
    };
    const order = async (query: string) =>
      (await rows(query))
        .filter((r) => r.familyName.startsWith('Sort'))
        .map((r) => r.familyName.replace(' Family', ''));

    expect(await order('')).toEqual(['Sortold', 'Sortnew', 'Sortmid', 'Sortpair']);
    expect(await order('sort=total&dir=desc')).toEqual(['Sortold', 'Sortnew', 'Sortmid', 'Sortpair']);
    expect(await order('sort=total&dir=asc')).toEqual(['Sortpair', 'Sortmid', 'Sortnew', 'Sortold']);
    expect(await order('sort=family&dir=asc')).toEqual(['Sortmid', 'Sortnew', 'Sortold', 'Sortpair']);
    expect(await order('sort=family&dir=desc')).toEqual(['Sortpair', 'Sortold', 'Sortnew', 'Sortmid']);
    // Equal amounts stay in name order (A to Z) whichever way the column runs.
    expect(await order('sort=current&dir=desc')).toEqual(['Sortnew', 'Sortpair', 'Sortmid', 'Sortold']);
    expect(await order('sort=current&dir=asc')).toEqual(['Sortmid', 'Sortold', 'Sortpair', 'Sortnew']);
    expect(await order('sort=days1to30&dir=desc')).toEqual(['Sortmid', 'Sortnew', 'Sortold', 'Sortpair']);
    expect(await order('sort=days1to30&dir=asc')).toEqual(['Sortnew', 'Sortold', 'Sortpair', 'Sortmid']);
    expect(await order('sort=days31to60&dir=desc')).toEqual(['Sortmid', 'Sortnew', 'Sortold', 'Sortpair']);
    expect(await order('sort=over60&dir=desc')).toEqual(['Sortold', 'Sortmid', 'Sortnew', 'Sortpair']);
    expect(await order('sort=over60&dir=asc')).toEqual(['Sortmid', 'Sortnew', 'Sortpair', 'Sortold']);
    // Over every family, not only ours: each amount runs one way.
    for (const key of ['current', 'days1to30', 'days31to60', 'over60', 'total']) {
      const up = (await rows(`sort=${key}&dir=asc`)).map((r) => r[key]!);
      expect(up).toEqual([...up].sort((x, y) => x - y));
      const down = (await rows(`sort=${key}&dir=desc`)).map((r) => r[key]!);
      expect(down).toEqual([...down].sort((x, y) => y - x));
    }

    // A page of one at a time: the same families in the same order, none twice; the totals are every family's.
    const all = await office.as(director, 'GET', '/api/staff/balances?pageSize=100&sort=current&dir=asc');
    const everyone = (all.json().rows as Row[]).map((r) => r.userId);
    const pages: string[] = [];
    for (let page = 1; page <= everyone.length; page++) {
      const one = (
        await office.as(director, 'GET', `/api/staff/balances?pageSize=1&page=${page}&sort=current&dir=asc`)
      ).json();
      expect(one.totals).toEqual(all.json().totals);
      pages.push(...(one.rows as Row[]).map((r) => r.userId));
    }
    expect(pages).toEqual(everyone);

    const bad = await office.as(director, 'GET', '/api/staff/balances?sort=owed');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.sort).toBe('Sort by family, current, days1to30, days31to60, over60 or total.');
    const dir = await office.as(director, 'GET', '/api/staff/balances?sort=total&dir=down');
    expect(dir.statusCode).toBe(400);
    expect(dir.json().fields.dir).toBe('Sort asc or desc.');
    const teacher = await office.a.promote('Agingteacher', 'Staff');
    const refused = await office.as(teacher.token, 'GET', '/api/staff/balances?sort=family&dir=asc');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Sortold');
  });
});
