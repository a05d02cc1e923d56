/**
 * The staff back office tests' set-up (staff.test.ts, staff-team.test.ts; issue 10, docs/architecture.md
 * "Identity and access"): a director, a teacher of the Acorn Room, another teacher, a spare staff account,
 * the Acorn and Maple Rooms running now and the Birch Room from January, and the Riveras' child (an allergy,
 * a pickup contact) paid into both running rooms.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { sessionStaff } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';
import { api, type Family, movableClock } from './registration.ts';

const NOW = '2026-11-20T18:00:00Z';

/**
 * Open the app for the calling `describe` (its own beforeAll/afterAll) and answer `as` and the people and
 * sessions; those are there, through getters, once the describe's tests run.
 */
export function staffOffice(kind: DbKind) {
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
      await a.enrollPaid(parent, id);
    }
  });
  afterAll(async () => t?.close());

  return {
    as,
    get t() {
      return t;
    },
    get a() {
      return a;
    },
    get admin() {
      return admin;
    },
    get teacher() {
      return teacher;
    },
    get teacherId() {
      return teacherId;
    },
    get otherTeacher() {
      return otherTeacher;
    },
    get spareId() {
      return spareId;
    },
    get parent() {
      return parent;
    },
    get mine() {
      return mine;
    },
    get notMine() {
      return notMine;
    },
    get upcoming() {
      return upcoming;
    },
  };
}
