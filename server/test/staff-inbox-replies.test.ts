/**
 * The staff inbox writing to the family (issue 10): replies mailed to the family with Reply-To the center, in
 * the family's language (issue 14), moving the status on; the invitation to register with the form filled in;
 * a family with an account not invited again; a failed last step rolling the whole write back; and the demo's
 * inbox. Who may call what, the list and an item are in staff-inbox.test.ts, the shared set-up in
 * support/inbox-app.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, inboxEntries, mailOutbox } from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { dbKinds } from './helpers.ts';
import { CENTER_EMAIL, inboxApp } from './support/inbox-app.ts';

describe.each(dbKinds)('staff inbox on %s', (kind) => {
  const inbox = inboxApp(kind);
  const { as, addContact, count, snapshot } = inbox;

  describe('writing to the family', () => {
    it('a reply queues exactly one mail to the family, Reply-To the center, signed warmly; New becomes Replied', async () => {
      const mails = await count('mail_outbox');
      const res = await as(inbox.withInbox.token, 'POST', `/api/staff/inbox/${inbox.tourId}/replies`, {
        body: 'Tuesday at 9:30 works beautifully — we will have the paint easels out.',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('Replied');
      expect(res.json().entries.at(-1)).toMatchObject({
        kind: 'Reply',
        body: 'Tuesday at 9:30 works beautifully — we will have the paint easels out.',
        author: { id: inbox.withInbox.userId },
      });
      expect(await count('mail_outbox')).toBe(mails + 1);
      const queued = await inbox.t.database.db
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
      await inbox.t.flush();
      const sent = (await inbox.t.mails()).filter((m) => m.to === 'rivera.tour@families.example');
      expect(sent).toEqual([expect.objectContaining({ replyTo: CENTER_EMAIL })]);
      const [audit] = await inbox.t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, inbox.tourId), eq(auditEvents.action, 'inbox.reply')));
      expect(audit).toMatchObject({
        actorUserId: inbox.withInbox.userId,
        before: { status: 'New' },
        after: { status: 'Replied', to: 'rivera.tour@families.example', mailId: queued[0]!.id },
      });
      // A second reply keeps a later status as it is.
      await as(inbox.admin.token, 'PATCH', `/api/staff/inbox/${inbox.tourId}`, { status: 'Toured' });
      const again = await as(inbox.admin.token, 'POST', `/api/staff/inbox/${inbox.tourId}/replies`, {
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
      const [item] = (await as(inbox.admin.token, 'GET', '/api/staff/inbox?q=lupita.zamora')).json().items;
      const read = (await as(inbox.admin.token, 'GET', `/api/staff/inbox/${item.id}`)).json();
      expect(read.language).toBe('es');
      const reply = await as(inbox.withInbox.token, 'POST', `/api/staff/inbox/${item.id}/replies`, {
        body: '¡Claro que sí! ¿Le queda bien el martes a las 9:30?',
      });
      expect(reply.statusCode).toBe(201);
      const [queued] = await inbox.t.database.db
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
      const res = await as(inbox.admin.token, 'POST', `/api/staff/inbox/${inbox.tutoringId}/replies`, {
        body: 'We have a reading tutor with Thursday afternoons free.',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('Contacted');
      const [mail] = await inbox.t.database.db
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
      const res = await as(inbox.admin.token, 'POST', `/api/staff/inbox/${inbox.tutoringId}/invite`);
      expect(res.statusCode).toBe(201);
      const [mail] = (
        await inbox.t.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, 'priya.lumen@families.example'))
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
      const [audit] = await inbox.t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, inbox.tutoringId), eq(auditEvents.action, 'inbox.invite')));
      expect(audit).toMatchObject({
        actorUserId: inbox.admin.userId,
        after: { to: 'priya.lumen@families.example' },
      });
    });

    it('a family that already has an account is not invited again (409 by email, nothing sent)', async () => {
      const id = await addContact({
        firstName: 'Parent',
        lastName: 'Family',
        email: inbox.parent.email,
        message: 'Is there room in the spring session?',
        submitted: new Date('2026-11-20T10:00:00Z'),
      });
      expect((await as(inbox.admin.token, 'GET', `/api/staff/inbox/${id}`)).json().hasAccount).toBe(true);
      const before = await snapshot();
      const res = await as(inbox.admin.token, 'POST', `/api/staff/inbox/${id}/invite`);
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
      await inbox.t.database.db.execute(
        sql`alter table audit_events add constraint inbox_test_refuse
          check (coalesce(after->>'to', '') <> 'rollback@families.example') not valid`,
      );
      try {
        const res = await as(inbox.admin.token, 'POST', `/api/staff/inbox/${id}/replies`, {
          body: 'Yes, Saturdays!',
        });
        expect(res.statusCode).toBe(500);
      } finally {
        await inbox.t.database.db.execute(sql`alter table audit_events drop constraint inbox_test_refuse`);
      }
      expect(await snapshot()).toEqual(before);
      expect(
        await inbox.t.database.db.select().from(inboxEntries).where(eq(inboxEntries.contactSubmissionId, id)),
      ).toEqual([]);
      expect((await as(inbox.admin.token, 'GET', `/api/staff/inbox/${id}`)).json().status).toBe('New');
    });
  });

  describe('the demo', () => {
    it('seeds a tour request, a question and a family’s message still new, and a tutoring family with a note thread', async () => {
      const before = (await as(inbox.admin.token, 'GET', '/api/staff/inbox/summary')).json().newCount;
      await seedDemo(inbox.t.database.db, '2026-11-20');
      expect((await as(inbox.admin.token, 'GET', '/api/staff/inbox/summary')).json().newCount).toBe(
        before + 3,
      );
      const messages = (
        await as(inbox.admin.token, 'GET', '/api/staff/inbox?kind=message&status=New')
      ).json();
      expect(messages.items.map((i: { preview: string }) => i.preview)).toEqual([
        expect.stringContaining('running about 20 minutes late'),
      ]);
      const find = async (q: string) =>
        (await as(inbox.admin.token, 'GET', `/api/staff/inbox?q=${encodeURIComponent(q)}`)).json().items[0];
      expect(await find('maya.chen@example.com')).toMatchObject({
        kind: 'tour',
        status: 'New',
        childName: 'Theo',
      });
      expect(await find('daniel.moreno@example.com')).toMatchObject({ kind: 'contact', status: 'New' });
      const tutoring = await find('Priya Raman');
      expect(tutoring).toMatchObject({ kind: 'tutoring', status: 'Contacted', entryCount: 2 });
      const item = (await as(inbox.admin.token, 'GET', `/api/staff/inbox/${tutoring.id}`)).json();
      expect(item.assignee).toMatchObject({ firstName: 'Elena', lastName: 'Okafor' });
      expect(item.entries.map((e: { kind: string }) => e.kind)).toEqual(['Note', 'Reply']);
      // Tour times (decision 028): Maya booked next Tuesday at 9:30, the Ellises come today at 3:30 pm.
      const maya = await find('maya.chen@example.com');
      expect((await as(inbox.admin.token, 'GET', `/api/staff/inbox/${maya.id}`)).json().tour).toMatchObject({
        startsAt: '2026-11-24T17:30:00.000Z',
        minutes: 45,
      });
      const ellis = await find('jordan.ellis@example.com');
      expect(ellis).toMatchObject({ kind: 'tour', status: 'Replied' });
      const today = (await as(inbox.admin.token, 'GET', '/api/staff/today')).json();
      expect(today.inbox.toursToday).toEqual([
        expect.objectContaining({
          id: ellis.id,
          familyName: 'Jordan Ellis',
          startsAt: '2026-11-20T23:30:00.000Z',
        }),
      ]);
      const slots = (await as(inbox.admin.token, 'GET', '/api/staff/tour-slots')).json().items;
      expect(slots).toHaveLength(5);
    });
  });
});
