/**
 * The center's calendar (issue 24) on a fixed Friday at the Acorn and Maple Rooms (support/passes-staff-app.ts):
 * who may read, add and remove closures (role × route, nothing written when refused), what a bad closure is
 * told by its field, and what a closure does: a closed center leaves the board, the door and Today without
 * children (Today says why), a closed room only that room, and an early dismissal moves the late-pickup time.
 */
import type { Board, Closure, StaffCalendar, StaffToday } from '@lc/contract';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { childrenToday } from '../src/features/passes/door-today.ts';
import { dbKinds } from './helpers.ts';
import { EVERYONE, passesStaffApp, statusFor } from './support/passes-staff-app.ts';

describe.each(dbKinds)('the center’s calendar on %s', (kind) => {
  const desk = passesStaffApp(kind);
  const { as, token } = desk;

  const closuresCount = async () =>
    (await queryRows<{ n: number }>(desk.t.database.db, sql`select count(*)::int as n from closures`))[0]!.n;
  const auditOf = async (action: string) =>
    queryRows<{ entity_id: string; before: unknown; after: unknown }>(
      desk.t.database.db,
      sql`select entity_id, before, after from audit_events where action = ${action} order by at, id`,
    );
  const add = async (body: object) => {
    const res = await as(desk.admin.token, 'POST', '/api/staff/closures', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Closure;
  };
  const remove = async (id: string) =>
    expect((await as(desk.admin.token, 'DELETE', `/api/staff/closures/${id}`)).statusCode).toBe(204);
  const board = async (who: string) => (await as(who, 'GET', '/api/staff/attendance/today')).json() as Board;
  const today = async (who: string) => (await as(who, 'GET', '/api/staff/today')).json() as StaffToday;
  const thanksgiving = {
    startsOn: '2026-11-20',
    endsOn: '2026-11-21',
    classSessionId: null,
    kind: 'Closed',
    reason: 'Thanksgiving break',
  };

  it('lets the director add and remove closures, staff read them, and refuses everyone else (role × route)', async () => {
    const before = { closures: await closuresCount(), audit: await desk.counts() };
    for (const who of EVERYONE) {
      const list = await as(token(who), 'GET', '/api/staff/closures');
      expect(list.statusCode, who).toBe(statusFor(who, 200));
      if (who === 'admin') continue;
      const post = await as(token(who), 'POST', '/api/staff/closures', thanksgiving);
      expect(post.statusCode, who).toBe(statusFor(who, 403));
      const del = await as(token(who), 'DELETE', '/api/staff/closures/00000000-0000-4000-8000-000000000000');
      expect(del.statusCode, who).toBe(statusFor(who, 403));
    }
    expect({ closures: await closuresCount(), audit: await desk.counts() }).toEqual(before);

    const added = await add(thanksgiving);
    expect(added).toEqual({
      id: expect.any(String),
      startsOn: '2026-11-20',
      endsOn: '2026-11-21',
      classSessionId: null,
      sessionName: null,
      kind: 'Closed',
      dismissAt: null,
      reason: 'Thanksgiving break',
    });
    // Every member of the staff sees a whole-center closure, from today on by default.
    for (const who of ['teacher assigned', 'teacher not assigned', 'admin'] as const) {
      const list = (await as(token(who), 'GET', '/api/staff/closures')).json();
      expect(list).toMatchObject({ from: '2026-11-20', to: '2027-11-20' });
      expect(list.items.map((c: Closure) => c.id)).toEqual([added.id]);
    }
    await remove(added.id);
    expect((await as(desk.admin.token, 'DELETE', `/api/staff/closures/${added.id}`)).statusCode).toBe(404);
    expect((await as(desk.admin.token, 'DELETE', '/api/staff/closures/not-an-id')).statusCode).toBe(404);
    expect((await auditOf('closure.add')).map((r) => r.entity_id)).toEqual([added.id]);
    expect(await auditOf('closure.remove')).toEqual([
      { entity_id: added.id, before: { ...added }, after: null },
    ]);
  });

  it('tells a bad closure what to fix by its field, and writes nothing', async () => {
    const before = await closuresCount();
    const cases: Array<[object, string, string]> = [
      [{ endsOn: '2026-11-19' }, 'endsOn', 'The last day must be on or after the first day.'],
      [
        { endsOn: '2027-01-30' },
        'endsOn',
        'A closure can last at most 60 days; enter longer breaks in parts.',
      ],
      [{ kind: 'EarlyDismissal' }, 'dismissAt', 'Enter the time children go home, like 12:00.'],
      [
        { dismissAt: '12:00' },
        'dismissAt',
        'Only an early dismissal has a time; leave it empty for a closed day.',
      ],
      [{ reason: '  ' }, 'reason', 'Write the reason families will see, like Thanksgiving.'],
      [{ kind: 'Snow' }, 'kind', 'Choose closed or early dismissal.'],
      [{ classSessionId: 999_999 }, 'classSessionId', 'Choose a session from the list, or the whole center.'],
    ];
    for (const [change, field, sentence] of cases) {
      const res = await as(desk.admin.token, 'POST', '/api/staff/closures', { ...thanksgiving, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields?.[field], field).toBe(sentence);
    }
    expect(await closuresCount()).toBe(before);
  });

  it('a closed center leaves the board, the door and Today without children, and Today says why', async () => {
    expect((await board(desk.admin.token)).sessions.map((s) => s.name)).toEqual(['Acorn Room', 'Maple Room']);
    expect((await childrenToday(desk.t.database.db, desk.rosa, '2026-11-20')).length).toBe(2);

    const closed = await add(thanksgiving);
    expect((await board(desk.admin.token)).sessions).toEqual([]);
    expect((await board(desk.teacher.token)).sessions).toEqual([]);
    // Rosa's pass opens nothing at the door today: neither child is expected.
    expect(await childrenToday(desk.t.database.db, desk.rosa, '2026-11-20')).toEqual([]);
    const home = await today(desk.teacher.token);
    expect(home.sessions).toEqual([]);
    expect(home.closures.map((c) => [c.reason, c.sessionName])).toEqual([['Thanksgiving break', null]]);
    await remove(closed.id);
    expect((await board(desk.admin.token)).sessions).toHaveLength(2);
  });

  it('a closed room closes that room only, and only its teacher and the director see it', async () => {
    const training = await add({
      ...thanksgiving,
      endsOn: '2026-11-20',
      classSessionId: desk.maple,
      reason: 'Teacher training',
    });
    expect(training.sessionName).toBe('Maple Room');
    expect((await board(desk.admin.token)).sessions.map((s) => s.name)).toEqual(['Acorn Room']);
    expect((await board(desk.otherTeacher.token)).sessions).toEqual([]);
    expect((await today(desk.otherTeacher.token)).closures.map((c) => c.reason)).toEqual([
      'Teacher training',
    ]);
    // The Acorn Room's teacher is not told about another room's day.
    expect((await as(desk.teacher.token, 'GET', '/api/staff/closures')).json().items).toEqual([]);
    expect((await today(desk.teacher.token)).closures).toEqual([]);
    // The Lindqvists' Ingrid is expected nowhere today; the Riveras' Rosa still brings Ava and Ben.
    expect(await childrenToday(desk.t.database.db, desk.ingrid, '2026-11-20')).toEqual([]);
    expect((await childrenToday(desk.t.database.db, desk.rosa, '2026-11-20')).length).toBe(2);
    await remove(training.id);
  });

  it('an early dismissal moves pickup time: a child still in 10 minutes after it is late', async () => {
    const early = await add({
      startsOn: '2026-11-20',
      endsOn: '2026-11-20',
      classSessionId: desk.acorn,
      kind: 'EarlyDismissal',
      dismissAt: '11:00',
      reason: 'Parent–teacher conferences',
    });
    const acorn = (await board(desk.teacher.token)).sessions[0]!;
    // 11:00 am PST plus the Acorn Room's 10-minute grace.
    expect(acorn).toMatchObject({
      lateAfter: '2026-11-20T19:10:00.000Z',
      earlyDismissal: { dismissAt: '11:00', reason: 'Parent–teacher conferences' },
    });
    const checkIn = await as(desk.teacher.token, 'POST', '/api/staff/attendance', {
      studentId: desk.ben,
      classSessionId: desk.acorn,
      kind: 'CheckIn',
      trusteeId: desk.rosa,
    });
    expect(checkIn.statusCode).toBe(201);
    desk.clock.set('2026-11-20T19:15:00Z'); // 11:15 am
    const late = (await today(desk.admin.token)).sessions.find((s) => s.classSessionId === desk.acorn)!;
    expect(late.late.map((c) => c.firstName)).toEqual(['Ben']);
    // The Maple Room keeps its usual day.
    const maple = (await board(desk.admin.token)).sessions.find((s) => s.classSessionId === desk.maple)!;
    expect(maple.earlyDismissal).toBeNull();
    await remove(early.id);
  });

  it('each family sees the whole center’s closures and those of its own children’s sessions, never another’s', async () => {
    const winter = await add({
      ...thanksgiving,
      startsOn: '2026-12-21',
      endsOn: '2027-01-01',
      reason: 'Winter break',
    });
    const acornDay = await add({
      ...thanksgiving,
      startsOn: '2026-12-04',
      endsOn: '2026-12-04',
      classSessionId: desk.acorn,
      reason: 'Acorn Room training',
    });
    const mapleDay = await add({
      ...thanksgiving,
      startsOn: '2026-12-07',
      endsOn: '2026-12-07',
      classSessionId: desk.maple,
      kind: 'EarlyDismissal',
      dismissAt: '12:00',
      reason: 'Maple Room concert',
    });
    const calendarOf = async (who: string | null) => as(who, 'GET', '/api/Family/Calendar');
    const rivera = (await calendarOf(desk.rivera.token)).json();
    expect(rivera).toMatchObject({ from: '2026-11-20', to: '2027-05-19' });
    expect(rivera.items.map((c: Closure) => c.reason)).toEqual(['Acorn Room training', 'Winter break']);
    const lindqvist = (await calendarOf(desk.lindqvist.token)).json();
    expect(lindqvist.items.map((c: Closure) => [c.reason, c.dismissAt])).toEqual([
      ['Maple Room concert', '12:00'],
      ['Winter break', null],
    ]);
    expect((await calendarOf(null)).statusCode).toBe(401);
    for (const c of [winter, acornDay, mapleDay]) await remove(c.id);
  });

  it('gives a parent an iCalendar feed at a secret address that a calendar parser reads, and that a reset or turning it off ends', async () => {
    const thanks = await add({ ...thanksgiving, startsOn: '2026-11-26', endsOn: '2026-11-27' });
    const early = await add({
      startsOn: '2026-12-04',
      endsOn: '2026-12-04',
      classSessionId: desk.acorn,
      kind: 'EarlyDismissal',
      dismissAt: '11:00',
      reason: 'Acorn conferences',
    });
    expect((await as(null, 'POST', '/api/Family/CalendarFeed')).statusCode).toBe(401);
    expect((await as(desk.rivera.token, 'GET', '/api/Family/CalendarFeed')).json()).toEqual({
      active: false,
      created: null,
    });
    const made = await as(desk.rivera.token, 'POST', '/api/Family/CalendarFeed');
    expect(made.statusCode).toBe(201);
    const { url } = made.json() as { url: string };
    const path = new URL(url).pathname;
    const secret = path.split('/').pop()!;
    expect(secret.length).toBeGreaterThanOrEqual(43);
    // Only its hash is kept.
    const stored = await queryRows<{ token_hash: string }>(
      desk.t.database.db,
      sql`select token_hash from calendar_feeds`,
    );
    expect(stored.map((r) => r.token_hash)).not.toContain(secret);
    expect((await as(desk.rivera.token, 'GET', '/api/Family/CalendarFeed')).json()).toMatchObject({
      active: true,
    });

    const feed = await as(null, 'GET', path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    const byUid = new Map(events.map((e) => [e.uid, e]));
    // Friday the 20th in the Acorn Room, 8:30 to 12:30 in the center's zone, with both children's names.
    const friday = byUid.get(`session-${desk.acorn}-2026-11-20@learning-center`)!;
    expect(friday.summary).toBe('Ava & Ben · Acorn Room');
    expect(friday.startDate.toJSDate().toISOString()).toBe('2026-11-20T16:30:00.000Z');
    expect(friday.endDate.toJSDate().toISOString()).toBe('2026-11-20T20:30:00.000Z');
    // Saturdays in Saturday Painters, never on a weekday; no Acorn Room on a Saturday.
    expect(byUid.get(`session-${desk.saturdays}-2026-11-21@learning-center`)?.summary).toBe(
      'Ava & Ben · Saturday Painters',
    );
    expect(byUid.has(`session-${desk.acorn}-2026-11-21@learning-center`)).toBe(false);
    // Thanksgiving: no session days, one all-day closure instead.
    for (const day of ['2026-11-26', '2026-11-27'])
      expect(byUid.has(`session-${desk.acorn}-${day}@learning-center`)).toBe(false);
    const closed = byUid.get(`closure-${thanks.id}@learning-center`)!;
    expect(closed.summary).toBe('Closed: Thanksgiving break (Bright Oak Learning Center)');
    expect(closed.startDate.isDate).toBe(true);
    expect(closed.startDate.toString()).toBe('2026-11-26');
    expect(closed.endDate.toString()).toBe('2026-11-28');
    // The early dismissal ends the day at 11:00.
    expect(
      byUid.get(`session-${desk.acorn}-2026-12-04@learning-center`)!.endDate.toJSDate().toISOString(),
    ).toBe('2026-12-04T19:00:00.000Z');
    // The Maple Room (the Lindqvists') is not in the Riveras' feed.
    expect(events.some((e) => e.summary.includes('Maple'))).toBe(false);

    // A reset ends the old address at once; turning it off ends the new one.
    const again = (await as(desk.rivera.token, 'POST', '/api/Family/CalendarFeed')).json() as { url: string };
    expect((await as(null, 'GET', path)).statusCode).toBe(404);
    const newPath = new URL(again.url).pathname;
    expect((await as(null, 'GET', newPath)).statusCode).toBe(200);
    expect((await as(desk.rivera.token, 'DELETE', '/api/Family/CalendarFeed')).statusCode).toBe(204);
    expect((await as(null, 'GET', newPath)).statusCode).toBe(404);
    expect((await as(null, 'GET', '/api/calendar/not-a-real-address')).statusCode).toBe(404);
    for (const c of [thanks, early]) await remove(c.id);
  });

  it('shows staff a week and a month of sessions with their closures; a teacher only their own room (role × route)', async () => {
    const mapleEarly = await add({
      startsOn: '2026-11-18',
      endsOn: '2026-11-18',
      classSessionId: desk.maple,
      kind: 'EarlyDismissal',
      dismissAt: '11:00',
      reason: 'Maple Room parent conferences',
    });
    const closed = await add({
      ...thanksgiving,
      startsOn: '2026-11-19',
      endsOn: '2026-11-19',
      reason: 'Staff training',
    });
    const before = { closures: await closuresCount(), audit: await desk.counts() };
    for (const who of EVERYONE) {
      const res = await as(token(who), 'GET', '/api/staff/calendar');
      expect(res.statusCode, who).toBe(statusFor(who, 200));
      if (res.statusCode !== 200) expect(res.body, who).not.toContain('Acorn');
    }
    expect({ closures: await closuresCount(), audit: await desk.counts() }).toEqual(before);

    type Calendar = StaffCalendar;
    const calendar = async (who: string, query = '') =>
      (await as(who, 'GET', `/api/staff/calendar${query}`)).json() as Calendar;
    const names = (c: Calendar, date: string) =>
      c.days.find((d) => d.date === date)!.sessions.map((s) => s.name);
    const [acornRow] = await queryRows<{ n: number }>(
      desk.t.database.db,
      sql`select count(*)::int as n from class_session_enrollments
        where class_session_id = ${desk.acorn} and status = 'Enrolled'`,
    );

    // The director's week of Friday the 20th: Monday to Sunday, every room, the hours from the day schedule.
    const week = await calendar(desk.admin.token);
    expect(week).toMatchObject({ view: 'week', from: '2026-11-16', to: '2026-11-22', today: '2026-11-20' });
    expect(week.days.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(names(week, '2026-11-16')).toEqual(['Acorn Room', 'Maple Room']);
    expect(names(week, '2026-11-21')).toEqual(['Saturday Painters']);
    expect(names(week, '2026-11-22')).toEqual([]);
    const monday = week.days[0]!.sessions[0]!;
    expect(monday).toEqual({
      id: desk.acorn,
      name: 'Acorn Room',
      startsAt: '08:30',
      endsAt: '12:30',
      enrolled: acornRow!.n,
      closure: null,
    });
    // Wednesday: the Maple Room goes home early, the Acorn Room as usual; Thursday the center is closed.
    const wednesday = week.days[2]!;
    expect(wednesday.sessions.find((s) => s.id === desk.acorn)?.closure).toBeNull();
    expect(wednesday.sessions.find((s) => s.id === desk.maple)?.closure).toEqual({
      id: mapleEarly.id,
      kind: 'EarlyDismissal',
      dismissAt: '11:00',
      reason: 'Maple Room parent conferences',
    });
    expect(week.days[3]!.sessions.map((s) => s.closure?.kind)).toEqual(['Closed', 'Closed']);
    expect(week.days[3]!.closures.map((c) => c.id)).toEqual([closed.id]);

    // The Acorn Room's teacher: their room only, the center's closure, not the Maple Room's dismissal.
    const teacherWeek = await calendar(token('teacher assigned')!);
    for (const day of teacherWeek.days)
      expect(
        day.sessions.every((s) => s.id === desk.acorn),
        day.date,
      ).toBe(true);
    expect(names(teacherWeek, '2026-11-18')).toEqual(['Acorn Room']);
    expect(teacherWeek.days[2]!.closures).toEqual([]);
    expect(teacherWeek.days[3]!.closures.map((c) => c.id)).toEqual([closed.id]);
    expect(JSON.stringify(teacherWeek)).not.toContain('Maple');

    // The month holding a chosen day: the 1st to the last; the rooms start on Monday the 2nd.
    const month = await calendar(desk.admin.token, '?view=month&date=2026-11-05');
    expect(month).toMatchObject({ view: 'month', from: '2026-11-01', to: '2026-11-30' });
    expect(month.days).toHaveLength(30);
    expect(names(month, '2026-11-01')).toEqual([]);
    expect(names(month, '2026-11-02')).toEqual(['Acorn Room', 'Maple Room']);
    expect((await calendar(desk.admin.token, '?view=month&date=2027-02-14')).days).toHaveLength(28);

    // A bad view or date is told by its field.
    const bad = await as(desk.admin.token, 'GET', '/api/staff/calendar?view=year&date=2026-13-40');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ view: 'Choose Week or Month.' });
    expect(Object.keys(bad.json().fields).sort()).toEqual(['date', 'view']);
    for (const c of [mapleEarly, closed]) await remove(c.id);
  });
});
