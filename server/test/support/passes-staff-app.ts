/**
 * The staff attendance tests' set-up (passes-staff.test.ts, passes-staff-morning.test.ts; issue 11,
 * docs/architecture.md): a fixed Friday morning, a director, a teacher of the Acorn Room and one of the Maple
 * Room, the Acorn Room with a late-pickup policy, the Maple Room and a Saturday session; the Riveras (Ava with
 * an allergy and Ben; Rosa may pick up, Greta may not) in the Acorn Room and on Saturdays, the Lindqvists in
 * the Maple Room, and one drop-off yesterday in each room.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { attendance, policies, sessionStaff } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, doorRecord, type TestApp } from '../helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './registration.ts';

/** Friday, November 20, 2026 at 8:00 am in the center's zone (PST, UTC−8). */
export const MORNING = '2026-11-20T16:00:00Z';
export const TODAY = '2026-11-20';
/** The Acorn Room ends at 12:30 pm; with the policy's 10-minute grace a pickup is late after 12:40 pm. */
export const LATE_AFTER = '2026-11-20T20:40:00.000Z';
export const CSV_COLUMNS = [
  'Date',
  'Time',
  'Child',
  'Session',
  'Event',
  'Adult',
  'How',
  'Second factor',
  'Staff',
];

export type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
export const EVERYONE: Who[] = ['anonymous', 'parent', 'teacher assigned', 'teacher not assigned', 'admin'];
/** 401 for no one, 403 for a parent, else `staff` (or what `others` says for that caller). */
export const statusFor = (who: Who, staff: number, others: Partial<Record<Who, number>> = {}) =>
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

/**
 * Open the app for the calling `describe` (its own beforeAll/afterAll) and answer its calls (as, counts,
 * record, board…) and the people, children, contacts and sessions; those are there, through getters, once the
 * describe's tests run.
 */
export function passesStaffApp(kind: DbKind) {
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
    await a.enrollPaid(family, classSessionId);
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
    await t.database.db.insert(attendance).values(
      [
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
      ].map(doorRecord),
    );
    await t.flush();
  });
  afterAll(async () => t?.close());

  return {
    as,
    counts,
    token,
    record,
    board,
    boardChild,
    enrollKiosk,
    get t() {
      return t;
    },
    get a() {
      return a;
    },
    get clock() {
      return clock;
    },
    get admin() {
      return admin;
    },
    get teacher() {
      return teacher;
    },
    get otherTeacher() {
      return otherTeacher;
    },
    get rivera() {
      return rivera;
    },
    get lindqvist() {
      return lindqvist;
    },
    get ava() {
      return ava;
    },
    get ben() {
      return ben;
    },
    get rosa() {
      return rosa;
    },
    get greta() {
      return greta;
    },
    get ingrid() {
      return ingrid;
    },
    get acorn() {
      return acorn;
    },
    get maple() {
      return maple;
    },
    get saturdays() {
      return saturdays;
    },
  };
}
