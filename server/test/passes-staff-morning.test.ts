/**
 * Attendance for staff (issue 11), a morning at the Acorn Room on a fixed Friday: hand check-ins and
 * check-outs and the door's refusals (already in, not arrived, already out, a contact who may not pick up),
 * the parent's email, today's board with the late-pickup flag after the policy's grace, the history and its
 * CSV. The tests build on each other. The role × route matrix and the door tablets are in
 * passes-staff.test.ts, the shared set-up in support/passes-staff-app.ts.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { attendance } from '../src/db/schema.ts';
import { dbKinds, doorRecord } from './helpers.ts';
import { CSV_COLUMNS, LATE_AFTER, passesStaffApp, TODAY } from './support/passes-staff-app.ts';

describe.each(dbKinds)('attendance for staff on %s', (kind) => {
  const desk = passesStaffApp(kind);
  const { as, counts, record, board, boardChild } = desk;

  describe('a morning at the Acorn Room', () => {
    it('a hand check-in shows the child in on the board and emails the parents', async () => {
      desk.clock.set('2026-11-20T16:31:00Z'); // 8:31 am
      const before = (await desk.t.mails()).length;
      const res = await record(desk.teacher.token, {
        studentId: desk.ava,
        classSessionId: desk.acorn,
        kind: 'CheckIn',
        trusteeId: desk.rosa,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        studentId: desk.ava,
        classSessionId: desk.acorn,
        firstName: 'Ava',
        outcome: 'done',
        reason: null,
        at: '2026-11-20T16:31:00.000Z',
      });

      const today = await board(desk.teacher.token);
      expect(today.date).toBe(TODAY);
      expect(today.sessions.map((s) => s.name)).toEqual(['Acorn Room']);
      const session = today.sessions[0]!;
      expect(session).toMatchObject({
        classSessionId: desk.acorn,
        daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
        lateAfter: LATE_AFTER,
      });
      expect(session.children).toEqual([
        {
          studentId: desk.ava,
          firstName: 'Ava',
          lastName: 'Rivera',
          allergies: ['Peanuts'],
          state: 'In',
          checkedInAt: '2026-11-20T16:31:00.000Z',
          checkedOutAt: null,
          pickedUpBy: null,
          late: false,
        },
        {
          studentId: desk.ben,
          firstName: 'Ben',
          lastName: 'Rivera',
          allergies: [],
          state: 'NotArrived',
          checkedInAt: null,
          checkedOutAt: null,
          pickedUpBy: null,
          late: false,
        },
      ]);

      await desk.t.flush();
      const mails = (await desk.t.mails()).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: desk.rivera.email, subject: 'Ava has arrived at Acorn Room' });
      expect(mails[0]!.text).toContain('Ava was checked in to Acorn Room at 8:31 AM by Rosa Contact.');
    });

    it('refuses a second check-in, a check-out before a check-in, and another family’s contact', async () => {
      desk.clock.set('2026-11-20T16:35:00Z');
      const before = await counts();
      const again = await record(desk.admin.token, {
        studentId: desk.ava,
        classSessionId: desk.acorn,
        kind: 'CheckIn',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Ava is already checked in (since 8:31 AM).');

      const early = await record(desk.teacher.token, {
        studentId: desk.ben,
        classSessionId: desk.acorn,
        kind: 'CheckOut',
        trusteeId: desk.rosa,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('Ben has not been checked in today.');

      const stranger = await record(desk.teacher.token, {
        studentId: desk.ben,
        classSessionId: desk.acorn,
        kind: 'CheckIn',
        trusteeId: desk.ingrid,
      });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().fields).toEqual({ trusteeId: 'Choose one of this child’s contacts' });

      // A session that does not exist, or that the child is not in, is not found.
      expect(
        (await record(desk.admin.token, { studentId: desk.ben, classSessionId: desk.maple, kind: 'CheckIn' }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await record(desk.admin.token, {
            studentId: 'not-a-child',
            classSessionId: desk.acorn,
            kind: 'CheckIn',
          })
        ).statusCode,
      ).toBe(404);
      expect(await counts()).toEqual(before);
    });

    it('a check-in needs no adult; the parents hear it was the staff', async () => {
      desk.clock.set('2026-11-20T16:50:00Z'); // 8:50 am
      const before = (await desk.t.mails()).length;
      const res = await record(desk.teacher.token, {
        studentId: desk.ben,
        classSessionId: desk.acorn,
        kind: 'CheckIn',
      });
      expect(res.statusCode).toBe(201);
      const child = await boardChild(desk.teacher.token, desk.acorn, desk.ben);
      expect(child).toMatchObject({ state: 'In', checkedInAt: '2026-11-20T16:50:00.000Z', pickedUpBy: null });
      await desk.t.flush();
      const mails = (await desk.t.mails()).slice(before);
      expect(mails.map((m) => m.subject)).toEqual(['Ben has arrived at Acorn Room']);
      expect(mails[0]!.text).toContain('at 8:50 AM by Teacher Family (staff).');
    });

    it('a check-out names a contact who may pick up, or the adult', async () => {
      desk.clock.set('2026-11-20T20:34:00Z'); // 12:34 pm
      const before = await counts();
      const notAllowed = await record(desk.teacher.token, {
        studentId: desk.ava,
        classSessionId: desk.acorn,
        kind: 'CheckOut',
        trusteeId: desk.greta,
      });
      expect(notAllowed.statusCode).toBe(400);
      const message = 'Greta is not allowed to pick up Ava. Call the family before letting Ava go.';
      expect(notAllowed.json()).toMatchObject({ message, fields: { trusteeId: message } });

      const nobody = await record(desk.teacher.token, {
        studentId: desk.ava,
        classSessionId: desk.acorn,
        kind: 'CheckOut',
      });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json().fields).toEqual({ adultName: 'Name the adult who is picking up' });
      expect(await counts()).toEqual(before);

      const out = await record(desk.teacher.token, {
        studentId: desk.ava,
        classSessionId: desk.acorn,
        kind: 'CheckOut',
        trusteeId: desk.rosa,
      });
      expect(out.statusCode).toBe(201);
      expect(await boardChild(desk.admin.token, desk.acorn, desk.ava)).toMatchObject({
        state: 'Out',
        checkedInAt: '2026-11-20T16:31:00.000Z',
        checkedOutAt: '2026-11-20T20:34:00.000Z',
        pickedUpBy: 'Rosa Contact',
        late: false,
      });

      desk.clock.set('2026-11-20T20:36:00Z');
      const twice = await record(desk.admin.token, {
        studentId: desk.ava,
        classSessionId: desk.acorn,
        kind: 'CheckOut',
        adultName: 'Jordan Rivera',
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('Ava was already picked up at 12:34 PM.');
    });

    it('a child still in after the end of the session plus the grace is a late pickup', async () => {
      desk.clock.set('2026-11-20T20:40:00Z'); // 12:40 pm: still within the grace
      expect(await boardChild(desk.teacher.token, desk.acorn, desk.ben)).toMatchObject({
        state: 'In',
        late: false,
      });
      desk.clock.set('2026-11-20T20:41:00Z'); // 12:41 pm
      expect(await boardChild(desk.teacher.token, desk.acorn, desk.ben)).toMatchObject({
        state: 'In',
        late: true,
      });
      // Picked up already: not late.
      expect(await boardChild(desk.teacher.token, desk.acorn, desk.ava)).toMatchObject({
        state: 'Out',
        late: false,
      });
      // The Maple Room names no late-pickup policy: the default grace is 10 minutes too.
      const mapleRoom = (await board(desk.admin.token)).sessions.find(
        (s) => s.classSessionId === desk.maple,
      )!;
      expect(mapleRoom.lateAfter).toBe(LATE_AFTER);

      const out = await record(desk.admin.token, {
        studentId: desk.ben,
        classSessionId: desk.acorn,
        kind: 'CheckOut',
        adultName: 'Jordan Rivera',
      });
      expect(out.statusCode).toBe(201);
      expect(await boardChild(desk.teacher.token, desk.acorn, desk.ben)).toMatchObject({
        state: 'Out',
        pickedUpBy: 'Jordan Rivera',
        late: false,
      });
    });

    it('the history lists the day newest first, and the CSV has exactly its columns', async () => {
      const res = await as(
        desk.admin.token,
        'GET',
        `/api/staff/attendance?classSessionId=${desk.acorn}&from=${TODAY}`,
      );
      expect(res.statusCode).toBe(200);
      const { records, truncated } = res.json();
      expect(truncated).toBe(false);
      expect(
        records.map((r: Record<string, unknown>) => [
          r.kind,
          r.childName,
          r.adultName,
          r.method,
          r.staffName,
        ]),
      ).toEqual([
        ['CheckOut', 'Ben Rivera', 'Jordan Rivera', 'Staff', 'Director Family'],
        ['CheckOut', 'Ava Rivera', 'Rosa Contact', 'Staff', 'Teacher Family'],
        ['CheckIn', 'Ben Rivera', null, 'Staff', 'Teacher Family'],
        ['CheckIn', 'Ava Rivera', 'Rosa Contact', 'Staff', 'Teacher Family'],
      ]);
      expect(records[1]).toMatchObject({
        timestamp: '2026-11-20T20:34:00.000Z',
        studentId: desk.ava,
        classSessionId: desk.acorn,
        sessionName: 'Acorn Room',
        trusteeId: desk.rosa,
        secondFactor: null,
      });

      // One child, and a date range that leaves out yesterday.
      const ava1 = await as(
        desk.teacher.token,
        'GET',
        `/api/staff/attendance?studentId=${desk.ava}&to=2026-11-19`,
      );
      expect(ava1.json().records.map((r: { timestamp: string }) => r.timestamp)).toEqual([
        '2026-11-19T16:40:00.000Z',
      ]);

      const csv = await as(
        desk.teacher.token,
        'GET',
        `/api/staff/attendance.csv?classSessionId=${desk.acorn}&from=${TODAY}&to=${TODAY}`,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="attendance-${TODAY}.csv"`);
      expect(parse(csv.body)).toEqual([
        CSV_COLUMNS,
        [
          TODAY,
          '12:41 PM',
          'Ben Rivera',
          'Acorn Room',
          'Pickup',
          'Jordan Rivera',
          'By staff',
          '',
          'Director Family',
        ],
        [
          TODAY,
          '12:34 PM',
          'Ava Rivera',
          'Acorn Room',
          'Pickup',
          'Rosa Contact',
          'By staff',
          '',
          'Teacher Family',
        ],
        [TODAY, '8:50 AM', 'Ben Rivera', 'Acorn Room', 'Drop-off', '', 'By staff', '', 'Teacher Family'],
        [
          TODAY,
          '8:31 AM',
          'Ava Rivera',
          'Acorn Room',
          'Drop-off',
          'Rosa Contact',
          'By staff',
          '',
          'Teacher Family',
        ],
      ]);
    });

    it('the history screen stops at the newest 500 records and says so; the CSV has them all', async () => {
      await desk.t.database.db.insert(attendance).values(
        Array.from({ length: 1000 }, (_, i) => ({
          kind: i % 2 === 0 ? 'CheckIn' : 'CheckOut',
          studentId: desk.ben,
          classSessionId: desk.acorn,
          timestamp: new Date(Date.parse('2026-11-03T16:30:00Z') + i * 60_000),
          method: 'Staff',
          adultName: 'Rosa Contact',
        })).map(doorRecord),
      );
      const all = await as(desk.admin.token, 'GET', '/api/staff/attendance');
      expect(all.json().truncated).toBe(true);
      expect(all.json().records).toHaveLength(500);
      expect(all.json().records[0].timestamp).toBe('2026-11-20T20:41:00.000Z');
      const [stored] = await queryRows<{ n: number }>(
        desk.t.database.db,
        sql`select count(*)::int as n from attendance`,
      );
      expect(stored!.n).toBeGreaterThan(1000);
      const csv = await as(desk.admin.token, 'GET', '/api/staff/attendance.csv');
      expect(parse(csv.body)).toHaveLength(stored!.n + 1);
      const recent = await as(desk.admin.token, 'GET', `/api/staff/attendance?from=2026-11-19`);
      expect(recent.json().truncated).toBe(false);
      expect(recent.json().records).toHaveLength(6);
    });
  });
});
