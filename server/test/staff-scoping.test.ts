/**
 * Issue 21: who sees which family, on every route that takes a family's, a child's or a contact's id.
 * - Item 2: a role × route matrix (anonymous, a parent and their co-parent, another family's parent, the
 *   teacher of the child's session, a teacher of other rooms, the director) asserting the status and that
 *   nothing of another family leaked; `GET /api/Student?userId=` follows the staff family page's rule.
 * Items 15 and 12 (what a teacher sees, who dropped off) are in staff-scoping-teachers.test.ts, the shared
 * set-up in support/family-scoping.ts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { dbKinds } from './helpers.ts';
import { familyScoping } from './support/family-scoping.ts';

describe.each(dbKinds)('who sees which family on %s', (kind) => {
  const scope = familyScoping(kind);
  const { as } = scope;

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
        parent: scope.rivera.token,
        'co-parent': scope.coParent.token,
        'other parent': scope.lindqvist.token,
        teacher: scope.teacher,
        'other teacher': scope.otherTeacher,
        director: scope.admin,
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
        url: () => `/api/Student?userId=${scope.rivera.userId}`,
        status: { ...staffRoute, parent: 200, 'co-parent': 200, 'other parent': 404 },
        sees: [...family, ...staff],
      },
      'GET /api/Student?userId (the co-parent’s id)': {
        url: () => `/api/Student?userId=${scope.coParent.userId}`,
        status: { ...staffRoute, parent: 200, 'co-parent': 200, 'other parent': 404 },
        sees: [...family, ...staff],
      },
      'GET /api/Student/{studentId}': {
        url: () => `/api/Student/${scope.rivera.childIds[0]}`,
        status: familyRoute,
      },
      'GET /api/Student/{studentId}/Trustees': {
        url: () => `/api/Student/${scope.rivera.childIds[0]}/Trustees`,
        status: familyRoute,
      },
      'GET /api/Student/Trustees/{trusteeId}': {
        url: () => `/api/Student/Trustees/${scope.riveraContact}`,
        status: familyRoute,
      },
      'GET /api/Student/Trustees/{trusteeId}/Pass': {
        url: () => `/api/Student/Trustees/${scope.riveraContact}/Pass`,
        status: familyRoute,
      },
      'GET /api/ClassSessionEnrollment/{id}/VerifyEligibility?studentId': {
        url: () =>
          `/api/ClassSessionEnrollment/${scope.mine}/VerifyEligibility?studentId=${scope.rivera.childIds[0]}`,
        status: familyRoute,
      },
      'GET /api/Student/Attendance?studentId': {
        url: () => `/api/Student/Attendance?studentId=${scope.rivera.childIds[0]}`,
        // Another family's child filters to nothing (200, empty); staff have no children of their own here.
        status: { ...familyRoute, 'other parent': 200, teacher: 200, 'other teacher': 200, director: 200 },
      },
      'GET /api/staff/families/{userId}': {
        url: () => `/api/staff/families/${scope.rivera.userId}`,
        status: staffRoute,
        sees: staff,
      },
      'GET /api/staff/families/{userId} (the co-parent’s id)': {
        url: () => `/api/staff/families/${scope.coParent.userId}`,
        status: staffRoute,
        sees: staff,
      },
      'GET /api/staff/children/{studentId}': {
        url: () => `/api/staff/children/${scope.rivera.childIds[0]}`,
        status: staffRoute,
        sees: staff,
      },
      'GET /api/staff/attendance?studentId': {
        url: () => `/api/staff/attendance?studentId=${scope.rivera.childIds[0]}`,
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
      const byTeacher = await as(scope.teacher, 'GET', `/api/Student?userId=${scope.rivera.userId}`);
      expect(byTeacher.json()).toEqual([
        expect.objectContaining({
          id: scope.rivera.childIds[0],
          firstName: 'Ava',
          allergies: [expect.objectContaining({ name: 'Peanuts' })],
          address1: null,
          city: null,
          zipCode: null,
        }),
      ]);
      const byDirector = await as(scope.admin, 'GET', `/api/Student?userId=${scope.rivera.userId}`);
      expect(byDirector.json()).toEqual([
        expect.objectContaining({
          id: scope.rivera.childIds[0],
          address1: '12 Oak Street',
          city: 'Palo Alto',
        }),
      ]);
      // The co-parent's id names the same family, for the family and for the staff.
      expect(
        (await as(scope.coParent.token, 'GET', `/api/Student?userId=${scope.rivera.userId}`)).json(),
      ).toEqual((await as(scope.rivera.token, 'GET', '/api/Student')).json());
    });

    it('a family the caller may not see answers 404 like an unknown id (and never 500 for a bad one)', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const who of [scope.teacher, scope.admin, scope.rivera.token]) {
        for (const userId of [unknown, 'not-a-uuid']) {
          const res = await as(who, 'GET', `/api/Student?userId=${userId}`);
          expect(res.statusCode, userId).toBe(404);
        }
      }
      const message = (
        await as(scope.lindqvist.token, 'GET', `/api/Student?userId=${scope.rivera.userId}`)
      ).json().message;
      expect(message).toBe(
        (await as(scope.lindqvist.token, 'GET', `/api/Student?userId=${unknown}`)).json().message,
      );
      expect(
        (await as(scope.teacher, 'GET', `/api/Student?userId=${scope.lindqvist.userId}`)).statusCode,
      ).toBe(404);
      // A staff account without children is not a family, even for the director.
      const teacherId = JSON.parse(Buffer.from(scope.teacher.split('.')[1]!, 'base64url').toString()).sub;
      expect((await as(scope.admin, 'GET', `/api/Student?userId=${teacherId}`)).statusCode).toBe(404);
      // The caller's own id is always theirs.
      expect(
        (await as(scope.lindqvist.token, 'GET', `/api/Student?userId=${scope.lindqvist.userId}`)).statusCode,
      ).toBe(200);
    });

    it('another family cannot change the Riveras through an id (404, nothing changes)', async () => {
      const child = scope.rivera.childIds[0]!;
      for (const who of [scope.lindqvist.token, scope.teacher, scope.admin]) {
        expect((await as(who, 'POST', `/api/Student/${child}/Allergies`, { name: 'Kiwi' })).statusCode).toBe(
          404,
        );
        const change = {
          firstName: 'Mallory',
          lastName: 'Contact',
          relationship: 'Neighbour',
          cellPhone: '(650) 555-0100',
          canPickup: true,
          studentIds: scope.rivera.childIds,
        };
        expect(
          (await as(who, 'PUT', `/api/Student/Trustees/${scope.riveraContact}`, change)).statusCode,
        ).toBe(404);
      }
      expect(
        (await as(scope.rivera.token, 'GET', `/api/Student/Trustees/${scope.lindqvistContact}`)).statusCode,
      ).toBe(404);
      const contact = await queryRows<{ first_name: string }>(
        scope.t.database.db,
        sql`select first_name from trustees where id = ${scope.riveraContact}`,
      );
      expect(contact).toEqual([{ first_name: 'Rosa' }]);
      const allergies = await queryRows<{ name: string }>(
        scope.t.database.db,
        sql`select name from allergies where student_id = ${child}`,
      );
      expect(allergies.map((r) => r.name)).toEqual(['Peanuts']);
    });
  });
});
