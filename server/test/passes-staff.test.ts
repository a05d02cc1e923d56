/**
 * Attendance for staff (issue 11): a role × route matrix over every staff route of the passes feature
 * (anonymous, parent, teacher assigned, teacher not assigned, admin) checking the status and that nothing
 * leaked or changed; then a morning at the Acorn Room on a fixed Friday: hand check-ins and check-outs and
 * the door's refusals (already in, not arrived, already out, a contact who may not pick up), the parent's
 * email, today's board with the late-pickup flag after the policy's grace, the history and its CSV, and the
 * door tablets' list and revoking.
 */
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { attendance, policies, sessionStaff } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

/** Friday, November 20, 2026 at 8:00 am in the center's zone (PST, UTC−8). */
const MORNING = '2026-11-20T16:00:00Z';
const TODAY = '2026-11-20';
/** The Acorn Room ends at 12:30 pm; with the policy's 10-minute grace a pickup is late after 12:40 pm. */
const LATE_AFTER = '2026-11-20T20:40:00.000Z';
const CSV_COLUMNS = ['Date', 'Time', 'Child', 'Session', 'Event', 'Adult', 'How', 'Second factor', 'Staff'];

type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
const EVERYONE: Who[] = ['anonymous', 'parent', 'teacher assigned', 'teacher not assigned', 'admin'];
/** 401 for no one, 403 for a parent, else `staff` (or what `others` says for that caller). */
const statusFor = (who: Who, staff: number, others: Partial<Record<Who, number>> = {}) =>
  others[who] ?? (who === 'anonymous' ? 401 : who === 'parent' ? 403 : staff);

type BoardChild = {
  studentId: string;
  firstName: string;
  lastName: string;
  allergies: string[];
  state: string;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  pickedUpBy: string | null;
  late: boolean;
};
type BoardSession = {
  classSessionId: number;
  name: string;
  daySchedule: string;
  lateAfter: string | null;
  children: BoardChild[];
};

