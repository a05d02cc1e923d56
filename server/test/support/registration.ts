/**
 * Helpers for registration tests: a clock the test moves, families made through the real API, sessions
 * written straight into the catalog, and the calls a parent makes.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { classSessions, users } from '../../src/db/schema.ts';
import { type Clock, createClock } from '../../src/lib/clock.ts';
import type { TestApp } from '../helpers.ts';

export type MovableClock = Clock & { set: (iso: string) => void; advanceMinutes: (minutes: number) => void };

export function movableClock(iso: string, timeZone = 'America/Los_Angeles'): MovableClock {
  let at = new Date(iso);
  const clock = createClock(timeZone, () => at);
  return {
    ...clock,
    set: (next) => {
      at = new Date(next);
    },
    advanceMinutes: (minutes) => {
      at = new Date(at.getTime() + minutes * 60_000);
    },
  };
}

export type Family = { token: string; userId: string; email: string; childIds: string[] };

let counter = 0;

export function api(t: TestApp) {
  const call = (token: string | null, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  /** A parent with `children` children (ages about 4), registered and signed in through the API. */
  const family = async (name: string, children = 1): Promise<Family> => {
    const email = `${name.toLowerCase()}.${++counter}.${process.pid}@families.example`;
    const res = await call(null, 'POST', '/api/UserAuthentication/Register', {
      firstName: name,
      lastName: 'Family',
      emailAddress: email,
      password: 'a good long password',
    });
    expect(res.statusCode).toBe(201);
    const token = res.body;
    const me = await call(token, 'GET', '/api/UserAuthentication/Me');
    const childIds: string[] = [];
    const names = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli'];
    for (let i = 0; i < children; i++) {
      const child = await call(token, 'POST', '/api/Student', {
        firstName: names[i],
        lastName: name,
        dateOfBirth: `2022-0${i + 1}-15`,
      });
      expect(child.statusCode).toBe(201);
      childIds.push(child.json().id);
    }
    return { token, userId: me.json().id, email, childIds };
  };

  /** Sign the family in again (tokens last 12 hours; tests that move the clock further need a fresh one). */
  const signIn = async (f: Family) => {
    const res = await call(null, 'POST', '/api/UserAuthentication/Login', {
      emailAddress: f.email,
      password: 'a good long password',
    });
    expect(res.statusCode).toBe(200);
    f.token = res.body;
  };

  /** A family account named `name` (no children) promoted to the staff in the database: a teacher or the director. */
  const promote = async (name: string, type: 'Staff' | 'Admin'): Promise<Family> => {
    const person = await family(name, 0);
    await t.database.db.update(users).set({ type }).where(eq(users.emailAddress, person.email));
    return person;
  };

  /**
   * A staff member's token: the director (Admin) unless `type` says a teacher (Staff). Sessions are written
   * by the director only (issue 10).
   */
  const staff = async (type: 'Staff' | 'Admin' = 'Admin'): Promise<string> =>
    (await promote('Staffer', type)).token;

  /** Insert a session: general registration open around `now` unless windows are given. Money in cents. */
  const session = async (overrides: Partial<typeof classSessions.$inferInsert> = {}): Promise<number> => {
    const [row] = await t.database.db
      .insert(classSessions)
      .values({
        name: `Test Session ${++counter}`,
        description: 'Mornings of stories, paint and garden play.',
        sessionStartDate: '2026-12-15',
        sessionEndDate: '2027-03-15',
        daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
        registrationPrice: 50_000,
        supplyFee: 5_000,
        rosterSize: 2,
        waitlistActive: true,
        waitlistSize: 3,
        registrationStartDate: new Date('2026-11-01T17:00:00Z'),
        registrationEndDate: new Date('2026-12-10T17:00:00Z'),
        ...overrides,
      })
      .returning({ id: classSessions.id });
    return row!.id;
  };

  const enroll = (f: Family, classSessionId: number, studentIds = f.childIds) =>
    call(f.token, 'POST', '/api/ClassSessionEnrollment', { classSessionId, studentIds });

  const joinWaitlist = (f: Family, classSessionId: number, studentIds = f.childIds) =>
    call(f.token, 'POST', `/api/ClassSessionEnrollment/JoinWaitlist/${classSessionId}`, {
      classSessionId,
      studentIds,
    });

  /**
   * Press a button of the test checkout page, as the browser's form post does; `method`: the test card or bank
   * account chosen to save (a checkout that saves one, issue 23).
   */
  const press = (checkoutId: string, button: 'pay' | 'cancel', method?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/test-checkout/${checkoutId}/${button}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: method ? new URLSearchParams({ method }).toString() : '',
    });

  /**
   * Enroll `studentIds` (all of `f`'s children by default) in `classSessionId` (201) and pay in the test
   * checkout, so the seats are theirs. Answers the payment's id and the test checkout's id.
   */
  const enrollPaid = async (f: Family, classSessionId: number, studentIds = f.childIds) => {
    const res = await enroll(f, classSessionId, studentIds);
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
    return { paymentId: res.json().id as string, checkoutId };
  };

  /**
   * `inviter` invites `invited` to share the family, and `invited` accepts with the link from the delivered
   * mail (a delivered outbox row no longer holds the link, decision 017): one family, two parents.
   */
  const share = async (inviter: Family, invited: Family) => {
    const res = await call(inviter.token, 'POST', '/api/Family/Invitations', { emailAddress: invited.email });
    expect(res.statusCode, res.body).toBe(200);
    await t.flush();
    const mail = (await t.mails()).find(
      (m) => m.to === invited.email && m.text.includes('/dashboard/family/join/'),
    );
    expect(mail, `no invitation mail to ${invited.email}`).toBeDefined();
    const token = /\/dashboard\/family\/join\/([A-Za-z0-9_-]{20,})/.exec(mail!.text)![1]!;
    const accepted = await call(invited.token, 'POST', '/api/Family/Invitation/Accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
  };

  const seatsLeft = async (classSessionId: number) =>
    (await call(null, 'GET', `/api/ClassSession/${classSessionId}`)).json().seatsLeft as number;

  return {
    call,
    family,
    signIn,
    promote,
    staff,
    session,
    enroll,
    joinWaitlist,
    press,
    enrollPaid,
    share,
    seatsLeft,
  };
}

/**
 * A spring session open for registration (center time zone; the tests' today is 2026-11-20), as staff send
 * it to `POST /api/ClassSession`: prices in cents, 3 seats, 4 waitlist places.
 */
export function springSessionBody(name: string) {
  return {
    name,
    description: 'Digging, planting and watching things grow.',
    sessionStartDate: '2027-03-01',
    sessionEndDate: '2027-05-28',
    registrationStartDate: '2026-11-01T17:00:00Z',
    registrationEndDate: '2027-02-20T17:00:00Z',
    daySchedule: 'Wednesday, 1:00 pm – 3:00 pm',
    registrationPrice: 30_000,
    supplyFee: 2_500,
    rosterSize: 3,
    waitlistSize: 4,
  };
}
