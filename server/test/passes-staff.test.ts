/**
 * Attendance for staff (issue 11): a role × route matrix over every staff route of the passes feature
 * (anonymous, parent, teacher assigned, teacher not assigned, admin) checking the status and that nothing
 * leaked or changed; the door tablets' list and revoking; the Saturday session left off Friday's board. A
 * morning at the Acorn Room is walked in passes-staff-morning.test.ts, the shared set-up in
 * support/passes-staff-app.ts.
 */
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendance } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { CSV_COLUMNS, EVERYONE, MORNING, passesStaffApp, statusFor } from './support/passes-staff-app.ts';

describe.each(dbKinds)('attendance for staff on %s', (kind) => {
  const desk = passesStaffApp(kind);
  const { as, counts, token, record, board, enrollKiosk } = desk;

  describe('who may call what (role × route)', () => {
    const readers: Record<string, string> = {
      'GET /api/staff/attendance/today': '/api/staff/attendance/today',
      'GET /api/staff/attendance': '/api/staff/attendance',
      'GET /api/staff/attendance.csv': '/api/staff/attendance.csv',
    };
    for (const [route, url] of Object.entries(readers)) {
      for (const who of EVERYONE) {
        const status = statusFor(who, 200);
        it(`${route}: ${who} → ${status}`, async () => {
          const before = await counts();
          const res = await as(token(who), 'GET', url);
          expect(res.statusCode).toBe(status);
          if (status !== 200) {
            expect(res.body).not.toMatch(/Rivera|Lindqvist|Acorn|Maple|Peanuts|Sesame/);
          } else if (who === 'teacher assigned') {
            expect(res.body).toContain('Acorn Room');
            expect(res.body).not.toMatch(/Lindqvist|Maple|Sesame/);
          } else if (who === 'teacher not assigned') {
            expect(res.body).toContain('Maple Room');
            expect(res.body).not.toMatch(/Rivera|Acorn|Peanuts/);
          } else {
            expect(res.body).toContain('Rivera');
            expect(res.body).toContain('Lindqvist');
          }
          // Saturday Painters does not meet on a Friday.
          if (route.endsWith('/today')) expect(res.body).not.toContain('Saturday Painters');
          expect(await counts()).toEqual(before);
        });
      }
    }

    it('a teacher who does not teach a child’s session cannot find them by filtering the history either', async () => {
      for (const query of [`studentId=${desk.ava}`, `classSessionId=${desk.acorn}`]) {
        const res = await as(desk.otherTeacher.token, 'GET', `/api/staff/attendance?${query}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ records: [], truncated: false });
        const csv = await as(desk.otherTeacher.token, 'GET', `/api/staff/attendance.csv?${query}`);
        expect(parse(csv.body)).toEqual([CSV_COLUMNS]);
      }
    });

    for (const who of EVERYONE) {
      const status = statusFor(who, 200);
      it(`GET /api/staff/kiosks: ${who} → ${status}`, async () => {
        await enrollKiosk(`Front door ${who}`);
        const before = await counts();
        const res = await as(token(who), 'GET', '/api/staff/kiosks');
        expect(res.statusCode).toBe(status);
        if (status === 200)
          expect(res.json().map((k: { name: string }) => k.name)).toContain(`Front door ${who}`);
        else expect(res.body).not.toContain('Front door');
        expect(await counts()).toEqual(before);
      });
    }

    for (const who of EVERYONE) {
      const status = statusFor(who, 201);
      it(`POST /api/staff/kiosks: ${who} → ${status}`, async () => {
        const before = await counts();
        const res = await as(token(who), 'POST', '/api/staff/kiosks', { name: 'Side gate' });
        expect(res.statusCode).toBe(status);
        const after = await counts();
        if (status === 201) {
          expect(res.json().token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
          expect(after).toEqual({ ...before, kiosks: before.kiosks + 1, audit: before.audit + 1 });
        } else {
          expect(res.body).not.toContain('token');
          expect(after).toEqual(before);
        }
      });
    }

    for (const who of EVERYONE) {
      const status = statusFor(who, 200);
      it(`POST /api/staff/kiosks/:id/revoke: ${who} → ${status}`, async () => {
        const { kiosk, token: kioskToken } = await enrollKiosk('Back door');
        const before = await counts();
        const res = await as(token(who), 'POST', `/api/staff/kiosks/${kiosk.id}/revoke`);
        expect(res.statusCode).toBe(status);
        const me = await desk.t.app.inject({
          method: 'GET',
          url: '/api/kiosk/me',
          headers: { authorization: `Kiosk ${kioskToken}` },
        });
        if (status === 200) {
          expect(res.json().revokedAt).toBe(new Date(MORNING).toISOString());
          expect(await counts()).toEqual({ ...before, revoked: before.revoked + 1, audit: before.audit + 1 });
          expect(me.statusCode).toBe(401);
        } else {
          expect(await counts()).toEqual(before);
          expect(me.statusCode).toBe(200);
        }
      });
    }

    for (const who of EVERYONE) {
      const status = statusFor(who, 201, { 'teacher not assigned': 404 });
      it(`POST /api/staff/attendance: ${who} → ${status}`, async () => {
        const before = await counts();
        const res = await record(token(who), {
          studentId: desk.ava,
          classSessionId: desk.acorn,
          kind: 'CheckIn',
          trusteeId: desk.rosa,
        });
        expect(res.statusCode).toBe(status);
        if (status === 201) {
          expect(res.json()).toMatchObject({ studentId: desk.ava, firstName: 'Ava', outcome: 'done' });
          const rows = await desk.t.database.db
            .select()
            .from(attendance)
            .where(eq(attendance.classSessionId, desk.acorn));
          const today = rows.filter((r) => r.timestamp >= new Date(MORNING));
          expect(today).toHaveLength(1);
          expect(today[0]).toMatchObject({
            method: 'Staff',
            adultName: 'Rosa Contact',
            trusteeId: desk.rosa,
          });
          // Undo (after the parents' mail has gone), so each caller starts from "not arrived".
          await desk.t.flush();
          await desk.t.database.db.delete(attendance).where(eq(attendance.id, today[0]!.id));
          await desk.t.database.db.execute(
            sql`delete from mail_outbox where subject = 'Ava has arrived at Acorn Room'`,
          );
        } else {
          expect(res.body).not.toMatch(/Ava|Rivera|Acorn/);
        }
        expect(await counts()).toEqual(before);
      });
    }
  });

  describe('door tablets', () => {
    it('lists every tablet newest first with who set it up, and a revoked one stays listed', async () => {
      desk.clock.set('2026-11-20T21:00:00Z');
      const { kiosk } = await enrollKiosk('Lobby tablet');
      const list = await as(desk.teacher.token, 'GET', '/api/staff/kiosks');
      expect(list.statusCode).toBe(200);
      expect(list.json()[0]).toEqual({
        id: kiosk.id,
        name: 'Lobby tablet',
        created: '2026-11-20T21:00:00.000Z',
        createdBy: 'Director Family',
        lastSeenAt: null,
        revokedAt: null,
      });
      desk.clock.set('2026-11-20T21:05:00Z');
      expect((await as(desk.teacher.token, 'POST', `/api/staff/kiosks/${kiosk.id}/revoke`)).statusCode).toBe(
        200,
      );
      // Revoking again keeps the first time; an unknown tablet is not found.
      desk.clock.set('2026-11-20T21:10:00Z');
      const again = await as(desk.admin.token, 'POST', `/api/staff/kiosks/${kiosk.id}/revoke`);
      expect(again.json().revokedAt).toBe('2026-11-20T21:05:00.000Z');
      expect(
        (await as(desk.admin.token, 'POST', '/api/staff/kiosks/00000000-0000-4000-8000-000000000000/revoke'))
          .statusCode,
      ).toBe(404);
      expect((await as(desk.admin.token, 'POST', '/api/staff/kiosks/not-a-tablet/revoke')).statusCode).toBe(
        404,
      );
      const listed = (await as(desk.admin.token, 'GET', '/api/staff/kiosks')).json();
      expect(listed.find((k: { id: string }) => k.id === kiosk.id).revokedAt).toBe(
        '2026-11-20T21:05:00.000Z',
      );
    });

    it('a tablet needs a name', async () => {
      const res = await as(desk.admin.token, 'POST', '/api/staff/kiosks', { name: ' ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.name).toBe('Name the tablet, e.g. “Front door”');
    });
  });

  it('the Saturday session is left off Friday’s board even with Ava enrolled', async () => {
    const today = await board(desk.admin.token);
    expect(today.sessions.map((s) => s.name)).toEqual(['Acorn Room', 'Maple Room']);
    expect(today.sessions.some((s) => s.classSessionId === desk.saturdays)).toBe(false);
  });
});
