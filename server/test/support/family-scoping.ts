/**
 * The family-scoping tests' set-up (staff-scoping.test.ts, staff-scoping-teachers.test.ts; issue 21,
 * docs/architecture.md "Identity and access"): a director, a teacher of the Acorn Room, a teacher of the Maple
 * Room and one of the Birch Room; the Riveras (Ava in the Acorn and Maple Rooms, a home address, an allergy,
 * a pickup contact, a co-parent) and the Lindqvists (only in the Maple Room), with check-ins in both rooms.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  attendance,
  families,
  familyMembers,
  sessionStaff,
  students,
  userStudents,
  userTrustees,
} from '../../src/db/schema.ts';
import { createTestApp, type DbKind, doorRecord, type TestApp } from '../helpers.ts';
import { api, type Family, movableClock } from './registration.ts';

const NOW = '2026-11-20T18:00:00Z';

/**
 * Open the app for the calling `describe` (its own beforeAll/afterAll) and answer `as` and the people, rooms
 * and contacts; those are there, through getters, once the describe's tests run.
 */
export function familyScoping(kind: DbKind) {
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
    await a.enrollPaid(family, classSessionId);
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
    await t.database.db.insert(attendance).values(
      [
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
      ].map(doorRecord),
    );
  });
  afterAll(async () => t?.close());

  return {
    as,
    get t() {
      return t;
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
    get mapleTeacher() {
      return mapleTeacher;
    },
    get rivera() {
      return rivera;
    },
    get coParent() {
      return coParent;
    },
    get lindqvist() {
      return lindqvist;
    },
    get riveraContact() {
      return riveraContact;
    },
    get lindqvistContact() {
      return lindqvistContact;
    },
    get mine() {
      return mine;
    },
    get notMine() {
      return notMine;
    },
  };
}
