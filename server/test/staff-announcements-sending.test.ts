/**
 * Announcements on the staff side, sending (issue 10): "send now" queues the mail in the same transaction; a
 * scheduled announcement is sent once by the sweep, also by two sweeps (two app instances on the same
 * database) racing; edits after sending change the web copy only; cancelling before sending means never sent;
 * the spec's `POST /api/Announcement` records sent time and counts and keeps a teacher to their own sessions.
 * Who may call what and the list are in staff-announcements.test.ts, the shared set-up in
 * support/announcements-app.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { announcements, auditEvents } from '../src/db/schema.ts';
import {
  type AnnouncementSweepDeps,
  sendDueAnnouncements,
  sweepAnnouncements,
} from '../src/features/announcements/announcement-sweep.ts';
import { createTestApp, dbKinds } from './helpers.ts';
import { announcementsApp, BASE } from './support/announcements-app.ts';

describe.each(dbKinds)('staff announcements on %s', (kind) => {
  const desk = announcementsApp(kind);
  const { clock, as, moveClock, mailsWithSubject, smsLog, body, scheduled } = desk;

  describe('sending', () => {
    const sweepDeps = (database: Pick<Database, 'db' | 'exclusive'>): AnnouncementSweepDeps => ({
      database,
      now: () => clock.now(),
      sms: desk.t.ctx.sms,
      push: desk.t.ctx.push,
      log: () => {},
    });

    it('"send now" queues the email in the same transaction and records the delivery counts', async () => {
      const res = await as(desk.teacher, 'POST', BASE, body({ title: 'Rain boots today', sendAt: null }));
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
        [desk.parent.email, 'rosa@families.example'].sort(),
      );
      await desk.t.flush();
      const texts = (await smsLog()).filter((m) => m.body === 'Bright Oak: Friday is pajama day!');
      expect(texts.map((m) => m.to).sort()).toEqual(['+16505550100', '+16505550199']);
    });

    it('a scheduled announcement is sent once by the sweep when due, not before; families see it only then', async () => {
      const id = await scheduled({ title: 'Picture day', sendAt: '2026-11-21T08:30', startDate: null });
      expect((await sendDueAnnouncements(sweepDeps(desk.t.database))).includes(id)).toBe(false);
      const before = (await as(desk.parent.token, 'GET', '/api/Announcement')).json();
      expect(before.map((x: { id: number }) => x.id)).not.toContain(id);
      expect(await mailsWithSubject('Picture day')).toEqual([]);

      await moveClock('2026-11-21T16:31:00Z'); // 8:31 in California
      const swept = await sweepAnnouncements(sweepDeps(desk.t.database));
      expect(swept).toMatchObject({ ran: true, value: expect.arrayContaining([id]) });
      expect(await sendDueAnnouncements(sweepDeps(desk.t.database))).toEqual([]);
      expect(await mailsWithSubject('Picture day')).toEqual(
        [desk.parent.email, 'rosa@families.example'].sort(),
      );
      const [row] = await desk.t.database.db.select().from(announcements).where(eq(announcements.id, id));
      expect(row).toMatchObject({ emailCount: 2, smsCount: 2, sentAt: new Date('2026-11-21T16:31:00Z') });
      expect(row!.sendAt).toEqual(new Date('2026-11-21T16:30:00Z'));
      const after = (await as(desk.parent.token, 'GET', '/api/Announcement')).json();
      // Without a first day of its own, it starts showing when it is sent.
      expect(after.find((x: { id: number }) => x.id === id)).toMatchObject({
        title: 'Picture day',
        startDate: '2026-11-21T16:31:00.000Z',
        webMessage: '<p>Come in <strong>pajamas</strong> on Friday!</p>',
      });
      const [audit] = await desk.t.database.db
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
          classSessionIds: [desk.notMine],
        }),
      ];
      // A second process: on PostgreSQL its own pool (own connections, advisory locks and row locks).
      let second: Database = desk.t.database;
      if (kind === 'postgres') {
        const [current] = await queryRows<{ name: string }>(
          desk.t.database.db,
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
          sweepAnnouncements(sweepDeps(desk.t.database)),
          sweepAnnouncements({ ...sweepDeps(second), sms: other.ctx.sms }),
          sendDueAnnouncements(sweepDeps(desk.t.database)),
          sendDueAnnouncements({ ...sweepDeps(second), sms: other.ctx.sms }),
          other.ctx.work.runNow(),
        ]);
        const sentIds = results
          .slice(0, 4)
          .flatMap((r) => (Array.isArray(r) ? r : r && 'value' in r ? r.value : []));
        expect(new Set(sentIds).size).toBe(sentIds.length);
        const rows = await desk.t.database.db
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
        expect(await mailsWithSubject('Book fair')).toEqual(
          [desk.parent.email, 'rosa@families.example'].sort(),
        );
        expect(await mailsWithSubject('Book fair reminder')).toHaveLength(3);
      } finally {
        await other.close();
        if (second !== desk.t.database) await second.close();
      }
    });

    it('after sending, edits change the web copy only, and say so', async () => {
      await moveClock('2026-11-21T18:00:00Z');
      const res = await as(desk.teacher, 'POST', BASE, body({ title: 'Field trip', sendAt: null }));
      const sent = res.json().items[0];
      const mailsBefore = (await mailsWithSubject('Field trip')).length;
      const changed = await as(desk.teacher, 'PUT', `${BASE}/${sent.id}`, {
        ...body({ title: 'Field trip', sendAt: undefined }),
        emailMessage: 'A different email',
        smsMessage: 'A different text',
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().fields.emailMessage).toMatch(/went out on .*Edits change the web copy only/);
      expect(changed.json().fields.smsMessage).toMatch(/can no longer change/);
      const ok = await as(desk.teacher, 'PUT', `${BASE}/${sent.id}`, {
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
      const [audit] = await desk.t.database.db
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
        desk.teacher,
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
        desk.teacher,
        'PUT',
        `${BASE}/${id}`,
        body({ title: 'Snack week', sendAt: null, emailMessage: 'Bring fruit.' }),
      );
      expect(now.json().message).toMatch(/Saved and sent/);
      expect(await mailsWithSubject('Snack week')).toHaveLength(2);
    });

    it('cancelled before sending, it is never sent; cancelled after, families no longer see it', async () => {
      const id = await scheduled({ title: 'Music class', sendAt: '2026-11-22T09:00' });
      const cancel = await as(desk.teacher, 'POST', `${BASE}/${id}/cancel`);
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json().message).toBe('Cancelled. It will not be sent.');
      expect(cancel.json().items[0]).toMatchObject({ status: 'cancelled', isActive: false });
      expect((await as(desk.teacher, 'POST', `${BASE}/${id}/cancel`)).statusCode).toBe(409);
      expect((await as(desk.teacher, 'PUT', `${BASE}/${id}`, body())).statusCode).toBe(409);
      await moveClock('2026-11-23T18:00:00Z');
      expect(await sendDueAnnouncements(sweepDeps(desk.t.database))).not.toContain(id);
      expect(await mailsWithSubject('Music class')).toEqual([]);

      const sent = (await as(desk.teacher, 'POST', BASE, body({ title: 'Art show', sendAt: null }))).json()
        .items[0];
      const seen = () =>
        as(desk.parent.token, 'GET', '/api/Announcement').then((r) =>
          r.json().map((x: { id: number }) => x.id),
        );
      expect(await seen()).toContain(sent.id);
      const taken = await as(desk.admin, 'POST', `${BASE}/${sent.id}/cancel`);
      expect(taken.json().message).toMatch(/no longer see it on the web/);
      expect(taken.json().items[0]).toMatchObject({ status: 'cancelled', emailCount: 2, isActive: false });
      expect(await seen()).not.toContain(sent.id);
      const actions = await desk.t.database.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(and(eq(auditEvents.entityType, 'Announcement'), eq(auditEvents.entityId, String(id))))
        .orderBy(auditEvents.seq);
      expect(actions.map((x) => x.action)).toEqual(['announcement.schedule', 'announcement.cancel']);
    });

    it('the spec’s POST /api/Announcement still answers its sentence and now records sent time and counts', async () => {
      const res = await as(desk.admin, 'POST', '/api/Announcement', {
        classSessionIds: [desk.mine],
        announcement: {
          title: 'Spec note',
          webMessage: 'Hello',
          emailMessage: 'Hello by email',
          sendEmail: true,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.body).toBe('Posted 1 announcement; 2 emails and 0 text messages on their way.');
      const [row] = await desk.t.database.db
        .select()
        .from(announcements)
        .where(eq(announcements.title, 'Spec note'));
      expect(row).toMatchObject({ emailCount: 2, smsCount: 0 });
      expect(row!.sentAt).toEqual(clock.now());
    });

    it('through the spec’s POST /api/Announcement a teacher writes only to their own sessions', async () => {
      const count = async () =>
        (await desk.t.database.db.select({ id: announcements.id }).from(announcements)).length;
      const body = (classSessionIds: number[]) => ({
        classSessionIds,
        announcement: { title: 'From the classroom', webMessage: 'We planted beans today.' },
      });
      const before = await count();
      expect((await as(desk.teacher, 'POST', '/api/Announcement', body([desk.notMine]))).statusCode).toBe(
        404,
      );
      expect(
        (await as(desk.teacher, 'POST', '/api/Announcement', body([desk.mine, desk.notMine]))).statusCode,
      ).toBe(404);
      expect((await as(desk.teacher, 'POST', '/api/Announcement', body([]))).statusCode).toBe(403);
      expect(await count()).toBe(before);
      expect((await as(desk.teacher, 'POST', '/api/Announcement', body([desk.mine]))).statusCode).toBe(201);
      expect(await count()).toBe(before + 1);
    });
  });
});
