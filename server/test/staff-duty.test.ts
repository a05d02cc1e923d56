/**
 * Staff on duty (issue 26, decision 038) on a fixed Friday at the Acorn and Maple Rooms
 * (support/passes-staff-app.ts): clock-in PINs (weak ones refused, only a hash kept, never audited), the door
 * tablet's staff clock and its throttle, the rooms' ratios as children arrive and staff clock in and out (a
 * drop-off over the ratio is let in, the tablet warned, the director alerted once per breach), the day's ratio
 * history, the phone clock the director allows, timesheets and their CSV, the director's corrections (the
 * original kept), certifications and their reminders, and who may call each route. The tests build on each
 * other.
 */
import type { DutyRatios, RatioHistory, Timesheet } from '@lc/contract';
import { addDays } from '@lc/contract/zoned-time';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { classSessions, staffPins } from '../src/db/schema.ts';
import { verifyPassword } from '../src/features/auth/passwords.ts';
import { remindCertifications } from '../src/features/staff-duty/certifications.ts';
import { PIN_TRIES } from '../src/features/staff-duty/pins.ts';
import { sessionRatioHistory, sessionStaffOnDays } from '../src/features/staff-duty/ratio.ts';
import { dbKinds } from './helpers.ts';
import { EVERYONE, passesStaffApp, statusFor, TODAY } from './support/passes-staff-app.ts';

