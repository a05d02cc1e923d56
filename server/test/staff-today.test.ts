/**
 * The staff home (issue 24, "Today") on a fixed Friday at the Acorn and Maple Rooms (support/passes-staff-app.ts):
 * who may read it and what each person gets (a teacher their own room and no money), the day's counts as the
 * door records drop-offs and pickups, late pickups, allergies in the building, new inbox items and tour
 * requests, registrations opening this week, scheduled announcements, failed and overdue payments from the
 * family account, and mail that could not be delivered. The tests build on each other.
 */
import type { StaffToday } from '@lc/contract';
import { describe, expect, it } from 'vitest';
import { announcements, contactSubmissions, mailOutbox } from '../src/db/schema.ts';
import { postEntries } from '../src/features/billing/ledger.ts';
import { dbKinds } from './helpers.ts';
import { EVERYONE, passesStaffApp, statusFor } from './support/passes-staff-app.ts';

describe.each(dbKinds)('the staff home on %s', (kind) => {
  const desk = passesStaffApp(kind);
  const { as, counts, record, token } = desk;

  const today = async (who: string) => {
    const res = await as(who, 'GET', '/api/staff/today');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as StaffToday;
  };
  const acornOf = (t: StaffToday) => t.sessions.find((s) => s.classSessionId === desk.acorn)!;

  it('answers the staff only, each within what they may see, and changes nothing (role × route)', async () => {
    desk.clock.set('2026-11-20T16:05:00Z');
    const before = await counts();
    const seen: Record<string, StaffToday> = {};
    for (const who of EVERYONE) {
      const res = await as(token(who), 'GET', '/api/staff/today');
      expect(res.statusCode, who).toBe(statusFor(who, 200));
      if (res.statusCode === 200) seen[who] = res.json();
      else expect(res.body, who).not.toContain('Rivera');
    }
    expect(await counts()).toEqual(before);

    // Each teacher sees their own room, and no money, mail or inbox (neither was given the inbox).
    expect(seen['teacher assigned']!.sessions.map((s) => s.name)).toEqual(['Acorn Room']);
    expect(seen['teacher not assigned']!.sessions.map((s) => s.name)).toEqual(['Maple Room']);
    for (const who of ['teacher assigned', 'teacher not assigned']) {
      expect(seen[who]).toMatchObject({ money: null, mailFailed: null, inbox: null });
      expect(JSON.stringify(seen[who])).not.toMatch(/Total|cents/i);
    }
    // The director sees both rooms meeting on Friday (never the Saturday session), money and the inbox.
    const director = seen.admin!;
    expect(director.date).toBe('2026-11-20');
    expect(director.at).toBe('2026-11-20T16:05:00.000Z');
    expect(director.sessions.map((s) => s.name)).toEqual(['Acorn Room', 'Maple Room']);
    expect(director.money).toEqual({ failedCount: 0, failedTotal: 0, overdueFamilies: 0, overdueTotal: 0 });
    expect(director.mailFailed).toEqual({ count: 0, newest: [] });
    expect(director.inbox).toEqual({ newCount: 0, tourRequests: 0, newest: [], toursToday: [] });
  });

  it('counts the morning from the door: arrived, allergies in the building, gone, then a late pickup', async () => {
    expect(acornOf(await today(desk.teacher.token))).toEqual({
      classSessionId: desk.acorn,
      name: 'Acorn Room',
      daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
      expected: 2,
      arrived: 0,
      gone: 0,
      lateAfter: '2026-11-20T20:40:00.000Z',
      late: [],
      allergies: [],
    });

    desk.clock.set('2026-11-20T16:31:00Z');
    for (const studentId of [desk.ava, desk.ben]) {
      const res = await record(desk.teacher.token, {
        studentId,
        classSessionId: desk.acorn,
        kind: 'CheckIn',
        trusteeId: desk.rosa,
      });
      expect(res.statusCode).toBe(201);
    }
    const morning = acornOf(await today(desk.teacher.token));
    expect(morning).toMatchObject({ expected: 2, arrived: 2, gone: 0, late: [] });
    // Ava's peanut allergy is in the building; Ben has none.
    expect(morning.allergies).toEqual([
      { studentId: desk.ava, firstName: 'Ava', lastName: 'Rivera', allergies: ['Peanuts'] },
    ]);

    desk.clock.set('2026-11-20T20:35:00Z'); // 12:35 pm: Ava goes home in the grace period
    await desk.t.ctx.work.idle();
    const out = await record(desk.teacher.token, {
      studentId: desk.ava,
      classSessionId: desk.acorn,
      kind: 'CheckOut',
      trusteeId: desk.rosa,
    });
    expect(out.statusCode).toBe(201);
    const afternoon = acornOf(await today(desk.teacher.token));
    expect(afternoon).toMatchObject({ arrived: 2, gone: 1, late: [], allergies: [] });

    desk.clock.set('2026-11-20T20:45:00Z'); // 12:45 pm: past the 10-minute grace, Ben is still here
    const late = acornOf(await today(desk.admin.token));
    expect(late.late).toEqual([{ studentId: desk.ben, firstName: 'Ben', lastName: 'Rivera' }]);
    // The other teacher's Today never names the Acorn Room's children.
    expect(JSON.stringify(await today(desk.otherTeacher.token))).not.toContain('Ben');
  });

  it('lists new inbox items and tour requests for the inbox, registrations opening this week and scheduled announcements', async () => {
    const db = desk.t.database.db;
    await db.insert(contactSubmissions).values([
      {
        firstName: 'Maya',
        lastName: 'Chen',
        email: 'maya.chen@families.example',
        message: 'Could we visit on a Thursday morning?',
        tour: true,
        childName: 'Leo',
        submitted: new Date('2026-11-20T17:00:00Z'),
      },
      {
        firstName: 'Omar',
        lastName: 'Haddad',
        email: 'omar@families.example',
        message: 'Do you offer afternoons?',
        submitted: new Date('2026-11-20T18:00:00Z'),
      },
      {
        firstName: 'Old',
        lastName: 'Question',
        email: 'old@families.example',
        message: 'Answered already.',
        status: 'Replied',
      },
    ]);
    // Spring opens for returning families on Tuesday, for everyone on the next Friday (in 7 days, still this
    // week's list) and Summer in 10 days (not yet).
    const spring = await desk.a.session({
      name: 'Spring Explorers',
      priorityRegistrationStartDate: new Date('2026-11-24T16:00:00Z'),
      registrationStartDate: new Date('2026-11-27T17:00:00Z'),
    });
    await desk.a.session({ name: 'Summer Camp', registrationStartDate: new Date('2026-11-30T17:00:00Z') });
    await db.insert(announcements).values([
      {
        title: 'Pajama day on Friday',
        classSessionId: desk.acorn,
        sendAt: new Date('2026-11-26T15:00:00Z'),
        sendEmail: true,
        emailMessage: 'Wear your coziest pajamas!',
      },
      {
        title: 'Maple Room field trip',
        classSessionId: desk.maple,
        sendAt: new Date('2026-11-23T15:00:00Z'),
      },
      { title: 'Already out', classSessionId: desk.acorn, sentAt: new Date('2026-11-19T15:00:00Z') },
    ]);

    const director = await today(desk.admin.token);
    expect(director.inbox).toMatchObject({ newCount: 2, tourRequests: 1 });
    expect(director.inbox!.newest.map((i) => [i.familyName, i.kind, i.childName])).toEqual([
      ['Omar Haddad', 'contact', null],
      ['Maya Chen', 'tour', 'Leo'],
    ]);
    expect(director.registrationsOpening).toEqual([
      {
        classSessionId: spring,
        name: 'Spring Explorers',
        opensAt: '2026-11-24T16:00:00.000Z',
        priority: true,
      },
      {
        classSessionId: spring,
        name: 'Spring Explorers',
        opensAt: '2026-11-27T17:00:00.000Z',
        priority: false,
      },
    ]);
    expect(director.announcements.map((a) => [a.title, a.sessionName, a.sendAt])).toEqual([
      ['Maple Room field trip', 'Maple Room', '2026-11-23T15:00:00.000Z'],
      ['Pajama day on Friday', 'Acorn Room', '2026-11-26T15:00:00.000Z'],
    ]);

    // A teacher: their own room's announcement only, no new sessions they do not teach, still no inbox.
    const teacher = await today(desk.teacher.token);
    expect(teacher.announcements.map((a) => a.title)).toEqual(['Pajama day on Friday']);
    expect(teacher.registrationsOpening).toEqual([]);
    expect(teacher.inbox).toBeNull();
  });

  it('gives the director what is past due on the family account, to the cent, and mail that failed', async () => {
    const db = desk.t.database.db;
    const lindqvist = desk.lindqvist;
    const by = { createdBy: null, now: desk.clock.now() };
    await postEntries(
      db,
      [
        // A place of their own with nothing paid yet (payments pay a place's earliest date first): ten days
        // late, and one not due until December; only the first is overdue.
        {
          payerUserId: lindqvist.userId,
          kind: 'charge',
          amount: 12_550,
          classSessionId: desk.saturdays,
          studentId: lindqvist.childIds[0]!,
          dueOn: '2026-11-10',
          idempotencyKey: 'today-test:late',
        },
        {
          payerUserId: lindqvist.userId,
          kind: 'charge',
          amount: 5_000,
          classSessionId: desk.saturdays,
          studentId: lindqvist.childIds[0]!,
          dueOn: '2026-12-01',
          idempotencyKey: 'today-test:december',
        },
      ],
      by,
    );
    await db.insert(mailOutbox).values([
      { to: 'bounced@families.example', subject: 'Receipt', text: 'Thank you', status: 'Failed' },
      {
        to: 'long-ago@families.example',
        subject: 'Old',
        text: 'Old',
        status: 'Failed',
        created: new Date('2026-10-01T00:00:00Z'),
      },
    ]);

    const director = await today(desk.admin.token);
    expect(director.money).toEqual({
      failedCount: 0,
      failedTotal: 0,
      overdueFamilies: 1,
      overdueTotal: 12_550,
    });
    expect(director.mailFailed).toEqual({
      count: 1,
      newest: [{ to: 'bounced@families.example', subject: 'Receipt', created: expect.any(String) }],
    });
    // The balances report agrees: the same family, the same cents past due.
    const aging = (await as(desk.admin.token, 'GET', '/api/staff/balances')).json();
    expect(aging.totals.days1to30 + aging.totals.days31to60 + aging.totals.over60).toBe(12_550);

    const teacher = await today(desk.otherTeacher.token);
    expect(teacher.money).toBeNull();
    expect(teacher.mailFailed).toBeNull();
  });
});
