/**
 * The door (issue 11): check-in and check-out with a pickup pass at a kiosk, on every database kind. Each
 * rule the door promises is walked: unknown, revoked, expired and paused passes; a child not on the pass; a
 * pickup before drop-off or after the child already left; the PIN (wrong, lock-out, unlock after the pause);
 * a double scan; two kiosks scanning the same adult at the same moment (one event); a revoked kiosk; and the
 * parents told by email or text. Passes are issued and read through the family's API, as in the product.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { attendance, digitalPassports, users } from '../src/db/schema.ts';
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '../src/features/passes/door.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

/** Monday 23 November 2026, 8:45 am in California: the Acorn Room (Monday to Friday, 8:30–12:30) is on. */
const MONDAY_MORNING = '2026-11-23T16:45:00Z';

describe.each(dbKinds)('the door on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let admin: string;
  let kioskToken: string;
  let secondKioskToken: string;
  let acorn: number;
  let rivera: Family;
  let okafor: Family;
  let rosaId: string;
  let rosaCode: string;

  const kiosk = (token: string, url: string, payload?: object) =>
    t.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      payload,
      headers: { authorization: `Kiosk ${token}` },
    });
  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const rows = (studentId: string) =>
    t.database.db.select().from(attendance).where(eq(attendance.studentId, studentId));
  const refusals = async () =>
    queryRows<{ after: { reason: string } | string }>(
      t.database.db,
      sql`select after from audit_events where action = 'door.refused' order by seq`,
    ).then((list) =>
      list.map((r) => (typeof r.after === 'string' ? JSON.parse(r.after) : r.after).reason as string),
    );

  const enrollAndPay = async (family: Family, classSessionId: number, studentIds = family.childIds) => {
    const res = await a.enroll(family, classSessionId, studentIds);
    expect(res.statusCode).toBe(201);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
  };
  /** A contact of `family` for all its children; answers its id. */
  const addContact = async (family: Family, firstName: string, canPickup = true, email?: string) => {
    const res = await as(family.token, 'POST', '/api/Student/Trustees', {
      firstName,
      lastName: 'Rivera',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      emailAddress: email ?? null,
      canPickup,
      studentIds: family.childIds,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  /** Issue a pass to the contact with `pin` and answer its code as printed on the card. */
  const issue = async (family: Family, trusteeId: string, pin = '4321') => {
    expect(
      (await as(family.token, 'POST', `/api/Student/Trustees/${trusteeId}/Pass`, { pin })).statusCode,
    ).toBe(201);
    const card = await as(family.token, 'GET', `/api/Student/Trustees/${trusteeId}/Pass/Card`);
    expect(card.statusCode).toBe(200);
    return card.json().code as string;
  };
  const child = (family: Family, index = 0) => ({
    studentId: family.childIds[index]!,
    classSessionId: acorn,
  });

  beforeAll(async () => {
    clock = movableClock(MONDAY_MORNING);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    admin = (await a.promote('Director', 'Admin')).token;
    acorn = await a.session({
      name: 'Acorn Room',
      sessionStartDate: '2026-11-02',
      sessionEndDate: '2027-03-15',
      rosterSize: 6,
    });
    rivera = await a.family('Rivera', 2);
    expect(
      (await as(rivera.token, 'POST', `/api/Student/${rivera.childIds[0]}/Allergies`, { name: 'Peanuts' }))
        .statusCode,
    ).toBe(201);
    await enrollAndPay(rivera, acorn);
    okafor = await a.family('Okafor', 1);
    await enrollAndPay(okafor, acorn);
    // The Okafors chose texts; the Riveras get emails.
    await t.database.db.update(users).set({ sms: '+14155550142' }).where(eq(users.id, okafor.userId));

    rosaId = await addContact(rivera, 'Rosa', true, 'rosa@example.com');
    rosaCode = await issue(rivera, rosaId);

    const enrolled = await as(admin, 'POST', '/api/staff/kiosks', { name: 'Front door' });
    expect(enrolled.statusCode).toBe(201);
    kioskToken = enrolled.json().token;
    secondKioskToken = (await as(admin, 'POST', '/api/staff/kiosks', { name: 'Garden gate' })).json().token;
  });
  afterAll(() => t?.close());

  it('shows who is at the door and the children they may take today, allergies flagged', async () => {
    const res = await kiosk(kioskToken, '/api/kiosk/scan', { code: rosaCode });
    expect(res.statusCode).toBe(200);
    const scan = res.json();
    expect(scan.holderName).toBe('Rosa Rivera');
    expect(scan.pinLocked).toBe(false);
    expect(scan.children).toHaveLength(2);
    const ava = scan.children.find((c: { studentId: string }) => c.studentId === rivera.childIds[0]);
    expect(ava).toMatchObject({
      firstName: 'Ava',
      sessionName: 'Acorn Room',
      state: 'NotArrived',
      allergies: ['Peanuts'],
    });
  });

  it('reads a typed code however it was typed: lower case, spaces, O for 0', async () => {
    const typed = rosaCode.toLowerCase().replace(/0/g, 'o');
    const res = await kiosk(kioskToken, '/api/kiosk/scan', { code: ` ${typed} `, method: 'Code' });
    expect(res.statusCode).toBe(200);
    expect(res.json().holderName).toBe('Rosa Rivera');
  });

  it('refuses an unknown code in plain words and keeps the refusal', async () => {
    const res = await kiosk(kioskToken, '/api/kiosk/scan', { code: 'ZZZZ ZZZZ ZZZZ ZZZZ ZZZZ ZZZZ ZZ' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/don’t recognise this pass/);
    expect(await refusals()).toContain('Unknown code');
  });

  it('answers 401 without a kiosk token, with a staff session token, or after the tablet is revoked', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/kiosk/scan', payload: { code: rosaCode } }))
        .statusCode,
    ).toBe(401);
    const asStaff = await t.app.inject({
      method: 'POST',
      url: '/api/kiosk/scan',
      payload: { code: rosaCode },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(asStaff.statusCode).toBe(401);
    const spare = (await as(admin, 'POST', '/api/staff/kiosks', { name: 'Spare tablet' })).json();
    expect((await kiosk(spare.token, '/api/kiosk/me')).statusCode).toBe(200);
    expect((await as(admin, 'POST', `/api/staff/kiosks/${spare.kiosk.id}/revoke`)).statusCode).toBe(200);
    const after = await kiosk(spare.token, '/api/kiosk/scan', { code: rosaCode });
    expect(after.statusCode).toBe(401);
    // A parent cannot enroll a tablet.
    expect((await as(rivera.token, 'POST', '/api/staff/kiosks', { name: 'Mine' })).statusCode).toBe(403);
  });

  it('checks a child in once: a double scan is the same event, a later scan is refused', async () => {
    const first = await kiosk(kioskToken, '/api/kiosk/check-in', {
      code: rosaCode,
      children: [child(rivera)],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().results[0]).toMatchObject({ outcome: 'done', firstName: 'Ava' });
    const again = await kiosk(kioskToken, '/api/kiosk/check-in', {
      code: rosaCode,
      children: [child(rivera)],
    });
    expect(again.json().results[0].outcome).toBe('already');
    expect(await rows(rivera.childIds[0]!)).toHaveLength(1);
    const [row] = await rows(rivera.childIds[0]!);
    expect(row).toMatchObject({
      kind: 'CheckIn',
      method: 'Pass',
      adultName: 'Rosa Rivera',
      trusteeId: rosaId,
    });
    clock.advanceMinutes(3);
    const later = await kiosk(kioskToken, '/api/kiosk/check-in', {
      code: rosaCode,
      children: [child(rivera)],
    });
    expect(later.json().results[0]).toMatchObject({ outcome: 'refused' });
    expect(later.json().results[0].reason).toMatch(/already checked in \(since 8:45 AM\)/);
    expect(await rows(rivera.childIds[0]!)).toHaveLength(1);
  });

  it('refuses a pickup of a child who was never checked in', async () => {
    const res = await kiosk(kioskToken, '/api/kiosk/check-out', {
      code: rosaCode,
      children: [child(rivera, 1)],
      pin: '4321',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ outcome: 'refused', firstName: 'Ben' });
    expect(res.json().results[0].reason).toMatch(/has not been checked in today/);
    expect(await rows(rivera.childIds[1]!)).toHaveLength(0);
  });

  it('refuses a child who is not on the adult’s pass, without naming them', async () => {
    const res = await kiosk(kioskToken, '/api/kiosk/check-in', { code: rosaCode, children: [child(okafor)] });
    expect(res.json().results[0]).toMatchObject({ outcome: 'refused', firstName: 'This child' });
    expect(JSON.stringify(res.json())).not.toContain('Okafor');
    expect(await rows(okafor.childIds[0]!)).toHaveLength(0);
  });

  it('needs the PIN for a pickup, pauses the pass after too many wrong ones, and lets it go after the pause', async () => {
    const noPin = await kiosk(kioskToken, '/api/kiosk/check-out', {
      code: rosaCode,
      children: [child(rivera)],
    });
    expect(noPin.statusCode).toBe(400);
    expect(noPin.json().fields.pin).toBeTruthy();
    const noPhoto = await kiosk(kioskToken, '/api/kiosk/check-out', {
      code: rosaCode,
      children: [child(rivera)],
      photoConfirmed: true,
    });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toMatch(/no photo/);

    for (let attempt = 1; attempt < PIN_MAX_FAILURES; attempt++) {
      const wrong = await kiosk(kioskToken, '/api/kiosk/check-out', {
        code: rosaCode,
        children: [child(rivera)],
        pin: '0000',
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().message).toBe(
        `That PIN is not right. ${PIN_MAX_FAILURES - attempt} ${PIN_MAX_FAILURES - attempt === 1 ? 'try' : 'tries'} left.`,
      );
    }
    const locking = await kiosk(kioskToken, '/api/kiosk/check-out', {
      code: rosaCode,
      children: [child(rivera)],
      pin: '0000',
    });
    expect(locking.statusCode).toBe(429);
    // Even the right PIN waits out the pause, and the scan says so.
    const right = await kiosk(kioskToken, '/api/kiosk/check-out', {
      code: rosaCode,
      children: [child(rivera)],
      pin: '4321',
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/paused until/);
    expect((await kiosk(kioskToken, '/api/kiosk/scan', { code: rosaCode })).json().pinLocked).toBe(true);
    expect((await rows(rivera.childIds[0]!)).filter((r) => r.kind === 'CheckOut')).toHaveLength(0);
    expect((await refusals()).filter((r) => r === 'Wrong PIN')).toHaveLength(PIN_MAX_FAILURES - 1);

    clock.advanceMinutes(PIN_LOCK_MINUTES + 1);
    const done = await kiosk(kioskToken, '/api/kiosk/check-out', {
      code: rosaCode,
      children: [child(rivera)],
      pin: '4321',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().results[0]).toMatchObject({ outcome: 'done', firstName: 'Ava' });
    const out = (await rows(rivera.childIds[0]!)).find((r) => r.kind === 'CheckOut');
    expect(out).toMatchObject({ secondFactor: 'Pin', adultName: 'Rosa Rivera', method: 'Pass' });
    const [pass] = await t.database.db
      .select()
      .from(digitalPassports)
      .where(eq(digitalPassports.id, out!.passportId!));
    expect(pass).toMatchObject({ pinFailures: 0, pinLockedUntil: null });
  });

  it('treats a second pickup scan as the same event, and a later one as "already picked up"', async () => {
    const again = await kiosk(kioskToken, '/api/kiosk/check-out', {
      code: rosaCode,
      children: [child(rivera)],
      pin: '4321',
    });
    expect(again.json().results[0].outcome).toBe('already');
    clock.advanceMinutes(5);
    const later = await kiosk(kioskToken, '/api/kiosk/check-out', {
      code: rosaCode,
      children: [child(rivera)],
      pin: '4321',
    });
    expect(later.json().results[0].outcome).toBe('refused');
    expect(later.json().results[0].reason).toMatch(/already picked up at .* by Rosa Rivera/);
    expect((await rows(rivera.childIds[0]!)).filter((r) => r.kind === 'CheckOut')).toHaveLength(1);
  });

  it('tells the parents, by email or by text as they chose, naming the adult', async () => {
    await t.flush();
    const mails = await t.mails();
    const dropOff = mails.find((m) => m.to === rivera.email && /has arrived/.test(m.subject));
    const pickUp = mails.find((m) => m.to === rivera.email && /picked up/.test(m.subject));
    expect(dropOff?.text).toMatch(/Ava was checked in to Acorn Room at 8:45 AM by Rosa Rivera/);
    expect(pickUp?.text).toMatch(/Ava was picked up from Acorn Room at .* by Rosa Rivera/);

    // Okafor's grandfather drops Cleo… the Okafors chose texts.
    const abeId = await addContact(okafor, 'Abe');
    const abeCode = await issue(okafor, abeId, '777777');
    const res = await kiosk(kioskToken, '/api/kiosk/check-in', {
      code: abeCode,
      method: 'Code',
      children: [child(okafor)],
    });
    expect(res.json().results[0].outcome).toBe('done');
    await t.flush();
    const texts = (await readFile(path.join(t.config.dataDir, 'sms.log'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(texts.at(-1)).toMatchObject({ to: '+14155550142' });
    expect(texts.at(-1).body).toMatch(/Ava was checked in at .* by Abe Rivera/);
    expect((await t.mails()).some((m) => m.to === okafor.email && /has arrived/.test(m.subject))).toBe(false);
    const [row] = await rows(okafor.childIds[0]!);
    expect(row?.method).toBe('Code');
  });

  it('records one event when two kiosks scan the same adult at the same moment', async () => {
    const benId = rivera.childIds[1]!;
    const [one, two] = await Promise.all([
      kiosk(kioskToken, '/api/kiosk/check-in', { code: rosaCode, children: [child(rivera, 1)] }),
      kiosk(secondKioskToken, '/api/kiosk/check-in', { code: rosaCode, children: [child(rivera, 1)] }),
    ]);
    const outcomes = [one.json().results[0].outcome, two.json().results[0].outcome].sort();
    expect(outcomes).toEqual(['already', 'done']);
    expect(await rows(benId)).toHaveLength(1);
  });

  it('refuses a paused, revoked or expired pass at once', async () => {
    // Un-ticking "can pick up" pauses the pass at the very next scan.
    const rosa = (await as(rivera.token, 'GET', `/api/Student/Trustees/${rosaId}`)).json();
    const { id: _id, fullName: _f, type: _t, ...values } = rosa;
    expect(
      (await as(rivera.token, 'PUT', `/api/Student/Trustees/${rosaId}`, { ...values, canPickup: false }))
        .statusCode,
    ).toBe(200);
    const paused = await kiosk(kioskToken, '/api/kiosk/scan', { code: rosaCode });
    expect(paused.statusCode).toBe(403);
    expect(paused.json().message).toBe('Rosa is not allowed to pick up children right now.');
    expect(
      (await as(rivera.token, 'PUT', `/api/Student/Trustees/${rosaId}`, { ...values, canPickup: true }))
        .statusCode,
    ).toBe(200);
    expect((await kiosk(kioskToken, '/api/kiosk/scan', { code: rosaCode })).statusCode).toBe(200);

    // Expired: the pass's date passed.
    const [current] = await t.database.db
      .select({ id: digitalPassports.id, expiresAt: digitalPassports.expiresAt })
      .from(digitalPassports)
      .where(and(eq(digitalPassports.isActive, true), eq(digitalPassports.issuedByUserId, rivera.userId)));
    await t.database.db
      .update(digitalPassports)
      .set({ expiresAt: new Date(clock.now().getTime() - 60_000) })
      .where(eq(digitalPassports.id, current!.id));
    const expired = await kiosk(kioskToken, '/api/kiosk/check-in', {
      code: rosaCode,
      children: [child(rivera)],
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(
      /^This pass expired on .*The family can issue a new one in the portal\.$/,
    );
    await t.database.db
      .update(digitalPassports)
      .set({ expiresAt: current!.expiresAt })
      .where(eq(digitalPassports.id, current!.id));

    // Revoked by the family: refused on the next scan, and a re-issued pass has a new code.
    expect((await as(rivera.token, 'DELETE', `/api/Student/Trustees/${rosaId}/Pass`)).statusCode).toBe(200);
    const revoked = await kiosk(kioskToken, '/api/kiosk/check-out', {
      code: rosaCode,
      children: [child(rivera, 1)],
      pin: '4321',
    });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().message).toBe('This pass has been turned off by the family.');
    const newCode = await issue(rivera, rosaId, '2468');
    expect(newCode).not.toBe(rosaCode);
    expect((await kiosk(kioskToken, '/api/kiosk/scan', { code: rosaCode })).statusCode).toBe(403);
    expect((await kiosk(kioskToken, '/api/kiosk/scan', { code: newCode })).statusCode).toBe(200);
    expect(await refusals()).toEqual(
      expect.arrayContaining([
        'Rosa is not allowed to pick up children right now.',
        'This pass has been turned off by the family.',
      ]),
    );
  });

  it('refuses a hand check-in for a session that does not meet today', async () => {
    const saturdays = await a.session({
      name: 'Saturday Art',
      daySchedule: 'Saturdays, 9:00 am – 11:00 am',
      sessionStartDate: '2026-11-02',
      rosterSize: 4,
    });
    const winter = await a.session({ name: 'Winter Room', sessionStartDate: '2027-01-04', rosterSize: 4 });
    for (const id of [saturdays, winter]) {
      await enrollAndPay(rivera, id, [rivera.childIds[0]!]);
      const res = await as(admin, 'POST', '/api/staff/attendance', {
        studentId: rivera.childIds[0],
        classSessionId: id,
        kind: 'CheckIn',
        adultName: 'Ines Rivera',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/does not meet today/);
      expect((await rows(rivera.childIds[0]!)).filter((r) => r.classSessionId === id)).toHaveLength(0);
    }
  });

  it('shows the family their own children’s drop-offs and pickups, and nobody else’s', async () => {
    const mine = await as(rivera.token, 'GET', '/api/Student/Attendance');
    expect(mine.statusCode).toBe(200);
    const records = mine.json().records as { childName: string; kind: string; adultName: string }[];
    expect(records.map((r) => r.childName)).toEqual(expect.arrayContaining(['Ava Rivera', 'Ben Rivera']));
    expect(records.some((r) => r.childName.includes('Okafor'))).toBe(false);
    const peek = await as(rivera.token, 'GET', `/api/Student/Attendance?studentId=${okafor.childIds[0]}`);
    expect(peek.json().records).toEqual([]);
  });
});