describe.each(dbKinds)('staff on duty on %s', (kind) => {
  const desk = passesStaffApp(kind);
  const { as, token } = desk;
  let kioskToken = '';
  let spareKiosk = '';
  let rosaCode = '';

  const kiosk = (url: string, payload?: object, tablet = kioskToken) =>
    desk.t.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      payload,
      headers: { authorization: `Kiosk ${tablet}` },
    });
  const ratios = async (who: string) => {
    const res = await as(who, 'GET', '/api/staff/duty/ratios');
    expect(res.statusCode).toBe(200);
    return res.json() as DutyRatios;
  };
  const acornNow = async () =>
    (await ratios(desk.admin.token)).sessions.find((s) => s.classSessionId === desk.acorn)!;
  const points = () =>
    queryRows<{ children: number; adults: number; required: number; state: string; breach: boolean }>(
      desk.t.database.db,
      sql`select children, adults, required, state, breach from ratio_points
        where class_session_id = ${desk.acorn} order by id`,
    );
  const audit = () =>
    queryRows<{ action: string; before: unknown; after: unknown }>(
      desk.t.database.db,
      sql`select action, before, after from audit_events where action like 'duty.%' order by seq`,
    );

  it('sets a clock-in PIN: easy ones refused by the field, only a hash kept, nothing of it audited', async () => {
    for (const pin of ['1234', '0000', '987654', '1212', '12a4', '123']) {
      const res = await as(desk.teacher.token, 'PUT', '/api/staff/duty/pin', { pin });
      expect(res.statusCode, pin).toBe(400);
      expect(res.json().fields.pin, pin).toMatch(/digits|easy to guess/);
    }
    expect((await as(null, 'PUT', '/api/staff/duty/pin', { pin: '4826' })).statusCode).toBe(401);
    expect((await as(desk.rivera.token, 'PUT', '/api/staff/duty/pin', { pin: '4826' })).statusCode).toBe(403);
    expect((await as(desk.teacher.token, 'PUT', '/api/staff/duty/pin', { pin: '4826' })).statusCode).toBe(
      204,
    );
    expect((await as(desk.admin.token, 'PUT', '/api/staff/duty/pin', { pin: '5093' })).statusCode).toBe(204);
    expect(
      (await as(desk.otherTeacher.token, 'PUT', '/api/staff/duty/pin', { pin: '7731' })).statusCode,
    ).toBe(204);
    const [row] = await desk.t.database.db
      .select()
      .from(staffPins)
      .where(eq(staffPins.userId, desk.teacher.userId));
    expect(row!.pinHash).not.toContain('4826');
    expect(await verifyPassword(row!.pinHash, '4826')).toBe(true);
    const trail = JSON.stringify(await audit());
    expect(trail).toContain('duty.pin.set');
    expect(trail).not.toMatch(/4826|5093|7731|argon2/);
    const me = await as(desk.teacher.token, 'GET', '/api/staff/duty/me');
    expect(me.json()).toMatchObject({ pinSet: true, open: null, today: [] });
    expect(me.json().sessions.map((s: { name: string }) => s.name)).toEqual(['Acorn Room']);
  });

  it('lets a teacher clock in at the tablet with their PIN (chosen by name or PIN only)', async () => {
    kioskToken = (await desk.enrollKiosk('Front door')).token;
    spareKiosk = (await desk.enrollKiosk('Garden gate')).token;
    // The Acorn Room counts one adult per child, so two children need two adults.
    const program = await as(desk.admin.token, 'POST', '/api/staff/programs', {
      name: 'Toddlers',
      childrenPerAdult: 1,
    });
    expect(program.statusCode).toBe(201);
    const toddlers = program.json().find((p: { name: string }) => p.name === 'Toddlers');
    expect(toddlers.childrenPerAdult).toBe(1);
    await desk.t.database.db
      .update(classSessions)
      .set({ classSectionId: toddlers.id })
      .where(eq(classSessions.id, desk.acorn));

    const list = await kiosk('/api/kiosk/duty/staff');
    expect(list.statusCode).toBe(200);
    expect(list.json().people.map((p: { name: string }) => p.name)).toEqual([
      'Director Family',
      'Other Family',
      'Teacher Family',
    ]);
    expect((await as(desk.admin.token, 'GET', '/api/kiosk/duty/staff')).statusCode).toBe(401);

    const wrong = await kiosk('/api/kiosk/duty/identify', { userId: desk.teacher.userId, pin: '4827' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().fields.pin).toBe('That PIN is not right.');
    const who = await kiosk('/api/kiosk/duty/identify', { pin: '4826' });
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ userId: desk.teacher.userId, name: 'Teacher Family', open: null });
    // Their own room first (the default), then the rest of today's rooms.
    expect(who.json().sessions.map((s: { name: string; assigned: boolean }) => [s.name, s.assigned])).toEqual(
      [
        ['Acorn Room', true],
        ['Maple Room', false],
      ],
    );

    const clockIn = await kiosk('/api/kiosk/duty/clock', {
      userId: desk.teacher.userId,
      pin: '4826',
      classSessionId: desk.acorn,
      action: 'in',
    });
    expect(clockIn.statusCode).toBe(200);
    expect(clockIn.json().punch).toMatchObject({
      source: 'Tablet',
      sessionName: 'Acorn Room',
      outAt: null,
      day: TODAY,
    });
    expect(clockIn.json().ratio).toMatchObject({ children: 0, adults: 1, required: 0, state: 'ok' });
    const again = await kiosk('/api/kiosk/duty/clock', {
      pin: '4826',
      classSessionId: desk.acorn,
      action: 'in',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already clocked in to Acorn Room since 8:00/);
  });

  it('counts children against adults: at the limit, then a drop-off over the ratio is let in and warned', async () => {
    desk.clock.set('2026-11-20T16:30:00Z');
    expect(
      (
        await desk.record(desk.teacher.token, {
          studentId: desk.ava,
          classSessionId: desk.acorn,
          kind: 'CheckIn',
          adultName: 'Maria Rivera',
        })
      ).statusCode,
    ).toBe(201);
    expect(await acornNow()).toMatchObject({
      children: 1,
      adults: 1,
      required: 1,
      state: 'atLimit',
      childrenPerAdult: 1,
    });

    const pass = await as(desk.rivera.token, 'POST', `/api/Student/Trustees/${desk.rosa}/Pass`, {
      pin: '4321',
    });
    expect(pass.statusCode).toBe(201);
    rosaCode = (await as(desk.rivera.token, 'GET', `/api/Student/Trustees/${desk.rosa}/Pass/Card`)).json()
      .code;
    desk.clock.set('2026-11-20T16:40:00Z');
    const dropOff = await kiosk('/api/kiosk/check-in', {
      code: rosaCode,
      children: [{ studentId: desk.ben, classSessionId: desk.acorn }],
    });
    expect(dropOff.statusCode).toBe(200);
    expect(dropOff.json().results[0].outcome).toBe('done');
    expect(dropOff.json().ratioWarnings).toEqual([
      expect.objectContaining({
        classSessionId: desk.acorn,
        children: 2,
        adults: 1,
        required: 2,
        state: 'over',
      }),
    ]);
    expect((await points()).map((p) => [p.children, p.adults, p.state, p.breach])).toEqual([
      [0, 1, 'ok', false],
      [1, 1, 'atLimit', false],
      [2, 1, 'over', true],
    ]);

    // Today and the board read the breach; each teacher sees their own room only.
    const director = await ratios(desk.admin.token);
    expect(director.breaches).toEqual([
      expect.objectContaining({
        name: 'Acorn Room',
        at: '2026-11-20T16:40:00.000Z',
        ongoing: true,
        required: 2,
      }),
    ]);
    expect((await ratios(desk.teacher.token)).sessions.map((s) => s.name)).toEqual(['Acorn Room']);
    const other = await ratios(desk.otherTeacher.token);
    expect(other.sessions.map((s) => s.name)).toEqual(['Maple Room']);
    expect(JSON.stringify(other)).not.toContain('Acorn');
  });

  it('allows the phone only where the director turned it on; a second adult ends the breach', async () => {
    const refused = await as(desk.admin.token, 'POST', '/api/staff/duty/clock', {
      classSessionId: desk.acorn,
      action: 'in',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/not turned on for Acorn Room/);
    expect(
      (await as(desk.teacher.token, 'PUT', `/api/staff/duty/sessions/${desk.acorn}/phone`, { allowed: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(desk.admin.token, 'PUT', `/api/staff/duty/sessions/${desk.acorn}/phone`, { allowed: true }))
        .statusCode,
    ).toBe(204);
    // A teacher on the phone reaches only their own rooms: another room answers 404.
    expect(
      (
        await as(desk.otherTeacher.token, 'POST', '/api/staff/duty/clock', {
          classSessionId: desk.acorn,
          action: 'in',
        })
      ).statusCode,
    ).toBe(404);
    desk.clock.set('2026-11-20T16:52:00Z');
    const phone = await as(desk.admin.token, 'POST', '/api/staff/duty/clock', {
      classSessionId: desk.acorn,
      action: 'in',
    });
    expect(phone.statusCode).toBe(200);
    expect(phone.json().punch.source).toBe('Phone');
    expect(phone.json().ratio).toMatchObject({ children: 2, adults: 2, state: 'atLimit' });
    expect((await ratios(desk.admin.token)).breaches[0]!.ongoing).toBe(false);
  });

  it('keeps the day’s ratio history for an inspector, with the minutes spent over', async () => {
    desk.clock.set('2026-11-20T17:00:00Z');
    const res = await as(
      desk.teacher.token,
      'GET',
      `/api/staff/duty/ratios/${desk.acorn}/history?day=${TODAY}`,
    );
    expect(res.statusCode).toBe(200);
    const history = res.json() as RatioHistory;
    expect(history.points.map((p) => [p.at, p.children, p.adults, p.state])).toEqual([
      ['2026-11-20T16:00:00.000Z', 0, 1, 'ok'],
      ['2026-11-20T16:30:00.000Z', 1, 1, 'atLimit'],
      ['2026-11-20T16:40:00.000Z', 2, 1, 'over'],
      ['2026-11-20T16:52:00.000Z', 2, 2, 'atLimit'],
    ]);
    expect(history.minutesOver).toBe(12);
    expect(
      (await as(desk.otherTeacher.token, 'GET', `/api/staff/duty/ratios/${desk.acorn}/history`)).statusCode,
    ).toBe(404);
    expect(
      (await as(desk.rivera.token, 'GET', `/api/staff/duty/ratios/${desk.acorn}/history`)).statusCode,
    ).toBe(403);
    // The inspector page's use cases.
    const staffByDay = await sessionStaffOnDays(desk.t.database.db, desk.acorn, addDays(TODAY, -1), TODAY);
    expect([...staffByDay.keys()]).toEqual([TODAY]);
    expect(staffByDay.get(TODAY)!.map((s) => [s.name, s.inAt, s.outAt])).toEqual([
      ['Teacher Family', '2026-11-20T16:00:00.000Z', null],
      ['Director Family', '2026-11-20T16:52:00.000Z', null],
    ]);
    const direct = await sessionRatioHistory(
      desk.t.database.db,
      desk.acorn,
      TODAY,
      desk.clock.now(),
      new Date('2026-11-21T08:00:00Z'),
    );
    expect(direct.minutesOver).toBe(12);
  });

  it('clocks out at the tablet: one adult again is a new breach; a second clock-out is refused', async () => {
    desk.clock.set('2026-11-20T20:30:00Z');
    const out = await kiosk('/api/kiosk/duty/clock', {
      pin: '4826',
      classSessionId: desk.acorn,
      action: 'out',
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().punch.outAt).toBe('2026-11-20T20:30:00.000Z');
    expect(out.json().ratio).toMatchObject({ children: 2, adults: 1, state: 'over' });
    expect((await points()).filter((p) => p.breach)).toHaveLength(2);
    const twice = await kiosk('/api/kiosk/duty/clock', {
      pin: '4826',
      classSessionId: desk.acorn,
      action: 'out',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You are not clocked in to Acorn Room.');
    // Both children picked up: the room is empty, and the director clocks out from the phone.
    for (const studentId of [desk.ava, desk.ben])
      expect(
        (
          await desk.record(desk.admin.token, {
            studentId,
            classSessionId: desk.acorn,
            kind: 'CheckOut',
            trusteeId: desk.rosa,
          })
        ).statusCode,
      ).toBe(201);
    expect(await acornNow()).toMatchObject({ children: 0, adults: 1, state: 'ok' });
  });

  it('corrects a missed punch and fixes a time with a reason, keeping the original; only the director', async () => {
    const missed = {
      userId: desk.teacher.userId,
      classSessionId: desk.acorn,
      inAt: '2026-11-19T08:25',
      outAt: '2026-11-19T12:40',
      reason: 'Forgot to clock in at the door',
    };
    expect((await as(desk.teacher.token, 'POST', '/api/staff/duty/punches', missed)).statusCode).toBe(403);
    const bad = await as(desk.admin.token, 'POST', '/api/staff/duty/punches', {
      ...missed,
      outAt: '2026-11-19T07:00',
      reason: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['outAt', 'reason']);
    const added = await as(desk.admin.token, 'POST', '/api/staff/duty/punches', missed);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      source: 'Correction',
      day: '2026-11-19',
      inAt: '2026-11-19T16:25:00.000Z',
      reason: missed.reason,
    });
    const overlap = await as(desk.admin.token, 'POST', '/api/staff/duty/punches', {
      ...missed,
      inAt: '2026-11-19T12:00',
      outAt: null,
    });
    expect(overlap.statusCode).toBe(409);

    const fix = await as(desk.admin.token, 'PATCH', `/api/staff/duty/punches/${added.json().id}`, {
      inAt: '2026-11-19T08:25',
      outAt: '2026-11-19T12:35',
      reason: 'Left at 12:35, confirmed with the teacher',
    });
    expect(fix.statusCode).toBe(200);
    expect(fix.json().replacesId).toBe(added.json().id);
    const again = await as(desk.admin.token, 'PATCH', `/api/staff/duty/punches/${added.json().id}`, {
      inAt: '2026-11-19T08:25',
      reason: 'Again please',
    });
    expect(again.statusCode).toBe(409);
    expect(
      (
        await as(desk.admin.token, 'PATCH', '/api/staff/duty/punches/nope', {
          inAt: '2026-11-19T08:25',
          reason: 'Again please',
        })
      ).statusCode,
    ).toBe(404);
    const kept = await queryRows<{ n: number }>(
      desk.t.database.db,
      sql`select count(*)::int as n from staff_punches where id = ${added.json().id} and superseded_at is not null`,
    );
    expect(kept[0]!.n).toBe(1);
    const trail = await audit();
    expect(trail.map((r) => r.action)).toEqual(
      expect.arrayContaining(['duty.punch.add', 'duty.punch.fix', 'duty.phone.set']),
    );
  });

  it('shows the week’s timesheets: a teacher their own, the director everyone, the CSV exactly the table', async () => {
    const own = await as(desk.teacher.token, 'GET', `/api/staff/duty/timesheets?week=${TODAY}`);
    expect(own.statusCode).toBe(200);
    const sheet = own.json() as Timesheet;
    expect(sheet).toMatchObject({ from: '2026-11-16', to: '2026-11-22' });
    expect(sheet.people).toHaveLength(1);
    // Thursday 8:25–12:35 (the correction), Friday 8:00–12:30.
    expect(sheet.people[0]).toMatchObject({
      name: 'Teacher Family',
      minutes: [0, 0, 0, 250, 270, 0, 0],
      totalMinutes: 520,
      open: false,
    });
    expect(
      (await as(desk.teacher.token, 'GET', `/api/staff/duty/timesheets?userId=${desk.admin.userId}`))
        .statusCode,
    ).toBe(404);

    const all = (
      await as(desk.admin.token, 'GET', `/api/staff/duty/timesheets?week=2026-11-22`)
    ).json() as Timesheet;
    expect(all.people.map((p) => [p.name, p.totalMinutes, p.open])).toEqual([
      ['Director Family', 0, true],
      ['Teacher Family', 520, false],
    ]);
    const csv = await as(desk.admin.token, 'GET', `/api/staff/duty/timesheets/csv?week=2026-11-22`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.trim().split('\r\n')).toEqual([
      'Staff member,Mon 2026-11-16,Tue 2026-11-17,Wed 2026-11-18,Thu 2026-11-19,Fri 2026-11-20,Sat 2026-11-21,Sun 2026-11-22,Total,Open punch',
      'Director Family,0:00,0:00,0:00,0:00,0:00,0:00,0:00,0:00,Yes',
      'Teacher Family,0:00,0:00,0:00,4:10,4:30,0:00,0:00,8:40,No',
    ]);
    expect((await as(desk.teacher.token, 'GET', `/api/staff/duty/timesheets/csv`)).body).not.toContain(
      'Director',
    );
  });

  it('keeps certifications with expiry dates; the director sees who expires next; reminders go once', async () => {
    // Earlier tests' deferred jobs each end with a background round, which also sends these reminders: let
    // them finish first, so the rounds below are the only ones that can claim a reminder.
    await desk.t.ctx.work.idle();
    const cpr = { kind: 'Cpr', issuedOn: '2024-12-10', expiresOn: '2026-12-10' };
    expect(
      (await as(desk.teacher.token, 'POST', `/api/staff/team/${desk.teacher.userId}/certifications`, cpr))
        .statusCode,
    ).toBe(403);
    const badHours = await as(
      desk.admin.token,
      'POST',
      `/api/staff/team/${desk.teacher.userId}/certifications`,
      { kind: 'TrainingHours', issuedOn: '2026-10-01' },
    );
    expect(badHours.statusCode).toBe(400);
    expect(Object.keys(badHours.json().fields)).toEqual(['hours']);
    expect(
      (await as(desk.admin.token, 'POST', `/api/staff/team/${desk.rivera.userId}/certifications`, cpr))
        .statusCode,
    ).toBe(404);
    const added = await as(
      desk.admin.token,
      'POST',
      `/api/staff/team/${desk.teacher.userId}/certifications`,
      cpr,
    );
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ kind: 'Cpr', daysLeft: 20, name: 'Teacher Family' });
    await as(desk.admin.token, 'POST', `/api/staff/team/${desk.admin.userId}/certifications`, {
      kind: 'TbTest',
      issuedOn: '2025-11-25',
      expiresOn: '2026-11-25',
    });
    await as(desk.admin.token, 'POST', `/api/staff/team/${desk.teacher.userId}/certifications`, {
      kind: 'TrainingHours',
      hours: 12,
      issuedOn: '2026-09-01',
    });

    const mine = await as(desk.teacher.token, 'GET', `/api/staff/team/${desk.teacher.userId}/certifications`);
    expect(mine.json().certifications.map((c: { kind: string }) => c.kind)).toEqual(['Cpr', 'TrainingHours']);
    expect(
      (await as(desk.teacher.token, 'GET', `/api/staff/team/${desk.admin.userId}/certifications`)).statusCode,
    ).toBe(404);
    expect((await as(desk.teacher.token, 'GET', '/api/staff/certifications/expiring')).statusCode).toBe(403);
    const next = await as(desk.admin.token, 'GET', '/api/staff/certifications/expiring');
    expect(
      next.json().certifications.map((c: { name: string; daysLeft: number }) => [c.name, c.daysLeft]),
    ).toEqual([
      ['Director Family', 5],
      ['Teacher Family', 20],
    ]);

    const deps = { database: desk.t.database, clock: desk.clock, appUrl: 'https://brightoak.example' };
    const reminders = () =>
      queryRows<{ to: string; subject: string }>(
        desk.t.database.db,
        sql`select "to", subject from mail_outbox where subject like '%certification expires%' order by created, subject`,
      );
    await desk.t.ctx.work.idle();
    expect(await remindCertifications(deps)).toBe(2);
    expect(await remindCertifications(deps)).toBe(0);
    const subjects = (await reminders()).map((m) => m.subject).sort();
    expect(subjects).toEqual([
      'Teacher Family’s CPR certification expires in 20 days',
      'Your CPR certification expires in 20 days',
      'Your TB test certification expires in 5 days',
    ]);
    desk.clock.set('2026-12-04T17:00:00Z');
    expect(await remindCertifications(deps)).toBe(1);
    expect((await reminders()).map((m) => m.subject)).toContain('Your CPR certification expires in 6 days');
    desk.clock.set('2026-11-20T20:30:00Z');
  });

  it('answers every staff route by role and changes nothing for those it refuses (role × route)', async () => {
    const before = await queryRows<{ n: number }>(
      desk.t.database.db,
      sql`select (select count(*) from staff_punches) + (select count(*) from staff_certifications) + (select count(*) from audit_events) as n`,
    );
    const routes: [string, string, object | undefined, Partial<Record<string, number>>][] = [
      ['GET', '/api/staff/duty/me', undefined, {}],
      ['GET', '/api/staff/duty/ratios', undefined, {}],
      ['GET', `/api/staff/duty/ratios/${desk.acorn}/history`, undefined, { 'teacher not assigned': 404 }],
      ['GET', '/api/staff/duty/timesheets', undefined, {}],
      ['GET', '/api/staff/duty/timesheets/csv', undefined, {}],
      [
        'GET',
        `/api/staff/team/${desk.teacher.userId}/certifications`,
        undefined,
        { 'teacher not assigned': 404 },
      ],
      [
        'GET',
        '/api/staff/certifications/expiring',
        undefined,
        { 'teacher assigned': 403, 'teacher not assigned': 403 },
      ],
      [
        'PUT',
        `/api/staff/duty/sessions/${desk.maple}/phone`,
        { allowed: false },
        { 'teacher assigned': 403, 'teacher not assigned': 403, admin: 204 },
      ],
      [
        'POST',
        '/api/staff/duty/punches',
        { userId: 'nobody', classSessionId: desk.acorn, inAt: '2026-11-18T08:00', reason: 'Missed it' },
        { 'teacher assigned': 403, 'teacher not assigned': 403, admin: 404 },
      ],
      [
        'PATCH',
        '/api/staff/duty/punches/00000000-0000-0000-0000-000000000000',
        { inAt: '2026-11-18T08:00', reason: 'Missed it' },
        { 'teacher assigned': 403, 'teacher not assigned': 403, admin: 404 },
      ],
      [
        'POST',
        `/api/staff/team/${desk.rivera.userId}/certifications`,
        { kind: 'Cpr', issuedOn: '2026-01-01', expiresOn: '2028-01-01' },
        { 'teacher assigned': 403, 'teacher not assigned': 403, admin: 404 },
      ],
      [
        'DELETE',
        '/api/staff/certifications/00000000-0000-0000-0000-000000000000',
        undefined,
        { 'teacher assigned': 403, 'teacher not assigned': 403, admin: 404 },
      ],
      [
        'POST',
        '/api/staff/duty/clock',
        { classSessionId: desk.maple, action: 'out' },
        { 'teacher assigned': 404, 'teacher not assigned': 403, admin: 403 },
      ],
    ];
    for (const [method, url, body, others] of routes)
      for (const who of EVERYONE) {
        const res = await as(token(who), method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(statusFor(who, 200, others));
      }
    const after = await queryRows<{ n: number }>(
      desk.t.database.db,
      sql`select (select count(*) from staff_punches) + (select count(*) from staff_certifications) + (select count(*) from audit_events) as n`,
    );
    expect(after).toEqual(before);
  });

  it('pauses PIN tries at a tablet after too many, and a right PIN gives its try back', async () => {
    for (let i = 0; i < PIN_TRIES; i++)
      expect(
        (
          await kiosk(
            '/api/kiosk/duty/identify',
            { userId: desk.otherTeacher.userId, pin: `88${i}1` },
            spareKiosk,
          )
        ).statusCode,
      ).toBe(403);
    const paused = await kiosk(
      '/api/kiosk/duty/identify',
      { userId: desk.otherTeacher.userId, pin: '7731' },
      spareKiosk,
    );
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toMatch(/Too many wrong PINs/);
    // The other tablet still works for someone else.
    expect((await kiosk('/api/kiosk/duty/identify', { pin: '5093' })).statusCode).toBe(200);
    desk.clock.set('2026-11-20T20:46:00Z');
    expect(
      (await kiosk('/api/kiosk/duty/identify', { userId: desk.otherTeacher.userId, pin: '7731' }, spareKiosk))
        .statusCode,
    ).toBe(200);
  });
});
