/**
 * The door's rules at their edges (server/src/features/passes/door*.ts; issue 11, decision 012): the
 * double-scan window to the second, the center's day and clock time (a daylight-saving day included), a
 * child asked for under a session it is not in, pickups before drop-off and after a pickup, the second factor
 * (missing PIN, wrong PINs counting down to the pause, the pause's end, a photo with no photo on the pass),
 * and each refusal kept in the audit trail. Each test makes its own family. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitalPassports, trusteePassports } from '../../src/db/schema.ts';
import { DOUBLE_SCAN_SECONDS, withinDoubleScan } from '../../src/features/passes/door.ts';
import {
  clockTime,
  dayBounds,
  describe as describeEvent,
  eventKey,
  stateOf,
  weekday,
} from '../../src/features/passes/door-today.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { movableClock } from '../support/registration.ts';
import { door, MONDAY_MORNING } from './door-support.ts';

const LA = 'America/Los_Angeles';

describe('the door’s clock', () => {
  it('a second event within 120 seconds of the first, to the millisecond, is a double scan', () => {
    const first = new Date(MONDAY_MORNING);
    const after = (ms: number) => new Date(first.getTime() + ms);
    expect(DOUBLE_SCAN_SECONDS).toBe(120);
    expect(withinDoubleScan(first, first)).toBe(true);
    expect(withinDoubleScan(first, after(60_000))).toBe(true);
    expect(withinDoubleScan(first, after(120_000))).toBe(true);
    expect(withinDoubleScan(first, after(120_001))).toBe(false);
    expect(withinDoubleScan(null, first)).toBe(false);
  });

  it('the center’s day runs from its midnight to the next, 25 hours on the day clocks go back', () => {
    expect(dayBounds('2026-11-23', LA)).toEqual({
      start: new Date('2026-11-23T08:00:00Z'),
      end: new Date('2026-11-24T08:00:00Z'),
    });
    expect(dayBounds('2026-11-01', LA)).toEqual({
      start: new Date('2026-11-01T07:00:00Z'),
      end: new Date('2026-11-02T08:00:00Z'),
    });
    expect(weekday('2026-11-23')).toBe(1);
    expect(weekday('2026-11-22')).toBe(0);
    expect(clockTime(new Date(MONDAY_MORNING), LA)).toBe('8:45 AM');
    expect(clockTime(new Date(MONDAY_MORNING), 'America/New_York')).toBe('11:45 AM');
  });

  it('a child’s state and last event in words', () => {
    const event = {
      student_id: 'c1',
      class_session_id: 3,
      kind: 'CheckIn' as const,
      timestamp: MONDAY_MORNING,
      adult_name: 'Rosa Rivera',
      trustee_id: 't1',
    };
    expect(eventKey('c1', 3)).toBe('c1:3');
    expect([stateOf(undefined), stateOf(event), stateOf({ ...event, kind: 'CheckOut' })]).toEqual([
      'NotArrived',
      'In',
      'Out',
    ]);
    expect(describeEvent(undefined, LA)).toBeNull();
    expect(describeEvent(event, LA)).toBe('Checked in at 8:45 AM by Rosa Rivera');
    expect(describeEvent({ ...event, kind: 'CheckOut', adult_name: null }, LA)).toBe('Picked up at 8:45 AM');
  });
});

describe.each(dbKinds)('the door’s rules on %s', (kind) => {
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

  it('the same drop-off within 120 seconds is the same event; after that, a refusal that says since when', async () => {
    const f = await d.family('Double');
    const checkIn = () => d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    const first = (await checkIn()).json().results[0];
    expect(first).toMatchObject({ outcome: 'done', firstName: 'Ava', at: '2026-11-23T16:45:00.000Z' });
    clock.advanceMinutes(1);
    expect((await checkIn()).json().results[0]).toEqual({
      ...f.child(),
      firstName: 'Ava',
      outcome: 'already',
      reason: null,
      at: '2026-11-23T16:45:00.000Z',
    });
    clock.set('2026-11-23T16:47:01Z');
    expect((await checkIn()).json().results[0]).toEqual({
      ...f.child(),
      firstName: 'Ava',
      outcome: 'refused',
      reason: 'Ava is already checked in (since 8:45 AM).',
      at: null,
    });
    expect(await d.rows(f.childIds[0]!)).toHaveLength(1);
  });

  it('a pickup again within 120 seconds by the same adult is the same; by another adult, or later, refused', async () => {
    const f = await d.family('Pickup');
    const uncle = await d.contactWithPass(f, 'Tomas', '5555');
    await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    clock.advanceMinutes(60);
    const pickUp = (code: string, pin: string) =>
      d.kiosk('check-out', { code, pin, children: [f.child()] }).then((r) => r.json().results[0]);
    expect(await pickUp(f.rosa.code, '4321')).toMatchObject({
      outcome: 'done',
      at: '2026-11-23T17:45:00.000Z',
    });
    clock.advanceMinutes(1);
    expect(await pickUp(f.rosa.code, '4321')).toMatchObject({
      outcome: 'already',
      at: '2026-11-23T17:45:00.000Z',
    });
    const refused = {
      outcome: 'refused',
      reason: 'Ava was already picked up at 9:45 AM by Rosa Rivera.',
      at: null,
    };
    expect(await pickUp(uncle.code, '5555')).toMatchObject(refused);
    clock.set('2026-11-23T17:47:01Z');
    expect(await pickUp(f.rosa.code, '4321')).toMatchObject(refused);
  });

  it('a child asked for under a session it is not in today is refused, even when it is in another', async () => {
    const f = await d.family('Wrongroom', 2);
    const res = await d.kiosk('check-in', {
      code: f.rosa.code,
      children: [f.child(0, d.birch), f.child(1)],
    });
    expect(res.json().results).toEqual([
      {
        ...f.child(0, d.birch),
        firstName: 'This child',
        outcome: 'refused',
        reason: 'Rosa’s pass is not for this child in a session today.',
        at: null,
      },
      { ...f.child(1), firstName: 'Ben', outcome: 'done', reason: null, at: '2026-11-23T16:45:00.000Z' },
    ]);
    expect(await d.rows(f.childIds[0]!)).toEqual([]);
    const [kept] = await d.refusals(await passId(f.rosa.id));
    expect(kept).toEqual({
      reason: 'Rosa’s pass is not for this child in a session today.',
      kioskId: expect.any(String),
      attempted: 'CheckIn',
      studentIds: [f.childIds[0]],
    });
  });

  it('a child of another family, or a session that does not meet today, is not the pass’s to bring', async () => {
    const f = await d.family('Notmine');
    const other = await d.family('Other');
    const saturday = await d.a.session({
      name: 'Saturday Room',
      sessionStartDate: '2026-11-02',
      sessionEndDate: '2027-03-15',
      daySchedule: 'Saturday, 9:00 am – 12:00 pm',
      registrationStartDate: new Date('2026-10-01T17:00:00Z'),
      rosterSize: 10,
    });
    await d.enrollAndPay(f, saturday);
    const res = await d.kiosk('check-in', {
      code: f.rosa.code,
      children: [other.child(), f.child(0, saturday)],
    });
    expect(res.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['refused', 'refused']);
    const scan = await d.kiosk('scan', { code: f.rosa.code });
    expect(scan.json().children.map((c: { sessionName: string }) => c.sessionName)).toEqual(['Acorn Room']);
  });

  it('the same child twice in one request is one event and one answer', async () => {
    const f = await d.family('Twice');
    const res = await d.kiosk('check-in', { code: f.rosa.code, children: [f.child(), f.child()] });
    expect(res.json().results).toHaveLength(1);
    expect(await d.rows(f.childIds[0]!)).toHaveLength(1);
  });

  it('a pickup needs the child in: not before drop-off', async () => {
    const f = await d.family('Early');
    const res = await d.kiosk('check-out', { code: f.rosa.code, pin: '4321', children: [f.child()] });
    expect(res.json().results[0]).toMatchObject({
      outcome: 'refused',
      reason: 'Ava has not been checked in today, so there is no one to pick up.',
    });
    expect(await d.rows(f.childIds[0]!)).toEqual([]);
  });

  it('a pickup needs the PIN: missing is 400; each wrong one counts down; the fifth pauses pickups 15 minutes', async () => {
    const f = await d.family('Pin');
    await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    const pickUp = (pin?: string) => d.kiosk('check-out', { code: f.rosa.code, pin, children: [f.child()] });
    const missing = await pickUp();
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Please enter the PIN to pick up.']);
    const told: string[] = [];
    for (const pin of ['1111', 'abcd', '99999999', '2222']) {
      const res = await pickUp(pin);
      expect(res.statusCode).toBe(403);
      told.push(res.json().message);
    }
    expect(told).toEqual([
      'That PIN is not right. 4 tries left.',
      'That PIN is not right. 3 tries left.',
      'That PIN is not right. 2 tries left.',
      'That PIN is not right. 1 try left.',
    ]);
    const paused = await pickUp('3333');
    expect([paused.statusCode, paused.json().message]).toEqual([
      429,
      'Too many wrong PINs: pickups with this pass are paused until 9:00 AM. A staff member can confirm the photo instead, or call the family.',
    ]);
    // Paused: even the right PIN waits, and the scan says so.
    expect((await pickUp('4321')).statusCode).toBe(429);
    expect((await d.kiosk('scan', { code: f.rosa.code })).json().pinLocked).toBe(true);
    clock.set('2026-11-23T17:00:00Z');
    expect((await d.kiosk('scan', { code: f.rosa.code })).json().pinLocked).toBe(false);
    expect((await pickUp('4321')).json().results[0].outcome).toBe('done');
    const id = await passId(f.rosa.id);
    const [pass] = await t.database.db.select().from(digitalPassports).where(eq(digitalPassports.id, id));
    expect(pass).toMatchObject({ pinFailures: 0, pinLockedUntil: null });
    expect((await d.refusals(id)).map((r) => [r.reason, r.attempted])).toEqual([
      ['Wrong PIN', 'CheckOut'],
      ['Wrong PIN', 'CheckOut'],
      ['Wrong PIN', 'CheckOut'],
      ['Wrong PIN', 'CheckOut'],
      ['PIN locked', 'CheckOut'],
      ['PIN locked', 'CheckOut'],
    ]);
  });

  it('a right PIN clears the wrong ones before it: the count starts again', async () => {
    const f = await d.family('Reset');
    await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    const pickUp = (pin: string) => d.kiosk('check-out', { code: f.rosa.code, pin, children: [f.child()] });
    await pickUp('1111');
    await pickUp('1111');
    expect((await pickUp('4321')).json().results[0].outcome).toBe('done');
    const id = await passId(f.rosa.id);
    const [pass] = await t.database.db.select().from(digitalPassports).where(eq(digitalPassports.id, id));
    expect(pass!.pinFailures).toBe(0);
    expect((await pickUp('1111')).json().message).toBe('That PIN is not right. 4 tries left.');
  });

  it('the photo instead of the PIN only when the pass has a photo', async () => {
    const f = await d.family('Photo');
    await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    const res = await d.kiosk('check-out', {
      code: f.rosa.code,
      photoConfirmed: true,
      children: [f.child()],
    });
    expect([res.statusCode, res.json().message]).toEqual([
      400,
      'This pass has no photo to compare. Please ask for the PIN.',
    ]);
    const id = await passId(f.rosa.id);
    await t.database.db
      .update(digitalPassports)
      .set({ imageUrl: 'photo-1.jpg' })
      .where(eq(digitalPassports.id, id));
    const photo = await d.kiosk('check-out', {
      code: f.rosa.code,
      photoConfirmed: true,
      children: [f.child()],
    });
    expect(photo.json().results[0].outcome).toBe('done');
    const [row] = (await d.rows(f.childIds[0]!)).filter((r) => r.kind === 'CheckOut');
    expect(row).toMatchObject({ secondFactor: 'Photo', method: 'Pass', adultName: 'Rosa Rivera' });
  });

  it('an unknown code is 404 and kept in the audit trail under the kiosk', async () => {
    const f = await d.family('Unknown');
    const last = f.rosa.code.at(-1) === 'A' ? 'B' : 'A';
    const code = `${f.rosa.code.slice(0, -1)}${last}`;
    const res = await d.kiosk('check-in', { code, children: [f.child()] });
    expect([res.statusCode, res.json().message]).toEqual([
      404,
      'We don’t recognise this pass. Please check the code, or ask the family to open the pass in their portal.',
    ]);
    const kept = (await d.refusals(null)).filter((r) => r.reason === 'Unknown code');
    expect(kept.at(-1)).toEqual({
      reason: 'Unknown code',
      kioskId: expect.any(String),
      attempted: 'CheckIn',
    });
    expect(await d.rows(f.childIds[0]!)).toEqual([]);
  });

  /** The pass of contact `trusteeId`. */
  async function passId(trusteeId: string): Promise<string> {
    const [pass] = await t.database.db
      .select({ id: trusteePassports.passportId })
      .from(trusteePassports)
      .where(eq(trusteePassports.trusteeId, trusteeId));
    return pass!.id;
  }
});
