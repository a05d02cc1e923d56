/**
 * Announcements on the staff side (issue 10): a role × route matrix over every route (anonymous, parent,
 * teacher assigned, teacher not assigned, admin) that checks the status and that nothing leaked or changed;
 * the list, its filters and its orders (decision 030); the reach preview; the web message sanitised; refusals by field; an audit row with
 * every write. Sending (now, by the sweep, by two racing sweeps), edits and cancelling are in
 * staff-announcements-sending.test.ts, the shared set-up in support/announcements-app.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { announcements } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { announcementsApp, BASE } from './support/announcements-app.ts';

describe.each(dbKinds)('staff announcements on %s', (kind) => {
  const desk = announcementsApp(kind);
  const { as, auditCount, announcementCount, body, scheduled } = desk;

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: desk.parent.token,
        'teacher assigned': desk.teacher,
        'teacher not assigned': desk.otherTeacher,
        admin: desk.admin,
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
          return { id: null, send: () => as(token(who), 'GET', `${BASE}/reach?sessions=${desk.mine}`) };
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
        : (await desk.t.database.db.select().from(announcements).where(eq(announcements.id, id)))[0];
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
      for (const who of [null, desk.parent.token, desk.otherTeacher]) {
        expect((await as(who, 'POST', `${BASE}/${id}/cancel`)).statusCode).toBeGreaterThanOrEqual(400);
      }
      const [row] = await desk.t.database.db.select().from(announcements).where(eq(announcements.id, id));
      expect(row).toMatchObject({ cancelledAt: null, isActive: true, sentAt: null });
    });

    it('the list: anonymous 401, parent 403; a teacher sees only their sessions, the director all', async () => {
      const center = await as(
        desk.admin,
        'POST',
        BASE,
        body({ classSessionIds: [], title: 'Center-wide note' }),
      );
      expect(center.statusCode).toBe(201);
      const maple = await as(
        desk.admin,
        'POST',
        BASE,
        body({ classSessionIds: [desk.notMine], title: 'Maple note' }),
      );
      expect(maple.statusCode).toBe(201);
      expect((await as(null, 'GET', BASE)).statusCode).toBe(401);
      expect((await as(desk.parent.token, 'GET', BASE)).statusCode).toBe(403);
      const own = (await as(desk.teacher, 'GET', `${BASE}?pageSize=100`)).json();
      expect(own.items.length).toBeGreaterThan(0);
      expect(own.items.every((i: { classSessionId: number }) => i.classSessionId === desk.mine)).toBe(true);
      const other = (await as(desk.otherTeacher, 'GET', `${BASE}?pageSize=100`)).json();
      expect(other).toMatchObject({ items: [], total: 0 });
      const all = (await as(desk.admin, 'GET', `${BASE}?pageSize=100`)).json();
      const titles = all.items.map((i: { title: string }) => i.title);
      expect(titles).toEqual(expect.arrayContaining(['Center-wide note', 'Maple note']));
      // A teacher cannot open the center-wide one or another room's by id either.
      for (const id of [center.json().items[0].id, maple.json().items[0].id])
        expect((await as(desk.teacher, 'GET', `${BASE}/${id}`)).statusCode).toBe(404);
      // Filtering by a session a teacher does not teach shows nothing.
      expect((await as(desk.teacher, 'GET', `${BASE}?session=${desk.notMine}`)).json().total).toBe(0);
    });

    it('an unknown or malformed id is 404; bad filters are 400 by field', async () => {
      for (const id of ['999999', 'abc', '0'])
        expect((await as(desk.admin, 'GET', `${BASE}/${id}`)).statusCode).toBe(404);
      const bad = await as(desk.admin, 'GET', `${BASE}?status=lost&page=0`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({ status: expect.any(String), page: expect.any(String) });
    });
  });

  it('the list filters by status and session and paginates on the server', async () => {
    const page1 = (
      await as(desk.admin, 'GET', `${BASE}?status=scheduled&session=${desk.mine}&pageSize=2`)
    ).json();
    const page2 = (
      await as(desk.admin, 'GET', `${BASE}?status=scheduled&session=${desk.mine}&pageSize=2&page=2`)
    ).json();
    expect(page1.total).toBeGreaterThan(2);
    expect(page1.items).toHaveLength(2);
    const ids = [...page1.items, ...page2.items].map((i: { id: number }) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of [...page1.items, ...page2.items])
      expect(item).toMatchObject({
        status: 'scheduled',
        classSessionId: desk.mine,
        sentAt: null,
        emailCount: null,
      });
  });

  it('orders the list by the column the table asks for (decision 030), both ways, on every page alike', async () => {
    const zebra = await scheduled({
      title: 'Zebra stripes day',
      classSessionIds: [],
      sendAt: '2026-12-01T09:00',
    });
    const mango = await scheduled({ title: 'Mango tasting', sendAt: '2026-12-02T09:00' });
    const aardvark = await scheduled({
      title: 'Aardvark parade',
      classSessionIds: [desk.notMine],
      sendAt: '2026-12-03T09:00',
    });
    type Item = {
      id: number;
      sentAt: string | null;
      sendAt: string | null;
      cancelledAt: string | null;
      dateCreated: string;
    };
    const list = async (query: string) =>
      (await as(desk.admin, 'GET', `${BASE}?pageSize=100&${query}`)).json().items as Item[];
    const ours = (items: Item[]) =>
      items.map((i) => i.id).filter((id) => [zebra, mango, aardvark].includes(id));
    const when = (i: Item) => new Date(i.sentAt ?? i.sendAt ?? i.cancelledAt ?? i.dateCreated).getTime();

    // When: the latest first by default (the one furthest out first), the earliest first on a click.
    const byDefault = await list('');
    expect(byDefault.map(when)).toEqual(byDefault.map(when).sort((x, y) => y - x));
    expect(ours(byDefault)).toEqual([aardvark, mango, zebra]);
    expect((await list('sort=when&dir=desc')).map((i) => i.id)).toEqual(byDefault.map((i) => i.id));
    const earliest = await list('sort=when&dir=asc');
    expect(earliest.map(when)).toEqual(earliest.map(when).sort((x, y) => x - y));
    expect(ours(earliest)).toEqual([zebra, mango, aardvark]);
    // Title, A to Z and back.
    expect(ours(await list('sort=title&dir=asc'))).toEqual([aardvark, mango, zebra]);
    expect(ours(await list('sort=title&dir=desc'))).toEqual([zebra, mango, aardvark]);
    // Who it is for: the whole center first, then by the session's name (Acorn Room, Maple Room).
    expect(ours(await list('sort=audience&dir=asc'))).toEqual([zebra, mango, aardvark]);
    expect(ours(await list('sort=audience&dir=desc'))).toEqual([aardvark, mango, zebra]);

    // Pages of two, in a sort with many ties (the session), add up to the whole list in the same order.
    const whole = (await list('sort=audience&dir=asc')).map((i) => i.id);
    const pages: number[] = [];
    for (let page = 1; pages.length < whole.length; page++) {
      const items = (
        await as(desk.admin, 'GET', `${BASE}?sort=audience&dir=asc&pageSize=2&page=${page}`)
      ).json().items as Item[];
      expect(items.length).toBeGreaterThan(0);
      pages.push(...items.map((i) => i.id));
    }
    expect(pages).toEqual(whole);
  });

  it('a sort or direction the table does not offer answers 400 with the choices by the field', async () => {
    const res = await as(desk.admin, 'GET', `${BASE}?sort=priority&dir=sideways`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ sort: 'Sort by when, title or audience.', dir: 'Sort asc or desc.' });
    expect((await as(desk.parent.token, 'GET', `${BASE}?sort=priority`)).statusCode).toBe(403);
  });

  it('the reach preview counts families and contacts per channel', async () => {
    // Acorn: Rivera (email, and texts to the parent's mobile) and grandparent Rosa (email and texts).
    expect((await as(desk.teacher, 'GET', `${BASE}/reach?sessions=${desk.mine}`)).json()).toEqual({
      families: 1,
      email: { families: 1, contacts: 1 },
      sms: { families: 1, contacts: 1 },
    });
    // Both rooms: Chen too (email only: no mobile number).
    expect(
      (await as(desk.admin, 'GET', `${BASE}/reach?sessions=${desk.mine},${desk.notMine}`)).json(),
    ).toEqual({
      families: 2,
      email: { families: 2, contacts: 1 },
      sms: { families: 1, contacts: 1 },
    });
    expect(
      (await as(desk.teacher, 'GET', `${BASE}/reach?sessions=${desk.mine},${desk.notMine}`)).statusCode,
    ).toBe(404);
    expect((await as(desk.admin, 'GET', `${BASE}/reach?sessions=1;drop`)).statusCode).toBe(400);
  });

  it('the web message is sanitised: scripts and event handlers are removed, simple formatting kept', async () => {
    const res = await as(
      desk.teacher,
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
    const [row] = await desk.t.database.db
      .select()
      .from(announcements)
      .where(eq(announcements.id, res.json().items[0].id));
    expect(row!.webMessage).toBe(html);
  });

  it('refuses a time in the past and a message with nothing to say, by field', async () => {
    const before = await announcementCount();
    const past = await as(desk.admin, 'POST', BASE, body({ sendAt: '2026-11-19T09:00' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.sendAt).toMatch(/future/);
    const empty = await as(
      desk.admin,
      'POST',
      BASE,
      body({ webMessage: '<p> </p>', emailMessage: '', smsMessage: '' }),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.webMessage).toMatch(/Write a web message/);
    const title = await as(desk.admin, 'POST', BASE, body({ title: '' }));
    expect(title.statusCode).toBe(400);
    expect(title.json().fields.title).toEqual(expect.any(String));
    expect(await announcementCount()).toBe(before);
  });
});