describe.each(dbKinds)('attendance for staff on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let admin: Family;
  let teacher: Family;
  let otherTeacher: Family;
  let rivera: Family;
  let lindqvist: Family;
  let ava: string;
  let ben: string;
  let rosa: string;
  let greta: string;
  let ingrid: string;
  let acorn: number;
  let maple: number;
  let saturdays: number;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const count = async (table: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )
    )[0]!.n;
  const counts = async () => ({
    attendance: await count('attendance'),
    kiosks: await count('kiosks'),
    revoked: (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from kiosks where revoked_at is not null`,
      )
    )[0]!.n,
    audit: await count('audit_events'),
    mail: await count('mail_outbox'),
  });
  const token = (who: Who) =>
    ({
      anonymous: null,
      parent: rivera.token,
      'teacher assigned': teacher.token,
      'teacher not assigned': otherTeacher.token,
      admin: admin.token,
    })[who];
  const enrollAndPay = async (family: Family, classSessionId: number) => {
    const res = await a.enroll(family, classSessionId);
    expect(res.statusCode).toBe(201);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
  };
  const addContact = async (family: Family, firstName: string, canPickup: boolean) => {
    const res = await as(family.token, 'POST', '/api/Student/Trustees', {
      firstName,
      lastName: 'Contact',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      canPickup,
      studentIds: family.childIds,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const record = (who: string | null, body: Record<string, unknown>) =>
    as(who, 'POST', '/api/staff/attendance', body);
  const board = async (who: string) => {
    const res = await as(who, 'GET', '/api/staff/attendance/today');
    expect(res.statusCode).toBe(200);
    return res.json() as { date: string; sessions: BoardSession[] };
  };
  const boardChild = async (who: string, classSessionId: number, studentId: string) =>
    (await board(who)).sessions
      .find((s) => s.classSessionId === classSessionId)!
      .children.find((c) => c.studentId === studentId)!;
  const enrollKiosk = async (name: string) => {
    const res = await as(admin.token, 'POST', '/api/staff/kiosks', { name });
    expect(res.statusCode).toBe(201);
    return res.json() as { kiosk: { id: string }; token: string };
  };

  beforeAll(async () => {
    clock = movableClock(MORNING);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    admin = await a.promote('Director', 'Admin');
    teacher = await a.promote('Teacher', 'Staff');
    otherTeacher = await a.promote('Other', 'Staff');

    const [late] = await t.database.db
      .insert(policies)
      .values({
        policyType: 'LatePickup',
        name: 'Late pickup',
        htmlValue:
          '<p>Please call us if you are running late.</p><ul><li>A 10-minute grace period applies after the end of the program.</li></ul>',
      })
      .returning({ id: policies.id });
    const running = {
      sessionStartDate: '2026-11-02',
      sessionEndDate: '2027-03-12',
      daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
      rosterSize: 4,
    };
    acorn = await a.session({ ...running, name: 'Acorn Room', latePickupPolicyId: late!.id });
    maple = await a.session({ ...running, name: 'Maple Room' });
    // Meets only on Saturdays: never on Friday's board, though Ava is enrolled in it.
    saturdays = await a.session({
      ...running,
      name: 'Saturday Painters',
      daySchedule: 'Saturday, 9:00 am – 11:00 am',
    });
    await t.database.db.insert(sessionStaff).values([
      { classSessionId: acorn, userId: teacher.userId },
      { classSessionId: maple, userId: otherTeacher.userId },
    ]);

    // Rivera: Ava (peanut allergy) and Ben in the Acorn Room; Rosa may pick them up, Greta may not.
    rivera = await a.family('Rivera', 2);
    [ava, ben] = rivera.childIds as [string, string];
    expect(
      (await as(rivera.token, 'POST', `/api/Student/${ava}/Allergies`, { name: 'Peanuts' })).statusCode,
    ).toBe(201);
    rosa = await addContact(rivera, 'Rosa', true);
    greta = await addContact(rivera, 'Greta', false);
    await enrollAndPay(rivera, acorn);
    await enrollAndPay(rivera, saturdays);

    // Lindqvist: only in the Maple Room, which the assigned teacher does not teach.
    lindqvist = await a.family('Lindqvist', 1);
    expect(
      (
        await as(lindqvist.token, 'POST', `/api/Student/${lindqvist.childIds[0]}/Allergies`, {
          name: 'Sesame',
        })
      ).statusCode,
    ).toBe(201);
    ingrid = await addContact(lindqvist, 'Ingrid', true);
    await enrollAndPay(lindqvist, maple);

    // Yesterday's door: one drop-off in each room, so the history has something to hide.
    await t.database.db.insert(attendance).values([
      {
        kind: 'CheckIn',
        studentId: ava,
        classSessionId: acorn,
        timestamp: new Date('2026-11-19T16:40:00Z'),
        method: 'Staff',
        adultName: 'Rivera Family',
        staffUserId: teacher.userId,
      },
      {
        kind: 'CheckIn',
        studentId: lindqvist.childIds[0]!,
        classSessionId: maple,
        timestamp: new Date('2026-11-19T16:45:00Z'),
        method: 'Staff',
        adultName: 'Ingrid Contact',
        trusteeId: ingrid,
        staffUserId: otherTeacher.userId,
      },
    ]);
    await t.flush();
  });
  afterAll(async () => t?.close());

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
      for (const query of [`studentId=${ava}`, `classSessionId=${acorn}`]) {
        const res = await as(otherTeacher.token, 'GET', `/api/staff/attendance?${query}`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ records: [], truncated: false });
        const csv = await as(otherTeacher.token, 'GET', `/api/staff/attendance.csv?${query}`);
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
        const me = await t.app.inject({
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
          studentId: ava,
          classSessionId: acorn,
          kind: 'CheckIn',
          trusteeId: rosa,
        });
        expect(res.statusCode).toBe(status);
        if (status === 201) {
          expect(res.json()).toMatchObject({ studentId: ava, firstName: 'Ava', outcome: 'done' });
          const rows = await t.database.db
            .select()
            .from(attendance)
            .where(eq(attendance.classSessionId, acorn));
          const today = rows.filter((r) => r.timestamp >= new Date(MORNING));
          expect(today).toHaveLength(1);
          expect(today[0]).toMatchObject({ method: 'Staff', adultName: 'Rosa Contact', trusteeId: rosa });
          // Undo (after the parents' mail has gone), so each caller starts from "not arrived".
          await t.flush();
          await t.database.db.delete(attendance).where(eq(attendance.id, today[0]!.id));
          await t.database.db.execute(
            sql`delete from mail_outbox where subject = 'Ava has arrived at Acorn Room'`,
          );
        } else {
          expect(res.body).not.toMatch(/Ava|Rivera|Acorn/);
        }
        expect(await counts()).toEqual(before);
      });
    }
  });

  describe('a morning at the Acorn Room', () => {
    it('a hand check-in shows the child in on the board and emails the parents', async () => {
      clock.set('2026-11-20T16:31:00Z'); // 8:31 am
      const before = (await t.mails()).length;
      const res = await record(teacher.token, {
        studentId: ava,
        classSessionId: acorn,
        kind: 'CheckIn',
        trusteeId: rosa,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        studentId: ava,
        classSessionId: acorn,
        firstName: 'Ava',
        outcome: 'done',
        reason: null,
        at: '2026-11-20T16:31:00.000Z',
      });

      const today = await board(teacher.token);
      expect(today.date).toBe(TODAY);
      expect(today.sessions.map((s) => s.name)).toEqual(['Acorn Room']);
      const session = today.sessions[0]!;
      expect(session).toMatchObject({
        classSessionId: acorn,
        daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
        lateAfter: LATE_AFTER,
      });
      expect(session.children).toEqual([
        {
          studentId: ava,
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
          studentId: ben,
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

      await t.flush();
      const mails = (await t.mails()).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: rivera.email, subject: 'Ava has arrived at Acorn Room' });
      expect(mails[0]!.text).toContain('Ava was checked in to Acorn Room at 8:31 AM by Rosa Contact.');
    });

    it('refuses a second check-in, a check-out before a check-in, and another family’s contact', async () => {
      clock.set('2026-11-20T16:35:00Z');
      const before = await counts();
      const again = await record(admin.token, { studentId: ava, classSessionId: acorn, kind: 'CheckIn' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Ava is already checked in (since 8:31 AM).');

      const early = await record(teacher.token, {
        studentId: ben,
        classSessionId: acorn,
        kind: 'CheckOut',
        trusteeId: rosa,
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('Ben has not been checked in today.');

      const stranger = await record(teacher.token, {
        studentId: ben,
        classSessionId: acorn,
        kind: 'CheckIn',
        trusteeId: ingrid,
      });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().fields).toEqual({ trusteeId: 'Choose one of this child’s contacts' });

      // A session that does not exist, or that the child is not in, is not found.
      expect(
        (await record(admin.token, { studentId: ben, classSessionId: maple, kind: 'CheckIn' })).statusCode,
      ).toBe(404);
      expect(
        (await record(admin.token, { studentId: 'not-a-child', classSessionId: acorn, kind: 'CheckIn' }))
          .statusCode,
      ).toBe(404);
      expect(await counts()).toEqual(before);
    });

    it('a check-in needs no adult; the parents hear it was the staff', async () => {
      clock.set('2026-11-20T16:50:00Z'); // 8:50 am
      const before = (await t.mails()).length;
      const res = await record(teacher.token, { studentId: ben, classSessionId: acorn, kind: 'CheckIn' });
      expect(res.statusCode).toBe(201);
      const child = await boardChild(teacher.token, acorn, ben);
      expect(child).toMatchObject({ state: 'In', checkedInAt: '2026-11-20T16:50:00.000Z', pickedUpBy: null });
      await t.flush();
      const mails = (await t.mails()).slice(before);
      expect(mails.map((m) => m.subject)).toEqual(['Ben has arrived at Acorn Room']);
      expect(mails[0]!.text).toContain('at 8:50 AM by Teacher Family (staff).');
    });

    it('a check-out names a contact who may pick up, or the adult', async () => {
      clock.set('2026-11-20T20:34:00Z'); // 12:34 pm
      const before = await counts();
      const notAllowed = await record(teacher.token, {
        studentId: ava,
        classSessionId: acorn,
        kind: 'CheckOut',
        trusteeId: greta,
      });
      expect(notAllowed.statusCode).toBe(400);
      const message = 'Greta is not allowed to pick up Ava. Call the family before letting Ava go.';
      expect(notAllowed.json()).toMatchObject({ message, fields: { trusteeId: message } });

      const nobody = await record(teacher.token, { studentId: ava, classSessionId: acorn, kind: 'CheckOut' });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json().fields).toEqual({ adultName: 'Name the adult who is picking up' });
      expect(await counts()).toEqual(before);

      const out = await record(teacher.token, {
        studentId: ava,
        classSessionId: acorn,
        kind: 'CheckOut',
        trusteeId: rosa,
      });
      expect(out.statusCode).toBe(201);
      expect(await boardChild(admin.token, acorn, ava)).toMatchObject({
        state: 'Out',
        checkedInAt: '2026-11-20T16:31:00.000Z',
        checkedOutAt: '2026-11-20T20:34:00.000Z',
        pickedUpBy: 'Rosa Contact',
        late: false,
      });

      clock.set('2026-11-20T20:36:00Z');
      const twice = await record(admin.token, {
        studentId: ava,
        classSessionId: acorn,
        kind: 'CheckOut',
        adultName: 'Jordan Rivera',
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('Ava was already picked up at 12:34 PM.');
    });

    it('a child still in after the end of the session plus the grace is a late pickup', async () => {
      clock.set('2026-11-20T20:40:00Z'); // 12:40 pm: still within the grace
      expect(await boardChild(teacher.token, acorn, ben)).toMatchObject({ state: 'In', late: false });
      clock.set('2026-11-20T20:41:00Z'); // 12:41 pm
      expect(await boardChild(teacher.token, acorn, ben)).toMatchObject({ state: 'In', late: true });
      // Picked up already: not late.
      expect(await boardChild(teacher.token, acorn, ava)).toMatchObject({ state: 'Out', late: false });
      // The Maple Room names no late-pickup policy: the default grace is 10 minutes too.
      const mapleRoom = (await board(admin.token)).sessions.find((s) => s.classSessionId === maple)!;
      expect(mapleRoom.lateAfter).toBe(LATE_AFTER);

      const out = await record(admin.token, {
        studentId: ben,
        classSessionId: acorn,
        kind: 'CheckOut',
        adultName: 'Jordan Rivera',
      });
      expect(out.statusCode).toBe(201);
      expect(await boardChild(teacher.token, acorn, ben)).toMatchObject({
        state: 'Out',
        pickedUpBy: 'Jordan Rivera',
        late: false,
      });
    });

    it('the history lists the day newest first, and the CSV has exactly its columns', async () => {
      const res = await as(admin.token, 'GET', `/api/staff/attendance?classSessionId=${acorn}&from=${TODAY}`);
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
        studentId: ava,
        classSessionId: acorn,
        sessionName: 'Acorn Room',
        trusteeId: rosa,
        secondFactor: null,
      });

      // One child, and a date range that leaves out yesterday.
      const ava1 = await as(teacher.token, 'GET', `/api/staff/attendance?studentId=${ava}&to=2026-11-19`);
      expect(ava1.json().records.map((r: { timestamp: string }) => r.timestamp)).toEqual([
        '2026-11-19T16:40:00.000Z',
      ]);

      const csv = await as(
        teacher.token,
        'GET',
        `/api/staff/attendance.csv?classSessionId=${acorn}&from=${TODAY}&to=${TODAY}`,
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
      await t.database.db.insert(attendance).values(
        Array.from({ length: 1000 }, (_, i) => ({
          kind: i % 2 === 0 ? 'CheckIn' : 'CheckOut',
          studentId: ben,
          classSessionId: acorn,
          timestamp: new Date(Date.parse('2026-11-03T16:30:00Z') + i * 60_000),
          method: 'Staff',
          adultName: 'Rosa Contact',
        })),
      );
      const all = await as(admin.token, 'GET', '/api/staff/attendance');
      expect(all.json().truncated).toBe(true);
      expect(all.json().records).toHaveLength(500);
      expect(all.json().records[0].timestamp).toBe('2026-11-20T20:41:00.000Z');
      const [stored] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from attendance`,
      );
      expect(stored!.n).toBeGreaterThan(1000);
      const csv = await as(admin.token, 'GET', '/api/staff/attendance.csv');
      expect(parse(csv.body)).toHaveLength(stored!.n + 1);
      const recent = await as(admin.token, 'GET', `/api/staff/attendance?from=2026-11-19`);
      expect(recent.json().truncated).toBe(false);
      expect(recent.json().records).toHaveLength(6);
    });
  });

  describe('door tablets', () => {
    it('lists every tablet newest first with who set it up, and a revoked one stays listed', async () => {
      clock.set('2026-11-20T21:00:00Z');
      const { kiosk } = await enrollKiosk('Lobby tablet');
      const list = await as(teacher.token, 'GET', '/api/staff/kiosks');
      expect(list.statusCode).toBe(200);
      expect(list.json()[0]).toEqual({
        id: kiosk.id,
        name: 'Lobby tablet',
        created: '2026-11-20T21:00:00.000Z',
        createdBy: 'Director Family',
        lastSeenAt: null,
        revokedAt: null,
      });
      clock.set('2026-11-20T21:05:00Z');
      expect((await as(teacher.token, 'POST', `/api/staff/kiosks/${kiosk.id}/revoke`)).statusCode).toBe(200);
      // Revoking again keeps the first time; an unknown tablet is not found.
      clock.set('2026-11-20T21:10:00Z');
      const again = await as(admin.token, 'POST', `/api/staff/kiosks/${kiosk.id}/revoke`);
      expect(again.json().revokedAt).toBe('2026-11-20T21:05:00.000Z');
      expect(
        (await as(admin.token, 'POST', '/api/staff/kiosks/00000000-0000-4000-8000-000000000000/revoke'))
          .statusCode,
      ).toBe(404);
      expect((await as(admin.token, 'POST', '/api/staff/kiosks/not-a-tablet/revoke')).statusCode).toBe(404);
      const listed = (await as(admin.token, 'GET', '/api/staff/kiosks')).json();
      expect(listed.find((k: { id: string }) => k.id === kiosk.id).revokedAt).toBe(
        '2026-11-20T21:05:00.000Z',
      );
    });

    it('a tablet needs a name', async () => {
      const res = await as(admin.token, 'POST', '/api/staff/kiosks', { name: ' ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.name).toBe('Name the tablet, e.g. “Front door”');
    });
  });

  it('the Saturday session is left off Friday’s board even with Ava enrolled', async () => {
    const today = await board(admin.token);
    expect(today.sessions.map((s) => s.name)).toEqual(['Acorn Room', 'Maple Room']);
    expect(today.sessions.some((s) => s.classSessionId === saturdays)).toBe(false);
  });
});
