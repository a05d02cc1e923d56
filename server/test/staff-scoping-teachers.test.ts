/**
 * Issue 21, what a teacher sees of a family:
 * - Item 15: a teacher's roster and its CSV carry no money; a child's page shows a teacher only the places
 *   and check-ins in their own rooms.
 * - Item 12: the child page's check-ins name the adult recorded with them.
 * The role × route matrix is in staff-scoping.test.ts, the shared set-up in support/family-scoping.ts.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { dbKinds } from './helpers.ts';
import { familyScoping } from './support/family-scoping.ts';

describe.each(dbKinds)('who sees which family on %s', (kind) => {
  const scope = familyScoping(kind);
  const { as } = scope;

  describe('item 15: a teacher sees only their rooms and no money', () => {
    it('the roster JSON carries payments for the director only', async () => {
      const byTeacher = (await as(scope.teacher, 'GET', `/api/staff/sessions/${scope.mine}/roster`)).json();
      expect(byTeacher.showsMoney).toBe(false);
      expect(byTeacher.enrolled).toEqual([expect.objectContaining({ firstName: 'Ava', lastName: 'Rivera' })]);
      expect(byTeacher.enrolled[0]).not.toHaveProperty('paymentStatus');
      expect(byTeacher.session.revenue).toBeNull();
      const byDirector = (await as(scope.admin, 'GET', `/api/staff/sessions/${scope.mine}/roster`)).json();
      expect(byDirector.showsMoney).toBe(true);
      expect(byDirector.enrolled[0]).toMatchObject({ firstName: 'Ava', paymentStatus: 'Paid' });
    });

    it('the roster CSV has no Payment column for a teacher; the director’s has it', async () => {
      const columns = async (who: string) => {
        const res = await as(who, 'GET', `/api/staff/sessions/${scope.mine}/roster.csv`);
        expect(res.statusCode).toBe(200);
        return parse(res.body) as string[][];
      };
      const [teacherHeader, teacherRow] = await columns(scope.teacher);
      expect(teacherHeader).not.toContain('Payment');
      expect(teacherHeader).toContain('Allergies');
      expect(teacherRow).toHaveLength(teacherHeader!.length);
      expect(teacherRow).not.toContain('Paid');
      const [directorHeader, directorRow] = await columns(scope.admin);
      expect(directorHeader!.at(-1)).toBe('Payment');
      expect(directorRow!.at(-1)).toBe('Paid');
    });

    it('the child page shows a teacher only the places and check-ins in their own sessions', async () => {
      const child = scope.rivera.childIds[0]!;
      const byTeacher = (await as(scope.teacher, 'GET', `/api/staff/children/${child}`)).json();
      expect(byTeacher.enrollments.map((e: { sessionName: string }) => e.sessionName)).toEqual([
        'Acorn Room',
      ]);
      expect(byTeacher.attendance.map((r: { sessionName: string }) => r.sessionName)).toEqual(['Acorn Room']);
      expect(byTeacher.child.address).toBeNull();
      const byOther = (await as(scope.mapleTeacher, 'GET', `/api/staff/children/${child}`)).json();
      expect(byOther.enrollments.map((e: { sessionName: string }) => e.sessionName)).toEqual(['Maple Room']);
      expect(byOther.attendance.map((r: { sessionName: string }) => r.sessionName)).toEqual(['Maple Room']);
      const byDirector = (await as(scope.admin, 'GET', `/api/staff/children/${child}`)).json();
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
      const family = (await as(scope.teacher, 'GET', `/api/staff/families/${scope.rivera.userId}`)).json();
      expect(family.enrollments.map((e: { sessionName: string }) => e.sessionName)).toEqual(['Acorn Room']);
    });

    it('GET /api/staff/me tells the pages what the caller may read', async () => {
      expect((await as(null, 'GET', '/api/staff/me')).statusCode).toBe(401);
      expect((await as(scope.rivera.token, 'GET', '/api/staff/me')).statusCode).toBe(403);
      expect((await as(scope.teacher, 'GET', '/api/staff/me')).json()).toEqual({
        role: 'Staff',
        firstName: 'Teacher',
        lastName: 'Family',
        inboxAccess: false,
      });
      expect((await as(scope.admin, 'GET', '/api/staff/me')).json()).toEqual({
        role: 'Admin',
        firstName: 'Director',
        lastName: 'Family',
        inboxAccess: true,
      });
    });
  });

  describe('item 12: the child page names who dropped off and picked up', () => {
    it('each check-in names the adult recorded with it, as the attendance history does', async () => {
      const child = scope.rivera.childIds[0]!;
      const page = (await as(scope.admin, 'GET', `/api/staff/children/${child}`)).json();
      expect(page.attendance.map((r: { adultName: string | null }) => r.adultName)).toEqual([
        'Rosa Contact',
        'Rosa Contact',
      ]);
      const history = (await as(scope.admin, 'GET', `/api/staff/attendance?studentId=${child}`)).json();
      expect(
        page.attendance.map((r: { id: string; adultName: string | null }) => [r.id, r.adultName]),
      ).toEqual(history.records.map((r: { id: string; adultName: string | null }) => [r.id, r.adultName]));
    });
  });
});
