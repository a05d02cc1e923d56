/**
 * Issue 21: who sees which family, on every route that takes a family's, a child's or a contact's id.
 * - Item 2: a role × route matrix (anonymous, a parent and their co-parent, another family's parent, the
 *   teacher of the child's session, a teacher of other rooms, the director) asserting the status and that
 *   nothing of another family leaked; `GET /api/Student?userId=` follows the staff family page's rule.
 * - Item 15: a teacher's roster and its CSV carry no money; a child's page shows a teacher only the places
 *   and check-ins in their own rooms.
 * - Item 12: the child page's check-ins name the adult recorded with them.
 */
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  attendance,
  families,
  familyMembers,
  sessionStaff,
  students,
  userStudents,
  userTrustees,
} from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('who sees which family on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let teacher: string;
  let otherTeacher: string;
  let mapleTeacher: string;
  let rivera: Family;
  let coParent: Family;
  let lindqvist: Family;
  let riveraContact: string;
  let lindqvistContact: string;
  let mine: number;
  let notMine: number;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const enrollAndPay = async (family: Family, classSessionId: number) => {
    const res = await a.enroll(family, classSessionId);
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
  };
  const addContact = async (family: Family, firstName: string) => {
    const res = await as(family.token, 'POST', '/api/Student/Trustees', {
      firstName,
      lastName: 'Contact',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      canPickup: true,
      studentIds: family.childIds,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const addAllergy = async (family: Family, name: string) =>
    expect(
      (await as(family.token, 'POST', `/api/Student/${family.childIds[0]}/Allergies`, { name })).statusCode,
    ).toBe(201);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: movableClock(NOW), env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    admin = (await a.promote('Director', 'Admin')).token;
    const teacherPerson = await a.promote('Teacher', 'Staff');
    teacher = teacherPerson.token;
    const maplePerson = await a.promote('Maple', 'Staff');
    mapleTeacher = maplePerson.token;
    const otherPerson = await a.promote('Other', 'Staff');
    otherTeacher = otherPerson.token;
    mine = await a.session({ name: 'Acorn Room', sessionStartDate: '2026-11-02', rosterSize: 3 });
    notMine = await a.session({ name: 'Maple Room', sessionStartDate: '2026-11-02', rosterSize: 3 });
    const birch = await a.session({ name: 'Birch Room', sessionStartDate: '2026-11-02', rosterSize: 3 });
    // The Acorn Room's teacher has Ava; the Maple Room's teacher has Ava and Lindqvist; the other teacher
    // teaches the Birch Room, where neither family is.
    await t.database.db.insert(sessionStaff).values([
      { classSessionId: mine, userId: teacherPerson.userId },
      { classSessionId: notMine, userId: maplePerson.userId },
      { classSessionId: birch, userId: otherPerson.userId },
    ]);

    // Rivera: Ava is in the teacher's Acorn Room and in another teacher's Maple Room; a home address, an
    // allergy, a pickup contact; a co-parent shares the family.
    rivera = await a.family('Rivera', 1);
    await addAllergy(rivera, 'Peanuts');
    riveraContact = await addContact(rivera, 'Rosa');
    await t.database.db
      .update(students)
      .set({ address1: '12 Oak Street', city: 'Palo Alto', state: 'CA', zipCode: '94301' })
      .where(eq(students.id, rivera.childIds[0]!));
    await enrollAndPay(rivera, mine);
    await enrollAndPay(rivera, notMine);
    coParent = await a.family('Dana', 0);
    const [family] = await t.database.db.insert(families).values({}).returning({ id: families.id });
    await t.database.db.insert(familyMembers).values([
      { familyId: family!.id, userId: rivera.userId, joinedAt: new Date('2026-10-01T00:00:00Z') },
      { familyId: family!.id, userId: coParent.userId, invitedBy: rivera.userId },
    ]);
    await t.database.db
      .insert(userStudents)
      .values({ userId: coParent.userId, studentId: rivera.childIds[0]! });
    await t.database.db.insert(userTrustees).values({ userId: coParent.userId, trusteeId: riveraContact });

    // Lindqvist: only in the Maple Room.
    lindqvist = await a.family('Lindqvist', 1);
    await addAllergy(lindqvist, 'Sesame');
    lindqvistContact = await addContact(lindqvist, 'Greta');
    await enrollAndPay(lindqvist, notMine);

    // Check-ins: Ava brought to the Acorn Room by her grandmother, named by hand (no contact chosen), and to
    // the Maple Room by someone the Acorn Room's teacher has no business knowing about.
    await t.database.db.insert(attendance).values([
      {
        studentId: rivera.childIds[0]!,
        classSessionId: mine,
        kind: 'CheckIn',
        method: 'Staff',
        adultName: 'Rosa Contact',
        timestamp: new Date('2026-11-19T16:30:00Z'),
      },
      {
        studentId: rivera.childIds[0]!,
        classSessionId: notMine,
        kind: 'CheckIn',
        method: 'Pass',
        trusteeId: riveraContact,
        adultName: 'Rosa Contact',
        timestamp: new Date('2026-11-18T16:30:00Z'),
      },
      {
        studentId: lindqvist.childIds[0]!,
        classSessionId: notMine,
        kind: 'CheckIn',
        method: 'Staff',
        adultName: 'Greta Contact',
        timestamp: new Date('2026-11-18T16:35:00Z'),
      },
    ]);
  });
  afterAll(async () => t?.close());

  describe('item 2: every route with a family’s, child’s or contact’s id (role × route)', () => {
    type Who =
      | 'anonymous'
      | 'parent'
      | 'co-parent'
      | 'other parent'
      | 'teacher'
      | 'other teacher'
      | 'director';
    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: rivera.token,
        'co-parent': coParent.token,
        'other parent': lindqvist.token,
        teacher,
        'other teacher': otherTeacher,
        director: admin,
      })[who];
    const familyRoute = {
      anonymous: 401,
      parent: 200,
      'co-parent': 200,
      'other parent': 404,
      // The family's own routes: staff have no children there (their pages are /api/staff/…).
      teacher: 404,
      'other teacher': 404,
      director: 404,
    } as const;
    const staffRoute = {
      anonymous: 401,
      parent: 403,
      'co-parent': 403,
      'other parent': 403,
      teacher: 200,
      'other teacher': 404,
      director: 200,
    } as const;
    const family: Who[] = ['parent', 'co-parent'];
    const staff: Who[] = ['teacher', 'director'];
    /** Each route: its URL, the status by caller, and who may read the Riveras in the answer. */
    const routes: Record<string, { url: () => string; status: Record<Who, number>; sees?: Who[] }> = {
      'GET /api/Student?userId': {
        url: () => `/api/Student?userId=${rivera.userId}`,
        status: { ...staffRoute, parent: 200, 'co-parent': 200, 'other parent': 404 },
        sees: [...family, ...staff],
      },
      'GET /api/Student?userId (the co-parent’s id)': {
        url: () => `/api/Student?userId=${coParent.userId}`,
        status: { ...staffRoute, parent: 200, 'co-parent': 200, 'other parent': 404 },
        sees: [...family, ...staff],
      },
      'GET /api/Student/{studentId}': {
        url: () => `/api/Student/${rivera.childIds[0]}`,
        status: familyRoute,
      },
      'GET /api/Student/{studentId}/Trustees': {
        url: () => `/api/Student/${rivera.childIds[0]}/Trustees`,
        status: familyRoute,
      },
      'GET /api/Student/Trustees/{trusteeId}': {
        url: () => `/api/Student/Trustees/${riveraContact}`,
        status: familyRoute,
      },
      'GET /api/Student/Trustees/{trusteeId}/Pass': {
        url: () => `/api/Student/Trustees/${riveraContact}/Pass`,
        status: familyRoute,
      },
      'GET /api/ClassSessionEnrollment/{id}/VerifyEligibility?studentId': {
        url: () => `/api/ClassSessionEnrollment/${mine}/VerifyEligibility?studentId=${rivera.childIds[0]}`,
        status: familyRoute,
      },
      'GET /api/Student/Attendance?studentId': {
        url: () => `/api/Student/Attendance?studentId=${rivera.childIds[0]}`,
        // Another family's child filters to nothing (200, empty); staff have no children of their own here.
        status: { ...familyRoute, 'other parent': 200, teacher: 200, 'other teacher': 200, director: 200 },
      },
      'GET /api/staff/families/{userId}': {
        url: () => `/api/staff/families/${rivera.userId}`,
        status: staffRoute,
        sees: staff,
      },
      'GET /api/staff/families/{userId} (the co-parent’s id)': {
        url: () => `/api/staff/families/${coParent.userId}`,
        status: staffRoute,
        sees: staff,
      },
      'GET /api/staff/children/{studentId}': {
        url: () => `/api/staff/children/${rivera.childIds[0]}`,
        status: staffRoute,
        sees: staff,
      },
      'GET /api/staff/attendance?studentId': {
        url: () => `/api/staff/attendance?studentId=${rivera.childIds[0]}`,
        // Filtered to the caller's rooms: a teacher of other rooms gets an empty history.
        status: { ...staffRoute, 'other teacher': 200 },
        sees: staff,
      },
    };
    const riveraWords = ['Rivera', 'Peanuts', 'Rosa', 'Oak Street'];
    const lindqvistWords = ['Lindqvist', 'Sesame', 'Greta'];

    for (const [route, { url, status, sees = family }] of Object.entries(routes)) {
      for (const [who, expected] of Object.entries(status) as [Who, number][]) {
        it(`${route}: ${who} → ${expected}`, async () => {
          const res = await as(token(who), 'GET', url());
          expect(res.statusCode, res.body).toBe(expected);
          // Another family never appears in anything about the Riveras.
          for (const word of lindqvistWords) expect(res.body).not.toContain(word);
          if (!sees.includes(who)) for (const word of riveraWords) expect(res.body).not.toContain(word);
          // The teacher of the Acorn Room sees neither the home address nor another teacher's room.
          if (who === 'teacher') {
            expect(res.body).not.toContain('Oak Street');
            expect(res.body).not.toContain('Maple Room');
            expect(res.body).not.toMatch(/finalAmount|paymentStatus/);
          }
        });
      }
    }

    it('GET /api/Student?userId gives a teacher the children of their sessions without the home address, and the director everything', async () => {
      const byTeacher = await as(teacher, 'GET', `/api/Student?userId=${rivera.userId}`);
      expect(byTeacher.json()).toEqual([
        expect.objectContaining({
          id: rivera.childIds[0],
          firstName: 'Ava',
          allergies: [expect.objectContaining({ name: 'Peanuts' })],
          address1: null,
          city: null,
          zipCode: null,
        }),
      ]);
      const byDirector = await as(admin, 'GET', `/api/Student?userId=${rivera.userId}`);
      expect(byDirector.json()).toEqual([
        expect.objectContaining({ id: rivera.childIds[0], address1: '12 Oak Street', city: 'Palo Alto' }),
      ]);
      // The co-parent's id names the same family, for the family and for the staff.
      expect((await as(coParent.token, 'GET', `/api/Student?userId=${rivera.userId}`)).json()).toEqual(
        (await as(rivera.token, 'GET', '/api/Student')).json(),
      );
    });

    it('a family the caller may not see answers 404 like an unknown id (and never 500 for a bad one)', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const who of [teacher, admin, rivera.token]) {
        for (const userId of [unknown, 'not-a-uuid']) {
          const res = await as(who, 'GET', `/api/Student?userId=${userId}`);
          expect(res.statusCode, userId).toBe(404);
        }
      }
      const message = (await as(lindqvist.token, 'GET', `/api/Student?userId=${rivera.userId}`)).json()
        .message;
      expect(message).toBe(
        (await as(lindqvist.token, 'GET', `/api/Student?userId=${unknown}`)).json().message,
      );
      expect((await as(teacher, 'GET', `/api/Student?userId=${lindqvist.userId}`)).statusCode).toBe(404);
      // A staff account without children is not a family, even for the director.
      const teacherId = JSON.parse(Buffer.from(teacher.split('.')[1]!, 'base64url').toString()).sub;
      expect((await as(admin, 'GET', `/api/Student?userId=${teacherId}`)).statusCode).toBe(404);
      // The caller's own id is always theirs.
      expect((await as(lindqvist.token, 'GET', `/api/Student?userId=${lindqvist.userId}`)).statusCode).toBe(
        200,
      );
    });

    it('another family cannot change the Riveras through an id (404, nothing changes)', async () => {
      const child = rivera.childIds[0]!;
      for (const who of [lindqvist.token, teacher, admin]) {
        expect((await as(who, 'POST', `/api/Student/${child}/Allergies`, { name: 'Kiwi' })).statusCode).toBe(
          404,
        );
        const change = {
          firstName: 'Mallory',
          lastName: 'Contact',
          relationship: 'Neighbour',
          cellPhone: '(650) 555-0100',
          canPickup: true,
          studentIds: rivera.childIds,
        };
        expect((await as(who, 'PUT', `/api/Student/Trustees/${riveraContact}`, change)).statusCode).toBe(404);
      }
      expect((await as(rivera.token, 'GET', `/api/Student/Trustees/${lindqvistContact}`)).statusCode).toBe(
        404,
      );
      const contact = await queryRows<{ first_name: string }>(
        t.database.db,
        sql`select first_name from trustees where id = ${riveraContact}`,
      );
      expect(contact).toEqual([{ first_name: 'Rosa' }]);
      const allergies = await queryRows<{ name: string }>(
        t.database.db,
        sql`select name from allergies where student_id = ${child}`,
      );
      expect(allergies.map((r) => r.name)).toEqual(['Peanuts']);
    });
  });

  describe('item 15: a teacher sees only their rooms and no money', () => {
    it('the roster JSON carries payments for the director only', async () => {
      const byTeacher = (await as(teacher, 'GET', `/api/staff/sessions/${mine}/roster`)).json();
      expect(byTeacher.showsMoney).toBe(false);
      expect(byTeacher.enrolled).toEqual([expect.objectContaining({ firstName: 'Ava', lastName: 'Rivera' })]);
      expect(byTeacher.enrolled[0]).not.toHaveProperty('paymentStatus');
      expect(byTeacher.session.revenue).toBeNull();
      const byDirector = (await as(admin, 'GET', `/api/staff/sessions/${mine}/roster`)).json();
      expect(byDirector.showsMoney).toBe(true);
      expect(byDirector.enrolled[0]).toMatchObject({ firstName: 'Ava', paymentStatus: 'Paid' });
    });

    it('the roster CSV has no Payment column for a teacher; the director’s has it', async () => {
      const columns = async (who: string) => {
        const res = await as(who, 'GET', `/api/staff/sessions/${mine}/roster.csv`);
        expect(res.statusCode).toBe(200);
        return parse(res.body) as string[][];
      };
      const [teacherHeader, teacherRow] = await columns(teacher);
      expect(teacherHeader).not.toContain('Payment');
      expect(teacherHeader).toContain('Allergies');
      expect(teacherRow).toHaveLength(teacherHeader!.length);
      expect(teacherRow).not.toContain('Paid');
      const [directorHeader, directorRow] = await columns(admin);
      expect(directorHeader!.at(-1)).toBe('Payment');
      expect(directorRow!.at(-1)).toBe('Paid');
    });

    it('the child page shows a teacher only the places and check-ins in their own sessions', async () => {
      const child = rivera.childIds[0]!;
      const byTeacher = (await as(teacher, 'GET', `/api/staff/children/${child}`)).json();
      expect(byTeacher.enrollments.map((e: { sessionName: string }) => e.sessionName)).toEqual([
        'Acorn Room',
      ]);
      expect(byTeacher.attendance.map((r: { sessionName: string }) => r.sessionName)).toEqual(['Acorn Room']);
      expect(byTeacher.child.address).toBeNull();
      const byOther = (await as(mapleTeacher, 'GET', `/api/staff/children/${child}`)).json();
      expect(byOther.enrollments.map((e: { sessionName: string }) => e.sessionName)).toEqual(['Maple Room']);
      expect(byOther.attendance.map((r: { sessionName: string }) => r.sessionName)).toEqual(['Maple Room']);
      const byDirector = (await as(admin, 'GET', `/api/staff/children/${child}`)).json();
      expect(byDirector.enrollments.map((e: { sessionName: string }) => e.sessionName).sort()).toEqual([
        'Acorn Room',
        'Maple Room',
      ]);
      expect(byDirector.attendance.map((r: { sessionName: string }) => r.sessionName)).toEqual([
        'Acorn Room',
        'Maple Room',
      ]);
      expect(byDirector.child.address).toBe('12 Oak Street, Palo Alto, CA 94301');
      // The family page follows the same rule.
      const family = (await as(teacher, 'GET', `/api/staff/families/${rivera.userId}`)).json();
      expect(family.enrollments.map((e: { sessionName: string }) => e.sessionName)).toEqual(['Acorn Room']);
    });

    it('GET /api/staff/me tells the pages what the caller may read', async () => {
      expect((await as(null, 'GET', '/api/staff/me')).statusCode).toBe(401);
      expect((await as(rivera.token, 'GET', '/api/staff/me')).statusCode).toBe(403);
      expect((await as(teacher, 'GET', '/api/staff/me')).json()).toEqual({
        role: 'Staff',
        inboxAccess: false,
      });
      expect((await as(admin, 'GET', '/api/staff/me')).json()).toEqual({ role: 'Admin', inboxAccess: true });
    });
  });

  describe('item 12: the child page names who dropped off and picked up', () => {
    it('each check-in names the adult recorded with it, as the attendance history does', async () => {
      const child = rivera.childIds[0]!;
      const page = (await as(admin, 'GET', `/api/staff/children/${child}`)).json();
      expect(page.attendance.map((r: { adultName: string | null }) => r.adultName)).toEqual([
        'Rosa Contact',
        'Rosa Contact',
      ]);
      const history = (await as(admin, 'GET', `/api/staff/attendance?studentId=${child}`)).json();
      expect(
        page.attendance.map((r: { id: string; adultName: string | null }) => [r.id, r.adultName]),
      ).toEqual(history.records.map((r: { id: string; adultName: string | null }) => [r.id, r.adultName]));
    });
  });
});
