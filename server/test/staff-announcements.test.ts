/**
 * Announcements on the staff side (issue 10): a role × route matrix over every route (anonymous, parent,
 * teacher assigned, teacher not assigned, admin) that checks the status and that nothing leaked or changed;
 * the reach preview; the web message sanitised; a scheduled announcement sent once by the sweep, also by two
 * sweeps (two app instances on the same database) racing; edits after sending change the web copy only;
 * cancelling before sending means never sent; an audit row with every write.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { announcements, auditEvents, mailOutbox, sessionStaff, users } from '../src/db/schema.ts';
import {
  type AnnouncementSweepDeps,
  sendDueAnnouncements,
  sweepAnnouncements,
} from '../src/features/announcements/announcement-sweep.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';
const BASE = '/api/staff/announcements';

describe.each(dbKinds)('staff announcements on %s', (kind) => {
  let t: TestApp;
  let clock: MovableClock;
  let a: ReturnType<typeof api>;
  let admin: string;
  let teacher: string;
  let teacherId: string;
  let otherTeacher: string;
  let parent: Family;
  let staffPeople: { admin: Family; teacher: Family; other: Family };
  let mine: number;
  let notMine: number;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);

  const enrollPaid = async (f: Family, id: number) => {
    const res = await a.enroll(f, id);
    expect(res.statusCode).toBe(201);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
  };

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    const adminPerson = await a.promote('Director', 'Admin');
    admin = adminPerson.token;
    const teacherPerson = await a.promote('Teacher', 'Staff');
    teacher = teacherPerson.token;
    teacherId = teacherPerson.userId;
    const otherPerson = await a.promote('Other', 'Staff');
    otherTeacher = otherPerson.token;
    staffPeople = { admin: adminPerson, teacher: teacherPerson, other: otherPerson };
    mine = await a.session({ name: 'Acorn Room', sessionStartDate: '2026-11-02', rosterSize: 5 });
    notMine = await a.session({ name: 'Maple Room', sessionStartDate: '2026-11-02', rosterSize: 5 });
    await t.database.db.insert(sessionStaff).values({ classSessionId: mine, userId: teacherId });

    // Rivera: a child in both rooms, a grandparent who chose texts. Chen: Maple Room only.
    parent = await a.family('Rivera', 1);
    await t.database.db.update(users).set({ sms: '+16505550100' }).where(eq(users.id, parent.userId));
    expect(
      (
        await as(parent.token, 'POST', '/api/Student/Trustees', {
          firstName: 'Rosa',
          lastName: 'Rivera',
          relationship: 'Grandparent',
          cellPhone: '(650) 555-0199',
          emailAddress: 'rosa@families.example',
          receiveEmail: true,
          receiveSMS: true,
          canPickup: true,
          studentIds: [parent.childIds[0]],
        })
      ).statusCode,
    ).toBe(201);
    await enrollPaid(parent, mine);
    await enrollPaid(parent, notMine);
    const chen = await a.family('Chen', 1);
    await enrollPaid(chen, notMine);
    // Enrollment mail is out of the way: the tests count only announcement mail.
    await t.flush();
  });
  afterAll(async () => t?.close());

  /** Move the clock to `iso` and sign everyone in again (tokens last 12 hours). */
  const moveClock = async (iso: string) => {
    clock.set(iso);
    for (const person of [parent, staffPeople.admin, staffPeople.teacher, staffPeople.other])
      await a.signIn(person);
    admin = staffPeople.admin.token;
    teacher = staffPeople.teacher.token;
    otherTeacher = staffPeople.other.token;
  };

  const auditCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events`))[0]!.n;
  const announcementCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from announcements`))[0]!.n;
  const mailsWithSubject = async (subject: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))
      .map((m) => m.to)
      .sort();
  const smsLog = async () =>
    (await readFile(path.join(t.config.dataDir, 'sms.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; body: string });

  let counter = 0;
  const body = (overrides: Record<string, unknown> = {}) => ({
    classSessionIds: [mine],
    title: `Pajama day ${++counter}`,
    category: 'Events',
    priority: 1,
    startDate: '2026-11-20',
    endDate: '2026-12-05',
    webMessage: '<p>Come in <strong>pajamas</strong> on Friday!</p>',
    emailMessage: 'Friday is pajama day: slippers welcome.',
    smsMessage: 'Friday is pajama day!',
    sendAt: '2026-11-23T09:00',
    ...overrides,
  });
  /** A scheduled announcement for `mine`, written by the director; its id. */
  const scheduled = async (overrides: Record<string, unknown> = {}) => {
    const res = await as(admin, 'POST', BASE, body(overrides));
    expect(res.statusCode).toBe(201);
    return res.json().items[0].id as number;
  };

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
    const everyone = (ok: number): Record<Who, number> => ({
      anonymous: 401,
      parent: 403,
      'teacher assigned': ok,
      'teacher not assigned': 404,
      admin: ok,
    });
    const expected: Record<string, Record<Who, number>> = {
      'GET one': everyone(200),
      'GET reach': everyone(200),
      'POST compose': everyone(201),
      'PUT edit': everyone(200),
      'POST cancel': everyone(200),
      'POST compose center-wide': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 403,
        'teacher not assigned': 403,
        admin: 201,
      },
      'GET reach center-wide': {
        anonymous: 401,
        parent: 403,
        'teacher assigned': 403,
        'teacher not assigned': 403,
        admin: 200,
      },
    };
    /** Prepare what the route needs (as the director), then answer the request to make as `who`. */
    const prepare = async (route: string, who: Who) => {
      switch (route) {
        case 'GET one': {
          const id = await scheduled();
          return { id, send: () => as(token(who), 'GET', `${BASE}/${id}`) };
        }
        case 'GET reach':
          return { id: null, send: () => as(token(who), 'GET', `${BASE}/reach?sessions=${mine}`) };
        case 'GET reach center-wide':
          return { id: null, send: () => as(token(who), 'GET', `${BASE}/reach`) };
        case 'POST compose':
          return {
            id: null,
            send: () => as(token(who), 'POST', BASE, body({ title: `Room note by ${who}` })),
          };
        case 'POST compose center-wide':
          return {
            id: null,
            send: () =>
              as(token(who), 'POST', BASE, body({ title: `Center note by ${who}`, classSessionIds: [] })),
          };
        case 'PUT edit': {
          const id = await scheduled();
          return {
            id,
            send: () => as(token(who), 'PUT', `${BASE}/${id}`, body({ title: `Edited by ${who}` })),
          };
        }
        default: {
          const id = await scheduled();
          return { id, send: () => as(token(who), 'POST', `${BASE}/${id}/cancel`) };
        }
      }
    };
    const snapshot = async (id: number | null) =>
      id === null
        ? null
        : (await t.database.db.select().from(announcements).where(eq(announcements.id, id)))[0];
    for (const [route, byWho] of Object.entries(expected)) {
      for (const [who, status] of Object.entries(byWho) as [Who, number][]) {
        it(`${route}: ${who} → ${status}`, async () => {
          const { id, send } = await prepare(route, who);
          const audits = await auditCount();
          const rows = await announcementCount();
          const before = await snapshot(id);
          const res = await send();
          expect(res.statusCode).toBe(status);
          if (status >= 400) {
            // Nothing of the announcement or the families leaks into a refusal, and nothing changed.
            expect(res.body).not.toMatch(/pajama|Rivera|Chen|Acorn|Maple/i);
            expect(await auditCount()).toBe(audits);
            expect(await announcementCount()).toBe(rows);
            expect(await snapshot(id)).toEqual(before);
          } else if (route.startsWith('GET')) {
            expect(await auditCount()).toBe(audits);
          } else {
            // Every write leaves its audit row.
            expect(await auditCount()).toBeGreaterThan(audits);
          }
        });
      }
    }

    it('a refused cancel leaves the announcement scheduled', async () => {
      const id = await scheduled();
      for (const who of [null, parent.token, otherTeacher]) {
        expect((await as(who, 'POST', `${BASE}/${id}/cancel`)).statusCode).toBeGreaterThanOrEqual(400);
      }
      const [row] = await t.database.db.select().from(announcements).where(eq(announcements.id, id));
      expect(row).toMatchObject({ cancelledAt: null, isActive: true, sentAt: null });
    });

    it('the list: anonymous 401, parent 403; a teacher sees only their sessions, the director all', async () => {
      const center = await as(admin, 'POST', BASE, body({ classSessionIds: [], title: 'Center-wide note' }));
      expect(center.statusCode).toBe(201);
      const maple = await as(admin, 'POST', BASE, body({ classSessionIds: [notMine], title: 'Maple note' }));
      expect(maple.statusCode).toBe(201);
      expect((await as(null, 'GET', BASE)).statusCode).toBe(401);
      expect((await as(parent.token, 'GET', BASE)).statusCode).toBe(403);
      const own = (await as(teacher, 'GET', `${BASE}?pageSize=100`)).json();
      expect(own.items.length).toBeGreaterThan(0);
      expect(own.items.every((i: { classSessionId: number }) => i.classSessionId === mine)).toBe(true);
      const other = (await as(otherTeacher, 'GET', `${BASE}?pageSize=100`)).json();
      expect(other).toMatchObject({ items: [], total: 0 });
      const all = (await as(admin, 'GET', `${BASE}?pageSize=100`)).json();
      const titles = all.items.map((i: { title: string }) => i.title);
      expect(titles).toEqual(expect.arrayContaining(['Center-wide note', 'Maple note']));
      // A teacher cannot open the center-wide one or another room's by id either.
      for (const id of [center.json().items[0].id, maple.json().items[0].id])
        expect((await as(teacher, 'GET', `${BASE}/${id}`)).statusCode).toBe(404);
      // Filtering by a session a teacher does not teach shows nothing.
      expect((await as(teacher, 'GET', `${BASE}?session=${notMine}`)).json().total).toBe(0);
    });

    it('an unknown or malformed id is 404; bad filters are 400 by field', async () => {
      for (const id of ['999999', 'abc', '0'])
        expect((await as(admin, 'GET', `${BASE}/${id}`)).statusCode).toBe(404);
      const bad = await as(admin, 'GET', `${BASE}?status=lost&page=0`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({ status: expect.any(String), page: expect.any(String) });
    });
  });

  it('the list filters by status and session and paginates on the server', async () => {
    const page1 = (await as(admin, 'GET', `${BASE}?status=scheduled&session=${mine}&pageSize=2`)).json();
    const page2 = (
      await as(admin, 'GET', `${BASE}?status=scheduled&session=${mine}&pageSize=2&page=2`)
    ).json();
    expect(page1.total).toBeGreaterThan(2);
    expect(page1.items).toHaveLength(2);
    const ids = [...page1.items, ...page2.items].map((i: { id: number }) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of [...page1.items, ...page2.items])
      expect(item).toMatchObject({
        status: 'scheduled',
        classSessionId: mine,
        sentAt: null,
        emailCount: null,
      });
  });

  it('the reach preview counts families and contacts per channel', async () => {
    // Acorn: Rivera (email, and texts to the parent's mobile) and grandparent Rosa (email and texts).
    expect((await as(teacher, 'GET', `${BASE}/reach?sessions=${mine}`)).json()).toEqual({
      families: 1,
      email: { families: 1, contacts: 1 },
      sms: { families: 1, contacts: 1 },
    });
    // Both rooms: Chen too (email only: no mobile number).
    expect((await as(admin, 'GET', `${BASE}/reach?sessions=${mine},${notMine}`)).json()).toEqual({
      families: 2,
      email: { families: 2, contacts: 1 },
      sms: { families: 1, contacts: 1 },
    });
    expect((await as(teacher, 'GET', `${BASE}/reach?sessions=${mine},${notMine}`)).statusCode).toBe(404);
    expect((await as(admin, 'GET', `${BASE}/reach?sessions=1;drop`)).statusCode).toBe(400);
  });

  it('the web message is sanitised: scripts and event handlers are removed, simple formatting kept', async () => {
    const res = await as(
      teacher,
      'POST',
      BASE,
      body({
        webMessage:
          '<p onclick="steal()">Hello <strong>families</strong><script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a>',
      }),
    );
    expect(res.statusCode).toBe(201);
    const html = res.json().items[0].webMessage as string;
    expect(html).toContain('<strong>families</strong>');
    expect(html).not.toMatch(/script|onerror|onclick|javascript|<img/i);
    const [row] = await t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, res.json().items[0].id));
    expect(row!.webMessage).toBe(html);
  });

  it('refuses a time in the past and a message with nothing to say, by field', async () => {
    const before = await announcementCount();
    const past = await as(admin, 'POST', BASE, body({ sendAt: '2026-11-19T09:00' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.sendAt).toMatch(/future/);
    const empty = await as(
      admin,
      'POST',
      BASE,
      body({ webMessage: '<p> </p>', emailMessage: '', smsMessage: '' }),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.webMessage).toMatch(/Write a web message/);
    const title = await as(admin, 'POST', BASE, body({ title: '' }));
    expect(title.statusCode).toBe(400);
    expect(title.json().fields.title).toEqual(expect.any(String));
    expect(await announcementCount()).toBe(before);
  });

  describe('sending', () => {
    const sweepDeps = (database: Pick<Database, 'db' | 'exclusive'>): AnnouncementSweepDeps => ({
      database,
      now: () => clock.now(),
      sms: t.ctx.sms,
      log: () => {},
    });

    it('"send now" queues the email in the same transaction and records the delivery counts', async () => {
      const res = await as(teacher, 'POST', BASE, body({ title: 'Rain boots today', sendAt: null }));
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatch(
        /^Sent 1 announcement; 2 emails and 2 text messages on their way\.$/,
      );
      expect(res.json().items[0]).toMatchObject({ status: 'sent', emailCount: 2, smsCount: 2 });
      // The first and last day are whole days on the center's calendar (Pacific time: UTC−8 in winter).
      expect(res.json().items[0]).toMatchObject({
        startDate: '2026-11-20T08:00:00.000Z',
        endDate: '2026-12-06T07:59:59.999Z',
      });
      expect(await mailsWithSubject('Rain boots today')).toEqual(
        [parent.email, 'rosa@families.example'].sort(),
      );
      await t.flush();
      const texts = (await smsLog()).filter((m) => m.body === 'Bright Oak: Friday is pajama day!');
      expect(texts.map((m) => m.to).sort()).toEqual(['+16505550100', '+16505550199']);
    });

    it('a scheduled announcement is sent once by the sweep when due, not before; families see it only then', async () => {
      const id = await scheduled({ title: 'Picture day', sendAt: '2026-11-21T08:30', startDate: null });
      expect((await sendDueAnnouncements(sweepDeps(t.database))).includes(id)).toBe(false);
      const before = (await as(parent.token, 'GET', '/api/Announcement')).json();
      expect(before.map((x: { id: number }) => x.id)).not.toContain(id);
      expect(await mailsWithSubject('Picture day')).toEqual([]);

      await moveClock('2026-11-21T16:31:00Z'); // 8:31 in California
      const swept = await sweepAnnouncements(sweepDeps(t.database));
      expect(swept).toMatchObject({ ran: true, value: expect.arrayContaining([id]) });
      expect(await sendDueAnnouncements(sweepDeps(t.database))).toEqual([]);
      expect(await mailsWithSubject('Picture day')).toEqual([parent.email, 'rosa@families.example'].sort());
      const [row] = await t.database.db.select().from(announcements).where(eq(announcements.id, id));
      expect(row).toMatchObject({ emailCount: 2, smsCount: 2, sentAt: new Date('2026-11-21T16:31:00Z') });
      expect(row!.sendAt).toEqual(new Date('2026-11-21T16:30:00Z'));
      const after = (await as(parent.token, 'GET', '/api/Announcement')).json();
      // Without a first day of its own, it starts showing when it is sent.
      expect(after.find((x: { id: number }) => x.id === id)).toMatchObject({
        title: 'Picture day',
        startDate: '2026-11-21T16:31:00.000Z',
        webMessage: '<p>Come in <strong>pajamas</strong> on Friday!</p>',
      });
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entityType, 'Announcement'),
            eq(auditEvents.entityId, String(id)),
            eq(auditEvents.action, 'announcement.sent'),
          ),
        );
      expect(audit).toMatchObject({ actorUserId: null, after: { emailCount: 2, smsCount: 2 } });
    });

    it('two app instances sweeping the same database at once send a scheduled announcement exactly once', async () => {
      await moveClock('2026-11-21T17:00:00Z');
      const ids = [
        await scheduled({ title: 'Book fair', sendAt: '2026-11-21T09:05' }),
        await scheduled({
          title: 'Book fair reminder',
          sendAt: '2026-11-21T09:05',
          classSessionIds: [notMine],
        }),
      ];
      // A second process: on PostgreSQL its own pool (own connections, advisory locks and row locks).
      let second: Database = t.database;
      if (kind === 'postgres') {
        const [current] = await queryRows<{ name: string }>(
          t.database.db,
          sql`select current_database() as name`,
        );
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${current!.name}`;
        second = await openDatabase({ url: url.toString(), poolSize: 4 });
      }
      const other = await createTestApp(kind, { clock, database: { ...second, close: async () => {} } });
      try {
        clock.set('2026-11-21T17:10:00Z');
        // Under the lock and, to prove the row claim alone, without it: four sweeps race.
        const results = await Promise.all([
          sweepAnnouncements(sweepDeps(t.database)),
          sweepAnnouncements({ ...sweepDeps(second), sms: other.ctx.sms }),
          sendDueAnnouncements(sweepDeps(t.database)),
          sendDueAnnouncements({ ...sweepDeps(second), sms: other.ctx.sms }),
          other.ctx.work.runNow(),
        ]);
        const sentIds = results
          .slice(0, 4)
          .flatMap((r) => (Array.isArray(r) ? r : r && 'value' in r ? r.value : []));
        expect(new Set(sentIds).size).toBe(sentIds.length);
        const rows = await t.database.db
          .select()
          .from(announcements)
          .where(
            sql`${announcements.id} in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          );
        expect(rows.map((r) => r.sentAt)).toEqual([
          new Date('2026-11-21T17:10:00Z'),
          new Date('2026-11-21T17:10:00Z'),
        ]);
        expect(await mailsWithSubject('Book fair')).toEqual([parent.email, 'rosa@families.example'].sort());
        expect(await mailsWithSubject('Book fair reminder')).toHaveLength(3);
      } finally {
        await other.close();
        if (second !== t.database) await second.close();
      }
    });

    it('after sending, edits change the web copy only, and say so', async () => {
      await moveClock('2026-11-21T18:00:00Z');
      const res = await as(teacher, 'POST', BASE, body({ title: 'Field trip', sendAt: null }));
      const sent = res.json().items[0];
      const mailsBefore = (await mailsWithSubject('Field trip')).length;
      const changed = await as(teacher, 'PUT', `${BASE}/${sent.id}`, {
        ...body({ title: 'Field trip', sendAt: undefined }),
        emailMessage: 'A different email',
        smsMessage: 'A different text',
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().fields.emailMessage).toMatch(/went out on .*Edits change the web copy only/);
      expect(changed.json().fields.smsMessage).toMatch(/can no longer change/);
      const ok = await as(teacher, 'PUT', `${BASE}/${sent.id}`, {
        title: 'Field trip to the farm',
        category: 'Trips',
        priority: 3,
        startDate: '2026-11-21',
        endDate: null,
        webMessage: '<p>Bring a <em>water bottle</em>.</p>',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toMatch(/already sent, so only the web copy changed/);
      expect(ok.json().items[0]).toMatchObject({
        title: 'Field trip to the farm',
        webMessage: '<p>Bring a <em>water bottle</em>.</p>',
        emailMessage: sent.emailMessage,
        smsMessage: sent.smsMessage,
        status: 'sent',
        emailCount: 2,
      });
      expect((await mailsWithSubject('Field trip')).length).toBe(mailsBefore);
      expect(await mailsWithSubject('Field trip to the farm')).toEqual([]);
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.entityId, String(sent.id)), eq(auditEvents.action, 'announcement.update_web')),
        );
      expect(audit).toMatchObject({
        before: { title: 'Field trip' },
        after: { title: 'Field trip to the farm' },
      });
    });

    it('before sending, an edit changes everything and can send it now', async () => {
      const id = await scheduled({ title: 'Snack week', sendAt: '2026-11-30T08:00' });
      const moved = await as(
        teacher,
        'PUT',
        `${BASE}/${id}`,
        body({ title: 'Snack week', sendAt: '2026-12-01T08:00', emailMessage: 'Bring fruit.' }),
      );
      expect(moved.statusCode).toBe(200);
      expect(moved.json().items[0]).toMatchObject({
        sendAt: '2026-12-01T16:00:00.000Z',
        emailMessage: 'Bring fruit.',
      });
      const now = await as(
        teacher,
        'PUT',
        `${BASE}/${id}`,
        body({ title: 'Snack week', sendAt: null, emailMessage: 'Bring fruit.' }),
      );
      expect(now.json().message).toMatch(/Saved and sent/);
      expect(await mailsWithSubject('Snack week')).toHaveLength(2);
    });

    it('cancelled before sending, it is never sent; cancelled after, families no longer see it', async () => {
      const id = await scheduled({ title: 'Music class', sendAt: '2026-11-22T09:00' });
      const cancel = await as(teacher, 'POST', `${BASE}/${id}/cancel`);
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json().message).toBe('Cancelled. It will not be sent.');
      expect(cancel.json().items[0]).toMatchObject({ status: 'cancelled', isActive: false });
      expect((await as(teacher, 'POST', `${BASE}/${id}/cancel`)).statusCode).toBe(409);
      expect((await as(teacher, 'PUT', `${BASE}/${id}`, body())).statusCode).toBe(409);
      await moveClock('2026-11-23T18:00:00Z');
      expect(await sendDueAnnouncements(sweepDeps(t.database))).not.toContain(id);
      expect(await mailsWithSubject('Music class')).toEqual([]);

      const sent = (await as(teacher, 'POST', BASE, body({ title: 'Art show', sendAt: null }))).json()
        .items[0];
      const seen = () =>
        as(parent.token, 'GET', '/api/Announcement').then((r) => r.json().map((x: { id: number }) => x.id));
      expect(await seen()).toContain(sent.id);
      const taken = await as(admin, 'POST', `${BASE}/${sent.id}/cancel`);
      expect(taken.json().message).toMatch(/no longer see it on the web/);
      expect(taken.json().items[0]).toMatchObject({ status: 'cancelled', emailCount: 2, isActive: false });
      expect(await seen()).not.toContain(sent.id);
      const actions = await t.database.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.entityType, 'Announcement'), eq(auditEvents.entityId, String(id))))
        .orderBy(auditEvents.seq);
      expect(actions.map((x) => x.action)).toEqual(['announcement.schedule', 'announcement.cancel']);
    });

    it('the spec’s POST /api/Announcement still answers its sentence and now records sent time and counts', async () => {
      const res = await as(admin, 'POST', '/api/Announcement', {
        classSessionIds: [mine],
        announcement: {
          title: 'Spec note',
          webMessage: 'Hello',
          emailMessage: 'Hello by email',
          sendEmail: true,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.body).toBe('Posted 1 announcement; 2 emails and 0 text messages on their way.');
      const [row] = await t.database.db
        .select()
        .from(announcements)
        .where(eq(announcements.title, 'Spec note'));
      expect(row).toMatchObject({ emailCount: 2, smsCount: 0 });
      expect(row!.sentAt).toEqual(clock.now());
    });

    it('through the spec’s POST /api/Announcement a teacher writes only to their own sessions', async () => {
      const count = async () =>
        (await t.database.db.select({ id: announcements.id }).from(announcements)).length;
      const body = (classSessionIds: number[]) => ({
        classSessionIds,
        announcement: { title: 'From the classroom', webMessage: 'We planted beans today.' },
      });
      const before = await count();
      expect((await as(teacher, 'POST', '/api/Announcement', body([notMine]))).statusCode).toBe(404);
      expect((await as(teacher, 'POST', '/api/Announcement', body([mine, notMine]))).statusCode).toBe(404);
      expect((await as(teacher, 'POST', '/api/Announcement', body([]))).statusCode).toBe(403);
      expect(await count()).toBe(before);
      expect((await as(teacher, 'POST', '/api/Announcement', body([mine]))).statusCode).toBe(201);
      expect(await count()).toBe(before + 1);
    });
  });
});
