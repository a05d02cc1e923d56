/**
 * The staff inbox (issue 10, "Inbox (Admin, and Staff when given the right)"): a role × route matrix over
 * every inbox route (anonymous, parent, teacher without the inbox, teacher with it, director) that checks
 * the status and that nothing leaked or changed; granting the inbox; the list's orders (decision 030), filters, pagination and
 * new count; an item with its thread, bad input (400 by field) and hostile ids (404); and the audit row written
 * with every change. Replies, the invitation to register and the demo are in staff-inbox-replies.test.ts, the
 * shared set-up in support/inbox-app.ts.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { inboxApp } from './support/inbox-app.ts';

/** Words only the submissions hold: a refusal's body must contain none of them. */
const SECRETS = ['Marigold', 'rivera.tour@families.example', 'Okonkwo', 'Lumen', 'Quill'];

describe.each(dbKinds)('staff inbox on %s', (kind) => {
  const inbox = inboxApp(kind);
  const { as, snapshot } = inbox;

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher without inbox' | 'teacher with inbox' | 'admin';
    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: inbox.parent.token,
        'teacher without inbox': inbox.withoutInbox.token,
        'teacher with inbox': inbox.withInbox.token,
        admin: inbox.admin.token,
      })[who];
    const refused = { anonymous: 401, parent: 403, 'teacher without inbox': 403 } as const;
    const routes: Record<string, { ok: number; call: (token: string | null) => ReturnType<typeof as> }> = {
      'GET list': { ok: 200, call: (tk) => as(tk, 'GET', '/api/staff/inbox') },
      'GET summary': { ok: 200, call: (tk) => as(tk, 'GET', '/api/staff/inbox/summary') },
      'GET item': { ok: 200, call: (tk) => as(tk, 'GET', `/api/staff/inbox/${inbox.tourId}`) },
      'PATCH item': {
        ok: 200,
        call: (tk) => as(tk, 'PATCH', `/api/staff/inbox/${inbox.matrixId}`, { status: 'Closed' }),
      },
      'POST note': {
        ok: 201,
        call: (tk) => as(tk, 'POST', `/api/staff/inbox/${inbox.matrixId}/notes`, { body: 'Called back.' }),
      },
      'POST reply': {
        ok: 201,
        call: (tk) => as(tk, 'POST', `/api/staff/inbox/${inbox.matrixId}/replies`, { body: 'Thank you!' }),
      },
      'POST invite': { ok: 201, call: (tk) => as(tk, 'POST', `/api/staff/inbox/${inbox.matrixId}/invite`) },
    };
    for (const [route, { ok, call }] of Object.entries(routes)) {
      for (const who of [
        'anonymous',
        'parent',
        'teacher without inbox',
        'teacher with inbox',
        'admin',
      ] as Who[]) {
        const status = who in refused ? refused[who as keyof typeof refused] : ok;
        it(`${route}: ${who} → ${status}`, async () => {
          const before = await snapshot();
          const res = await call(token(who));
          expect(res.statusCode).toBe(status);
          if (status >= 400) {
            for (const secret of SECRETS) expect(res.body).not.toContain(secret);
            expect(res.body).not.toContain('matrix@families.example');
            expect(await snapshot()).toEqual(before);
          }
        });
      }
    }

    it('a teacher without the inbox is refused even for an unknown id or a bad body (nothing to learn)', async () => {
      const res = await as(inbox.withoutInbox.token, 'PATCH', '/api/staff/inbox/not-an-id', {
        status: 'Nope',
      });
      expect(res.statusCode).toBe(403);
      const unknown = await as(inbox.withoutInbox.token, 'GET', `/api/staff/inbox/${crypto.randomUUID()}`);
      expect(unknown.statusCode).toBe(403);
    });

    it('only the director grants the inbox; taking it away applies to the next request; audited', async () => {
      const self = await as(inbox.withoutInbox.token, 'PUT', `/api/staff/team/${inbox.withoutInbox.userId}`, {
        inboxAccess: true,
      });
      expect(self.statusCode).toBe(403);
      const temp = await inbox.a.promote('Temporary', 'Staff');
      expect((await as(temp.token, 'GET', '/api/staff/inbox')).statusCode).toBe(403);
      expect(
        (await as(inbox.admin.token, 'PUT', `/api/staff/team/${temp.userId}`, { inboxAccess: true }))
          .statusCode,
      ).toBe(200);
      expect((await as(temp.token, 'GET', '/api/staff/inbox')).statusCode).toBe(200);
      const team = (await as(inbox.admin.token, 'GET', '/api/staff/team')).json() as {
        id: string;
        inboxAccess: boolean;
      }[];
      expect(team.find((m) => m.id === temp.userId)?.inboxAccess).toBe(true);
      expect(
        (await as(inbox.admin.token, 'PUT', `/api/staff/team/${temp.userId}`, { inboxAccess: false }))
          .statusCode,
      ).toBe(200);
      expect((await as(temp.token, 'GET', '/api/staff/inbox/summary')).statusCode).toBe(403);
      const rows = await inbox.t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, temp.userId), eq(auditEvents.action, 'staff.inbox')))
        .orderBy(auditEvents.seq);
      expect(rows.map((r) => r.after)).toEqual([{ inboxAccess: true }, { inboxAccess: false }]);
      const bad = await as(inbox.admin.token, 'PUT', `/api/staff/team/${temp.userId}`, {
        inboxAccess: 'yes',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.inboxAccess).toBe('Choose whether they may read the inbox.');
    });
  });

  describe('the list', () => {
    it('shows new items first, then newest, with the new count and who may be assigned', async () => {
      const res = await as(inbox.admin.token, 'GET', '/api/staff/inbox?pageSize=100');
      expect(res.statusCode).toBe(200);
      const list = res.json();
      const ids = list.items.map((i: { id: string }) => i.id);
      // New: the tour (Nov 19) before tutoring (Nov 18); then the replied question (Nov 20).
      expect(ids.indexOf(inbox.tourId)).toBeLessThan(ids.indexOf(inbox.tutoringId));
      expect(ids.indexOf(inbox.tutoringId)).toBeLessThan(ids.indexOf(inbox.questionId));
      const news = list.items.filter((i: { status: string }) => i.status === 'New').length;
      expect(list.newCount).toBe(news);
      expect((await as(inbox.withInbox.token, 'GET', '/api/staff/inbox/summary')).json()).toEqual({
        newCount: list.newCount,
      });
      expect(list.items.find((i: { id: string }) => i.id === inbox.tourId)).toMatchObject({
        kind: 'tour',
        status: 'New',
        familyName: 'Ana Rivera',
        email: 'rivera.tour@families.example',
        childName: 'Marigold',
        preview: 'Could we visit on a Tuesday morning? Marigold is shy at first.',
        assignee: null,
      });
      expect(list.items.find((i: { id: string }) => i.id === inbox.tutoringId)).toMatchObject({
        kind: 'tutoring',
        familyName: 'Priya Lumen',
        childName: 'Quill Lumen',
      });
      const assignees = list.assignees.map((m: { id: string }) => m.id);
      expect(assignees).toEqual(expect.arrayContaining([inbox.admin.userId, inbox.withInbox.userId]));
      expect(assignees).not.toContain(inbox.withoutInbox.userId);
      expect(assignees).not.toContain(inbox.parent.userId);
    });

    it('filters by kind, status, assignee and search, and paginates on the server', async () => {
      const get = async (query: string) =>
        (await as(inbox.admin.token, 'GET', `/api/staff/inbox?${query}`)).json() as {
          items: { id: string }[];
          total: number;
        };
      expect((await get('kind=tutoring')).items.map((i) => i.id)).toEqual([inbox.tutoringId]);
      expect((await get('kind=tour')).items.map((i) => i.id)).toEqual([inbox.tourId]);
      expect((await get('status=Replied&kind=contact')).items.map((i) => i.id)).toContain(inbox.questionId);
      expect((await get('q=marigold')).items.map((i) => i.id)).toEqual([inbox.tourId]);
      expect((await get('q=PRIYA.LUMEN@')).items.map((i) => i.id)).toEqual([inbox.tutoringId]);
      expect((await get('q=%25')).total).toBe(0);
      await as(inbox.admin.token, 'PATCH', `/api/staff/inbox/${inbox.questionId}`, {
        assigneeId: inbox.withInbox.userId,
      });
      const mine = (await as(inbox.withInbox.token, 'GET', '/api/staff/inbox?assignee=me')).json();
      expect(mine.items.map((i: { id: string }) => i.id)).toEqual([inbox.questionId]);
      expect(mine.items[0].assignee).toEqual({
        id: inbox.withInbox.userId,
        firstName: 'Frontdesk',
        lastName: 'Family',
      });
      expect((await get(`assignee=${inbox.withInbox.userId}`)).items.map((i) => i.id)).toEqual([
        inbox.questionId,
      ]);
      expect((await get('assignee=none')).items.map((i) => i.id)).not.toContain(inbox.questionId);
      const all = await get('pageSize=100');
      const page1 = await get('pageSize=2');
      const page2 = await get('pageSize=2&page=2');
      expect(page1.total).toBe(all.total);
      expect([...page1.items, ...page2.items].map((i) => i.id)).toEqual(
        all.items.slice(0, 4).map((i) => i.id),
      );
      const beyond = await get('pageSize=2&page=50');
      expect(beyond).toMatchObject({ items: [], total: all.total });
    });

    it('orders by the column the table asks for (decision 030), both ways, on every page alike', async () => {
      type Row = { id: string; status: string; kind: string; familyName: string; submitted: string };
      const list = async (query: string) =>
        (await as(inbox.admin.token, 'GET', `/api/staff/inbox?pageSize=100&${query}`)).json().items as Row[];
      const at = (rows: Row[]) => (id: string) => rows.findIndex((r) => r.id === id);
      const { tourId, questionId, tutoringId, matrixId } = inbox;

      // Received: oldest first on a click, the newest first back again (the default's order).
      const oldest = await list('sort=received&dir=asc');
      expect(oldest.map((r) => r.submitted)).toEqual(oldest.map((r) => r.submitted).sort());
      const newest = (await list('sort=received&dir=desc')).map((r) => r.submitted);
      expect(newest).toEqual([...newest].sort().reverse());
      // The default is the Status column's own order: New first, the newest first within each status.
      expect((await list('')).map((r) => r.id)).toEqual((await list('sort=status&dir=asc')).map((r) => r.id));
      const o = at(oldest);
      expect([o(matrixId), o(tutoringId), o(tourId), o(questionId)]).toEqual(
        [o(matrixId), o(tutoringId), o(tourId), o(questionId)].sort((x, y) => x - y),
      );

      // From: the family's name (Ana Rivera, Chidi Okonkwo, Matrix Family, Priya Lumen), and backwards.
      const byName = at(await list('sort=from&dir=asc'));
      expect(byName(tourId)).toBeLessThan(byName(questionId));
      expect(byName(questionId)).toBeLessThan(byName(matrixId));
      expect(byName(matrixId)).toBeLessThan(byName(tutoringId));
      const byNameDesc = at(await list('sort=from&dir=desc'));
      expect(byNameDesc(tutoringId)).toBeLessThan(byNameDesc(matrixId));
      expect(byNameDesc(matrixId)).toBeLessThan(byNameDesc(questionId));
      expect(byNameDesc(questionId)).toBeLessThan(byNameDesc(tourId));

      // Status: the statuses' own order, New first, the newest first within one; Closed last when reversed.
      const statusOrder = ['New', 'Replied', 'Contacted', 'Toured', 'Placed', 'Enrolled', 'Closed'];
      const byStatus = await list('sort=status&dir=asc');
      const ranks = byStatus.map((r) => statusOrder.indexOf(r.status));
      expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
      for (let i = 1; i < byStatus.length; i++)
        if (byStatus[i]!.status === byStatus[i - 1]!.status)
          expect(byStatus[i]!.submitted <= byStatus[i - 1]!.submitted).toBe(true);
      const s = at(byStatus);
      // New: the tour (Nov 19) before tutoring (Nov 18); then the replied question (Nov 20).
      expect(s(tourId)).toBeLessThan(s(tutoringId));
      expect(s(tutoringId)).toBeLessThan(s(questionId));
      const descRanks = (await list('sort=status&dir=desc')).map((r) => statusOrder.indexOf(r.status));
      expect(descRanks).toEqual([...descRanks].sort((x, y) => y - x));

      // Kind: questions, tour requests, then tutoring (as the table names them), and backwards.
      const kinds = ['contact', 'tour', 'tutoring'];
      const byKind = (await list('sort=kind&dir=asc')).map((r) => kinds.indexOf(r.kind));
      expect(byKind).toEqual([...byKind].sort((x, y) => x - y));
      const byKindDesc = (await list('sort=kind&dir=desc')).map((r) => kinds.indexOf(r.kind));
      expect(byKindDesc).toEqual([...byKindDesc].sort((x, y) => y - x));

      // Pages of two, in a sort with ties (kind), add up to the whole list in the same order.
      const whole = (await list('sort=kind&dir=desc')).map((r) => r.id);
      const pages: string[] = [];
      for (let page = 1; pages.length < whole.length; page++) {
        const res = await as(
          inbox.admin.token,
          'GET',
          `/api/staff/inbox?sort=kind&dir=desc&pageSize=2&page=${page}`,
        );
        const items = res.json().items as Row[];
        expect(items.length).toBeGreaterThan(0);
        pages.push(...items.map((r) => r.id));
      }
      expect(pages).toEqual(whole);
    });

    it('a sort or direction the table does not offer answers 400 with the choices by the field', async () => {
      const res = await as(inbox.admin.token, 'GET', '/api/staff/inbox?sort=assignee&dir=up');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        sort: 'Sort by received, from, kind or status.',
        dir: 'Sort asc or desc.',
      });
      // A teacher without the inbox learns nothing from a bad sort either.
      expect((await as(inbox.withoutInbox.token, 'GET', '/api/staff/inbox?sort=nope')).statusCode).toBe(403);
    });

    it('bad filters answer 400 with a sentence per field', async () => {
      const res = await as(
        inbox.admin.token,
        'GET',
        '/api/staff/inbox?status=Maybe&kind=letter&assignee=bob&pageSize=500',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        status: 'Choose a status from the list.',
        kind: 'Choose contact, tour, tutoring or message.',
        assignee: 'Choose me, nobody or someone on the staff.',
        pageSize: 'Show between 1 and 100 messages a page.',
      });
    });

    it('a family who writes through the public form appears as New', async () => {
      const res = await as(null, 'POST', '/api/Contact', {
        firstName: 'Hana',
        lastName: 'Sato',
        email: 'hana.sato@families.example',
        message: 'We would love to see the garden classroom.',
        tour: true,
      });
      expect(res.statusCode).toBe(204);
      const list = (await as(inbox.admin.token, 'GET', '/api/staff/inbox?q=hana.sato')).json();
      expect(list.items).toEqual([
        expect.objectContaining({ kind: 'tour', status: 'New', familyName: 'Hana Sato' }),
      ]);
    });
  });

  describe('an item', () => {
    it('reads the whole submission with its thread, oldest first', async () => {
      await as(inbox.admin.token, 'POST', `/api/staff/inbox/${inbox.tourId}/notes`, {
        body: 'Left a voicemail.',
      });
      await as(inbox.withInbox.token, 'POST', `/api/staff/inbox/${inbox.tourId}/notes`, {
        body: 'She called back.',
      });
      const item = (await as(inbox.withInbox.token, 'GET', `/api/staff/inbox/${inbox.tourId}`)).json();
      expect(item).toMatchObject({
        id: inbox.tourId,
        kind: 'tour',
        firstName: 'Ana',
        lastName: 'Rivera',
        message: 'Could we visit on a Tuesday morning? Marigold is shy at first.',
        statuses: ['New', 'Replied', 'Toured', 'Enrolled', 'Closed'],
        hasAccount: false,
      });
      expect(item.entries).toEqual([
        expect.objectContaining({
          kind: 'Note',
          body: 'Left a voicemail.',
          author: expect.objectContaining({ id: inbox.admin.userId }),
        }),
        expect.objectContaining({
          kind: 'Note',
          body: 'She called back.',
          author: expect.objectContaining({ id: inbox.withInbox.userId }),
        }),
      ]);
      const tutoring = (await as(inbox.admin.token, 'GET', `/api/staff/inbox/${inbox.tutoringId}`)).json();
      expect(tutoring).toMatchObject({
        firstName: 'Priya',
        lastName: 'Lumen',
        grade: '2',
        subjectMatter: 'Reading & phonics',
        phone: '+16505550111',
        statuses: ['New', 'Contacted', 'Placed', 'Closed'],
      });
      const [audit] = await inbox.t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, inbox.tourId), eq(auditEvents.action, 'inbox.note')));
      expect(audit).toMatchObject({ entityType: 'ContactSubmission', actorUserId: inbox.admin.userId });
    });

    it('unknown and hostile ids are 404 on every route, and nothing changes', async () => {
      const before = await snapshot();
      for (const id of [
        crypto.randomUUID(),
        'abc',
        "1' or '1'='1",
        '..%2F..%2Fteam',
        '00000000-0000-0000-0000-000000000000',
      ]) {
        const path = `/api/staff/inbox/${encodeURIComponent(id)}`;
        expect((await as(inbox.admin.token, 'GET', path)).statusCode).toBe(404);
        expect((await as(inbox.admin.token, 'PATCH', path, { status: 'Closed' })).statusCode).toBe(404);
        expect((await as(inbox.admin.token, 'POST', `${path}/notes`, { body: 'x' })).statusCode).toBe(404);
        expect((await as(inbox.admin.token, 'POST', `${path}/replies`, { body: 'x' })).statusCode).toBe(404);
        expect((await as(inbox.admin.token, 'POST', `${path}/invite`)).statusCode).toBe(404);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('bad input answers 400 by the field and changes nothing', async () => {
      const before = await snapshot();
      const wrongKind = await as(inbox.admin.token, 'PATCH', `/api/staff/inbox/${inbox.tourId}`, {
        status: 'Placed',
      });
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json().fields).toEqual({ status: 'Choose New, Replied, Toured, Enrolled or Closed.' });
      const notAStatus = await as(inbox.admin.token, 'PATCH', `/api/staff/inbox/${inbox.tourId}`, {
        status: 'Lost',
      });
      expect(notAStatus.json().fields).toEqual({ status: 'Choose a status from the list.' });
      const nothing = await as(inbox.admin.token, 'PATCH', `/api/staff/inbox/${inbox.tourId}`, {});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().fields).toEqual({ status: 'Choose a status or who looks after this.' });
      const cannotRead = await as(inbox.admin.token, 'PATCH', `/api/staff/inbox/${inbox.tourId}`, {
        assigneeId: inbox.withoutInbox.userId,
      });
      expect(cannotRead.statusCode).toBe(400);
      expect(cannotRead.json().fields).toEqual({
        assigneeId: 'Choose the director or a teacher who has the inbox.',
      });
      const notAnId = await as(inbox.admin.token, 'PATCH', `/api/staff/inbox/${inbox.tourId}`, {
        assigneeId: 'bob',
      });
      expect(notAnId.json().fields).toEqual({ assigneeId: 'Choose someone from the list.' });
      const emptyNote = await as(inbox.admin.token, 'POST', `/api/staff/inbox/${inbox.tourId}/notes`, {
        body: '   ',
      });
      expect(emptyNote.statusCode).toBe(400);
      expect(emptyNote.json().fields).toEqual({ body: 'Please write a note.' });
      const emptyReply = await as(inbox.admin.token, 'POST', `/api/staff/inbox/${inbox.tourId}/replies`, {});
      expect(emptyReply.statusCode).toBe(400);
      expect(emptyReply.json().fields).toEqual({ body: 'Please write your reply.' });
      const long = await as(inbox.admin.token, 'POST', `/api/staff/inbox/${inbox.tourId}/replies`, {
        body: 'x'.repeat(8001),
      });
      expect(long.json().fields).toEqual({ body: 'Please keep the reply under 8000 characters.' });
      expect(await snapshot()).toEqual(before);
    });

    it('status and assignee change together, audited with before and after', async () => {
      const res = await as(inbox.admin.token, 'PATCH', `/api/staff/inbox/${inbox.tutoringId}`, {
        status: 'Placed',
        assigneeId: inbox.withInbox.userId,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'Placed', assignee: { id: inbox.withInbox.userId } });
      const [audit] = await inbox.t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, inbox.tutoringId), eq(auditEvents.action, 'inbox.update')));
      expect(audit).toMatchObject({
        entityType: 'TutoringWaitlistSubmission',
        before: { status: 'New', assigneeId: null },
        after: { status: 'Placed', assigneeId: inbox.withInbox.userId },
      });
      const cleared = await as(inbox.admin.token, 'PATCH', `/api/staff/inbox/${inbox.tutoringId}`, {
        status: 'New',
        assigneeId: null,
      });
      expect(cleared.json()).toMatchObject({ status: 'New', assignee: null });
    });
  });
});
