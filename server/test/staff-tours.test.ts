/**
 * Tour slots (issue 24, decision 028) on a fixed Friday morning (support/passes-staff-app.ts, Nov 20, 2026,
 * 8:00 am in California): who may read, publish and remove tour times (role × route, nothing written when
 * refused), bad input by its field, the public list (free, future, open days, nothing about who booked),
 * booking with a schedule-a-tour request (the family's mail, the inbox item, the race for the last place),
 * the reminder the day before (once, even with two sweeps), Toured after the time, Enrolled after a paid
 * place, Today, and removing a booked time.
 */
import type { InboxItem, StaffToday, StaffTourSlot } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { runTourSweep } from '../src/features/inbox/tour-sweep.ts';
import { dbKinds } from './helpers.ts';
import { EVERYONE, passesStaffApp, statusFor } from './support/passes-staff-app.ts';

const NO_SLOT = '00000000-0000-4000-8000-000000000000';

describe.each(dbKinds)('tour slots on %s', (kind) => {
  const desk = passesStaffApp(kind);
  const { as, token } = desk;
  const db = () => desk.t.database.db;

  const count = async (table: string) =>
    (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!
      .n;
  const snapshot = async () => ({
    slots: await count('tour_slots'),
    audit: await count('audit_events'),
    mail: await count('mail_outbox'),
    contact: await count('contact_submissions'),
  });
  const mailsTo = (to: string) =>
    queryRows<{ subject: string; text: string }>(
      db(),
      sql`select subject, text from mail_outbox where "to" = ${to} order by created, id`,
    );
  const publish = async (body: object) => {
    const res = await as(admin(), 'POST', '/api/staff/tour-slots', body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { items: StaffTourSlot[] }).items;
  };
  const openSlots = async () => {
    const res = await as(null, 'GET', '/api/Contact/TourSlots');
    expect(res.statusCode).toBe(200);
    return res.json() as { timeZone: string; items: { id: string; startsAt: string; minutes: number }[] };
  };
  const book = (email: string, tourSlotId: string | null, language = 'en') =>
    as(null, 'POST', '/api/Contact', {
      firstName: 'Lucia',
      lastName: email.split('@')[0],
      email,
      childName: 'Mateo',
      message: 'We would love to see the morning program.',
      tour: true,
      tourSlotId,
      language,
    });
  const itemOf = async (email: string) => {
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`select id from contact_submissions where email = ${email}`,
    );
    const res = await as(admin(), 'GET', `/api/staff/inbox/${row!.id}`);
    expect(res.statusCode).toBe(200);
    return res.json() as InboxItem;
  };
  const sweep = () =>
    runTourSweep({
      database: desk.t.database,
      clock: desk.clock,
      mail: { centerEmail: desk.t.config.centerEmail, centerAddress: desk.t.config.center.address },
    });
  // Staff sign in again after the clock moves days ahead (their earlier sessions have expired by then).
  const signedIn: { admin?: string; teacher?: string } = {};
  const admin = () => signedIn.admin ?? desk.admin.token;
  const teacher = () => signedIn.teacher ?? desk.teacher.token;
  const signIn = async (emailAddress: string) => {
    const res = await as(null, 'POST', '/api/UserAuthentication/Login', {
      emailAddress,
      password: 'a good long password',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  /** Move the clock once no background round is running. */
  const at = async (iso: string) => {
    await desk.t.ctx.work.idle();
    desk.clock.set(iso);
    signedIn.admin = await signIn(desk.admin.email);
    signedIn.teacher = await signIn(desk.teacher.email);
  };

  it('lets every staff member read tour times, only the director publish and remove them (role × route)', async () => {
    const before = await snapshot();
    for (const who of EVERYONE) {
      const list = await as(token(who), 'GET', '/api/staff/tour-slots');
      expect(list.statusCode, who).toBe(statusFor(who, 200));
      if (who === 'admin') continue;
      const body = { date: '2026-11-23', time: '10:00', minutes: 45 };
      expect((await as(token(who), 'POST', '/api/staff/tour-slots', body)).statusCode, who).toBe(
        statusFor(who, 403),
      );
      expect((await as(token(who), 'DELETE', `/api/staff/tour-slots/${NO_SLOT}`)).statusCode, who).toBe(
        statusFor(who, 403),
      );
    }
    expect(await snapshot()).toEqual(before);
    expect((await as(admin(), 'DELETE', `/api/staff/tour-slots/${NO_SLOT}`)).statusCode).toBe(404);
    expect((await as(admin(), 'DELETE', '/api/staff/tour-slots/not-an-id')).statusCode).toBe(404);
  });

  it('tells the director what is wrong with a tour time by its field, and writes nothing', async () => {
    const before = await snapshot();
    const bad = await as(admin(), 'POST', '/api/staff/tour-slots', {
      date: '2026-02-30',
      time: '9am',
      minutes: 5,
      capacity: 0,
      weeks: 13,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['capacity', 'date', 'minutes', 'time', 'weeks']);
    expect(bad.json().fields).toMatchObject({
      time: 'Enter the start time like 10:00.',
      minutes: 'A tour lasts 15 to 180 minutes.',
      capacity: 'Enter 1 to 10 families.',
      weeks: 'Repeat it for 1 to 12 weeks.',
    });
    const past = await as(admin(), 'POST', '/api/staff/tour-slots', {
      date: '2026-11-20',
      time: '07:30',
      minutes: 30,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({
      time: 'That time has already passed. Choose a time in the future.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('publishes the same weekday for some weeks, refuses a time already published, and audits each', async () => {
    const slots = await publish({ date: '2026-11-23', time: '10:00', minutes: 45, weeks: 3 });
    // 10:00 in California is 18:00 UTC (PST) each Monday.
    expect(slots.map((s) => s.startsAt)).toEqual([
      '2026-11-23T18:00:00.000Z',
      '2026-11-30T18:00:00.000Z',
      '2026-12-07T18:00:00.000Z',
    ]);
    expect(slots[0]).toMatchObject({ minutes: 45, capacity: 1, booked: 0, bookings: [], closedFor: null });
    const before = await snapshot();
    const again = await as(admin(), 'POST', '/api/staff/tour-slots', {
      date: '2026-12-07',
      time: '10:00',
      minutes: 30,
      weeks: 2,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({
      time: 'A tour is already published at 2026-12-07 10:00. Choose another time.',
    });
    expect(await snapshot()).toEqual(before);
    const audit = await queryRows<{ entity_id: string; after: { startsAt: string } }>(
      db(),
      sql`select entity_id, after from audit_events where action = 'tour.publish' order by after->>'startsAt'`,
    );
    expect(audit.map((r) => r.entity_id)).toEqual(slots.map((s) => s.id));
  });

  it('offers free future times on open days only, and says nothing about who booked', async () => {
    const closure = await as(admin(), 'POST', '/api/staff/closures', {
      startsOn: '2026-11-30',
      endsOn: '2026-11-30',
      classSessionId: null,
      kind: 'Closed',
      reason: 'Staff training',
    });
    expect(closure.statusCode).toBe(201);
    const open = await openSlots();
    expect(open.timeZone).toBe('America/Los_Angeles');
    expect(open.items.map((s) => s.startsAt)).toEqual([
      '2026-11-23T18:00:00.000Z',
      '2026-12-07T18:00:00.000Z',
    ]);
    expect(Object.keys(open.items[0]!).sort()).toEqual(['id', 'minutes', 'startsAt']);
    const staff = (await as(admin(), 'GET', '/api/staff/tour-slots')).json().items as StaffTourSlot[];
    const closed = staff.find((s) => s.startsAt === '2026-11-30T18:00:00.000Z')!;
    expect(closed.closedFor).toBe('Staff training');
    // A family cannot book the closed day's time even by its id.
    const before = await snapshot();
    const refused = await book('closed.day@families.example', closed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fields).toEqual({
      tourSlotId: 'That tour time was just taken or is no longer offered. Please choose another time below.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('books a time with the request: the family is mailed the time and address, the item and the staff list show it', async () => {
    const [monday] = (await openSlots()).items;
    expect((await book('lucia@families.example', monday!.id)).statusCode).toBe(204);
    const [confirmation] = await mailsTo('lucia@families.example');
    expect(confirmation!.subject).toBe(
      'Your tour of Bright Oak Learning Center: Monday, November 23 at 10:00 AM',
    );
    expect(confirmation!.text).toContain('Hi Lucia,');
    expect(confirmation!.text).toContain('1482 Alameda de las Pulgas, Redwood City, CA 94061');
    const item = await itemOf('lucia@families.example');
    expect(item.tour).toEqual({
      slotId: monday!.id,
      startsAt: '2026-11-23T18:00:00.000Z',
      minutes: 45,
      reminderSentAt: null,
    });
    // Taken: no longer offered, and booking it again is refused.
    expect((await openSlots()).items.map((s) => s.id)).not.toContain(monday!.id);
    expect((await book('late@families.example', monday!.id)).statusCode).toBe(409);
    // The director sees who booked; a teacher without the inbox sees the count only.
    const mine = (await as(admin(), 'GET', '/api/staff/tour-slots')).json().items as StaffTourSlot[];
    expect(mine.find((s) => s.id === monday!.id)).toMatchObject({
      booked: 1,
      bookings: [{ itemId: item.id, familyName: 'Lucia lucia', childName: 'Mateo', status: 'New' }],
    });
    const teachers = (await as(teacher(), 'GET', '/api/staff/tour-slots')).json().items as StaffTourSlot[];
    expect(teachers.find((s) => s.id === monday!.id)).toMatchObject({ booked: 1, bookings: [] });
    // Given the inbox, the teacher sees who booked too (and still cannot publish).
    const grant = await as(admin(), 'PUT', `/api/staff/team/${desk.teacher.userId}`, { inboxAccess: true });
    expect(grant.statusCode, grant.body).toBe(200);
    const withInbox = (await as(teacher(), 'GET', '/api/staff/tour-slots')).json().items as StaffTourSlot[];
    expect(withInbox.find((s) => s.id === monday!.id)?.bookings).toEqual([
      { itemId: item.id, familyName: 'Lucia lucia', childName: 'Mateo', status: 'New' },
    ]);
    expect(
      (
        await as(teacher(), 'POST', '/api/staff/tour-slots', {
          date: '2026-12-01',
          time: '10:00',
          minutes: 30,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await as(admin(), 'PUT', `/api/staff/team/${desk.teacher.userId}`, { inboxAccess: false })).statusCode,
    ).toBe(200);
    // "None of these times work": stored without a time, the center is asked to call.
    expect((await book('call.me@families.example', null)).statusCode).toBe(204);
    expect((await itemOf('call.me@families.example')).tour).toBeNull();
    expect(await mailsTo('call.me@families.example')).toEqual([]);
  });

  it('writes the confirmation in Spanish for a family who booked in Spanish', async () => {
    const [slot] = await publish({ date: '2026-12-14', time: '09:30', minutes: 30 });
    expect((await book('rosa@families.example', slot!.id, 'es')).statusCode).toBe(204);
    const [mail] = await mailsTo('rosa@families.example');
    expect(mail!.subject).toContain('Su visita a Bright Oak Learning Center');
    expect(mail!.text).toContain('¡Gracias por reservar una visita!');
  });

  it('gives the last place to exactly one of two families racing for it', async () => {
    const [slot] = await publish({ date: '2026-12-15', time: '15:00', minutes: 30 });
    const results = await Promise.all([
      book('first.racer@families.example', slot!.id),
      book('second.racer@families.example', slot!.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    const [booked] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from contact_submissions where tour_slot_id = ${slot!.id}`,
    );
    expect(booked!.n).toBe(1);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(Object.keys(loser.json().fields)).toEqual(['tourSlotId']);
  });

  it('reminds the family the day before, once even with two sweeps, then marks the item Toured after the time', async () => {
    // Saturday: two days before Monday's tour, no reminder yet.
    await at('2026-11-21T17:00:00Z');
    expect((await sweep()).reminded).toEqual([]);
    // Sunday 9:00 am: the day before.
    await at('2026-11-22T17:00:00Z');
    const [one, two] = await Promise.all([sweep(), sweep()]);
    const item = await itemOf('lucia@families.example');
    expect([...one.reminded, ...two.reminded]).toEqual([item.id]);
    await desk.t.flush();
    expect((await sweep()).reminded).toEqual([]);
    const reminders = (await mailsTo('lucia@families.example')).filter((m) =>
      m.subject.startsWith('See you'),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('tomorrow, Monday, November 23 at 10:00 AM');
    expect(reminders[0]!.text).toContain('1482 Alameda de las Pulgas');
    expect((await itemOf('lucia@families.example')).tour?.reminderSentAt).toBe('2026-11-22T17:00:00.000Z');

    // Monday 8:00 am: Today lists the tour for someone with the inbox; the item is still New.
    await at('2026-11-23T16:00:00Z');
    const today = (await as(admin(), 'GET', '/api/staff/today')).json() as StaffToday;
    expect(today.inbox?.toursToday).toEqual([
      {
        id: item.id,
        familyName: 'Lucia lucia',
        childName: 'Mateo',
        startsAt: '2026-11-23T18:00:00.000Z',
        minutes: 45,
      },
    ]);
    expect((await as(teacher(), 'GET', '/api/staff/today')).json().inbox).toBeNull();
    expect((await sweep()).toured).toEqual([]);
    // 10:45 am: the tour is over.
    await at('2026-11-23T18:45:00Z');
    expect((await sweep()).toured).toEqual([item.id]);
    expect((await itemOf('lucia@families.example')).status).toBe('Toured');
    const [audit] = await queryRows<{ before: unknown; after: unknown; actor_user_id: string | null }>(
      db(),
      sql`select before, after, actor_user_id from audit_events where action = 'inbox.toured'`,
    );
    expect(audit).toEqual({ before: { status: 'New' }, after: { status: 'Toured' }, actor_user_id: null });
  });

  it('moves a tour item to Enrolled once that family’s account holds a paid place', async () => {
    const family = await desk.a.family('Okafor', 1);
    expect((await book(family.email, null)).statusCode).toBe(204);
    expect((await sweep()).enrolled).toEqual([]);
    await desk.a.enrollPaid(family, desk.acorn);
    await desk.t.ctx.work.idle();
    await sweep();
    expect((await itemOf(family.email)).status).toBe('Enrolled');
  });

  it('removes a booked time: the family is mailed, the thread keeps it, the item no longer holds the time', async () => {
    const [slot] = await publish({ date: '2026-12-21', time: '11:00', minutes: 30 });
    expect((await book('moved@families.example', slot!.id)).statusCode).toBe(204);
    expect((await as(admin(), 'DELETE', `/api/staff/tour-slots/${slot!.id}`)).statusCode).toBe(204);
    const mails = await mailsTo('moved@families.example');
    expect(mails.map((m) => m.subject)).toEqual([
      'Your tour of Bright Oak Learning Center: Monday, December 21 at 11:00 AM',
      'We need to move your tour of Bright Oak Learning Center',
    ]);
    expect(mails[1]!.text).toContain('/contact?tour=true');
    const item = await itemOf('moved@families.example');
    expect(item.tour).toBeNull();
    expect(item.entries.map((e) => e.kind)).toEqual(['Reply']);
    expect((await openSlots()).items.map((s) => s.id)).not.toContain(slot!.id);
    const [audit] = await queryRows<{ after: unknown }>(
      db(),
      sql`select after from audit_events where action = 'tour.remove' and entity_id = ${slot!.id}`,
    );
    expect(audit!.after).toEqual({ cancelled: [item.id] });
    expect((await as(admin(), 'DELETE', `/api/staff/tour-slots/${slot!.id}`)).statusCode).toBe(404);
  });
});
