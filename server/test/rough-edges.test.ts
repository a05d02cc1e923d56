/**
 * Issue 12, "Rough edges a new user hit": date fields take an ISO date-time read as the center's date;
 * text PostgreSQL cannot store (NUL, lone surrogates) answers 400 from a path, a query or a body; field
 * messages are plain sentences; a family has at most 20 children and 20 contacts, also under concurrent
 * adds. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (the concurrency legs matter there).
 */
import {
  DEFAULT_CENTER_TIME_ZONE,
  FAMILY_CHILDREN_FULL,
  FAMILY_CONTACTS_FULL,
  messageSentence,
  setCenterTimeZone,
} from '@lc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions, userStudents, userTrustees } from '../src/db/schema.ts';
import { UNSTORABLE_BODY, UNSTORABLE_FIELD, UNSTORABLE_URL } from '../src/http/input-rules.ts';
import { createTestApp, dbKinds, fixedClock, type TestApp } from './helpers.ts';
import { api } from './support/registration.ts';

// The center's today is 2026-11-20 (10 am in California).
const NOW = '2026-11-20T18:00:00Z';

const sessionBody = {
  name: 'Winter Garden Club',
  description: 'Seed starting, worm bins and winter greens for young gardeners.',
  daySchedule: 'Tuesday, 1:00 pm – 3:00 pm',
  registrationPrice: 30_000,
  rosterSize: 4,
};

const contact = (studentIds: string[], n = 0) => ({
  firstName: 'Grace',
  lastName: `Contact${'x'.repeat(n % 10)}`,
  relationship: 'Family friend',
  cellPhone: '(650) 555-0199',
  studentIds,
});

/** Every zod default starts like one of these; none may reach a person. */
const ZOD_DEFAULT = /Invalid (input|option|UUID|ISO|string)|expected|received|Too (small|big)/;

