/**
 * The staff inbox (issue 10, "Inbox (Admin, and Staff when given the right)"): a role × route matrix over
 * every inbox route (anonymous, parent, teacher without the inbox, teacher with it, director) that checks
 * the status and that nothing leaked or changed; the list's order, filters, pagination and new count; replies
 * mailed to the family with Reply-To the center; the invitation to register with the form filled in; bad
 * input (400 by field) and hostile ids (404); and the audit row written with every change.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  auditEvents,
  contactSubmissions,
  inboxEntries,
  mailOutbox,
  tutoringWaitlistSubmissions,
} from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';
const CENTER_EMAIL = 'office@brightoak.example';

/** Words only the submissions hold: a refusal's body must contain none of them. */
const SECRETS = ['Marigold', 'rivera.tour@families.example', 'Okonkwo', 'Lumen', 'Quill'];

describe.each(dbKinds)('staff inbox on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: Family;
  let withInbox: Family;
  let withoutInbox: Family;
  let parent: Family;
  let tourId: string;
  let questionId: string;
  let tutoringId: string;
  let matrixId: string;
  const clock = movableClock(NOW);

  /** Each call a minute after the last, so a thread's entries have an order of their own. */
  const as = (token: string | null, method: string, url: string, payload?: object) => {
    clock.advanceMinutes(1);
    return a.call(token, method, url, payload);
  };

  const addContact = async (
    values: Partial<typeof contactSubmissions.$inferInsert> & { submitted: Date },
  ) => {
    const [row] = await t.database.db
      .insert(contactSubmissions)
      .values({
        firstName: 'Ana',
        lastName: 'Rivera',
        email: 'ana.rivera@families.example',
        message: 'Hello!',
        ...values,
      })
      .returning({ id: contactSubmissions.id });
    return row!.id;
  };

  const count = async (table: 'audit_events' | 'mail_outbox' | 'inbox_entries') =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!
      .n;

  /** Everything a refused call could have changed. */
  const snapshot = async () => ({
    audit: await count('audit_events'),
    mail: await count('mail_outbox'),
    entries: await count('inbox_entries'),
    contact: await t.database.db
      .select({
        id: contactSubmissions.id,
        status: contactSubmissions.status,
        a: contactSubmissions.assigneeId,
      })
      .from(contactSubmissions)
      .orderBy(contactSubmissions.id),
    tutoring: await t.database.db
      .select({ id: tutoringWaitlistSubmissions.id, status: tutoringWaitlistSubmissions.status })
      .from(tutoringWaitlistSubmissions)
      .orderBy(tutoringWaitlistSubmissions.id),
  });

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { SIGNUP_RATE_LIMIT: '10000', FORM_RATE_LIMIT: '100', CENTER_EMAIL },
    });
    a = api(t);
    admin = await a.promote('Director', 'Admin');
    withInbox = await a.promote('Frontdesk', 'Staff');
    withoutInbox = await a.promote('Teacher', 'Staff');
    parent = await a.family('Parent', 1);
    // The director gives one teacher the inbox through the team API (audited).
    const grant = await as(admin.token, 'PUT', `/api/staff/team/${withInbox.userId}`, { inboxAccess: true });
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({ id: withInbox.userId, role: 'Staff', inboxAccess: true });

    tourId = await addContact({
      firstName: 'Ana',
      lastName: 'Rivera',
      email: 'rivera.tour@families.example',
      childName: 'Marigold',
      tour: true,
      message: 'Could we visit on a Tuesday morning? Marigold is shy at first.',
      submitted: new Date('2026-11-19T16:00:00Z'),
    });
    questionId = await addContact({
      firstName: 'Chidi',
      lastName: 'Okonkwo',
      email: 'chidi.okonkwo@families.example',
      message: 'Do you offer a sibling discount?',
      status: 'Replied',
      submitted: new Date('2026-11-20T09:00:00Z'),
    });
    const [tutoring] = await t.database.db
      .insert(tutoringWaitlistSubmissions)
      .values({
        parentName: 'Priya Lumen',
        studentName: 'Quill Lumen',
        grade: '2',
        emailAddress: 'priya.lumen@families.example',
        phoneNumber: '+16505550111',
        subjectMatter: 'Reading & phonics',
        message: 'Quill loves stories but finds reading aloud hard.',
        submitted: new Date('2026-11-18T16:00:00Z'),
      })
      .returning({ id: tutoringWaitlistSubmissions.id });
    tutoringId = tutoring!.id;
    matrixId = await addContact({
      firstName: 'Matrix',
      lastName: 'Family',
      email: 'matrix@families.example',
      message: 'A question for the matrix.',
      submitted: new Date('2026-11-01T16:00:00Z'),
    });
  });
  afterAll(async () => t?.close());

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher without inbox' | 'teacher with inbox' | 'admin';
    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: parent.token,
        'teacher without inbox': withoutInbox.token,
        'teacher with inbox': withInbox.token,
        admin: admin.token,
      })[who];
    const refused = { anonymous: 401, parent: 403, 'teacher without inbox': 403 } as const;
    const routes: Record<string, { ok: number; call: (token: string | null) => ReturnType<typeof as> }> = {
      'GET list': { ok: 200, call: (tk) => as(tk, 'GET', '/api/staff/inbox') },
      'GET summary': { ok: 200, call: (tk) => as(tk, 'GET', '/api/staff/inbox/summary') },
      'GET item': { ok: 200, call: (tk) => as(tk, 'GET', `/api/staff/inbox/${tourId}`) },
      'PATCH item': {
        ok: 200,
        call: (tk) => as(tk, 'PATCH', `/api/staff/inbox/${matrixId}`, { status: 'Closed' }),
      },
      'POST note': {
        ok: 201,
        call: (tk) => as(tk, 'POST', `/api/staff/inbox/${matrixId}/notes`, { body: 'Called back.' }),
      },
      'POST reply': {
        ok: 201,
        call: (tk) => as(tk, 'POST', `/api/staff/inbox/${matrixId}/replies`, { body: 'Thank you!' }),
      },
      'POST invite': { ok: 201, call: (tk) => as(tk, 'POST', `/api/staff/inbox/${matrixId}/invite`) },
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
      const res = await as(withoutInbox.token, 'PATCH', '/api/staff/inbox/not-an-id', { status: 'Nope' });
      expect(res.statusCode).toBe(403);
      const unknown = await as(withoutInbox.token, 'GET', `/api/staff/inbox/${crypto.randomUUID()}`);
      expect(unknown.statusCode).toBe(403);
    });

    it('only the director grants the inbox; taking it away applies to the next request; audited', async () => {
      const self = await as(withoutInbox.token, 'PUT', `/api/staff/team/${withoutInbox.userId}`, {
        inboxAccess: true,
      });
      expect(self.statusCode).toBe(403);
      const temp = await a.promote('Temporary', 'Staff');
      expect((await as(temp.token, 'GET', '/api/staff/inbox')).statusCode).toBe(403);
      expect(
        (await as(admin.token, 'PUT', `/api/staff/team/${temp.userId}`, { inboxAccess: true })).statusCode,
      ).toBe(200);
      expect((await as(temp.token, 'GET', '/api/staff/inbox')).statusCode).toBe(200);
      const team = (await as(admin.token, 'GET', '/api/staff/team')).json() as {
        id: string;
        inboxAccess: boolean;
      }[];
      expect(team.find((m) => m.id === temp.userId)?.inboxAccess).toBe(true);
      expect(
        (await as(admin.token, 'PUT', `/api/staff/team/${temp.userId}`, { inboxAccess: false })).statusCode,
      ).toBe(200);
      expect((await as(temp.token, 'GET', '/api/staff/inbox/summary')).statusCode).toBe(403);
      const rows = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, temp.userId), eq(auditEvents.action, 'staff.inbox')))
        .orderBy(auditEvents.seq);
      expect(rows.map((r) => r.after)).toEqual([{ inboxAccess: true }, { inboxAccess: false }]);
      const bad = await as(admin.token, 'PUT', `/api/staff/team/${temp.userId}`, { inboxAccess: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.inboxAccess).toBe('Choose whether they may read the inbox.');
    });
  });

  describe('the list', () => {
    it('shows new items first, then newest, with the new count and who may be assigned', async () => {
      const res = await as(admin.token, 'GET', '/api/staff/inbox?pageSize=100');
      expect(res.statusCode).toBe(200);
      const list = res.json();
      const ids = list.items.map((i: { id: string }) => i.id);
      // New: the tour (Nov 19) before tutoring (Nov 18); then the replied question (Nov 20).
      expect(ids.indexOf(tourId)).toBeLessThan(ids.indexOf(tutoringId));
      expect(ids.indexOf(tutoringId)).toBeLessThan(ids.indexOf(questionId));
      const news = list.items.filter((i: { status: string }) => i.status === 'New').length;
      expect(list.newCount).toBe(news);
      expect((await as(withInbox.token, 'GET', '/api/staff/inbox/summary')).json()).toEqual({
        newCount: list.newCount,
      });
      expect(list.items.find((i: { id: string }) => i.id === tourId)).toMatchObject({
        kind: 'tour',
        status: 'New',
        familyName: 'Ana Rivera',
        email: 'rivera.tour@families.example',
        childName: 'Marigold',
        preview: 'Could we visit on a Tuesday morning? Marigold is shy at first.',
        assignee: null,
      });
      expect(list.items.find((i: { id: string }) => i.id === tutoringId)).toMatchObject({
        kind: 'tutoring',
        familyName: 'Priya Lumen',
        childName: 'Quill Lumen',
      });
      const assignees = list.assignees.map((m: { id: string }) => m.id);
      expect(assignees).toEqual(expect.arrayContaining([admin.userId, withInbox.userId]));
      expect(assignees).not.toContain(withoutInbox.userId);
      expect(assignees).not.toContain(parent.userId);
    });

    it('filters by kind, status, assignee and search, and paginates on the server', async () => {
      const get = async (query: string) =>
        (await as(admin.token, 'GET', `/api/staff/inbox?${query}`)).json() as {
          items: { id: string }[];
          total: number;
        };
      expect((await get('kind=tutoring')).items.map((i) => i.id)).toEqual([tutoringId]);
      expect((await get('kind=tour')).items.map((i) => i.id)).toEqual([tourId]);
      expect((await get('status=Replied&kind=contact')).items.map((i) => i.id)).toContain(questionId);
      expect((await get('q=marigold')).items.map((i) => i.id)).toEqual([tourId]);
      expect((await get('q=PRIYA.LUMEN@')).items.map((i) => i.id)).toEqual([tutoringId]);
      expect((await get('q=%25')).total).toBe(0);
      await as(admin.token, 'PATCH', `/api/staff/inbox/${questionId}`, { assigneeId: withInbox.userId });
      const mine = (await as(withInbox.token, 'GET', '/api/staff/inbox?assignee=me')).json();
      expect(mine.items.map((i: { id: string }) => i.id)).toEqual([questionId]);
      expect(mine.items[0].assignee).toEqual({
        id: withInbox.userId,
        firstName: 'Frontdesk',
        lastName: 'Family',
      });
      expect((await get(`assignee=${withInbox.userId}`)).items.map((i) => i.id)).toEqual([questionId]);
      expect((await get('assignee=none')).items.map((i) => i.id)).not.toContain(questionId);
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

    it('bad filters answer 400 with a sentence per field', async () => {
      const res = await as(
        admin.token,
        'GET',
        '/api/staff/inbox?status=Maybe&kind=letter&assignee=bob&pageSize=500',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        status: 'Choose a status from the list.',
        kind: 'Choose contact, tour or tutoring.',
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
      const list = (await as(admin.token, 'GET', '/api/staff/inbox?q=hana.sato')).json();
      expect(list.items).toEqual([
        expect.objectContaining({ kind: 'tour', status: 'New', familyName: 'Hana Sato' }),
      ]);
    });
  });

  describe('an item', () => {
    it('reads the whole submission with its thread, oldest first', async () => {
      await as(admin.token, 'POST', `/api/staff/inbox/${tourId}/notes`, { body: 'Left a voicemail.' });
      await as(withInbox.token, 'POST', `/api/staff/inbox/${tourId}/notes`, { body: 'She called back.' });
      const item = (await as(withInbox.token, 'GET', `/api/staff/inbox/${tourId}`)).json();
      expect(item).toMatchObject({
        id: tourId,
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
          author: expect.objectContaining({ id: admin.userId }),
        }),
        expect.objectContaining({
          kind: 'Note',
          body: 'She called back.',
          author: expect.objectContaining({ id: withInbox.userId }),
        }),
      ]);
      const tutoring = (await as(admin.token, 'GET', `/api/staff/inbox/${tutoringId}`)).json();
      expect(tutoring).toMatchObject({
        firstName: 'Priya',
        lastName: 'Lumen',
        grade: '2',
        subjectMatter: 'Reading & phonics',
        phone: '+16505550111',
        statuses: ['New', 'Contacted', 'Placed', 'Closed'],
      });
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, tourId), eq(auditEvents.action, 'inbox.note')));
      expect(audit).toMatchObject({ entityType: 'ContactSubmission', actorUserId: admin.userId });
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
        expect((await as(admin.token, 'GET', path)).statusCode).toBe(404);
        expect((await as(admin.token, 'PATCH', path, { status: 'Closed' })).statusCode).toBe(404);
        expect((await as(admin.token, 'POST', `${path}/notes`, { body: 'x' })).statusCode).toBe(404);
        expect((await as(admin.token, 'POST', `${path}/replies`, { body: 'x' })).statusCode).toBe(404);
        expect((await as(admin.token, 'POST', `${path}/invite`)).statusCode).toBe(404);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('bad input answers 400 by the field and changes nothing', async () => {
      const before = await snapshot();
      const wrongKind = await as(admin.token, 'PATCH', `/api/staff/inbox/${tourId}`, { status: 'Placed' });
      expect(wrongKind.statusCode).toBe(400);
      expect(wrongKind.json().fields).toEqual({ status: 'Choose New, Replied, Toured, Enrolled or Closed.' });
      const notAStatus = await as(admin.token, 'PATCH', `/api/staff/inbox/${tourId}`, { status: 'Lost' });
      expect(notAStatus.json().fields).toEqual({ status: 'Choose a status from the list.' });
      const nothing = await as(admin.token, 'PATCH', `/api/staff/inbox/${tourId}`, {});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().fields).toEqual({ status: 'Choose a status or who looks after this.' });
      const cannotRead = await as(admin.token, 'PATCH', `/api/staff/inbox/${tourId}`, {
        assigneeId: withoutInbox.userId,
      });
      expect(cannotRead.statusCode).toBe(400);
      expect(cannotRead.json().fields).toEqual({
        assigneeId: 'Choose the director or a teacher who has the inbox.',
      });
      const notAnId = await as(admin.token, 'PATCH', `/api/staff/inbox/${tourId}`, { assigneeId: 'bob' });
      expect(notAnId.json().fields).toEqual({ assigneeId: 'Choose someone from the list.' });
      const emptyNote = await as(admin.token, 'POST', `/api/staff/inbox/${tourId}/notes`, { body: '   ' });
      expect(emptyNote.statusCode).toBe(400);
      expect(emptyNote.json().fields).toEqual({ body: 'Please write a note.' });
      const emptyReply = await as(admin.token, 'POST', `/api/staff/inbox/${tourId}/replies`, {});
      expect(emptyReply.statusCode).toBe(400);
      expect(emptyReply.json().fields).toEqual({ body: 'Please write your reply.' });
      const long = await as(admin.token, 'POST', `/api/staff/inbox/${tourId}/replies`, {
        body: 'x'.repeat(8001),
      });
      expect(long.json().fields).toEqual({ body: 'Please keep the reply under 8000 characters.' });
      expect(await snapshot()).toEqual(before);
    });

    it('status and assignee change together, audited with before and after', async () => {
      const res = await as(admin.token, 'PATCH', `/api/staff/inbox/${tutoringId}`, {
        status: 'Placed',
        assigneeId: withInbox.userId,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'Placed', assignee: { id: withInbox.userId } });
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, tutoringId), eq(auditEvents.action, 'inbox.update')));
      expect(audit).toMatchObject({
        entityType: 'TutoringWaitlistSubmission',
        before: { status: 'New', assigneeId: null },
        after: { status: 'Placed', assigneeId: withInbox.userId },
      });
      const cleared = await as(admin.token, 'PATCH', `/api/staff/inbox/${tutoringId}`, {
        status: 'New',
        assigneeId: null,
      });
      expect(cleared.json()).toMatchObject({ status: 'New', assignee: null });
    });
  });

  describe('writing to the family', () => {
    it('a reply queues exactly one mail to the family, Reply-To the center, signed warmly; New becomes Replied', async () => {
      const mails = await count('mail_outbox');
      const res = await as(withInbox.token, 'POST', `/api/staff/inbox/${tourId}/replies`, {
        body: 'Tuesday at 9:30 works beautifully — we will have the paint easels out.',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('Replied');
      expect(res.json().entries.at(-1)).toMatchObject({
        kind: 'Reply',
        body: 'Tuesday at 9:30 works beautifully — we will have the paint easels out.',
        author: { id: withInbox.userId },
      });
      expect(await count('mail_outbox')).toBe(mails + 1);
      const queued = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'rivera.tour@families.example'));
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({
        replyTo: CENTER_EMAIL,
        subject: 'Your tour of Bright Oak Learning Center',
      });
      expect(queued[0]!.text).toContain('Hi Ana,');
      expect(queued[0]!.text).toContain('Warmly,\nFrontdesk Family\nBright Oak Learning Center');
      expect(queued[0]!.text).toContain('> Could we visit on a Tuesday morning?');
      // It really goes out, with the Reply-To header.
      await t.flush();
      const sent = (await t.mails()).filter((m) => m.to === 'rivera.tour@families.example');
      expect(sent).toEqual([expect.objectContaining({ replyTo: CENTER_EMAIL })]);
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, tourId), eq(auditEvents.action, 'inbox.reply')));
      expect(audit).toMatchObject({
        actorUserId: withInbox.userId,
        before: { status: 'New' },
        after: { status: 'Replied', to: 'rivera.tour@families.example', mailId: queued[0]!.id },
      });
      // A second reply keeps a later status as it is.
      await as(admin.token, 'PATCH', `/api/staff/inbox/${tourId}`, { status: 'Toured' });
      const again = await as(admin.token, 'POST', `/api/staff/inbox/${tourId}/replies`, {
        body: 'Lovely to meet you!',
      });
      expect(again.json().status).toBe('Toured');
    });

    it('a family who wrote from the Spanish site gets the greeting, signature and quote in Spanish (issue 14)', async () => {
      const sent = await as(null, 'POST', '/api/Contact', {
        firstName: 'Lupita',
        lastName: 'Zamora',
        email: 'lupita.zamora@families.example',
        message: '¿Tienen lugar para mi hija en enero?',
        tour: true,
        language: 'es',
      });
      expect(sent.statusCode).toBe(204);
      const [item] = (await as(admin.token, 'GET', '/api/staff/inbox?q=lupita.zamora')).json().items;
      const read = (await as(admin.token, 'GET', `/api/staff/inbox/${item.id}`)).json();
      expect(read.language).toBe('es');
      const reply = await as(withInbox.token, 'POST', `/api/staff/inbox/${item.id}/replies`, {
        body: '¡Claro que sí! ¿Le queda bien el martes a las 9:30?',
      });
      expect(reply.statusCode).toBe(201);
      const [queued] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'lupita.zamora@families.example'));
      expect(queued!.subject).toBe('Su visita a Bright Oak Learning Center');
      expect(queued!.text).toContain('Hola, Lupita:');
      expect(queued!.text).toContain('Con cariño,\nFrontdesk Family\nBright Oak Learning Center');
      expect(queued!.text).toMatch(
        /El \d+ de [a-z]+ usted escribió:\n> ¿Tienen lugar para mi hija en enero\?/,
      );
      expect(queued!.text).not.toContain('Warmly');
      // A language the site does not speak is refused by the field.
      const bad = await as(null, 'POST', '/api/Contact', {
        firstName: 'Lupita',
        lastName: 'Zamora',
        email: 'lupita.zamora@families.example',
        message: 'Hello',
        language: 'fr',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('language');
    });

    it('a reply to a tutoring family moves New to Contacted', async () => {
      const res = await as(admin.token, 'POST', `/api/staff/inbox/${tutoringId}/replies`, {
        body: 'We have a reading tutor with Thursday afternoons free.',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('Contacted');
      const [mail] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, 'priya.lumen@families.example'));
      expect(mail).toMatchObject({
        replyTo: CENTER_EMAIL,
        subject: 'Tutoring for Quill Lumen at Bright Oak Learning Center',
      });
      expect(mail!.text).toContain('Hi Priya,');
    });

    it('“Invite to register” mails a sign-up link with the name and email filled in, and keeps it in the thread', async () => {
      const res = await as(admin.token, 'POST', `/api/staff/inbox/${tutoringId}/invite`);
      expect(res.statusCode).toBe(201);
      const [mail] = (
        await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'priya.lumen@families.example'))
      ).filter((m) => m.subject === 'Create your Bright Oak Learning Center account');
      expect(mail?.replyTo).toBe(CENTER_EMAIL);
      const link = /https?:\/\/\S+\/register#\S+/.exec(mail!.text)![0];
      // After `#`: the browser never sends it, so the family's details stay out of the server's logs.
      const params = new URLSearchParams(new URL(link).hash.slice(1));
      expect(Object.fromEntries(params)).toEqual({
        firstName: 'Priya',
        lastName: 'Lumen',
        email: 'priya.lumen@families.example',
      });
      expect(res.json().entries.at(-1)).toMatchObject({ kind: 'Reply', body: expect.stringContaining(link) });
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, tutoringId), eq(auditEvents.action, 'inbox.invite')));
      expect(audit).toMatchObject({
        actorUserId: admin.userId,
        after: { to: 'priya.lumen@families.example' },
      });
    });

    it('a family that already has an account is not invited again (409 by email, nothing sent)', async () => {
      const id = await addContact({
        firstName: 'Parent',
        lastName: 'Family',
        email: parent.email,
        message: 'Is there room in the spring session?',
        submitted: new Date('2026-11-20T10:00:00Z'),
      });
      expect((await as(admin.token, 'GET', `/api/staff/inbox/${id}`)).json().hasAccount).toBe(true);
      const before = await snapshot();
      const res = await as(admin.token, 'POST', `/api/staff/inbox/${id}/invite`);
      expect(res.statusCode).toBe(409);
      expect(res.json().fields.email).toMatch(/already has an account/);
      expect(await snapshot()).toEqual(before);
    });

    it('a failed last step rolls back the whole write: no entry, no status change, no mail', async () => {
      const id = await addContact({
        firstName: 'Rollback',
        lastName: 'Family',
        email: 'rollback@families.example',
        message: 'Is the garden open on weekends?',
        submitted: new Date('2026-11-20T11:00:00Z'),
      });
      const before = await snapshot();
      // The audit row is written last; refusing it must undo the entry, the status and the queued mail.
      await t.database.db.execute(
        sql`alter table audit_events add constraint inbox_test_refuse
          check (coalesce(after->>'to', '') <> 'rollback@families.example') not valid`,
      );
      try {
        const res = await as(admin.token, 'POST', `/api/staff/inbox/${id}/replies`, {
          body: 'Yes, Saturdays!',
        });
        expect(res.statusCode).toBe(500);
      } finally {
        await t.database.db.execute(sql`alter table audit_events drop constraint inbox_test_refuse`);
      }
      expect(await snapshot()).toEqual(before);
      expect(
        await t.database.db.select().from(inboxEntries).where(eq(inboxEntries.contactSubmissionId, id)),
      ).toEqual([]);
      expect((await as(admin.token, 'GET', `/api/staff/inbox/${id}`)).json().status).toBe('New');
    });
  });

  describe('the demo', () => {
    it('seeds a tour request and a question still new, and a tutoring family with a note thread', async () => {
      const before = (await as(admin.token, 'GET', '/api/staff/inbox/summary')).json().newCount;
      await seedDemo(t.database.db, '2026-11-20');
      expect((await as(admin.token, 'GET', '/api/staff/inbox/summary')).json().newCount).toBe(before + 2);
      const find = async (q: string) =>
        (await as(admin.token, 'GET', `/api/staff/inbox?q=${encodeURIComponent(q)}`)).json().items[0];
      expect(await find('maya.chen@example.com')).toMatchObject({
        kind: 'tour',
        status: 'New',
        childName: 'Theo',
      });
      expect(await find('daniel.moreno@example.com')).toMatchObject({ kind: 'contact', status: 'New' });
      const tutoring = await find('Priya Raman');
      expect(tutoring).toMatchObject({ kind: 'tutoring', status: 'Contacted', entryCount: 2 });
      const item = (await as(admin.token, 'GET', `/api/staff/inbox/${tutoring.id}`)).json();
      expect(item.assignee).toMatchObject({ firstName: 'Elena', lastName: 'Okafor' });
      expect(item.entries.map((e: { kind: string }) => e.kind)).toEqual(['Note', 'Reply']);
    });
  });
});
