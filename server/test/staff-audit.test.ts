/**
 * The audit trail (issue 10): parents' edits of allergies and pickup rights are recorded with who and the
 * values before and after, in the same transaction (a refused edit leaves no row); the director reads the
 * trail filtered by kind, record, words and the center's calendar days, in the order the table asks for
 * (decision 030), and exports exactly the page's rows as CSV; nobody else reads it (role × route), and no route changes it.
 */
import { AUDIT_CSV_COLUMNS } from '@lc/contract';
import { auditTableRows } from '@lc/contract/audit-sentences';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { sessionStaff } from '../src/db/schema.ts';
import { recordAudit } from '../src/features/audit/record.ts';
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

  it('orders by when (oldest first on a click) or by who (decision 030), on every page and in the CSV', async () => {
    // The director's two changes of one instant, and one by the system (a sweep: no person).
    const at = new Date('2026-11-21T20:00:00Z');
    for (const after of [{ inboxAccess: true }, { inboxAccess: false }])
      await recordAudit(
        t.database.db,
        {
          actorUserId: director.userId,
          action: 'staff.inbox',
          entityType: 'User',
          entityId: director.userId,
          before: null,
          after,
        },
        at,
      );
    await recordAudit(
      t.database.db,
      {
        actorUserId: null,
        action: 'announcement.sent',
        entityType: 'Announcement',
        entityId: 1,
        before: null,
        after: null,
      },
      new Date('2026-11-21T21:00:00Z'),
    );
    type Row = { id: string; at: string; actorName: string | null; actorUserId: string | null };
    const list = async (query: string) => {
      const res = (await as(admin, 'GET', `/api/staff/audit?pageSize=100&${query}`)).json();
      expect(res.total).toBeLessThanOrEqual(100);
      return res.items as Row[];
    };
    const newest = await list('');
    expect(newest.length).toBeGreaterThan(3);
    expect((await list('sort=when&dir=desc')).map((r) => r.id)).toEqual(newest.map((r) => r.id));
    // Oldest first is the newest-first trail read backwards, changes of one instant included.
    expect((await list('sort=when&dir=asc')).map((r) => r.id)).toEqual(newest.map((r) => r.id).reverse());

    // Who: by the person's name (Director Family before Haddad Family), the newest first within one
    // person; the system's own changes last either way.
    for (const dir of ['asc', 'desc'] as const) {
      const rows = await list(`sort=who&dir=${dir}`);
      const people = rows.map((r) => r.actorName);
      const named = people.filter((n): n is string => n !== null);
      expect(people.slice(named.length).every((n) => n === null)).toBe(true);
      const runs = named.filter((n, i) => n !== named[i - 1]);
      expect(new Set(runs).size).toBe(runs.length);
      expect(runs.indexOf('Director Family') < runs.indexOf('Haddad Family')).toBe(dir === 'asc');
      for (let i = 1; i < rows.length; i++)
        if (rows[i]!.actorName === rows[i - 1]!.actorName) expect(rows[i]!.at <= rows[i - 1]!.at).toBe(true);
    }

    // Pages of three add up to the whole order, and the CSV is written in it too.
    const whole = (await list('sort=who&dir=asc')).map((r) => r.id);
    const pages: string[] = [];
    for (let page = 1; pages.length < whole.length; page++) {
      const items = (
        await as(admin, 'GET', `/api/staff/audit?sort=who&dir=asc&pageSize=3&page=${page}`)
      ).json().items as Row[];
      expect(items.length).toBeGreaterThan(0);
      pages.push(...items.map((r) => r.id));
    }
    expect(pages).toEqual(whole);
    const oldest = (await as(admin, 'GET', '/api/staff/audit?pageSize=100&sort=when&dir=asc')).json();
    const csv = await as(admin, 'GET', '/api/staff/audit.csv?sort=when&dir=asc');
    expect((parse(csv.body) as string[][]).slice(1)).toEqual(
      auditTableRows(oldest.items, 'America/Los_Angeles'),
    );
  });

  it('a sort or direction the table does not offer answers 400 with the choices by the field', async () => {
    for (const url of ['/api/staff/audit', '/api/staff/audit.csv']) {
      const res = await as(admin, 'GET', `${url}?sort=action&dir=down`);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ sort: 'Sort by when or who.', dir: 'Sort asc or desc.' });
      expect((await as(parent.token, 'GET', `${url}?sort=action`)).statusCode).toBe(403);
    }
  });
});
