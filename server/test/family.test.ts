/**
 * The family API (issue 4; spec §3 Student, Allergy, Trustee; §7 Student calls): children, allergies and
 * emergency contacts, the rules a parent meets, and an access matrix proving another family's records
 * answer 404 (and anonymous callers 401) with nothing leaked.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createTestApp, dbKinds, fixedClock, type TestApp } from './helpers.ts';

// The center's today is 2026-11-20.
const NOW = '2026-11-20T18:00:00Z';

const maya = {
  firstName: ' Maya ',
  lastName: 'Okafor',
  dateOfBirth: '2022-03-02',
  address1: '221 Birch Street',
  city: 'Redwood City',
  state: 'ca',
  zipCode: '94062',
};

const grandma = {
  firstName: 'Adaeze',
  lastName: 'Okafor',
  relationship: 'Grandparent',
  homePhone: '(650) 555-0101',
  cellPhone: '650.555.0199',
  emailAddress: 'Adaeze@Example.com',
  canPickup: true,
  receiveSMS: true,
  receiveEmail: false,
};

describe.each(dbKinds)('family API on %s', (kind) => {
  let t: TestApp;
  let counter = 0;

  const signUp = async (firstName: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/UserAuthentication/Register',
      payload: {
        firstName,
        lastName: 'Family',
        emailAddress: `${firstName.toLowerCase()}.${++counter}.${kind}@families.example`,
        password: 'a good long password',
      },
    });
    expect(res.statusCode).toBe(201);
    return res.body;
  };
  const call = (token: string | null, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  let owner: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: fixedClock(NOW), env: { SIGNUP_RATE_LIMIT: '1000' } });
    owner = await signUp('Chioma');
    other = await signUp('Brandon');
  });
  afterAll(async () => t?.close());

  describe('children', () => {
    it('adds a child with trimmed names, an upper-cased state, and answers no-store', async () => {
      const res = await call(owner, 'POST', '/api/Student', maya);
      expect(res.statusCode).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({
        firstName: 'Maya',
        fullName: 'Maya Okafor',
        dateOfBirth: '2022-03-02',
        state: 'CA',
        country: 'US',
        allergies: [],
        trusteeIds: [],
      });
      const list = await call(owner, 'GET', '/api/Student');
      expect(list.json().map((s: { id: string }) => s.id)).toContain(res.json().id);
    });

    it('accepts a child of exactly 3½ and of 12, refuses 3 years 5 months, 13, and a birth date in the future', async () => {
      const at = (dateOfBirth: string) => call(owner, 'POST', '/api/Student', { ...maya, dateOfBirth });
      expect((await at('2023-05-20')).statusCode).toBe(201);
      expect((await at('2013-11-21')).statusCode).toBe(201);
      const young = await at('2023-05-21');
      expect(young.statusCode).toBe(400);
      expect(young.json().fields.dateOfBirth).toBe('Our programs are for children from 3½ to 12 years old');
      expect((await at('2013-11-20')).json().fields.dateOfBirth).toBe(
        'Our programs are for children from 3½ to 12 years old',
      );
      expect((await at('2027-01-01')).json().fields.dateOfBirth).toBe(
        'The date of birth must be in the past',
      );
    });

    it('explains every field a parent gets wrong, and stores nothing', async () => {
      const before = await call(owner, 'GET', '/api/Student');
      const res = await call(owner, 'POST', '/api/Student', {
        firstName: 'M',
        lastName: '',
        dateOfBirth: '2022-02-30',
        address1: '12 Oak Lane',
        state: 'XX',
        zipCode: '9406',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({
        firstName: 'Please enter a valid name',
        lastName: 'Please enter the child’s last name',
        dateOfBirth: 'Please enter a date as YYYY-MM-DD',
        state: 'Please choose a US state',
        zipCode: 'Please enter a 5-digit ZIP code, like 94061',
      });
      const after = await call(owner, 'GET', '/api/Student');
      expect(after.json()).toHaveLength(before.json().length);
    });

    it('edits a child', async () => {
      const { id } = (await call(owner, 'POST', '/api/Student', maya)).json();
      const res = await call(owner, 'PUT', `/api/Student/${id}`, {
        ...maya,
        firstName: 'Maya Grace',
        address2: 'Unit 4',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ firstName: 'Maya Grace', address2: 'Unit 4' });
      expect((await call(owner, 'GET', `/api/Student/${id}`)).json().fullName).toBe('Maya Grace Okafor');
    });

    it('removes a child without history, and refuses one with an enrollment, keeping it', async () => {
      const free = (await call(owner, 'POST', '/api/Student', maya)).json();
      expect((await call(owner, 'DELETE', `/api/Student/${free.id}`)).statusCode).toBe(204);
      expect((await call(owner, 'GET', `/api/Student/${free.id}`)).statusCode).toBe(404);

      const enrolled = (await call(owner, 'POST', '/api/Student', maya)).json();
      await t.database.db.execute(
        sql`insert into class_sections (name, start_date, end_date) values ('Test section', '2026-09-01', '2027-06-01')`,
      );
      await t.database.db.execute(sql`
        insert into class_sessions (name, description, session_start_date, session_end_date, day_schedule,
          registration_price, supply_fee, roster_size, waitlist_size, class_section_id)
        select 'History session', 'x', '2026-09-01', '2026-12-01', 'M–F', 1000, 0, 10, 0, id from class_sections limit 1`);
      await t.database.db.execute(sql`
        insert into class_session_enrollments (class_session_id, student_id, status)
        select id, ${enrolled.id}, 'Enrolled' from class_sessions where name = 'History session'`);
      const refused = await call(owner, 'DELETE', `/api/Student/${enrolled.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/sessions and payments on record/);
      expect((await call(owner, 'GET', `/api/Student/${enrolled.id}`)).statusCode).toBe(200);
    });
  });

  describe('allergies', () => {
    it('adds allergies in alphabetical order, refuses a duplicate in any case, and removes one', async () => {
      const { id } = (await call(owner, 'POST', '/api/Student', maya)).json();
      const peanuts = await call(owner, 'POST', `/api/Student/${id}/Allergies`, { name: ' Peanuts ' });
      expect(peanuts.statusCode).toBe(201);
      expect(peanuts.json()).toMatchObject({ name: 'Peanuts', studentId: id });
      await call(owner, 'POST', `/api/Student/${id}/Allergies`, { id: 'ignored', name: 'bee stings' });
      const duplicate = await call(owner, 'POST', `/api/Student/${id}/Allergies`, { name: 'PEANUTS' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().fields.name).toBe('This allergy is already on the list');
      const child = (await call(owner, 'GET', `/api/Student/${id}`)).json();
      expect(child.allergies.map((a: { name: string }) => a.name)).toEqual(['bee stings', 'Peanuts']);

      const removed = await call(owner, 'DELETE', `/api/Student/${id}/Allergies/${peanuts.json().id}`);
      expect(removed.statusCode).toBe(204);
      expect((await call(owner, 'GET', `/api/Student/${id}`)).json().allergies).toHaveLength(1);
      expect(
        (await call(owner, 'DELETE', `/api/Student/${id}/Allergies/${peanuts.json().id}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('emergency contacts', () => {
    it('adds a contact for chosen children with phones in E.164 and a lower-cased email', async () => {
      const child = (await call(owner, 'POST', '/api/Student', maya)).json();
      const res = await call(owner, 'POST', '/api/Student/Trustees', { ...grandma, studentIds: [child.id] });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        fullName: 'Adaeze Okafor',
        homePhone: '+16505550101',
        cellPhone: '+16505550199',
        emailAddress: 'adaeze@example.com',
        canPickup: true,
        receiveSMS: true,
        isActive: true,
        studentIds: [child.id],
      });
      const forChild = await call(owner, 'GET', `/api/Student/${child.id}/Trustees`);
      expect(forChild.json().map((c: { id: string }) => c.id)).toEqual([res.json().id]);
      expect((await call(owner, 'GET', `/api/Student/${child.id}`)).json().trusteeIds).toEqual([
        res.json().id,
      ]);
    });

    it('needs a cell phone to text, an email to mail, a phone at all, and a child', async () => {
      const child = (await call(owner, 'POST', '/api/Student', maya)).json();
      const res = await call(owner, 'POST', '/api/Student/Trustees', {
        ...grandma,
        homePhone: '',
        cellPhone: '',
        emailAddress: '',
        receiveSMS: false,
        receiveEmail: true,
        studentIds: [],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({
        cellPhone: 'Please give at least one phone number',
        emailAddress: 'Add an email address to send emails',
        studentIds: 'Choose at least one child this contact is for',
      });
      const textOnly = await call(owner, 'POST', '/api/Student/Trustees', {
        ...grandma,
        homePhone: '',
        cellPhone: null,
        receiveSMS: true,
        studentIds: [child.id],
      });
      expect(textOnly.json().fields.cellPhone).toBe('Add a cell phone number to send text messages');
      const badPhone = await call(owner, 'POST', '/api/Student/Trustees', {
        ...grandma,
        cellPhone: '555-01',
        studentIds: [child.id],
      });
      expect(badPhone.json().fields.cellPhone).toMatch(/valid US phone number/);
    });

    it('refuses to link another family’s child, and stores nothing', async () => {
      const theirs = (await call(other, 'POST', '/api/Student', maya)).json();
      const before = (await call(owner, 'GET', '/api/Student/Trustees')).json().length;
      const res = await call(owner, 'POST', '/api/Student/Trustees', { ...grandma, studentIds: [theirs.id] });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.studentIds).toBe('Choose only children from your family');
      expect((await call(owner, 'GET', '/api/Student/Trustees')).json()).toHaveLength(before);
    });

    it('edits a contact and its children, deactivates it, and deleting it leaves the children', async () => {
      const a = (await call(owner, 'POST', '/api/Student', maya)).json();
      const b = (await call(owner, 'POST', '/api/Student', { ...maya, firstName: 'Obi' })).json();
      const contact = (
        await call(owner, 'POST', '/api/Student/Trustees', { ...grandma, studentIds: [a.id] })
      ).json();
      const edited = await call(owner, 'PUT', `/api/Student/Trustees/${contact.id}`, {
        ...grandma,
        relationship: 'Family friend',
        isActive: false,
        studentIds: [b.id],
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        relationship: 'Family friend',
        isActive: false,
        studentIds: [b.id],
      });
      expect((await call(owner, 'GET', `/api/Student/${a.id}`)).json().trusteeIds).toEqual([]);

      expect((await call(owner, 'DELETE', `/api/Student/Trustees/${contact.id}`)).statusCode).toBe(204);
      expect((await call(owner, 'GET', `/api/Student/Trustees/${contact.id}`)).statusCode).toBe(404);
      const child = await call(owner, 'GET', `/api/Student/${b.id}`);
      expect(child.statusCode).toBe(200);
      expect(child.json().trusteeIds).toEqual([]);
      const [links] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from student_trustees where trustee_id = ${contact.id}`,
      );
      expect(links!.n).toBe(0);
    });
  });

  describe('access matrix: owner, another parent, anonymous', () => {
    it('answers every route for the owner, 404 to another parent with nothing leaked, 401 to anonymous', async () => {
      const child = (await call(owner, 'POST', '/api/Student', { ...maya, firstName: 'Secretchild' })).json();
      const allergy = (
        await call(owner, 'POST', `/api/Student/${child.id}/Allergies`, { name: 'Sesame' })
      ).json();
      const contact = (
        await call(owner, 'POST', '/api/Student/Trustees', {
          ...grandma,
          firstName: 'Secretcontact',
          studentIds: [child.id],
        })
      ).json();
      const studentBody = { ...maya, firstName: 'Renamed' };
      const trusteeBody = { ...grandma, studentIds: [child.id] };

      // [method, url, body, owner's status]; the destructive ones run last for the owner.
      const routes: Array<[string, string, object | undefined, number]> = [
        ['GET', `/api/Student/${child.id}`, undefined, 200],
        ['PUT', `/api/Student/${child.id}`, studentBody, 200],
        ['GET', `/api/Student/${child.id}/Trustees`, undefined, 200],
        ['POST', `/api/Student/${child.id}/Allergies`, { name: 'Kiwi' }, 201],
        ['GET', `/api/Student/Trustees/${contact.id}`, undefined, 200],
        ['PUT', `/api/Student/Trustees/${contact.id}`, trusteeBody, 200],
        ['DELETE', `/api/Student/${child.id}/Allergies/${allergy.id}`, undefined, 204],
        ['DELETE', `/api/Student/Trustees/${contact.id}`, undefined, 204],
        ['DELETE', `/api/Student/${child.id}`, undefined, 204],
      ];
      for (const [method, url, body] of routes) {
        const anonymous = await call(null, method, url, body);
        expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
        const stranger = await call(other, method, url, body);
        expect(stranger.statusCode, `another parent ${method} ${url}`).toBe(404);
        expect(stranger.body).not.toMatch(/Secret|Sesame|Okafor/);
      }
      // Nothing the stranger sent changed anything.
      const still = (await call(owner, 'GET', `/api/Student/${child.id}`)).json();
      expect(still).toMatchObject({ firstName: 'Secretchild', allergies: [{ name: 'Sesame' }] });

      for (const [method, url, body, status] of routes) {
        expect((await call(owner, method, url, body)).statusCode, `owner ${method} ${url}`).toBe(status);
      }

      // The lists never include another family's records.
      for (const url of ['/api/Student', '/api/Student/Trustees']) {
        expect((await call(null, 'GET', url)).statusCode).toBe(401);
        expect((await call(other, 'GET', url)).body).not.toMatch(/Secret/);
      }
      expect((await call(null, 'POST', '/api/Student', maya)).statusCode).toBe(401);
      expect((await call(null, 'POST', '/api/Student/Trustees', trusteeBody)).statusCode).toBe(401);
    });

    // Issue 21: `?userId` follows the staff family page's rule (staff-scoping.test.ts has the whole matrix):
    // another family answers 404 to a parent, and to a teacher whose sessions the family is not in.
    it('never lets a parent, or a teacher outside the family’s sessions, read another user’s children through ?userId', async () => {
      const ownerId = JSON.parse(Buffer.from(owner.split('.')[1]!, 'base64url').toString()).sub;
      const otherId = JSON.parse(Buffer.from(other.split('.')[1]!, 'base64url').toString()).sub;
      expect((await call(other, 'GET', `/api/Student?userId=${ownerId}`)).statusCode).toBe(404);
      expect((await call(other, 'GET', `/api/Student?userId=${otherId}`)).statusCode).toBe(200);

      const staff = await signUp('Staffer');
      const staffId = JSON.parse(Buffer.from(staff.split('.')[1]!, 'base64url').toString()).sub;
      await t.database.db.execute(sql`update users set type = 'Staff' where id = ${staffId}`);
      const seen = await call(staff, 'GET', `/api/Student?userId=${ownerId}`);
      expect(seen.statusCode).toBe(404);
      expect(seen.body).not.toMatch(/Secret/);
    });

    it('answers 404, never 500, to ids that are not UUIDs', async () => {
      for (const url of ['/api/Student/42', '/api/Student/Trustees/abc', '/api/Student/x/Trustees']) {
        expect((await call(owner, 'GET', url)).statusCode, url).toBe(404);
      }
    });
  });
});
