/**
 * Setting up terms (issue 10 "Sessions and programs"): sessions are written by the director only, with an
 * audit row in the same transaction; a session for the staff form (a teacher reads only their own);
 * duplicating a session for next term (dates shifted in the center's zone, teachers kept, families not);
 * programs and policies (policy text sanitised on the server). Role × route matrix: anonymous, parent,
 * teacher assigned, teacher not assigned, admin — status, nothing leaked, nothing changed.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { auditEvents, classSessions, policies, sessionStaff } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, movableClock, springSessionBody } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('setting up terms on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let adminId: string;
  let teacher: string;
  let teacherId: string;
  let otherTeacher: string;
  let parent: Family;
  let mine: number;
  let policyId: number;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);

  const auditCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events`))[0]!.n;
  const sessionCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from class_sessions`))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: movableClock(NOW), env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    const director = await a.promote('Director', 'Admin');
    admin = director.token;
    adminId = director.userId;
    const teacherPerson = await a.promote('Teacher', 'Staff');
    teacher = teacherPerson.token;
    teacherId = teacherPerson.userId;
    otherTeacher = (await a.promote('Other', 'Staff')).token;
    parent = await a.family('Okafor', 1);
    mine = await a.session({
      name: 'Acorn Room',
      sessionStartDate: '2027-01-11',
      sessionEndDate: '2027-03-26',
      priorityRegistrationStartDate: new Date('2026-12-01T17:00:00Z'),
      priorityRegistrationEndDate: new Date('2026-12-08T17:00:00Z'),
      registrationStartDate: new Date('2026-12-08T17:00:00Z'),
      registrationEndDate: new Date('2027-01-08T17:00:00Z'),
    });
    await t.database.db.insert(sessionStaff).values({ classSessionId: mine, userId: teacherId });
    const [policy] = await t.database.db
      .insert(policies)
      .values({ policyType: 'LatePickup', name: 'Late pickup', htmlValue: '<p>Please call us.</p>' })
      .returning({ id: policies.id });
    policyId = policy!.id;
  });
  afterAll(async () => t?.close());

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: parent.token,
        'teacher assigned': teacher,
        'teacher not assigned': otherTeacher,
        admin,
      })[who];
    const writes = { anonymous: 401, parent: 403, 'teacher assigned': 403, 'teacher not assigned': 403 };
    const reads = {
      anonymous: 401,
      parent: 403,
      'teacher assigned': 200,
      'teacher not assigned': 200,
      admin: 200,
    };
    const expected: Record<string, Record<Who, number>> = {
      'POST /api/ClassSession': { ...writes, admin: 201 },
      'PUT /api/ClassSession/{id}': { ...writes, admin: 200 },
      'GET session': { ...reads, 'teacher not assigned': 404 },
      'POST duplicate': { ...writes, admin: 201 },
      'GET programs': reads,
      'POST programs': { ...writes, admin: 201 },
      'PUT program': { ...writes, admin: 200 },
      'GET policies': reads,
      'POST policies': { ...writes, admin: 201 },
      'PUT policy': { ...writes, admin: 200 },
    };
    let counter = 0;
    const call = async (route: string, who: Who) => {
      const n = ++counter;
      switch (route) {
        case 'POST /api/ClassSession':
          return as(token(who), 'POST', '/api/ClassSession', springSessionBody(`Matrix Club ${n}`));
        case 'PUT /api/ClassSession/{id}': {
          const current = (await as(admin, 'GET', `/api/staff/sessions/${mine}`)).json();
          return as(token(who), 'PUT', `/api/ClassSession/${mine}`, {
            ...springSessionBody('Acorn Room'),
            sessionStartDate: current.sessionStartDate,
            sessionEndDate: current.sessionEndDate,
            rosterSize: 10 + n,
          });
        }
        case 'GET session':
          return as(token(who), 'GET', `/api/staff/sessions/${mine}`);
        case 'POST duplicate':
          return as(token(who), 'POST', `/api/staff/sessions/${mine}/duplicate`, {
            name: `Acorn Room, spring ${n}`,
            sessionStartDate: '2027-04-05',
          });
        case 'GET programs':
          return as(token(who), 'GET', '/api/staff/programs');
        case 'POST programs':
          return as(token(who), 'POST', '/api/staff/programs', { name: `Afternoon Program ${n}` });
        case 'PUT program': {
          const [first] = (await as(admin, 'GET', '/api/staff/programs')).json();
          return as(token(who), 'PUT', `/api/staff/programs/${first.id}`, { name: `Renamed Program ${n}` });
        }
        case 'GET policies':
          return as(token(who), 'GET', '/api/staff/policies');
        case 'POST policies':
          return as(token(who), 'POST', '/api/staff/policies', {
            policyType: 'Dismissal',
            name: `Dismissal ${n}`,
            htmlValue: '<p>We walk each child to the door.</p>',
          });
        default:
          return as(token(who), 'PUT', `/api/staff/policies/${policyId}`, {
            policyType: 'LatePickup',
            name: `Late pickup ${n}`,
            htmlValue: '<p>Please call us if you are running late.</p>',
          });
      }
    };
    // The director goes first, so there is a program to edit by the time the refusals are checked.
    const order: Who[] = ['admin', 'anonymous', 'parent', 'teacher assigned', 'teacher not assigned'];
    for (const [route, byWho] of Object.entries(expected)) {
      for (const who of order) {
        const status = byWho[who];
        it(`${route}: ${who} → ${status}`, async () => {
          const [audits, sessions] = [await auditCount(), await sessionCount()];
          const res = await call(route, who);
          expect(res.statusCode).toBe(status);
          if (status >= 400) {
            expect(res.body).not.toContain('Acorn Room');
            expect(res.body).not.toContain('Okafor');
            expect(await auditCount()).toBe(audits);
            expect(await sessionCount()).toBe(sessions);
          } else if (route.startsWith('GET')) {
            expect(await auditCount()).toBe(audits);
          } else {
            expect(await auditCount()).toBe(audits + 1);
          }
        });
      }
    }
  });

  it('a session written by the director carries an audit row with the values before and after', async () => {
    const created = await as(admin, 'POST', '/api/ClassSession', springSessionBody('Garden Club'));
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const edit = await as(admin, 'PUT', `/api/ClassSession/${id}`, {
      ...springSessionBody('Garden Club'),
      registrationPrice: 32_000,
    });
    expect(edit.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.entityType} = 'ClassSession' and ${auditEvents.entityId} = ${String(id)}`)
      .orderBy(auditEvents.seq);
    expect(rows.map((r) => [r.action, r.actorUserId])).toEqual([
      ['session.create', adminId],
      ['session.update', adminId],
    ]);
    expect(rows[1]!.before).toMatchObject({ registrationPrice: 30_000 });
    expect(rows[1]!.after).toMatchObject({ registrationPrice: 32_000 });
  });

  it('a failed write leaves no audit row: a policy of another kind is refused by its field', async () => {
    const before = await auditCount();
    const res = await as(admin, 'POST', '/api/ClassSession', {
      ...springSessionBody('Wrong Policy Club'),
      dismissalPolicyId: policyId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ dismissalPolicyId: 'Choose a policy of this kind' });
    expect(await auditCount()).toBe(before);
  });

  it('the staff form reads inactive sessions too; an unknown or malformed id is 404', async () => {
    await t.database.db.update(classSessions).set({ isActive: false }).where(eq(classSessions.id, mine));
    const res = await as(teacher, 'GET', `/api/staff/sessions/${mine}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: mine, isActive: false });
    await t.database.db.update(classSessions).set({ isActive: true }).where(eq(classSessions.id, mine));
    expect((await as(admin, 'GET', '/api/staff/sessions/999999')).statusCode).toBe(404);
    expect((await as(admin, 'GET', '/api/staff/sessions/abc')).statusCode).toBe(404);
    expect(
      (
        await as(admin, 'POST', '/api/staff/sessions/999999/duplicate', {
          name: 'Nowhere',
          sessionStartDate: '2027-04-05',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('duplicating moves every date by the same days, keeps times of day and teachers, and copies no family', async () => {
    const winter = await a.session({
      name: 'Birch Room',
      sessionStartDate: '2027-01-11',
      sessionEndDate: '2027-03-26',
      registrationStartDate: new Date('2026-11-10T17:00:00Z'),
      registrationEndDate: new Date('2027-01-08T17:00:00Z'),
    });
    await t.database.db.insert(sessionStaff).values({ classSessionId: winter, userId: teacherId });
    const family = await a.family('Nguyen', 1);
    expect((await a.enroll(family, winter)).statusCode).toBe(201);
    const res = await as(admin, 'POST', `/api/staff/sessions/${winter}/duplicate`, {
      name: 'Birch Room — Spring',
      sessionStartDate: '2027-04-12',
    });
    expect(res.statusCode).toBe(201);
    const copy = (await as(admin, 'GET', `/api/staff/sessions/${res.json().id}`)).json();
    // 91 days later, each at 9:00 am in California: before the March change that is PST (17:00 UTC), after
    // it PDT (16:00 UTC); 91 × 24 hours would have said 10:00 am for the second one.
    expect(copy).toMatchObject({
      name: 'Birch Room — Spring',
      isActive: false,
      sessionStartDate: '2027-04-12',
      sessionEndDate: '2027-06-25',
      priorityRegistrationStartDate: null,
      priorityRegistrationEndDate: null,
      registrationStartDate: '2027-02-09T17:00:00.000Z',
      registrationEndDate: '2027-04-09T16:00:00.000Z',
      seatsLeft: copy.rosterSize,
    });
    const teachers = await t.database.db
      .select({ userId: sessionStaff.userId })
      .from(sessionStaff)
      .where(eq(sessionStaff.classSessionId, copy.id));
    expect(teachers).toEqual([{ userId: teacherId }]);
    // The original's family (a seat held at checkout) stays with the original.
    const original = (await as(teacher, 'GET', `/api/staff/sessions/${winter}/roster`)).json();
    expect(original.pending).toHaveLength(1);
    const roster = (await as(teacher, 'GET', `/api/staff/sessions/${copy.id}/roster`)).json();
    expect([roster.enrolled, roster.pending, roster.waitlist]).toEqual([[], [], []]);
  });

  it('a duplicate needs a name and a real date, said by the fields', async () => {
    const res = await as(admin, 'POST', `/api/staff/sessions/${mine}/duplicate`, {
      name: '',
      sessionStartDate: '2027-02-30',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['name', 'sessionStartDate']);
  });

  it('policy text is sanitised: scripts and handlers are gone, links open safely; empty text is refused', async () => {
    const res = await as(admin, 'POST', '/api/staff/policies', {
      policyType: 'Expectation',
      name: 'What we ask of families',
      htmlValue:
        '<p onclick="steal()">Be on time.<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://brightoak.example/faq">FAQ</a>',
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json().find((p: { name: string }) => p.name === 'What we ask of families');
    expect(saved.htmlValue).toBe(
      '<p>Be on time.</p><a>x</a><a href="https://brightoak.example/faq" target="_blank" rel="noopener noreferrer">FAQ</a>',
    );
    const empty = await as(admin, 'POST', '/api/staff/policies', {
      policyType: 'Expectation',
      name: 'Blank',
      htmlValue: '<p><script>alert(1)</script></p>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ htmlValue: 'Write the policy as families should read it' });
  });

  it('a policy used by sessions keeps its kind; a program name is unique', async () => {
    const created = await as(admin, 'POST', '/api/ClassSession', {
      ...springSessionBody('Late Club'),
      latePickupPolicyId: policyId,
    });
    expect(created.statusCode).toBe(201);
    const res = await as(admin, 'PUT', `/api/staff/policies/${policyId}`, {
      policyType: 'Dismissal',
      name: 'Late pickup',
      htmlValue: '<p>Please call.</p>',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.policyType).toMatch(/make a new policy/);
    expect((await as(admin, 'POST', '/api/staff/programs', { name: 'Morning Program' })).statusCode).toBe(
      201,
    );
    const clash = await as(admin, 'POST', '/api/staff/programs', { name: 'morning program' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toEqual({ name: 'Another program already has this name.' });
    const badDates = await as(admin, 'POST', '/api/staff/programs', {
      name: 'Backwards',
      startDate: '2027-06-01',
      endDate: '2027-01-01',
    });
    expect(badDates.statusCode).toBe(400);
    expect(badDates.json().fields).toEqual({ endDate: 'The program must end after it starts' });
  });
});
