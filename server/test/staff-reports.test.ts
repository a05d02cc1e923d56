/**
 * The director's reports (issue 24, "Reports with charts") on a fixed Friday, 2026-11-20, at the Acorn, Maple
 * and Saturday rooms (support/passes-staff-app.ts, every place taken on Monday 2026-11-02): who may read them
 * (role × route, nothing changed), what a bad range is told by its field, and what each report counts — the
 * closure that takes a day out of attendance, the ledger's months to the cent, the waitlist's offers and the
 * inquiries' funnel — and that the CSV is exactly the report's table.
 */
import { type Report, type ReportKind, reportTableRows } from '@lc/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  attendance,
  classSessionEnrollments,
  contactSubmissions,
  inboxEntries,
  waitlistSubmissions,
} from '../src/db/schema.ts';
import { dbKinds, doorRecord } from './helpers.ts';
import { EVERYONE, passesStaffApp, statusFor } from './support/passes-staff-app.ts';

const NOVEMBER = 'from=2026-11-01&to=2026-11-20';
const HOUR = 3_600_000;

describe.each(dbKinds)('the director’s reports on %s', (kind) => {
  const desk = passesStaffApp(kind);
  const { as, token } = desk;
  const report = async (kindOf: ReportKind, query = NOVEMBER) => {
    const res = await as(desk.admin.token, 'GET', `/api/staff/reports/${kindOf}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Report;
  };
  const row = (r: Report, value: string) => r.rows.find((x) => x[r.columns[0]!.key] === value);

  beforeAll(async () => {
    const db = desk.t.database.db;
    // Every place was taken on the first day, so each meeting day since counts.
    await db.update(classSessionEnrollments).set({ created: new Date('2026-11-02T16:00:00Z') });
    // Ava came the first week and yesterday (the fixture's); Ben the first two days.
    const checkIn = (studentId: string, day: string) => ({
      kind: 'CheckIn',
      studentId,
      classSessionId: desk.acorn,
      timestamp: new Date(`${day}T16:30:00Z`),
      method: 'Staff',
      adultName: 'Rivera Family',
    });
    await db.insert(attendance).values(
      [
        ...['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'].map((d) =>
          checkIn(desk.ava, d),
        ),
        // A second scan the same day is still one day.
        { ...checkIn(desk.ava, '2026-11-06'), timestamp: new Date('2026-11-06T20:00:00Z') },
        checkIn(desk.ben, '2026-11-02'),
        checkIn(desk.ben, '2026-11-03'),
      ].map(doorRecord),
    );
    // The Acorn Room closed on Tuesday the 10th: nobody was expected.
    const closed = await as(desk.admin.token, 'POST', '/api/staff/closures', {
      startsOn: '2026-11-10',
      endsOn: '2026-11-10',
      classSessionId: desk.acorn,
      kind: 'Closed',
      reason: 'Teacher training',
    });
    expect(closed.statusCode, closed.body).toBe(201);

    // The waitlist: one family waiting, one offer accepted six hours after it was made, one that lapsed.
    const offerHours = desk.t.ctx.config.waitlistOfferHours;
    const parent = desk.lindqvist.userId;
    const child = desk.lindqvist.childIds[0]!;
    const offeredAt = Date.parse('2026-11-10T12:00:00Z');
    await db.insert(waitlistSubmissions).values([
      {
        classSessionId: desk.saturdays,
        studentId: child,
        userId: parent,
        created: new Date('2026-11-05T18:00:00Z'),
      },
      {
        classSessionId: desk.acorn,
        studentId: child,
        userId: parent,
        status: 'Accepted',
        created: new Date('2026-11-04T18:00:00Z'),
        expires: new Date(offeredAt + offerHours * HOUR),
      },
      {
        classSessionId: desk.maple,
        studentId: desk.ben,
        userId: desk.rivera.userId,
        status: 'Expired',
        created: new Date('2026-10-20T18:00:00Z'),
        expires: new Date(Date.parse('2026-11-12T12:00:00Z') + offerHours * HOUR),
      },
    ]);
    await db.insert(classSessionEnrollments).values({
      classSessionId: desk.acorn,
      studentId: child,
      status: 'Cancelled',
      created: new Date(offeredAt + 6 * HOUR),
    });

    // Inquiries: October's toured and enrolled; November's new, replied (by a mailed reply) and toured.
    const inquiry = (firstName: string, submitted: string, status: string) => ({
      firstName,
      lastName: 'Family',
      email: `${firstName.toLowerCase()}@example.com`,
      message: 'We would love to visit.',
      submitted: new Date(submitted),
      status,
    });
    const [, replied] = await db
      .insert(contactSubmissions)
      .values([
        inquiry('Nora', '2026-11-03T18:00:00Z', 'New'),
        inquiry('Omar', '2026-11-04T18:00:00Z', 'Closed'),
        inquiry('Pia', '2026-11-05T18:00:00Z', 'Toured'),
        // 11 pm on October 31st in Los Angeles: October's.
        inquiry('Quinn', '2026-11-01T06:00:00Z', 'Enrolled'),
      ])
      .returning({ id: contactSubmissions.id });
    await db
      .insert(inboxEntries)
      .values({ contactSubmissionId: replied!.id, kind: 'Reply', body: 'Welcome!' });
  });

  it('answers the director only, for every report and its CSV, and changes nothing (role × route)', async () => {
    const before = await desk.counts();
    for (const who of EVERYONE) {
      for (const path of ['/api/staff/reports/revenue', '/api/staff/reports/attendance/csv']) {
        const res = await as(token(who), 'GET', `${path}?${NOVEMBER}`);
        expect(res.statusCode, `${who} ${path}`).toBe(statusFor(who, 403, { admin: 200 }));
        if (who !== 'admin') expect(res.body, who).not.toMatch(/Acorn|Ava|\$/);
      }
    }
    expect(await desk.counts()).toEqual(before);
  });

  it('tells a bad range or report by its field', async () => {
    const bad = async (path: string, field: string, sentence: string) => {
      const res = await as(desk.admin.token, 'GET', path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().fields?.[field], path).toBe(sentence);
    };
    await bad(
      '/api/staff/reports/revenue?from=2026-11-20&to=2026-11-01',
      'to',
      'The last day must be on or after the first day.',
    );
    await bad(
      '/api/staff/reports/revenue?from=2020-01-01&to=2026-11-01',
      'to',
      'A report covers at most five years; choose a shorter range.',
    );
    await bad('/api/staff/reports/payroll', 'kind', 'Choose a report from the list.');
    await bad(
      '/api/staff/reports/absences?classSessionId=abc',
      'classSessionId',
      'Choose a session from the list.',
    );
  });

  it('counts attendance on the days each session meets, leaving the closed day out', async () => {
    const r = await report('attendance');
    // Acorn: 14 weekdays from the 2nd to yesterday (today is not over) less the closed 10th = 13 a child;
    // Ava came 6, Ben 2.
    expect(row(r, 'Acorn Room')).toEqual({
      session: 'Acorn Room',
      expected: 26,
      attended: 8,
      absences: 18,
      rate: 31,
    });
    // Maple: 14 days, Ingrid's daughter came yesterday; Saturdays: the 7th and 14th, Ava and Ben never came.
    expect(row(r, 'Maple Room')).toMatchObject({ expected: 14, attended: 1, rate: 7 });
    expect(row(r, 'Saturday Painters')).toMatchObject({ expected: 4, attended: 0, rate: 0 });
    expect(r.totals).toEqual({ session: 'All sessions', expected: 44, attended: 9, absences: 35, rate: 20 });

    const children = await report('absences', `${NOVEMBER}&classSessionId=${desk.acorn}`);
    expect(children.classSessionId).toBe(desk.acorn);
    expect(children.sessions.map((s) => s.name)).toEqual(['Acorn Room', 'Maple Room', 'Saturday Painters']);
    expect(children.rows).toEqual([
      { child: 'Ben Rivera', expected: 13, attended: 2, absences: 11, rate: 15 },
      { child: 'Ava Rivera', expected: 13, attended: 6, absences: 7, rate: 46 },
    ]);
    // Without a session: the first meeting in the range.
    expect((await report('absences')).classSessionId).toBe(desk.acorn);
  });

  it('counts enrollment and occupancy from the places', async () => {
    const months = await report('enrollment', 'from=2026-10-01&to=2026-11-20');
    expect(months.rows).toEqual([
      { month: '2026-10', enrolled: 0, capacity: 0, occupancy: null },
      { month: '2026-11', enrolled: 5, capacity: 12, occupancy: 42 },
    ]);
    const sessions = await report('occupancy');
    expect(sessions.rows).toEqual([
      { session: 'Acorn Room', capacity: 4, enrolled: 2, withdrawn: 0, waiting: 0, occupancy: 50 },
      { session: 'Maple Room', capacity: 4, enrolled: 1, withdrawn: 0, waiting: 0, occupancy: 25 },
      { session: 'Saturday Painters', capacity: 4, enrolled: 2, withdrawn: 0, waiting: 1, occupancy: 50 },
    ]);
  });

  it('agrees with the ledger to the cent, month by month', async () => {
    const r = await report('revenue', 'from=2026-01-01&to=2026-12-31');
    const year = (await as(desk.admin.token, 'GET', '/api/staff/revenue?year=2026')).json();
    expect(r.rows).toEqual(year.months);
    expect(r.totals).toEqual({ month: 'Total', ...year.totals, outstanding: year.closing });
    const [ledger] = await queryRows<{ charged: number; paid: number }>(
      desk.t.database.db,
      sql`select coalesce(sum(charged), 0)::int as charged,
        coalesce(sum(amount) filter (where kind = 'payment'), 0)::int as paid from ledger_signed`,
    );
    expect(r.totals?.charged).toBe(ledger!.charged);
    expect(r.totals?.received).toBe(ledger!.paid);
    expect(ledger!.paid).toBeGreaterThan(0);
  });

  it('counts the waitlist’s offers by the month they were made, with the hours to fill', async () => {
    const r = await report('waitlist', 'from=2026-10-01&to=2026-11-20');
    expect(r.rows).toEqual([
      { month: '2026-10', joined: 1, offered: 0, accepted: 0, lapsed: 0, hoursToFill: null },
      { month: '2026-11', joined: 2, offered: 2, accepted: 1, lapsed: 1, hoursToFill: 6 },
    ]);
  });

  it('counts inquiries by how far they went, in the center’s months', async () => {
    const r = await report('inquiries', 'from=2026-10-01&to=2026-11-20');
    expect(r.rows).toEqual([
      { month: '2026-10', received: 1, replied: 1, toured: 1, enrolled: 1 },
      { month: '2026-11', received: 3, replied: 2, toured: 1, enrolled: 0 },
    ]);
    expect(r.totals).toEqual({ month: 'Total', received: 4, replied: 3, toured: 2, enrolled: 1 });
  });

  it('downloads exactly the report’s table as CSV', async () => {
    for (const kindOf of ['attendance', 'revenue'] as const) {
      const r = await report(kindOf);
      const res = await as(desk.admin.token, 'GET', `/api/staff/reports/${kindOf}/csv?${NOVEMBER}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${kindOf}-2026-11-01-to-2026-11-20.csv"`,
      );
      const [header, ...cells] = parse(res.body) as string[][];
      expect(header).toEqual(r.columns.map((c) => c.label));
      expect(cells).toEqual(reportTableRows(r));
    }
    const revenue = parse(
      (await as(desk.admin.token, 'GET', `/api/staff/reports/revenue/csv?${NOVEMBER}`)).body,
    ) as string[][];
    expect(revenue[1]![0]).toBe('November 2026');
    expect(revenue[1]![1]).toMatch(/^\$[\d,]+\.\d\d$/);
  });
});
