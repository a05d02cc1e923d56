/**
 * The audit trail (issue 10): parents' edits of allergies and pickup rights are recorded with who and the
 * values before and after, in the same transaction (a refused edit leaves no row); the director reads the
 * trail filtered by kind, record, words and the center's calendar days, and exports exactly the page's
 * rows as CSV; nobody else reads it (role × route), and no route changes it.
 */
import { AUDIT_CSV_COLUMNS } from '@lc/contract';
import { auditTableRows } from '@lc/contract/audit-sentences';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { sessionStaff } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('the audit trail on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let admin: string;
  let director: Family;
  let teacher: string;
  let otherTeacher: string;
  let parent: Family;
  let parentId: string;
  let childId: string;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const auditCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events`))[0]!.n;

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    director = await a.promote('Director', 'Admin');
    admin = director.token;
    const teacherPerson = await a.promote('Teacher', 'Staff');
    teacher = teacherPerson.token;
    otherTeacher = (await a.promote('Other', 'Staff')).token;
    const session = await a.session({ name: 'Acorn Room' });
    await t.database.db
      .insert(sessionStaff)
      .values({ classSessionId: session, userId: teacherPerson.userId });
    parent = await a.family('Haddad', 1);
    parentId = parent.userId;
    childId = parent.childIds[0]!;
  });
  afterAll(async () => t?.close());

  it('a parent’s allergy and pickup changes are recorded with who, and before and after', async () => {
    const before = await auditCount();
    const allergy = await as(parent.token, 'POST', `/api/Student/${childId}/Allergies`, { name: 'Sesame' });
    expect(allergy.statusCode).toBe(201);
    const contact = await as(parent.token, 'POST', '/api/Student/Trustees', {
      firstName: 'Samir',
      lastName: 'Haddad',
      relationship: 'Uncle',
      cellPhone: '(650) 555-0142',
      canPickup: false,
      studentIds: [childId],
    });
    expect(contact.statusCode).toBe(201);
    const trusteeId = contact.json().id;
    clock.advanceMinutes(1); // the trail is newest first
    const pickup = await as(parent.token, 'PUT', `/api/Student/Trustees/${trusteeId}`, {
      firstName: 'Samir',
      lastName: 'Haddad',
      relationship: 'Uncle',
      cellPhone: '(650) 555-0142',
      canPickup: true,
      studentIds: [childId],
    });
    expect(pickup.statusCode).toBe(200);
    // A refused edit (the same allergy again) leaves no row.
    expect(
      (await as(parent.token, 'POST', `/api/Student/${childId}/Allergies`, { name: 'sesame' })).statusCode,
    ).toBe(409);
    expect(await auditCount()).toBe(before + 3);

    const trail = await as(admin, 'GET', `/api/staff/audit?entityType=Trustee&entityId=${trusteeId}`);
    expect(trail.statusCode).toBe(200);
    expect(trail.json().items).toEqual([
      expect.objectContaining({
        action: 'trustee.update',
        actorUserId: parentId,
        actorName: 'Haddad Family',
        before: expect.objectContaining({ canPickup: false }),
        after: expect.objectContaining({ canPickup: true, studentIds: [childId] }),
      }),
      expect.objectContaining({ action: 'trustee.create', before: null }),
    ]);
    // Phone numbers stay out of the trail.
    expect(JSON.stringify(trail.json())).not.toMatch(/6505550142|\(650\)/);
    const child = await as(admin, 'GET', `/api/staff/audit?entityType=Student&entityId=${childId}`);
    expect(child.json().items).toEqual([
      expect.objectContaining({ action: 'student.allergy.add', after: { allergy: 'Sesame' } }),
    ]);
  });

  it('the CSV holds exactly the page’s rows and columns', async () => {
    const query = 'entityType=Student';
    const page = (await as(admin, 'GET', `/api/staff/audit?${query}&pageSize=100`)).json();
    const csv = await as(admin, 'GET', `/api/staff/audit.csv?${query}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="audit-trail.csv"');
    const [header, ...rows] = parse(csv.body) as string[][];
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(rows).toEqual(auditTableRows(page.items, 'America/Los_Angeles'));
    expect(rows).toHaveLength(1);
    expect(rows[0]![2]).toBe('Haddad Family added the allergy “Sesame” for Ava Haddad.');
    expect(rows[0]![5]).toBe('allergy: Sesame');
  });

  it('only the director reads it; nobody can change it', async () => {
    for (const url of ['/api/staff/audit', '/api/staff/audit.csv']) {
      expect((await as(null, 'GET', url)).statusCode).toBe(401);
      for (const who of [parent.token, teacher, otherTeacher]) {
        const res = await as(who, 'GET', url);
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain('Sesame');
        expect(res.body).not.toContain('Samir');
      }
      expect((await as(admin, 'GET', url)).statusCode).toBe(200);
    }
    const before = await auditCount();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect((await as(admin, method, '/api/staff/audit', {})).statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
  });
  it('filters by words and by the center’s calendar days, newest first, in pages', async () => {
    clock.set('2026-11-22T07:30:00Z'); // 11:30 pm on Nov 21 in California; the logins of Nov 20 have ended
    await a.signIn(director);
    await a.signIn(parent);
    admin = director.token;
    expect(
      (await as(parent.token, 'POST', `/api/Student/${childId}/Allergies`, { name: 'Kiwi' })).statusCode,
    ).toBe(201);
    const nov21 = await as(admin, 'GET', '/api/staff/audit?from=2026-11-21&to=2026-11-21');
    expect(nov21.json().items.map((e: { after: unknown }) => e.after)).toEqual([{ allergy: 'Kiwi' }]);
    const words = await as(admin, 'GET', '/api/staff/audit?q=allergy');
    expect(words.json().total).toBe(2);
    expect(words.json().items[0].after).toEqual({ allergy: 'Kiwi' });
    const paged = await as(admin, 'GET', '/api/staff/audit?pageSize=1&page=2');
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 1, items: [expect.any(Object)] });
    const bad = await as(admin, 'GET', '/api/staff/audit?from=2026-11-30&to=2026-11-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ to: 'The end date must be on or after the start date.' });
  });
});
