/**
 * Families and children on the staff side (issue 10): a role × route matrix (anonymous, parent, teacher
 * assigned, teacher not assigned, admin) that checks the status and that nothing leaked or changed; the
 * search by parent name, email, child name and phone digits in any format; pagination; money only for the
 * director; inbox history only with the inbox; a teacher sees the changes to a child without their values.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  attendance,
  contactSubmissions,
  sessionStaff,
  users,
  waitlistSubmissions,
} from '../src/db/schema.ts';
import { createTestApp, dbKinds, doorRecord, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('staff families on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let teacher: string;
  let teacherId: string;
  let otherTeacher: string;
  let rivera: Family;
  let lindqvist: Family;
  let waiting: Family;
  let siblings: Family;
  let mine: number;
  let notMine: number;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const enrollAndPay = async (family: Family, classSessionId: number) => {
    await a.enrollPaid(family, classSessionId);
  };
  const addContact = async (family: Family, firstName: string, cellPhone: string, canPickup: boolean) => {
    const res = await as(family.token, 'POST', '/api/Student/Trustees', {
      firstName,
      lastName: 'Contact',
      relationship: 'Grandparent',
      cellPhone,
      canPickup,
      studentIds: family.childIds,
    });
    expect(res.statusCode).toBe(201);
  };
  const auditCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events`))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: movableClock(NOW), env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    admin = (await a.promote('Director', 'Admin')).token;
    const teacherPerson = await a.promote('Teacher', 'Staff');
    teacher = teacherPerson.token;
    teacherId = teacherPerson.userId;
    otherTeacher = (await a.promote('Other', 'Staff')).token;
    // Acorn Room is full once Rivera and Ava Okafor are in it, so the Moreau family stays Waiting (a free
    // seat would be offered to them by the background sweep at any moment).
    mine = await a.session({ name: 'Acorn Room', sessionStartDate: '2026-11-02', rosterSize: 2 });
    notMine = await a.session({ name: 'Maple Room', sessionStartDate: '2026-11-02', rosterSize: 3 });
    await t.database.db.insert(sessionStaff).values({ classSessionId: mine, userId: teacherId });

    // Rivera: in the teacher's session and another; an allergy, a grandmother who may pick up, a phone.
    rivera = await a.family('Rivera', 1);
    expect(
      (await as(rivera.token, 'POST', `/api/Student/${rivera.childIds[0]}/Allergies`, { name: 'Peanuts' }))
        .statusCode,
    ).toBe(201);
    await addContact(rivera, 'Rosa', '(650) 555-0199', true);
    await t.database.db.update(users).set({ sms: '+14155550142' }).where(eq(users.id, rivera.userId));
    await enrollAndPay(rivera, mine);
    await enrollAndPay(rivera, notMine);
    await t.database.db.insert(contactSubmissions).values({
      firstName: 'Rivera',
      lastName: 'Family',
      email: rivera.email,
      message: 'Could we visit the Acorn Room on a Thursday morning?',
      tour: true,
    });

    // Lindqvist: only in a session the teacher does not teach.
    lindqvist = await a.family('Lindqvist', 1);
    expect(
      (
        await as(lindqvist.token, 'POST', `/api/Student/${lindqvist.childIds[0]}/Allergies`, {
          name: 'Sesame',
        })
      ).statusCode,
    ).toBe(201);
    await addContact(lindqvist, 'Greta', '(415) 555-0123', false);
    await enrollAndPay(lindqvist, notMine);

    // Okafor: Ava in the teacher's session, her brother Ben only in another one.
    siblings = await a.family('Okafor', 2);
    const [ava, ben] = siblings.childIds as [string, string];
    for (const [id, child] of [
      [mine, ava],
      [notMine, ben],
    ] as const) {
      await a.enrollPaid(siblings, id, [child]);
    }

    // Moreau: on the teacher's (full) session's waitlist (the roster shows the waitlist to the teacher).
    waiting = await a.family('Moreau', 1);
    await t.database.db
      .insert(waitlistSubmissions)
      .values({ classSessionId: mine, studentId: waiting.childIds[0]!, userId: waiting.userId });
  });
  afterAll(async () => t?.close());

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: rivera.token,
        'teacher assigned': teacher,
        'teacher not assigned': otherTeacher,
        admin,
      })[who];
    const expected: Record<string, Record<Who, number>> = {
      'GET families': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 200,
        'teacher not assigned': 200,
        admin: 200,
      },
      'GET family': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 200,
        'teacher not assigned': 404,
        admin: 200,
      },
      'GET child': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 200,
        'teacher not assigned': 404,
        admin: 200,
      },
    };
    const call = (route: string, who: Who) => {
      switch (route) {
        case 'GET families':
          return as(token(who), 'GET', '/api/staff/families?q=rivera');
        case 'GET family':
          return as(token(who), 'GET', `/api/staff/families/${rivera.userId}`);
        default:
          return as(token(who), 'GET', `/api/staff/children/${rivera.childIds[0]}`);
      }
    };
    for (const [route, byWho] of Object.entries(expected)) {
      for (const [who, status] of Object.entries(byWho) as [Who, number][]) {
        it(`${route}: ${who} → ${status}`, async () => {
          const before = await auditCount();
          const res = await call(route, who);
          expect(res.statusCode).toBe(status);
          // Another family never appears; nothing is written by reading.
          expect(res.body).not.toContain('Lindqvist');
          expect(res.body).not.toContain('Sesame');
          if (status >= 400 || who === 'teacher not assigned') {
            expect(res.body).not.toContain('Rivera');
            expect(res.body).not.toContain('Peanuts');
          }
          if (who !== 'admin') expect(res.body).not.toMatch(/finalAmount|refundedAmount/);
          expect(await auditCount()).toBe(before);
        });
      }
    }

    it('a teacher gets 404 for a family or child outside their sessions, and for ids that do not exist', async () => {
      expect((await as(teacher, 'GET', `/api/staff/families/${lindqvist.userId}`)).statusCode).toBe(404);
      expect((await as(teacher, 'GET', `/api/staff/children/${lindqvist.childIds[0]}`)).statusCode).toBe(404);
      for (const who of [admin, teacher]) {
        expect((await as(who, 'GET', '/api/staff/families/not-a-uuid')).statusCode).toBe(404);
        expect(
          (await as(who, 'GET', '/api/staff/children/00000000-0000-4000-8000-000000000000')).statusCode,
        ).toBe(404);
      }
      // A staff account without children is not a family.
      expect((await as(admin, 'GET', `/api/staff/families/${teacherId}`)).statusCode).toBe(404);
    });

    it('bad query values answer 400 with a sentence for the field', async () => {
      const res = await as(admin, 'GET', '/api/staff/families?pageSize=500');
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Show between 1 and 100 families a page.');
    });
  });

  describe('search', () => {
    const names = async (token: string, q: string) => {
      const res = await as(token, 'GET', `/api/staff/families?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .items.map((f: { firstName: string }) => f.firstName)
        .sort();
    };

    it('matches a parent’s name or email, a child’s name, and phone digits in any format', async () => {
      expect(await names(admin, 'lindqvist')).toEqual(['Lindqvist']);
      expect(await names(admin, lindqvist.email.toUpperCase())).toEqual(['Lindqvist']);
      expect(await names(admin, 'Ava Rivera')).toEqual(['Rivera']);
      expect(await names(admin, 'ava')).toEqual(['Lindqvist', 'Moreau', 'Okafor', 'Rivera']);
      expect(await names(admin, 'Ben Okafor')).toEqual(['Okafor']);
      // The grandmother's cell, stored +16505550199, as people type it.
      expect(await names(admin, '(650) 555-0199')).toEqual(['Rivera']);
      expect(await names(admin, '6505550199')).toEqual(['Rivera']);
      expect(await names(admin, '+1 650 555 0199')).toEqual(['Rivera']);
      // The parent's own mobile.
      expect(await names(admin, '415-555-0142')).toEqual(['Rivera']);
      expect(await names(admin, '(415) 555-0123')).toEqual(['Lindqvist']);
      expect(await names(admin, 'nobody like this')).toEqual([]);
    });

    it('a row carries the parent, their phone and their children', async () => {
      const res = await as(admin, 'GET', '/api/staff/families?q=rivera');
      expect(res.json()).toEqual({
        items: [
          {
            userId: rivera.userId,
            firstName: 'Rivera',
            lastName: 'Family',
            emailAddress: rivera.email,
            phone: '+14155550142',
            sharedWith: [],
            children: [{ studentId: rivera.childIds[0], firstName: 'Ava', lastName: 'Rivera' }],
          },
        ],
        total: 1,
        page: 1,
        pageSize: 25,
      });
    });

    it('a teacher finds only the families of their sessions (enrolled or waiting), by any kind of search', async () => {
      expect(await names(teacher, '')).toEqual(['Moreau', 'Okafor', 'Rivera']);
      expect(await names(teacher, 'ava')).toEqual(['Moreau', 'Okafor', 'Rivera']);
      // A brother in another session is not found by his name.
      expect(await names(teacher, 'Ben Okafor')).toEqual([]);
      expect(await names(teacher, 'lindqvist')).toEqual([]);
      expect(await names(teacher, lindqvist.email)).toEqual([]);
      expect(await names(teacher, '(415) 555-0123')).toEqual([]);
      expect(await names(teacher, '(650) 555-0199')).toEqual(['Rivera']);
      expect(await names(otherTeacher, '')).toEqual([]);
    });

    it('the director sees every family (not staff without children), paginated on the server', async () => {
      const all = (await as(admin, 'GET', '/api/staff/families?pageSize=100')).json();
      const everyone = ['Lindqvist', 'Moreau', 'Okafor', 'Rivera'];
      expect(all.items.map((f: { firstName: string }) => f.firstName)).toEqual(everyone);
      expect(all.total).toBe(4);
      const pages = [];
      for (const page of [1, 2, 3, 4, 5]) {
        const res = (await as(admin, 'GET', `/api/staff/families?pageSize=1&page=${page}`)).json();
        expect(res).toMatchObject({ total: 4, page, pageSize: 1 });
        pages.push(...res.items.map((f: { firstName: string }) => f.firstName));
      }
      expect(pages).toEqual(everyone);
    });

    it('orders the list by the column the table asks for (decision 030), on every page alike', async () => {
      const order = async (query: string) =>
        (await as(admin, 'GET', `/api/staff/families?pageSize=100&${query}`))
          .json()
          .items.map((f: { emailAddress: string }) => f.emailAddress);
      const emails = [lindqvist, waiting, siblings, rivera].map((f) => f.email);
      const byEmail = [...emails].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()));
      expect(await order('sort=email')).toEqual(byEmail);
      expect(await order('sort=email&dir=desc')).toEqual([...byEmail].reverse());
      // Descending by name runs the last and the first name backwards (Z to A), not only the first.
      const byName = await order('sort=parent');
      expect(await order('sort=parent&dir=desc')).toEqual([...byName].reverse());
      const second = (
        await as(admin, 'GET', '/api/staff/families?pageSize=1&page=2&sort=email&dir=desc')
      ).json();
      expect(second.items[0].emailAddress).toBe([...byEmail].reverse()[1]);
    });

    it('a sort the table does not offer answers 400 with the choices by the field', async () => {
      const res = await as(admin, 'GET', '/api/staff/families?sort=balance');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.sort).toBe('Sort by parent or email.');
      const dir = await as(admin, 'GET', '/api/staff/families?sort=email&dir=up');
      expect(dir.statusCode).toBe(400);
      expect(dir.json().fields.dir).toBe('Sort asc or desc.');
    });
  });

  describe('the family page', () => {
    it('the director sees parents, children, contacts, places, payments in cents and inbox history', async () => {
      const res = await as(admin, 'GET', `/api/staff/families/${rivera.userId}`);
      expect(res.statusCode).toBe(200);
      const family = res.json();
      expect(family.parents).toEqual([
        {
          userId: rivera.userId,
          firstName: 'Rivera',
          lastName: 'Family',
          emailAddress: rivera.email,
          phone: '+14155550142',
          sharesFamily: false,
        },
      ]);
      expect(family.children).toEqual([
        expect.objectContaining({ firstName: 'Ava', lastName: 'Rivera', allergies: ['Peanuts'] }),
      ]);
      expect(family.children[0].ageMonths).toBeGreaterThan(40);
      expect(family.contacts).toEqual([
        expect.objectContaining({
          firstName: 'Rosa',
          cellPhone: '+16505550199',
          canPickup: true,
          children: ['Ava Rivera'],
        }),
      ]);
      expect(
        family.enrollments.map((e: { sessionName: string; status: string }) => [e.sessionName, e.status]),
      ).toEqual(
        expect.arrayContaining([
          ['Acorn Room', 'Enrolled'],
          ['Maple Room', 'Enrolled'],
        ]),
      );
      expect(family.payments).toHaveLength(2);
      expect(family.payments[0]).toMatchObject({ status: 'Paid', finalAmount: 55_000, refundedAmount: 0 });
      // The family account reads the same money (issue 23): both places paid, nothing owed.
      expect(family.account).toMatchObject({ balance: 0, status: 'paid', nextDue: null });
      expect(family.account.places.map((p: { status: string }) => p.status)).toEqual(['paid', 'paid']);
      expect(family.inbox).toEqual([
        expect.objectContaining({
          kind: 'tour',
          status: 'New',
          excerpt: expect.stringContaining('Thursday'),
        }),
      ]);
    });

    it('a teacher sees the family without money, and the inbox only once given it', async () => {
      const family = (await as(teacher, 'GET', `/api/staff/families/${rivera.userId}`)).json();
      expect(family.payments).toBeNull();
      expect(family.account).toBeNull();
      expect(JSON.stringify(family)).not.toContain('55000');
      expect(family.inbox).toBeNull();
      expect(family.children).toHaveLength(1);
      expect(family.contacts[0]).toMatchObject({ firstName: 'Rosa', canPickup: true });
      await t.database.db.update(users).set({ inboxAccess: true }).where(eq(users.id, teacherId));
      try {
        const withInbox = (await as(teacher, 'GET', `/api/staff/families/${rivera.userId}`)).json();
        expect(withInbox.inbox).toHaveLength(1);
        expect(withInbox.payments).toBeNull();
        expect(withInbox.account).toBeNull();
      } finally {
        await t.database.db.update(users).set({ inboxAccess: false }).where(eq(users.id, teacherId));
      }
    });

    it('a waitlisted family is visible to the teacher of that session, with its waitlist place', async () => {
      const family = (await as(teacher, 'GET', `/api/staff/families/${waiting.userId}`)).json();
      expect(family.waitlist).toEqual([
        expect.objectContaining({ sessionName: 'Acorn Room', status: 'Waiting', childName: 'Ava Moreau' }),
      ]);
      expect(family.enrollments).toEqual([]);
    });
  });

  describe('siblings in different sessions', () => {
    it('a teacher sees only the children of their sessions in a family; a brother elsewhere stays out', async () => {
      const [ava, ben] = siblings.childIds as [string, string];
      const row = (await as(teacher, 'GET', '/api/staff/families?q=okafor')).json().items[0];
      expect(row.children).toEqual([{ studentId: ava, firstName: 'Ava', lastName: 'Okafor' }]);
      const res = await as(teacher, 'GET', `/api/staff/families/${siblings.userId}`);
      expect(res.json().children.map((c: { studentId: string }) => c.studentId)).toEqual([ava]);
      expect(res.body).not.toContain(ben);
      expect(res.body).not.toContain('Ben');
      expect((await as(teacher, 'GET', `/api/staff/children/${ben}`)).statusCode).toBe(404);
      const director = (await as(admin, 'GET', `/api/staff/families/${siblings.userId}`)).json();
      expect(director.children.map((c: { firstName: string }) => c.firstName)).toEqual(['Ava', 'Ben']);
    });
  });

  describe('the child page', () => {
    it('shows details, allergies, who may pick up, places, check-ins and who changed what', async () => {
      const childId = rivera.childIds[0]!;
      const before = (await as(admin, 'GET', `/api/staff/children/${childId}`)).json();
      expect(before.child).toMatchObject({ firstName: 'Ava', lastName: 'Rivera', allergies: ['Peanuts'] });
      expect(before.contacts).toEqual([expect.objectContaining({ firstName: 'Rosa', canPickup: true })]);
      expect(before.parents.map((p: { emailAddress: string }) => p.emailAddress)).toEqual([rivera.email]);
      expect(before.attendance).toEqual([]);
      const allergy = before.changes.find((c: { action: string }) => c.action === 'student.allergy.add');
      expect(allergy).toMatchObject({ actorName: 'Rivera Family', after: { allergy: 'Peanuts' } });
      expect(before.changes.some((c: { entityType: string }) => c.entityType === 'Trustee')).toBe(true);

      await t.database.db
        .insert(attendance)
        .values(
          doorRecord({ studentId: childId, classSessionId: mine, kind: 'CheckIn', timestamp: new Date(NOW) }),
        );
      const after = (await as(teacher, 'GET', `/api/staff/children/${childId}`)).json();
      expect(after.attendance).toEqual([
        expect.objectContaining({
          kind: 'CheckIn',
          sessionName: 'Acorn Room',
          at: new Date(NOW).toISOString(),
        }),
      ]);
      // A teacher sees the child's places in their own sessions only (issue 21; the Maple Room is another
      // teacher's), and the changes without their values.
      expect(after.enrollments.map((e: { sessionName: string }) => e.sessionName)).toEqual(['Acorn Room']);
      expect(after.changes.length).toBe(before.changes.length);
      expect(after.changes.every((c: { before: unknown; after: unknown }) => !c.before && !c.after)).toBe(
        true,
      );
      expect(after.changes.map((c: { action: string }) => c.action)).toContain('student.allergy.add');
      expect(after.child.address).toBeNull();
    });
  });
});
