/**
 * The door tests' set-up (passes-door.test.ts, passes-door-hand.test.ts; issue 11, docs/architecture.md):
 * Monday morning with the Acorn Room on, a director, the Riveras (two children, an allergy, Rosa with a
 * pass) and the Okafors (texts) paid into it, and two enrolled kiosks.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { attendance, users } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './registration.ts';

/** Monday 23 November 2026, 8:45 am in California: the Acorn Room (Monday to Friday, 8:30–12:30) is on. */
const MONDAY_MORNING = '2026-11-23T16:45:00Z';

/**
 * Open the app for the calling `describe` (its own beforeAll/afterAll) and answer the door's calls and the
 * people, room, kiosks and Rosa's pass; those are there, through getters, once the describe's tests run.
 */
export function doorApp(kind: DbKind) {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let admin: string;
  let kioskToken: string;
  let secondKioskToken: string;
  let acorn: number;
  let rivera: Family;
  let okafor: Family;
  let rosaId: string;
  let rosaCode: string;

  const kiosk = (token: string, url: string, payload?: object) =>
    t.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      payload,
      headers: { authorization: `Kiosk ${token}` },
    });
  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const rows = (studentId: string) =>
    t.database.db.select().from(attendance).where(eq(attendance.studentId, studentId));
  const refusals = async () =>
    queryRows<{ after: { reason: string } | string }>(
      t.database.db,
      sql`select after from audit_events where action = 'door.refused' order by seq`,
    ).then((list) =>
      list.map((r) => (typeof r.after === 'string' ? JSON.parse(r.after) : r.after).reason as string),
    );

  const enrollAndPay = async (family: Family, classSessionId: number, studentIds = family.childIds) => {
    await a.enrollPaid(family, classSessionId, studentIds);
  };
  /** A contact of `family` for all its children; answers its id. */
  const addContact = async (family: Family, firstName: string, canPickup = true, email?: string) => {
    const res = await as(family.token, 'POST', '/api/Student/Trustees', {
      firstName,
      lastName: 'Rivera',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      emailAddress: email ?? null,
      canPickup,
      studentIds: family.childIds,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  /** Issue a pass to the contact with `pin` and answer its code as printed on the card. */
  const issue = async (family: Family, trusteeId: string, pin = '4321') => {
    expect(
      (await as(family.token, 'POST', `/api/Student/Trustees/${trusteeId}/Pass`, { pin })).statusCode,
    ).toBe(201);
    const card = await as(family.token, 'GET', `/api/Student/Trustees/${trusteeId}/Pass/Card`);
    expect(card.statusCode).toBe(200);
    return card.json().code as string;
  };
  const child = (family: Family, index = 0) => ({
    studentId: family.childIds[index]!,
    classSessionId: acorn,
  });

  beforeAll(async () => {
    clock = movableClock(MONDAY_MORNING);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    admin = (await a.promote('Director', 'Admin')).token;
    acorn = await a.session({
      name: 'Acorn Room',
      sessionStartDate: '2026-11-02',
      sessionEndDate: '2027-03-15',
      rosterSize: 6,
    });
    rivera = await a.family('Rivera', 2);
    expect(
      (await as(rivera.token, 'POST', `/api/Student/${rivera.childIds[0]}/Allergies`, { name: 'Peanuts' }))
        .statusCode,
    ).toBe(201);
    await enrollAndPay(rivera, acorn);
    okafor = await a.family('Okafor', 1);
    await enrollAndPay(okafor, acorn);
    // The Okafors chose texts; the Riveras get emails.
    await t.database.db.update(users).set({ sms: '+14155550142' }).where(eq(users.id, okafor.userId));

    rosaId = await addContact(rivera, 'Rosa', true, 'rosa@example.com');
    rosaCode = await issue(rivera, rosaId);

    const enrolled = await as(admin, 'POST', '/api/staff/kiosks', { name: 'Front door' });
    expect(enrolled.statusCode).toBe(201);
    kioskToken = enrolled.json().token;
    secondKioskToken = (await as(admin, 'POST', '/api/staff/kiosks', { name: 'Garden gate' })).json().token;
  });
  afterAll(() => t?.close());

  return {
    kiosk,
    as,
    rows,
    refusals,
    enrollAndPay,
    addContact,
    issue,
    child,
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
    get kioskToken() {
      return kioskToken;
    },
    get secondKioskToken() {
      return secondKioskToken;
    },
    get acorn() {
      return acorn;
    },
    get rivera() {
      return rivera;
    },
    get okafor() {
      return okafor;
    },
    get rosaId() {
      return rosaId;
    },
    get rosaCode() {
      return rosaCode;
    },
  };
}
