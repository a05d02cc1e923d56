/**
 * The staff back office's API (issue 10): a role × route matrix over every staff route (anonymous, parent,
 * teacher assigned, teacher not assigned, admin) that checks the status and that nothing leaked or changed;
 * the roster's content and its CSV (exactly the table, formula cells defused); the list's filters, sort and
 * pagination; and the audit row committed with the change it records, never editable. The team (inviting,
 * changing roles) is in staff-team.test.ts, the shared set-up in support/staff-office.ts.
 */
import { rosterTableRows } from '@lc/contract';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { auditEvents } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { staffOffice } from './support/staff-office.ts';

describe.each(dbKinds)('staff back office on %s', (kind) => {
  const office = staffOffice(kind);
  const { as } = office;

  const auditCount = async () =>
    (
      await queryRows<{ n: number }>(office.t.database.db, sql`select count(*)::int as n from audit_events`)
    )[0]!.n;

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: office.parent.token,
        'teacher assigned': office.teacher,
        'teacher not assigned': office.otherTeacher,
        admin: office.admin,
      })[who];
    const expected: Record<string, Record<Who, number>> = {
      'GET roster': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 200,
        'teacher not assigned': 404,
        admin: 200,
      },
      'GET roster.csv': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 200,
        'teacher not assigned': 404,
        admin: 200,
      },
      'GET team': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 403,
        'teacher not assigned': 403,
        admin: 200,
      },
      'PUT teachers': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 403,
        'teacher not assigned': 403,
        admin: 200,
      },
      'POST team': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 403,
        'teacher not assigned': 403,
        admin: 201,
      },
      'PUT team member': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 403,
        'teacher not assigned': 403,
        admin: 200,
      },
    };
    const call = (route: string, who: Who) => {
      switch (route) {
        case 'GET roster':
          return as(token(who), 'GET', `/api/staff/sessions/${office.mine}/roster`);
        case 'GET roster.csv':
          return as(token(who), 'GET', `/api/staff/sessions/${office.mine}/roster.csv`);
        case 'GET team':
          return as(token(who), 'GET', '/api/staff/team');
        case 'POST team':
          return as(token(who), 'POST', '/api/staff/team', {
            firstName: 'New',
            lastName: `Hire ${who}`,
            emailAddress: `hire.${who.replace(/ /g, '-')}@staff.example`,
          });
        case 'PUT team member':
          return as(token(who), 'PUT', `/api/staff/team/${office.spareId}`, { role: 'Staff' });
        default:
          return as(token(who), 'PUT', `/api/staff/sessions/${office.mine}/teachers`, {
            userIds: [office.teacherId],
          });
      }
    };
    for (const [route, byWho] of Object.entries(expected)) {
      for (const [who, status] of Object.entries(byWho) as [Who, number][]) {
        it(`${route}: ${who} → ${status}`, async () => {
          const before = await auditCount();
          const res = await call(route, who);
          expect(res.statusCode).toBe(status);
          if (status >= 400) {
            // Nothing of the family leaks into a refusal, and nothing changed.
            expect(res.body).not.toContain('Rivera');
            expect(res.body).not.toContain('Peanuts');
            expect(await auditCount()).toBe(before);
          }
        });
      }
    }

    it('GET sessions: anonymous 401, parent 403; a teacher sees only their own sessions, the director all', async () => {
      expect((await as(null, 'GET', '/api/staff/sessions')).statusCode).toBe(401);
      expect((await as(office.parent.token, 'GET', '/api/staff/sessions')).statusCode).toBe(403);
      const own = await as(office.teacher, 'GET', '/api/staff/sessions?period=all');
      expect(own.statusCode).toBe(200);
      expect(own.json().items.map((s: { id: number }) => s.id)).toEqual([office.mine]);
      const none = await as(office.otherTeacher, 'GET', '/api/staff/sessions?period=all');
      expect(none.json()).toMatchObject({ items: [], total: 0 });
      const all = await as(office.admin, 'GET', '/api/staff/sessions?period=all&pageSize=100');
      expect(all.json().items.map((s: { id: number }) => s.id)).toEqual(
        expect.arrayContaining([office.mine, office.notMine, office.upcoming]),
      );
    });

    it('money is the director’s: a teacher gets no revenue and may not sort by it', async () => {
      const own = await as(office.teacher, 'GET', '/api/staff/sessions?period=all');
      expect(own.json().items[0].revenue).toBeNull();
      expect((await as(office.teacher, 'GET', '/api/staff/sessions?sort=revenue')).statusCode).toBe(403);
      const all = await as(office.admin, 'GET', `/api/staff/sessions?period=current&q=acorn`);
      expect(all.json().items).toEqual([
        expect.objectContaining({ id: office.mine, revenue: 55_000, enrolledCount: 1 }),
      ]);
    });

    it('a session that does not exist or is not a number is 404 for everyone on the staff', async () => {
      for (const who of [office.admin, office.teacher]) {
        expect((await as(who, 'GET', '/api/staff/sessions/999999/roster')).statusCode).toBe(404);
        expect((await as(who, 'GET', '/api/staff/sessions/abc/roster.csv')).statusCode).toBe(404);
      }
    });
  });

  it('the roster shows each child with age, allergies, parents and who may pick them up', async () => {
    const res = await as(office.teacher, 'GET', `/api/staff/sessions/${office.mine}/roster`);
    const roster = res.json();
    expect(roster.session).toMatchObject({
      id: office.mine,
      name: 'Acorn Room',
      seatsTaken: 1,
      rosterSize: 3,
    });
    expect(roster.enrolled).toEqual([
      expect.objectContaining({
        firstName: 'Ava',
        lastName: 'Rivera',
        allergies: ['Peanuts'],
        parents: [expect.objectContaining({ name: 'Rivera Family', emailAddress: office.parent.email })],
        pickup: [
          { name: 'Rosa Rivera', relationship: 'Grandparent', phone: '+16505550199', emailAddress: null },
        ],
        holdExpiresAt: null,
      }),
    ]);
    // A teacher never sees money (issue 21): no payment status, and no Payment column.
    expect(roster.showsMoney).toBe(false);
    expect(roster.enrolled[0]).not.toHaveProperty('paymentStatus');
    const byDirector = (await as(office.admin, 'GET', `/api/staff/sessions/${office.mine}/roster`)).json();
    expect(byDirector.showsMoney).toBe(true);
    expect(byDirector.enrolled[0]).toMatchObject({ firstName: 'Ava', paymentStatus: 'Paid' });
    expect(roster.pending).toEqual([]);
    expect(roster.waitlist).toEqual([]);
  });

  it('holds and the waitlist are shown apart from the enrolled children', async () => {
    const small = await office.a.session({
      name: 'Willow Room',
      sessionStartDate: '2026-11-02',
      rosterSize: 1,
    });
    const holding = await office.a.family('Holding', 1);
    const waiting = await office.a.family('Waiting', 1);
    expect((await office.a.enroll(holding, small)).statusCode).toBe(201);
    expect((await office.a.joinWaitlist(waiting, small)).statusCode).toBe(201);
    const roster = (await as(office.admin, 'GET', `/api/staff/sessions/${small}/roster`)).json();
    expect(roster.enrolled).toEqual([]);
    expect(roster.pending).toEqual([
      expect.objectContaining({ lastName: 'Holding', paymentStatus: 'Pending' }),
    ]);
    expect(roster.pending[0].holdExpiresAt).toEqual(expect.any(String));
    expect(roster.waitlist).toEqual([
      expect.objectContaining({ lastName: 'Waiting', status: 'Waiting', position: 1 }),
    ]);
  });

  it('the CSV export is exactly the roster table, with formula-looking cells defused', async () => {
    const family = await office.a.family('Formula', 1);
    const allergy = await as(family.token, 'POST', `/api/Student/${family.childIds[0]}/Allergies`, {
      name: '=HYPERLINK("http://evil.example")',
    });
    expect(allergy.statusCode).toBe(201);
    await office.a.enrollPaid(family, office.mine);
    const roster = (await as(office.admin, 'GET', `/api/staff/sessions/${office.mine}/roster`)).json();
    const csv = await as(office.admin, 'GET', `/api/staff/sessions/${office.mine}/roster.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="acorn-room-roster.csv"');
    const [header, ...rows] = parse(csv.body) as string[][];
    expect(header).toEqual([
      'Child',
      'Date of birth',
      'Age at start',
      'Allergies',
      'Parents',
      'Parent phones',
      'Parent emails',
      'May pick up',
      'Enrolled on',
      'Payment',
    ]);
    const table = rosterTableRows(roster, 'America/Los_Angeles');
    expect(rows).toHaveLength(table.length);
    const defused = (cell: string) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell);
    expect(rows).toEqual(table.map((row) => row.map(defused)));
    expect(rows.some((row) => row[3]!.startsWith("'=HYPERLINK"))).toBe(true);
  });

  describe('assigning teachers', () => {
    it('the director sets who teaches a session; the teacher then sees it; the audit row records before and after', async () => {
      const res = await as(office.admin, 'PUT', `/api/staff/sessions/${office.notMine}/teachers`, {
        userIds: [office.teacherId],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ id: office.teacherId, firstName: 'Teacher' })]);
      expect(
        (await as(office.teacher, 'GET', `/api/staff/sessions/${office.notMine}/roster`)).statusCode,
      ).toBe(200);
      const [row] = await office.t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, String(office.notMine)));
      expect(row).toMatchObject({
        action: 'session.teachers.set',
        entityType: 'ClassSession',
        before: { teacherIds: [] },
        after: { teacherIds: [office.teacherId] },
      });
      // And back: the teacher loses the session at once.
      await as(office.admin, 'PUT', `/api/staff/sessions/${office.notMine}/teachers`, { userIds: [] });
      expect(
        (await as(office.teacher, 'GET', `/api/staff/sessions/${office.notMine}/roster`)).statusCode,
      ).toBe(404);
    });

    it('a parent cannot be made a teacher: 400 by the field, nothing changed, no audit row', async () => {
      const before = await auditCount();
      const res = await as(office.admin, 'PUT', `/api/staff/sessions/${office.mine}/teachers`, {
        userIds: [office.parent.userId],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.userIds).toMatch(/not on the staff/);
      expect(await auditCount()).toBe(before);
      expect((await as(office.teacher, 'GET', `/api/staff/sessions/${office.mine}/roster`)).statusCode).toBe(
        200,
      );
    });

    it('audit rows cannot be edited or deleted', async () => {
      await expect(office.t.database.db.update(auditEvents).set({ action: 'rewritten' })).rejects.toThrow();
      await expect(office.t.database.db.delete(auditEvents)).rejects.toThrow();
      expect(await auditCount()).toBeGreaterThan(0);
    });
  });

  it('the list filters by period, searches, sorts and paginates on the server', async () => {
    const page1 = (
      await as(office.admin, 'GET', '/api/staff/sessions?period=all&sort=name&pageSize=2')
    ).json();
    const page2 = (
      await as(office.admin, 'GET', '/api/staff/sessions?period=all&sort=name&pageSize=2&page=2')
    ).json();
    expect(page1.total).toBe(page2.total);
    expect(page1.items).toHaveLength(2);
    const names = [...page1.items, ...page2.items].map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    const upcomingOnly = (
      await as(office.admin, 'GET', '/api/staff/sessions?period=upcoming&pageSize=100')
    ).json();
    expect(upcomingOnly.items.map((s: { id: number }) => s.id)).toContain(office.upcoming);
    expect(upcomingOnly.items.map((s: { id: number }) => s.id)).not.toContain(office.mine);
    const searched = (await as(office.admin, 'GET', '/api/staff/sessions?period=all&q=%25')).json();
    expect(searched.total).toBe(0);
    const bad = await as(office.admin, 'GET', '/api/staff/sessions?period=someday&pageSize=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      period: 'Choose active, current, upcoming, past or all.',
      pageSize: 'Show between 1 and 100 sessions a page.',
    });
  });
});
