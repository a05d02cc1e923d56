/**
 * The door's other rules (server/src/features/passes/door*.ts; issue 11): what a scan shows (the children
 * today, their state and last event, allergies, the photo, a paused PIN), who hears about an event (an email
 * per parent in their language, a text to a parent who chose texts, every child of a request), and a teacher's
 * or the director's entry by hand with the same state rules (a session not meeting today, a child not enrolled,
 * a contact not allowed to pick up, a pickup with no adult named, each state refusal). Each test makes its own
 * family. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, mailOutbox, users } from '../../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { movableClock } from '../support/registration.ts';
import { door, MONDAY_MORNING } from './door-support.ts';

describe.each(dbKinds)('the door’s scan, messages and hand entries on %s', (kind) => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof door>>;
  const clock = movableClock(MONDAY_MORNING);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    d = await door(t, clock);
  });
  afterAll(async () => {
    await t.close();
  });

  const byHand = (body: Record<string, unknown>) => d.a.call(d.admin, 'POST', '/api/staff/attendance', body);
  const mailsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it('a scan shows the adult and each child today: state, last event, allergies, no photo, PIN not paused', async () => {
    const f = await d.family('Scan', 2);
    await d.a.call(f.token, 'POST', `/api/Student/${f.childIds[1]}/Allergies`, { name: 'Peanuts' });
    await d.kiosk('check-in', { code: f.rosa.code, children: [f.child(0)] });
    clock.advanceMinutes(5);
    const res = await d.kiosk('scan', { code: f.rosa.code });
    expect(res.json()).toEqual({
      holderName: 'Rosa Rivera',
      relationship: 'Grandparent',
      photo: null,
      pinLocked: false,
      children: [
        {
          ...f.child(0),
          firstName: 'Ava',
          lastName: 'Scan',
          sessionName: 'Acorn Room',
          allergies: [],
          state: 'In',
          lastEvent: 'Checked in at 8:45 AM by Rosa Rivera',
        },
        {
          ...f.child(1),
          firstName: 'Ben',
          lastName: 'Scan',
          sessionName: 'Acorn Room',
          allergies: ['Peanuts'],
          state: 'NotArrived',
          lastEvent: null,
        },
      ],
    });
  });

  it('yesterday’s pickup is not today’s: the day starts again at the center’s midnight', async () => {
    const f = await d.family('Yesterday');
    clock.set('2026-11-20T16:45:00Z'); // the Friday before
    await d.a.signIn(f);
    await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    clock.set('2026-11-23T07:59:00Z'); // 11:59 pm on Sunday in California
    expect((await d.kiosk('scan', { code: f.rosa.code })).json().children).toEqual([]);
    clock.set(MONDAY_MORNING);
    const scan = await d.kiosk('scan', { code: f.rosa.code });
    expect(scan.json().children[0]).toMatchObject({ state: 'NotArrived', lastEvent: null });
    const res = await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    expect(res.json().results[0].outcome).toBe('done');
  });

  it('each parent hears of it in their language; a parent who chose texts gets a text, not an email', async () => {
    const f = await d.family('Heard', 2);
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, f.userId));
    const texting = await d.family('Texting');
    await t.database.db.update(users).set({ sms: '+14155550142' }).where(eq(users.id, texting.userId));
    const res = await d.kiosk('check-in', {
      code: f.rosa.code,
      method: 'Code',
      children: [f.child(0), f.child(1)],
    });
    expect(res.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['done', 'done']);
    const mails = await mailsTo(f.email);
    expect(
      mails
        .map((m) => m.subject)
        .filter((x) => x.includes('llegó'))
        .sort(),
    ).toEqual(['Ava llegó a Acorn Room', 'Ben llegó a Acorn Room']);
    const [row] = await d.rows(f.childIds[0]!);
    expect(row).toMatchObject({
      method: 'Code',
      trusteeId: f.rosa.id,
      secondFactor: null,
      adultName: 'Rosa Rivera',
    });

    await d.kiosk('check-in', { code: texting.rosa.code, children: [texting.child()] });
    await t.flush();
    const texts = (await readFile(path.join(t.config.dataDir, 'sms.log'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { to: string; body: string });
    expect(texts.filter((x) => x.to === '+14155550142').map((x) => x.body)).toEqual([
      'Bright Oak: Ava was checked in at 8:45 AM by Rosa Rivera.',
    ]);
    expect((await mailsTo(texting.email)).filter((m) => m.subject.includes('has arrived'))).toEqual([]);
  });

  it('a pickup tells the parents who took the child and when', async () => {
    const f = await d.family('Told');
    await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    clock.set('2026-11-23T20:30:00Z');
    await d.kiosk('check-out', { code: f.rosa.code, pin: '4321', children: [f.child()] });
    const out = (await mailsTo(f.email)).find((m) => m.subject.includes('picked up'));
    expect(out!.subject).toBe('Ava has been picked up from Acorn Room');
    expect(out!.text).toContain('Ava was picked up from Acorn Room at 12:30 PM by Rosa Rivera.');
  });

  it('by hand: a contact of the child, or a name as given; the same state rules as the door', async () => {
    const f = await d.family('Hand');
    const student = f.childIds[0]!;
    const base = { studentId: student, classSessionId: d.acorn };
    const outEarly = await byHand({ ...base, kind: 'CheckOut', trusteeId: f.rosa.id });
    expect([outEarly.statusCode, outEarly.json().message]).toEqual([
      409,
      'Ava has not been checked in today.',
    ]);
    const inRes = await byHand({ ...base, kind: 'CheckIn', adultName: 'Marta Hand' });
    expect(inRes.statusCode).toBe(201);
    expect(inRes.json()).toEqual({
      ...base,
      firstName: 'Ava',
      outcome: 'done',
      reason: null,
      at: '2026-11-23T16:45:00.000Z',
    });
    clock.advanceMinutes(1);
    const twice = await byHand({ ...base, kind: 'CheckIn', adultName: 'Marta Hand' });
    expect([twice.statusCode, twice.json().message]).toEqual([
      409,
      'Ava is already checked in (since 8:45 AM).',
    ]);
    const nobody = await byHand({ ...base, kind: 'CheckOut' });
    expect([nobody.statusCode, nobody.json().message]).toEqual([400, 'Say who is picking up.']);
    const out = await byHand({ ...base, kind: 'CheckOut', trusteeId: f.rosa.id, adultName: 'Ignored' });
    expect(out.statusCode).toBe(201);
    const again = await byHand({ ...base, kind: 'CheckOut', adultName: 'Marta Hand' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Ava was already picked up at 8:46 AM.']);
    const rows = await t.database.db.select().from(attendance).where(eq(attendance.studentId, student));
    expect(rows.map((r) => [r.kind, r.method, r.adultName, r.trusteeId]).sort()).toEqual([
      ['CheckIn', 'Staff', 'Marta Hand', null],
      ['CheckOut', 'Staff', 'Rosa Rivera', f.rosa.id],
    ]);
    const told = (await mailsTo(f.email)).map((m) => m.text);
    expect(told.some((x) => x.includes('Ava was checked in to Acorn Room at 8:45 AM by Marta Hand.'))).toBe(
      true,
    );
  });

  it('a child picked up and brought back the same day is checked in again, at the door and by hand', async () => {
    // Grandma takes Ava to the dentist at 9:45 and brings her back at 11:00; later a teacher records the same
    // for her brother by hand. Only a second pickup in a row is refused, never a drop-off after a pickup.
    const f = await d.family('Dentist', 2);
    expect(
      (await d.kiosk('check-in', { code: f.rosa.code, children: [f.child(0), f.child(1)] })).statusCode,
    ).toBe(200);
    clock.advanceMinutes(60);
    const out = await d.kiosk('check-out', { code: f.rosa.code, pin: '4321', children: [f.child(0)] });
    expect(out.json().results[0]).toMatchObject({ outcome: 'done', at: '2026-11-23T17:45:00.000Z' });
    clock.advanceMinutes(75);
    const back = await d.kiosk('check-in', { code: f.rosa.code, children: [f.child(0)] });
    expect(back.json().results[0]).toMatchObject({
      outcome: 'done',
      firstName: 'Ava',
      reason: null,
      at: '2026-11-23T19:00:00.000Z',
    });

    const brother = { studentId: f.childIds[1]!, classSessionId: d.acorn };
    expect((await byHand({ ...brother, kind: 'CheckOut', trusteeId: f.rosa.id })).statusCode).toBe(201);
    clock.advanceMinutes(30);
    const handBack = await byHand({ ...brother, kind: 'CheckIn', trusteeId: f.rosa.id });
    expect([handBack.statusCode, handBack.json().outcome]).toEqual([201, 'done']);
    for (const studentId of f.childIds) {
      const kinds = (await d.rows(studentId)).sort((x, y) => +x.timestamp - +y.timestamp).map((r) => r.kind);
      expect(kinds).toEqual(['CheckIn', 'CheckOut', 'CheckIn']);
    }
  });

  it('by hand, without a name on a drop-off: the parents are told the staff member did it', async () => {
    const f = await d.family('Staffname');
    const res = await byHand({ studentId: f.childIds[0], classSessionId: d.acorn, kind: 'CheckIn' });
    expect(res.statusCode).toBe(201);
    const mail = (await mailsTo(f.email)).find((m) => m.subject.includes('has arrived'));
    expect(mail!.text).toContain('Ava was checked in to Acorn Room at 8:45 AM by Director Family (staff).');
  });

  it('by hand: only the child’s own contacts, and only one allowed to pick up may take the child', async () => {
    const f = await d.family('Contacts');
    const other = await d.family('Othercontacts');
    const neighbour = { id: await d.contact(f, 'Nina', false) };
    const base = { studentId: f.childIds[0], classSessionId: d.acorn };
    expect((await byHand({ ...base, kind: 'CheckIn', trusteeId: neighbour.id })).statusCode).toBe(201);
    for (const trusteeId of [other.rosa.id, 'not-a-uuid']) {
      const res = await byHand({ ...base, kind: 'CheckOut', trusteeId });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Choose one of this child’s contacts.']);
    }
    const res = await byHand({ ...base, kind: 'CheckOut', trusteeId: neighbour.id });
    expect([res.statusCode, res.json().message]).toEqual([
      400,
      'Nina is not allowed to pick up Ava. Call the family before letting Ava go.',
    ]);
  });

  it('by hand: 404 for a child not enrolled in the session or a malformed id; 409 on a day it does not meet', async () => {
    const f = await d.family('Handrules');
    for (const body of [
      { studentId: f.childIds[0], classSessionId: d.birch, kind: 'CheckIn', adultName: 'X' },
      { studentId: 'nope', classSessionId: d.acorn, kind: 'CheckIn', adultName: 'X' },
    ]) {
      const res = await byHand(body);
      expect([res.statusCode, res.json().message]).toEqual([404, 'That child was not found.']);
    }
    const dayOff = async (iso: string) => {
      clock.set(iso);
      const director = await d.a.staff(); // a token lasts 12 hours: the director signs in that day
      const res = await d.a.call(director, 'POST', '/api/staff/attendance', {
        studentId: f.childIds[0],
        classSessionId: d.acorn,
        kind: 'CheckIn',
        adultName: 'X',
      });
      return [res.statusCode, res.json().message];
    };
    const notToday = [409, 'Acorn Room does not meet today, so there is nothing to record.'];
    expect(await dayOff('2026-11-28T17:00:00Z')).toEqual(notToday); // a Saturday
    expect(await dayOff('2027-03-16T17:00:00Z')).toEqual(notToday); // a Tuesday after the last day
    expect(await dayOff('2026-10-27T16:00:00Z')).toEqual(notToday); // a Tuesday before the first day
  });
});
