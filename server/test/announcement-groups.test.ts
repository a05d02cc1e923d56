/**
 * One announcement to several sessions is one announcement for a family (issue 21 item 13; spec §7
 * `POST /api/Announcement` body `{classSessionIds, announcement}`): a family with a child in each of two
 * sessions sees it once in `GET /api/Announcement` and each parent gets one email, through the spec's call,
 * the staff's "Send now" and the scheduled sweep (also when the sweep's batch would cut the group in two).
 * On PGlite and on the PostgreSQL server.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, mailOutbox } from '../src/db/schema.ts';
import { sendDueAnnouncements } from '../src/features/announcements/announcement-sweep.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('one announcement to two sessions on %s', (kind) => {
  let t: TestApp;
  let clock: MovableClock;
  let a: ReturnType<typeof api>;
  let admin: string;
  let acorn: number;
  let maple: number;
  let family: Family;
  let other: Family;

  const enrollPaid = async (f: Family, id: number, studentIds: string[]) => {
    const res = await a.enroll(f, id, studentIds);
    expect(res.statusCode, res.body).toBe(201);
    expect((await a.press(res.json().checkoutId, 'pay')).statusCode).toBe(303);
  };

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    admin = (await a.promote('Director', 'Admin')).token;
    acorn = await a.session({ name: 'Acorn Room', rosterSize: 5 });
    maple = await a.session({ name: 'Maple Room', rosterSize: 5 });
    // Ava in Acorn Room, Ben in Maple Room; another family only in Maple Room.
    family = await a.family('Rivera', 2);
    await enrollPaid(family, acorn, [family.childIds[0]!]);
    await enrollPaid(family, maple, [family.childIds[1]!]);
    other = await a.family('Chen', 1);
    await enrollPaid(other, maple, other.childIds);
    await t.flush();
  });
  afterAll(async () => t?.close());

  const titlesSeenBy = async (f: Family) =>
    (await a.call(f.token, 'GET', '/api/Announcement')).json().map((x: { title: string }) => x.title);
  const mailsWithSubject = async (subject: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))
      .map((m) => m.to)
      .sort();

  it('the spec’s call: the family lists it once and is emailed once; each session’s page shows it', async () => {
    const posted = await a.call(admin, 'POST', '/api/Announcement', {
      classSessionIds: [acorn, maple],
      announcement: {
        title: 'Pajama day on Friday',
        webMessage: 'Come in pajamas.',
        emailMessage: 'Friday is pajama day!',
        sendEmail: true,
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await titlesSeenBy(family)).filter((x: string) => x === 'Pajama day on Friday')).toHaveLength(1);
    expect(await titlesSeenBy(other)).toContain('Pajama day on Friday');
    for (const id of [acorn, maple])
      expect((await a.call(family.token, 'GET', `/api/Announcement/ClassSession/${id}`)).json()).toHaveLength(
        1,
      );
    expect(await mailsWithSubject('Pajama day on Friday')).toEqual([family.email, other.email].sort());
  });

  it('the staff’s "Send now": listed once, one email per parent', async () => {
    const res = await a.call(admin, 'POST', '/api/staff/announcements', {
      classSessionIds: [acorn, maple],
      title: 'Picture day',
      webMessage: '<p>Smile!</p>',
      emailMessage: 'Picture day is Tuesday.',
      sendAt: null,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await titlesSeenBy(family)).filter((x: string) => x === 'Picture day')).toHaveLength(1);
    expect(await mailsWithSubject('Picture day')).toEqual([family.email, other.email].sort());
  });

  it('the sweep sends a scheduled group together even when its batch is full, so one email', async () => {
    // 49 notes due earlier fill the sweep's batch of 50 but for the group's first row.
    const due = new Date('2026-11-21T16:00:00Z');
    await t.database.db.insert(announcements).values(
      Array.from({ length: 49 }, (_, i) => ({
        title: `Filler ${i}`,
        classSessionId: acorn,
        showOnWeb: false,
        sendAt: new Date(due.getTime() - 60_000),
      })),
    );
    const res = await a.call(admin, 'POST', '/api/staff/announcements', {
      classSessionIds: [acorn, maple],
      title: 'Field trip',
      webMessage: '<p>Bring a hat.</p>',
      emailMessage: 'Field trip on Thursday: bring a hat.',
      sendAt: '2026-11-21T08:00',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    clock.set('2026-11-21T17:00:00Z');
    const deps = {
      database: t.database,
      now: () => clock.now(),
      sms: t.ctx.sms,
      push: t.ctx.push,
      log: () => {},
    };
    await sendDueAnnouncements(deps);
    await sendDueAnnouncements(deps);
    expect(await mailsWithSubject('Field trip')).toEqual([family.email, other.email].sort());
    await a.signIn(family);
    expect((await titlesSeenBy(family)).filter((x: string) => x === 'Field trip')).toHaveLength(1);
  });
});