describe.each(dbKinds)('issue 12 rough edges on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: fixedClock(NOW),
      env: { SIGNUP_RATE_LIMIT: '1000', FORM_RATE_LIMIT: '1000' },
    });
    a = api(t);
    staff = await a.staff();
  });
  afterAll(async () => t?.close());

  describe('dates', () => {
    it('takes session dates as ISO date-times, read as the center’s calendar date', async () => {
      const created = await a.call(staff, 'POST', '/api/ClassSession', {
        ...sessionBody,
        // A JavaScript Date for midnight Dec 12 in California; 9 am Mar 15 in Moscow is 11 pm Mar 14 here.
        sessionStartDate: '2026-12-12T08:00:00.000Z',
        sessionEndDate: '2027-03-15T09:00:00+03:00',
      });
      expect(created.statusCode).toBe(201);
      const read = await a.call(null, 'GET', `/api/ClassSession/${created.json().id}`);
      expect(read.json()).toMatchObject({ sessionStartDate: '2026-12-12', sessionEndDate: '2027-03-14' });

      // 3 am UTC on Dec 12 is still Dec 11 at the center; a calendar date is taken as it is.
      const early = await a.call(staff, 'POST', '/api/ClassSession', {
        ...sessionBody,
        sessionStartDate: '2026-12-12T03:00:00Z',
        sessionEndDate: '2027-03-15',
      });
      expect(early.statusCode).toBe(201);
      expect(early.json()).toMatchObject({ sessionStartDate: '2026-12-11', sessionEndDate: '2027-03-15' });

      const bad = await a.call(staff, 'POST', '/api/ClassSession', {
        ...sessionBody,
        sessionStartDate: '2026-13-12T08:00:00Z',
        sessionEndDate: 'next spring',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        sessionStartDate: 'Use a date like 2026-01-12',
        sessionEndDate: 'Use a date like 2026-03-27',
      });
    });

    it('takes a child’s date of birth and the contact form’s birthdate as ISO date-times', async () => {
      const parent = await a.family('Dates', 0);
      const child = await a.call(parent.token, 'POST', '/api/Student', {
        firstName: 'Maya',
        lastName: 'Okafor',
        dateOfBirth: '2022-03-02T08:00:00.000Z',
      });
      expect(child.statusCode).toBe(201);
      expect(child.json().dateOfBirth).toBe('2022-03-02');
      const tooYoung = await a.call(parent.token, 'POST', '/api/Student', {
        firstName: 'Baby',
        lastName: 'Okafor',
        dateOfBirth: '2026-01-01T08:00:00.000Z',
      });
      expect(tooYoung.statusCode).toBe(400);
      expect(tooYoung.json().fields.dateOfBirth).toBe(
        'Our programs are for children from 3½ to 12 years old',
      );

      const sent = await a.call(null, 'POST', '/api/Contact', {
        firstName: 'Maria',
        lastName: 'Lopez',
        email: 'maria.dates@example.com',
        childBirthdate: '2022-05-14T07:00:00.000Z',
        message: 'Do you have room in the spring?',
      });
      expect(sent.statusCode).toBe(204);
      const [row] = await t.database.db
        .select()
        .from(contactSubmissions)
        .where(eq(contactSubmissions.email, 'maria.dates@example.com'));
      expect(row?.childBirthdate).toBe('2022-05-14');
    });
  });

  describe('text PostgreSQL cannot store', () => {
    it('answers 400, not 500, for a NUL in a path parameter', async () => {
      const parent = await a.family('Nul', 0);
      for (const url of [
        '/api/ClassSessionEnrollment/Confirmation/%00',
        '/api/ClassSessionEnrollment/Confirmation/cs_%00abc',
        '/api/Student/%00',
      ]) {
        const res = await a.call(parent.token, 'GET', url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ error: 'Bad Request', message: UNSTORABLE_URL });
      }
    });

    it('answers 400 for a NUL in the query, even in a parameter the route does not read', async () => {
      const res = await a.call(null, 'GET', '/api/ClassSession?utm_source=%00');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UNSTORABLE_URL);
      expect((await a.call(null, 'GET', '/api/ClassSession?utm_source=mail')).statusCode).toBe(200);
    });

    it('answers 400 with a message on the field for a NUL or a lone surrogate in a body', async () => {
      const parent = await a.family('Body', 1);
      const child = await a.call(parent.token, 'POST', '/api/Student', {
        firstName: 'Ma\u0000ya',
        lastName: 'Oka\ud800for',
        dateOfBirth: '2022-03-02',
      });
      expect(child.statusCode).toBe(400);
      expect(child.json()).toMatchObject({
        message: UNSTORABLE_BODY,
        fields: { firstName: UNSTORABLE_FIELD, lastName: UNSTORABLE_FIELD },
      });
      const nested = await a.call(parent.token, 'POST', '/api/Student/Trustees', {
        ...contact([parent.childIds[0]!]),
        studentIds: [`${parent.childIds[0]}\u0000`],
      });
      expect(nested.statusCode).toBe(400);
      expect(nested.json().fields).toEqual({ studentIds: UNSTORABLE_FIELD });
      const form = await a.call(null, 'POST', '/api/Contact', {
        firstName: 'Maria',
        lastName: 'Lopez',
        email: 'maria.nul@example.com',
        message: 'Hello\u0000',
      });
      expect(form.statusCode).toBe(400);
      expect(form.json().fields).toEqual({ message: UNSTORABLE_FIELD });
      // A whole emoji (a surrogate pair) is text like any other.
      const emoji = await a.call(parent.token, 'POST', '/api/Student/Trustees', {
        ...contact(parent.childIds),
        relationship: 'Neighbor 🌻',
      });
      expect(emoji.statusCode).toBe(201);
    });
  });

  describe('field messages', () => {
    it('says what to do when a contact’s children are missing (was "Invalid input: expected array…")', async () => {
      const parent = await a.family('Msg', 1);
      const { studentIds: _omit, ...noChildren } = contact(parent.childIds);
      const res = await a.call(parent.token, 'POST', '/api/Student/Trustees', noChildren);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ studentIds: 'Choose at least one child this contact is for' });
      const enroll = await a.call(parent.token, 'POST', '/api/ClassSessionEnrollment', {});
      expect(enroll.json().fields).toEqual({
        classSessionId: 'Choose a session',
        studentIds: 'Choose at least one child',
      });
    });

    it('turns zod’s defaults into plain sentences and keeps the spec’s own texts', async () => {
      const empty = await a.call(staff, 'POST', '/api/ClassSession', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fields).toMatchObject({
        registrationPrice: 'This field is required.',
        rosterSize: 'This field is required.',
      });
      const wrong = await a.call(staff, 'POST', '/api/ClassSession', {
        ...sessionBody,
        sessionStartDate: '2026-12-12',
        sessionEndDate: '2027-03-15',
        isActive: 'yes',
        rosterSize: 900,
        waitlistSize: -1,
        classSectionId: 'first',
        daySchedule: 'x'.repeat(300),
      });
      expect(wrong.json().fields).toEqual({
        isActive: 'Please answer yes or no (true or false).',
        rosterSize: 'Please enter a number no greater than 500.',
        waitlistSize: 'Please enter a number of at least 0.',
        classSectionId: 'Please enter a number.',
        daySchedule: 'Please keep this to at most 200 characters.',
      });
      const register = await a.call(null, 'POST', '/api/UserAuthentication/Register', {});
      expect(register.json().fields.emailAddress).toBe('Email is required.');
      const bodies: Array<[string, string, object]> = [
        ['POST', '/api/ClassSession', {}],
        ['POST', '/api/ClassSession', { name: 5, rosterSize: '3', isActive: null, supplyFee: 1.5 }],
        ['POST', '/api/UserAuthentication/Register', { emailAddress: 5, password: [] }],
        ['POST', '/api/Contact', { firstName: 1, email: {}, tour: 'y' }],
        ['POST', '/api/Contact/Waitlist', { grade: 'Z', subjectMatter: 1 }],
      ];
      for (const [method, url, payload] of bodies) {
        const res = await a.call(staff, method, url, payload);
        expect(res.statusCode, url).toBe(400);
        for (const message of Object.values(res.json().fields as Record<string, string>))
          expect(message, `${url}: ${message}`).not.toMatch(ZOD_DEFAULT);
      }
    });
  });

  describe('family size limits', () => {
    it('refuses a 21st child with 409 and a message, also when adds race at the limit', async () => {
      const parent = await a.family('Large', 0);
      const add = (i: number) =>
        a.call(parent.token, 'POST', '/api/Student', {
          firstName: `Kid${String.fromCharCode(97 + i)}`,
          lastName: 'Large',
          dateOfBirth: '2021-06-01',
        });
      for (let i = 0; i < 17; i++) expect((await add(i)).statusCode).toBe(201);
      // Five at once with room for three: exactly three are added.
      const raced = await Promise.all([17, 18, 19, 20, 21].map(add));
      expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
      const refused = raced.find((r) => r.statusCode === 409)!.json();
      expect(refused.message).toBe(messageSentence(FAMILY_CHILDREN_FULL, 'en'));
      expect(refused.message).toBe(
        'A family can have at most 20 children. Remove one before adding another.',
      );
      expect(refused.fields).toBeUndefined();
      const rows = await t.database.db
        .select()
        .from(userStudents)
        .where(eq(userStudents.userId, parent.userId));
      expect(rows).toHaveLength(20);
      expect((await add(22)).statusCode).toBe(409);
    });

    it('refuses a 21st emergency contact with 409 and a message, also when adds race at the limit', async () => {
      const parent = await a.family('Contacts', 1);
      const add = (i: number) =>
        a.call(parent.token, 'POST', '/api/Student/Trustees', contact(parent.childIds, i));
      for (let i = 0; i < 17; i++) expect((await add(i)).statusCode).toBe(201);
      const raced = await Promise.all([0, 1, 2, 3, 4].map(add));
      expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409]);
      expect(raced.find((r) => r.statusCode === 409)!.json().message).toBe(
        messageSentence(FAMILY_CONTACTS_FULL, 'en'),
      );
      const rows = await t.database.db
        .select()
        .from(userTrustees)
        .where(eq(userTrustees.userId, parent.userId));
      expect(rows).toHaveLength(20);
    });
  });
});

describe('a center in another time zone (CENTER_TIMEZONE)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      clock: fixedClock(NOW, 'Asia/Tokyo'),
      env: { CENTER_TIMEZONE: 'Asia/Tokyo' },
    });
  });
  afterAll(async () => {
    await t?.close();
    setCenterTimeZone(DEFAULT_CENTER_TIME_ZONE);
  });

  it('reads a date-time as the date in the configured zone', async () => {
    const staff = await api(t).staff();
    const created = await api(t).call(staff, 'POST', '/api/ClassSession', {
      ...sessionBody,
      // 8 pm UTC on Dec 11 is already Dec 12 in Tokyo.
      sessionStartDate: '2026-12-11T20:00:00Z',
      sessionEndDate: '2027-03-15',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().sessionStartDate).toBe('2026-12-12');
  });
});
