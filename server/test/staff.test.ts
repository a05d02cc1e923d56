/**
 * The staff back office's API (issue 10): a role × route matrix over every staff route (anonymous, parent,
 * teacher assigned, teacher not assigned, admin) that checks the status and that nothing leaked or changed;
 * the roster's content and its CSV (exactly the table, formula cells defused); the list's filters, sort and
 * pagination; and the audit row committed with the change it records, never editable.
 */
import { rosterTableRows } from '@lc/contract';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { auditEvents, sessionStaff } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('staff back office on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let teacher: string;
  let teacherId: string;
  let otherTeacher: string;
  let spareId: string;
  let parent: Family;
  let mine: number;
  let notMine: number;
  let upcoming: number;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: movableClock(NOW), env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    admin = (await a.promote('Director', 'Admin')).token;
    const teacherPerson = await a.promote('Teacher', 'Staff');
    teacher = teacherPerson.token;
    teacherId = teacherPerson.userId;
    otherTeacher = (await a.promote('Other', 'Staff')).token;
    spareId = (await a.promote('Spare', 'Staff')).userId;
    // Running now (Nov 20): mine and notMine; upcoming starts in January.
    mine = await a.session({ name: 'Acorn Room', sessionStartDate: '2026-11-02', rosterSize: 3 });
    notMine = await a.session({ name: 'Maple Room', sessionStartDate: '2026-11-02', rosterSize: 3 });
    upcoming = await a.session({
      name: 'Birch Room',
      sessionStartDate: '2027-01-11',
      sessionEndDate: '2027-03-26',
    });
    await t.database.db.insert(sessionStaff).values({ classSessionId: mine, userId: teacherId });

    parent = await a.family('Rivera', 1);
    const child = parent.childIds[0]!;
    expect(
      (await as(parent.token, 'POST', `/api/Student/${child}/Allergies`, { name: 'Peanuts' })).statusCode,
    ).toBe(201);
    expect(
      (
        await as(parent.token, 'POST', '/api/Student/Trustees', {
          firstName: 'Rosa',
          lastName: 'Rivera',
          relationship: 'Grandparent',
          cellPhone: '(650) 555-0199',
          canPickup: true,
          studentIds: [child],
        })
      ).statusCode,
    ).toBe(201);
    // Enrolled in both running sessions through the test checkout.
    for (const id of [mine, notMine]) {
      const res = await a.enroll(parent, id);
      expect(res.statusCode).toBe(201);
      const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
      expect((await a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
    }
  });
  afterAll(async () => t?.close());

  const auditCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events`))[0]!.n;

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: parent.token,
        'teacher assigned': teacher,
        'teacher not assigned': otherTeacher,
        admin,
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
          return as(token(who), 'GET', `/api/staff/sessions/${mine}/roster`);
        case 'GET roster.csv':
          return as(token(who), 'GET', `/api/staff/sessions/${mine}/roster.csv`);
        case 'GET team':
          return as(token(who), 'GET', '/api/staff/team');
        case 'POST team':
          return as(token(who), 'POST', '/api/staff/team', {
            firstName: 'New',
            lastName: `Hire ${who}`,
            emailAddress: `hire.${who.replace(/ /g, '-')}@staff.example`,
          });
        case 'PUT team member':
          return as(token(who), 'PUT', `/api/staff/team/${spareId}`, { role: 'Staff' });
        default:
          return as(token(who), 'PUT', `/api/staff/sessions/${mine}/teachers`, { userIds: [teacherId] });
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
      expect((await as(parent.token, 'GET', '/api/staff/sessions')).statusCode).toBe(403);
      const own = await as(teacher, 'GET', '/api/staff/sessions?period=all');
      expect(own.statusCode).toBe(200);
      expect(own.json().items.map((s: { id: number }) => s.id)).toEqual([mine]);
      const none = await as(otherTeacher, 'GET', '/api/staff/sessions?period=all');
      expect(none.json()).toMatchObject({ items: [], total: 0 });
      const all = await as(admin, 'GET', '/api/staff/sessions?period=all&pageSize=100');
      expect(all.json().items.map((s: { id: number }) => s.id)).toEqual(
        expect.arrayContaining([mine, notMine, upcoming]),
      );
    });

    it('money is the director’s: a teacher gets no revenue and may not sort by it', async () => {
      const own = await as(teacher, 'GET', '/api/staff/sessions?period=all');
      expect(own.json().items[0].revenue).toBeNull();
      expect((await as(teacher, 'GET', '/api/staff/sessions?sort=revenue')).statusCode).toBe(403);
      const all = await as(admin, 'GET', `/api/staff/sessions?period=current&q=acorn`);
      expect(all.json().items).toEqual([
        expect.objectContaining({ id: mine, revenue: 55_000, enrolledCount: 1 }),
      ]);
    });

    it('a session that does not exist or is not a number is 404 for everyone on the staff', async () => {
      for (const who of [admin, teacher]) {
        expect((await as(who, 'GET', '/api/staff/sessions/999999/roster')).statusCode).toBe(404);
        expect((await as(who, 'GET', '/api/staff/sessions/abc/roster.csv')).statusCode).toBe(404);
      }
    });
  });

  it('the roster shows each child with age, allergies, parents and who may pick them up', async () => {
    const res = await as(teacher, 'GET', `/api/staff/sessions/${mine}/roster`);
    const roster = res.json();
    expect(roster.session).toMatchObject({ id: mine, name: 'Acorn Room', seatsTaken: 1, rosterSize: 3 });
    expect(roster.enrolled).toEqual([
      expect.objectContaining({
        firstName: 'Ava',
        lastName: 'Rivera',
        allergies: ['Peanuts'],
        parents: [expect.objectContaining({ name: 'Rivera Family', emailAddress: parent.email })],
        pickup: [
          { name: 'Rosa Rivera', relationship: 'Grandparent', phone: '+16505550199', emailAddress: null },
        ],
        holdExpiresAt: null,
      }),
    ]);
    // A teacher never sees money (issue 21): no payment status, and no Payment column.
    expect(roster.showsMoney).toBe(false);
    expect(roster.enrolled[0]).not.toHaveProperty('paymentStatus');
    const byDirector = (await as(admin, 'GET', `/api/staff/sessions/${mine}/roster`)).json();
    expect(byDirector.showsMoney).toBe(true);
    expect(byDirector.enrolled[0]).toMatchObject({ firstName: 'Ava', paymentStatus: 'Paid' });
    expect(roster.pending).toEqual([]);
    expect(roster.waitlist).toEqual([]);
  });

  it('holds and the waitlist are shown apart from the enrolled children', async () => {
    const small = await a.session({ name: 'Willow Room', sessionStartDate: '2026-11-02', rosterSize: 1 });
    const holding = await a.family('Holding', 1);
    const waiting = await a.family('Waiting', 1);
    expect((await a.enroll(holding, small)).statusCode).toBe(201);
    expect((await a.joinWaitlist(waiting, small)).statusCode).toBe(201);
    const roster = (await as(admin, 'GET', `/api/staff/sessions/${small}/roster`)).json();
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
    const family = await a.family('Formula', 1);
    const allergy = await as(family.token, 'POST', `/api/Student/${family.childIds[0]}/Allergies`, {
      name: '=HYPERLINK("http://evil.example")',
    });
    expect(allergy.statusCode).toBe(201);
    const res = await a.enroll(family, mine);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    await a.press(checkoutId, 'pay');
    const roster = (await as(admin, 'GET', `/api/staff/sessions/${mine}/roster`)).json();
    const csv = await as(admin, 'GET', `/api/staff/sessions/${mine}/roster.csv`);
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
      const res = await as(admin, 'PUT', `/api/staff/sessions/${notMine}/teachers`, { userIds: [teacherId] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ id: teacherId, firstName: 'Teacher' })]);
      expect((await as(teacher, 'GET', `/api/staff/sessions/${notMine}/roster`)).statusCode).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, String(notMine)));
      expect(row).toMatchObject({
        action: 'session.teachers.set',
        entityType: 'ClassSession',
        before: { teacherIds: [] },
        after: { teacherIds: [teacherId] },
      });
      // And back: the teacher loses the session at once.
      await as(admin, 'PUT', `/api/staff/sessions/${notMine}/teachers`, { userIds: [] });
      expect((await as(teacher, 'GET', `/api/staff/sessions/${notMine}/roster`)).statusCode).toBe(404);
    });

    it('a parent cannot be made a teacher: 400 by the field, nothing changed, no audit row', async () => {
      const before = await auditCount();
      const res = await as(admin, 'PUT', `/api/staff/sessions/${mine}/teachers`, {
        userIds: [parent.userId],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.userIds).toMatch(/not on the staff/);
      expect(await auditCount()).toBe(before);
      expect((await as(teacher, 'GET', `/api/staff/sessions/${mine}/roster`)).statusCode).toBe(200);
    });

    it('audit rows cannot be edited or deleted', async () => {
      await expect(t.database.db.update(auditEvents).set({ action: 'rewritten' })).rejects.toThrow();
      await expect(t.database.db.delete(auditEvents)).rejects.toThrow();
      expect(await auditCount()).toBeGreaterThan(0);
    });
  });

  it('the list filters by period, searches, sorts and paginates on the server', async () => {
    const page1 = (await as(admin, 'GET', '/api/staff/sessions?period=all&sort=name&pageSize=2')).json();
    const page2 = (
      await as(admin, 'GET', '/api/staff/sessions?period=all&sort=name&pageSize=2&page=2')
    ).json();
    expect(page1.total).toBe(page2.total);
    expect(page1.items).toHaveLength(2);
    const names = [...page1.items, ...page2.items].map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    const upcomingOnly = (await as(admin, 'GET', '/api/staff/sessions?period=upcoming&pageSize=100')).json();
    expect(upcomingOnly.items.map((s: { id: number }) => s.id)).toContain(upcoming);
    expect(upcomingOnly.items.map((s: { id: number }) => s.id)).not.toContain(mine);
    const searched = (await as(admin, 'GET', '/api/staff/sessions?period=all&q=%25')).json();
    expect(searched.total).toBe(0);
    const bad = await as(admin, 'GET', '/api/staff/sessions?period=someday&pageSize=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      period: 'Choose active, current, upcoming, past or all.',
      pageSize: 'Show between 1 and 100 sessions a page.',
    });
  });

  describe('the team', () => {
    /**
     * The delivered mail to `to` with `subject`: the mailbox keeps the link, the outbox row does not once sent
     * (decision 017).
     */
    const mailTo = async (to: string, subject: string) => {
      await t.flush();
      return (await t.mails()).find((m) => m.to === to && m.subject === subject);
    };

    it('inviting a new address: an account that cannot sign in yet, a mailed link that sets the first password', async () => {
      const res = await as(admin, 'POST', '/api/staff/team', {
        firstName: 'Noor',
        lastName: 'Haddad',
        emailAddress: 'Noor.Haddad@Staff.example',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        role: 'Staff',
        emailAddress: 'noor.haddad@staff.example',
        hasSignedIn: false,
      });
      const login = await as(null, 'POST', '/api/UserAuthentication/Login', {
        emailAddress: 'noor.haddad@staff.example',
        password: '!invited',
      });
      expect(login.statusCode).toBe(401);
      const mail = await mailTo(
        'noor.haddad@staff.example',
        'Welcome to the Bright Oak Learning Center team',
      );
      expect(mail).toBeDefined();
      const link = /https?:\/\/\S+\/password-reset\/(\S+)/.exec(mail!.text)!;
      const set = await as(null, 'POST', `/api/UserAuthentication/ResetPassword/${link[1]}`, {
        password: 'a fine new password',
        passwordRepeat: 'a fine new password',
      });
      expect(set.statusCode).toBeLessThan(300);
      const signIn = await as(null, 'POST', '/api/UserAuthentication/Login', {
        emailAddress: 'noor.haddad@staff.example',
        password: 'a fine new password',
      });
      expect(signIn.statusCode).toBe(200);
      expect((await as(signIn.body, 'GET', '/api/staff/sessions')).statusCode).toBe(200);
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, res.json().id));
      expect(audit).toMatchObject({
        entityType: 'User',
        action: 'staff.invite',
        after: { role: 'Staff', emailAddress: 'noor.haddad@staff.example' },
      });
    });

    it('a parent who also teaches keeps one login and their family; someone already on the staff is 409', async () => {
      const teachingParent = await a.family('Teaching', 1);
      const res = await as(admin, 'POST', '/api/staff/team', {
        firstName: 'Ignored',
        lastName: 'Name',
        emailAddress: teachingParent.email,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ firstName: 'Teaching', role: 'Staff', hasSignedIn: true });
      expect(
        await mailTo(teachingParent.email, 'You are now on the Bright Oak Learning Center staff'),
      ).toBeDefined();
      // The old token died with the role change; the same password signs in to both sides.
      expect((await as(teachingParent.token, 'GET', '/api/Student')).statusCode).toBe(401);
      await a.signIn(teachingParent);
      expect((await as(teachingParent.token, 'GET', '/api/staff/sessions')).statusCode).toBe(200);
      expect((await as(teachingParent.token, 'GET', '/api/Student')).json()).toHaveLength(1);
      const again = await as(admin, 'POST', '/api/staff/team', {
        firstName: 'Teaching',
        lastName: 'Family',
        emailAddress: teachingParent.email,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().fields.emailAddress).toMatch(/already on the staff/);
    });

    it('changing a role ends old sessions at once; off the staff, the API refuses; one cannot change one’s own role', async () => {
      const person = await a.promote('Leaving', 'Staff');
      expect((await as(person.token, 'GET', '/api/staff/sessions')).statusCode).toBe(200);
      const off = await as(admin, 'PUT', `/api/staff/team/${person.userId}`, { role: 'Parent' });
      expect(off.statusCode).toBe(204);
      expect((await as(person.token, 'GET', '/api/staff/sessions')).statusCode).toBe(401);
      await a.signIn(person);
      expect((await as(person.token, 'GET', '/api/staff/sessions')).statusCode).toBe(403);
      expect((await as(admin, 'PUT', `/api/staff/team/${person.userId}`, { role: 'Staff' })).statusCode).toBe(
        404,
      );
      const me = (await as(admin, 'GET', '/api/UserAuthentication/Me')).json();
      const own = await as(admin, 'PUT', `/api/staff/team/${me.id}`, { role: 'Staff' });
      expect(own.statusCode).toBe(409);
      const team = (await as(admin, 'GET', '/api/staff/team')).json() as { id: string }[];
      expect(team.map((m) => m.id)).not.toContain(person.userId);
    });
  });
});
